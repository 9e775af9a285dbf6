"""Where the browser refuses persistent storage, the page says so once (issue 17, item 4).

``navigator.storage.persist()`` is made to answer false (or true) by an init
script; the notice must wait until there is something to lose (a first visit with
nothing done is not warned), then show once, in the page's language, stay away after
it was closed and after a reload, and never show where the browser granted it.
"""

import random

from app_driver import click, enabled, open_app, play_one_step_by_clicks, wait_ready
from engines import guarded

URL = "/?mode=hotseat&length=3&seed=persist-1"
FAST = {"fast_bot": True, "animate": False}
NOTICE = "#persist-notice"


def answer(page, granted):
    """The browser's answer to persist(), from the first script of every page of the context."""
    page.context.add_init_script(guarded(
        f"navigator.storage.persist = () => Promise.resolve({'true' if granted else 'false'});"))


def shown(page):
    return page.locator(f"{NOTICE}:not([hidden])").count() == 1


def play_a_turn(page):
    """Roll and play the turn out by clicks, then Done: the match holds a decision."""
    rng = random.Random(7)
    click(page, "#roll")
    for _ in range(4):
        if enabled(page, "done"):
            break
        play_one_step_by_clicks(page, rng)
    click(page, "#done")


def test_a_refused_persistence_is_said_once_and_not_again(browser, base_url):
    context = browser.new_context(locale="en-GB")
    try:
        page = context.new_page()
        answer(page, granted=False)
        open_app(page, f"{base_url}{URL}&lang=en", prefs=FAST)
        page.wait_for_function("document.body.dataset.persistence === 'refused'")
        assert not shown(page)                  # a first visit with nothing done yet: no warning
        play_a_turn(page)
        page.wait_for_selector(f"{NOTICE}:not([hidden])")
        text = page.locator(NOTICE).inner_text()
        assert "delete your saved matches" in text and "home screen" in text and "Back up everything" in text
        page.click("#persist-close")
        page.wait_for_selector(NOTICE, state="hidden")     # hidden by the click's handler
        assert not shown(page)
        # a reload: the browser refuses again, the page says nothing more
        page.reload()
        wait_ready(page)
        page.wait_for_function("document.body.dataset.persistence === 'refused'")
        assert not shown(page)
    finally:
        context.close()


def test_the_notice_shown_and_not_closed_is_not_shown_again(browser, base_url):
    context = browser.new_context(locale="fr-FR")
    try:
        page = context.new_page()
        answer(page, granted=False)
        open_app(page, f"{base_url}{URL}&lang=fr", prefs=FAST)
        play_a_turn(page)
        page.wait_for_selector(f"{NOTICE}:not([hidden])")
        assert "effacer vos parties" in page.locator(NOTICE).inner_text()
        again = context.new_page()
        open_app(again, f"{base_url}{URL}&lang=fr", prefs=FAST)
        again.wait_for_function("document.body.dataset.persistence === 'refused'")
        assert not shown(again)
    finally:
        context.close()


def test_no_notice_where_the_browser_keeps_the_storage(browser, base_url):
    context = browser.new_context(locale="en-GB")
    try:
        page = context.new_page()
        answer(page, granted=True)
        open_app(page, f"{base_url}{URL}&lang=en", prefs=FAST)
        page.wait_for_function("document.body.dataset.persistence === 'granted'")
        play_a_turn(page)
        assert not shown(page)
    finally:
        context.close()
