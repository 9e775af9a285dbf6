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


@pytest.mark.parametrize("saved", ["light", "dark"])
def test_the_players_choice_wins_over_the_system(browser, base_url, saved):
    # (in Firefox the context's color_scheme is ignored: the system stays light there)
    context = browser.new_context(color_scheme="light" if saved == "dark" else "dark")
    try:
        page = context.new_page()
        page.add_init_script(prefs_script(saved))
        open_app(page, base_url + "/?mode=hotseat&length=3&seed=theme-1")
        assert page.evaluate("document.documentElement.dataset.theme") == saved
        background = page.evaluate(BACKGROUND)
        assert background == ("rgb(26, 22, 19)" if saved == "dark" else "rgb(239, 232, 220)")
    finally:
        context.close()


def test_without_a_choice_the_system_setting_is_followed_live(browser, base_url):
    if browser.browser_type.name != "chromium":
        pytest.skip("Playwright over WebDriver BiDi ignores color_scheme and emulate_media in "
                    "Firefox ESR 153 (shared/notes/other-browsers.md); the player's choice is "
                    "tested in every engine")
    for scheme in ("dark", "light"):
        context = browser.new_context(color_scheme=scheme)
        try:
            page = open_app(context.new_page(), base_url + "/?mode=hotseat&length=3&seed=theme-2")
            assert page.evaluate("document.documentElement.dataset.theme") == scheme
            other = "light" if scheme == "dark" else "dark"
            page.emulate_media(color_scheme=other)
            page.wait_for_function(f"document.documentElement.dataset.theme === '{other}'")
            assert page.evaluate(BACKGROUND) == ("rgb(26, 22, 19)" if other == "dark" else "rgb(239, 232, 220)")
        finally:
            context.close()


def test_axe_finds_no_contrast_problem_in_the_dark_theme(scanned, base_url):  # noqa: F811
    new_page, scan, results = scanned
    page = new_page()
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=axe-1&lang=en",
             prefs={"animate": False, "theme": "dark"})
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
