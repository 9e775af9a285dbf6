"""Settings for fewer clicks, in the page: off by default, said in French and English, kept
across visits; with "end my turn" ticked, the last die typed ends the turn (no Done)."""

import json

import pytest
from app_driver import act, board_state, open_app, roll_until_a_choice

from game.ids.match_id import decode_match_id

URL = "/?mode=hotseat&length=1&seed=autoplay-1"
OPTIONS = {"pref-auto-roll": "auto_roll", "pref-auto-bear-off": "auto_bear_off", "pref-auto-done": "auto_done"}
LABELS = {
    "en": ("Roll for me when I cannot double", "Bear off for me", "End my turn when my last die is played"),
    "fr": ("Lancer les dés pour moi quand je ne peux pas doubler", "Sortir mes pions pour moi",
           "Finir mon coup dès mon dernier dé joué"),
}


def stored_prefs(page):
    raw = page.evaluate("localStorage.getItem('backgammon.prefs')")
    return json.loads(raw)["data"] if raw else {}


def settings_text(page):
    page.click("#settings-button")
    page.wait_for_selector("#settings-dialog[open]")
    return page.locator("#settings-dialog").inner_text()


def test_the_three_options_are_off_by_default_said_in_words_and_kept(page, base_url):
    """In English, then in French (the language menu, in the page the new visit opened): one
    page load per visit, the French one included."""
    open_app(page, f"{base_url}{URL}&lang=en", prefs={"animate": False})
    dialog = settings_text(page)
    for label in LABELS["en"]:
        assert label in dialog
    for element in OPTIONS:
        assert not page.is_checked(f"#{element}")
    page.check("#pref-auto-done")
    page.check("#pref-auto-roll")
    page.wait_for_function("(localStorage.getItem('backgammon.prefs') || '').includes('auto_done')")
    prefs = stored_prefs(page)
    assert prefs["auto_done"] is True and prefs["auto_roll"] is True and not prefs.get("auto_bear_off")
    again = open_app(page.context.new_page(), base_url + "/")      # a new visit, the same browser
    settings_text(again)
    assert again.is_checked("#pref-auto-done") and again.is_checked("#pref-auto-roll")
    assert not again.is_checked("#pref-auto-bear-off")
    again.click("#settings-close")
    again.wait_for_selector("#settings-dialog[open]", state="detached")
    act(again, lambda: again.select_option("#lang", "fr"))
    dialog = settings_text(again)
    for label in LABELS["fr"]:
        assert label in dialog
    assert again.is_checked("#pref-auto-done") and not again.is_checked("#pref-auto-bear-off")


def test_with_end_my_turn_ticked_the_last_die_typed_ends_the_turn(page, base_url):
    page.emulate_media(reduced_motion="reduce")
    open_app(page, base_url + URL, prefs={"animate": False, "auto_done": True})
    rolled, plays = roll_until_a_choice(page)     # a roll with a choice of plays (not a forced move)
    mover = rolled.player_on_roll
    page.fill("#move-input", str(list(plays)[0]))
    act(page, lambda: page.press("#move-input", "Enter"))
    after = decode_match_id(board_state(page)["match_id"])
    assert after.player_on_roll != mover                 # the turn passed without Done
    assert page.locator("#roll:not([disabled]):not([hidden])").count() == 1
