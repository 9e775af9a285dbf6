"""Resigning in Chromium: the choice of what to give up, the computer's answer, a rejection."""

import pathlib

import pytest
from app_driver import act, click, enabled, open_app

FAST = {"fast_bot": True, "animate": False}
SHOTS = pathlib.Path("/tmp/shots")
# player 1 (the person's seat) on roll in a 5-point match, 0-0
LOST_RACE = "?position=AwAAwL0HDgAAAA&match=cAmgAAAAAAAE"       # a checker off, the opponent's last two on his 1-point
CERTAIN_GAMMON = "?position=AwAAAHw%2BHwAAAA&match=cAmgAAAAAAAE"  # nothing off, all far from home


@pytest.fixture
def quick(page):
    page.emulate_media(reduced_motion="reduce")
    return page


def test_a_lost_race_resigned_as_a_single_game_the_computer_accepts(quick, base_url):
    page = open_app(quick, f"{base_url}/{LOST_RACE}&mode=bot&lang=en", prefs=FAST)
    click(page, "#resign")
    # a checker is off: only a single game can be resigned; the keyboard is on it
    assert enabled(page, "resign-single") and enabled(page, "resign-cancel")
    assert page.locator("#resign-gammon").is_hidden() and page.locator("#resign").is_hidden()
    assert page.evaluate("document.activeElement.id") == "resign-single"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "resign-choice-desktop.png"))
    click(page, "#resign-single")
    page.wait_for_function("document.querySelector('#message').innerText.includes('wins')")
    assert "You resign" in page.locator("#message").inner_text()
    assert "1 point" in page.locator("#message").inner_text()


def test_hot_seat_rejects_and_the_game_goes_on(quick, base_url):
    quick.set_viewport_size({"width": 375, "height": 667})
    page = open_app(quick, f"{base_url}/{CERTAIN_GAMMON}&mode=hotseat&lang=en", prefs=FAST)
    click(page, "#resign")
    assert enabled(page, "resign-gammon") and page.locator("#resign-backgammon").is_hidden()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "resign-choice-phone.png"))
    act(page, lambda: page.keyboard.press("Escape"))   # Escape cancels: Resign again
    assert enabled(page, "resign") and page.locator("#resign-single").is_hidden()
    click(page, "#resign")
    click(page, "#resign-single")
    assert enabled(page, "accept-resign") and enabled(page, "reject-resign")
    click(page, "#reject-resign")
    assert "rejects the resignation" in page.locator("#message").inner_text()
    assert enabled(page, "roll")


def test_the_computer_resigns_a_hopeless_race_and_the_person_accepts(quick, base_url):
    # the same race with the computer (player 0) on roll
    page = open_app(quick, f"{base_url}/?position=AwAAwL0HDgAAAA&match=MAGgAAAAAAAE&mode=bot&lang=en",
                    prefs=FAST)
    page.wait_for_selector("#accept-resign:not([hidden]):not([disabled])")
    assert "offers to resign, giving 1 point: accept or reject?" in page.locator("#message").inner_text()
    click(page, "#accept-resign")
    assert "you win 1 point" in page.locator("#message").inner_text()
