"""The dark theme: it follows the system's choice or the player's, and every text stays readable.

axe-core checks colour contrast on the page as drawn, in the dark theme as in the light one.
"""

import json

import pytest

from app_driver import open_app
from test_a11y import blocking, scanned, axe_source  # noqa: F401  (fixtures)

BACKGROUND = "getComputedStyle(document.body).backgroundColor"


def prefs_script(theme):
    text = json.dumps({"schema": 2, "kind": "prefs", "data": {"theme": theme, "animate": False}})
    return f"if (location.protocol.startsWith('http')) localStorage.setItem('backgammon.prefs', {json.dumps(text)});"


@pytest.mark.parametrize("scheme, saved, expected", [
    ("dark", None, "dark"),
    ("light", None, "light"),
    ("dark", "light", "light"),       # the player's choice wins over the system's
    ("light", "dark", "dark"),
])
def test_the_theme_follows_the_system_unless_the_player_chose(browser, base_url, scheme, saved, expected):
    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        if saved:
            page.add_init_script(prefs_script(saved))
        open_app(page, base_url + "/?mode=hotseat&length=3&seed=theme-1")
        assert page.evaluate("document.documentElement.dataset.theme") == expected
        background = page.evaluate(BACKGROUND)
        assert background == ("rgb(26, 22, 19)" if expected == "dark" else "rgb(239, 232, 220)")
    finally:
        context.close()


def test_a_change_of_the_system_setting_is_followed_at_once(browser, base_url):
    context = browser.new_context(color_scheme="light")
    try:
        page = open_app(context.new_page(), base_url + "/?mode=hotseat&length=3&seed=theme-2")
        assert page.evaluate("document.documentElement.dataset.theme") == "light"
        page.emulate_media(color_scheme="dark")
        page.wait_for_function("document.documentElement.dataset.theme === 'dark'")
        assert page.evaluate(BACKGROUND) == "rgb(26, 22, 19)"
    finally:
        context.close()


def test_axe_finds_no_contrast_problem_in_the_dark_theme(scanned, base_url):  # noqa: F811
    new_page, scan, results = scanned
    page = new_page()
    page.emulate_media(color_scheme="dark")
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=axe-1&lang=en", prefs={"animate": False})
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    scan(page, "dark start")
    page.click("#roll")
    page.wait_for_selector(".checker.movable, .mark", state="attached")
    scan(page, "dark rolled")
    page.click("#new-match")
    page.wait_for_selector("#new-match-dialog[open]")
    scan(page, "dark new-match dialog")
    assert blocking(results) == {}
    contrast = [v for found in results.values() for v in found if v["id"] == "color-contrast"]
    assert contrast == []
