"""Every refusal of a friend's link is said in French and in English."""

import pytest

from game.app.text.i18n import translator
from game.friend import FriendError, FriendReason, message_key


@pytest.mark.parametrize("reason", list(FriendReason), ids=lambda r: r.value)
def test_every_refusal_has_a_sentence_in_both_languages(reason):
    key = message_key(FriendError("", reason))
    sentences = {}
    for language in ("en", "fr"):
        tr = translator(language)
        assert tr.has(key), (language, key)
        sentences[language] = tr(key, turn=4, last=6)
        assert sentences[language][0].isupper() and sentences[language].endswith("."), sentences[language]
    assert sentences["en"] != sentences["fr"]


def test_the_friend_texts_are_one_block_at_the_end_of_both_catalogues():
    import pathlib
    marker = "# --- friend (issue 34)"
    for language in ("en", "fr"):
        text = (pathlib.Path(__file__).resolve().parent.parent / "game/app/text/locales" / f"{language}.po").read_text(
            encoding="utf-8")
        assert text.count(marker) == 1
        before, block = text.split(marker)
        assert "error.friend_" not in before
        assert block.count("error.friend_") == len(FriendReason)
