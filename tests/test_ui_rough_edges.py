"""Rough edges a player and a teacher met by hand (issue 33): the words of the record, the
hint's and the review's numbers, the dice set by hand, what a link leaves behind."""

import pytest

from ui_helpers import make

LANGS = ("en", "fr")


def bot_turns(app, limit=40):
    for _ in range(limit):
        if not app.bot_to_act():
            return
        app.bot_act()


# --- the record: the person spoken to takes the bare verb ----------------------------------------
@pytest.mark.parametrize("language", LANGS)
def test_the_record_says_you_double_and_you_resign_with_the_verb_agreeing(language):
    app = make([1, 3, 6, 5], mode="bot", length=5, language=language)
    app.roll()                          # the person (3) starts with 3-1
    app.type_move("8/5 6/5")
    app.done()
    bot_turns(app)
    app.double()
    bot_turns(app)                      # the computer takes
    rows = [text for _player, text in app.game.screen.record()]
    html = app.view().record_html
    if language == "en":
        assert "double to 2" in rows and "doubles to 2" not in rows
        assert "takes" in rows          # the computer keeps the third person
    else:
        assert "doublez à 2" in rows and "double à 2" not in rows
        assert "accepte" in rows
    assert ("You" if language == "en" else "Vous") in html
    app.resign("single")
    bot_turns(app)
    rows = [text for _player, text in app.game.screen.record()]
    assert ("resign a single game" if language == "en" else "abandonnez une partie simple") in rows
