"""The tutor in Chromium (issue 43, part 1): a known blunder against the computer is stopped
before it is played; Think again gives the same dice back, Play it anyway plays it; the warning's
buttons are reached with the keyboard, and Escape thinks again."""

from app_driver import act, board_state, click, open_app

FAST = {"fast_bot": True, "animate": False}
#: with this seed the person wins the opening roll with 3-1; 24/21 24/23 is a blunder there
LINK = "?mode=bot&length=5&tutor=error&seed=t1&lang=en"
BLUNDER = "24/21 24/23"


def play(page, text):
    act(page, lambda: (page.fill("#move-input", text), page.press("#move-input", "Enter")))


def test_a_blunder_is_warned_think_again_gives_the_same_dice_then_play_it_anyway(page, base_url):
    page.emulate_media(reduced_motion="reduce")
    open_app(page, f"{base_url}/{LINK}", prefs=FAST)
    assert "tutor: errors and blunders" in page.locator("#match-info").inner_text()
    click(page, "#roll")
    rolled = board_state(page)
    assert sorted(rolled["dice"]) == ["1", "3"] and "You play 3-1 first" in rolled["message"]
    play(page, BLUNDER)
    click(page, "#done")
    warning = page.locator("#tutor-warning")
    warning.wait_for(state="visible")
    assert warning.get_attribute("data-mark") == "blunder" and float(warning.get_attribute("data-loss")) >= 0.16
    assert "This play is a blunder" in warning.inner_text() and "8/5 6/5" in warning.inner_text()
    assert page.evaluate("document.activeElement.id") == "tutor-again"        # the keyboard is on it
    # the better play drawn on the board, beside the one made
    assert page.locator("#board .best-play .play-arrow").count() == 2
    assert page.locator("#board .preview.verdict-blunder .play-arrow").count() == 2
    assert page.locator("#done").is_disabled()
    click(page, "#tutor-again")
    again = board_state(page)
    assert warning.is_hidden() and again["dice"] == rolled["dice"]
    assert again["checkers"] == rolled["checkers"] and again["position_id"] == rolled["position_id"]
    assert "the same dice, 3-1" in again["message"]
    play(page, BLUNDER)
    click(page, "#done")
    warning.wait_for(state="visible")
    act(page, lambda: page.keyboard.press("Escape"))                          # Escape thinks again too
    assert warning.is_hidden() and board_state(page)["position_id"] == rolled["position_id"]
    play(page, BLUNDER)
    click(page, "#done")
    warning.wait_for(state="visible")
    page.keyboard.press("Tab")                                                 # Think again, then Play it anyway
    assert page.evaluate("document.activeElement.id") == "tutor-anyway"
    act(page, lambda: page.keyboard.press("Enter"))
    assert warning.is_hidden()
    page.wait_for_function("document.querySelector('#record').innerText.includes('24/23 24/21')")
