"""Words on the page: after Undo the status line no longer names the play taken back (fr, en)."""

import pytest
from app_driver import act, click, enabled, open_app, roll_until_a_choice


@pytest.mark.parametrize("language", ["en", "fr"])
def test_after_undo_the_message_gives_the_roll_again(page, base_url, language):
    page.emulate_media(reduced_motion="reduce")
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=undo-words&lang={language}", prefs={"animate": False})
    rolled, plays = roll_until_a_choice(page)         # a roll with a choice (a forced move plays itself)
    dice = rolled.dice
    play = list(plays)[0]
    first = str(play).split()[0]
    page.fill("#move-input", first)
    act(page, lambda: page.press("#move-input", "Enter"))
    assert first in page.locator("#message").inner_text()
    while enabled(page, "undo"):                       # a part of two checkers: two steps to take back
        click(page, "#undo")
    said = page.locator("#message").inner_text()
    assert first not in said and f"{max(dice)}-{min(dice)}" in said, said
