"""The page's "Open a match file" with eXtreme Gammon's files: an .xg match, an .xgp position."""

from pathlib import Path

from game.formats.xg import import_xg
from game.app.keep.storage import MemoryStore
from game.app.text.i18n import translator
from game.app.text.messages import text as message_text
from test_ui_teach import hotseat

FOLDER = Path(__file__).resolve().parent / "data" / "xg"


def test_a_finished_xg_file_opens_in_the_history_and_is_replayed():
    data = (FOLDER / "match_5_point.xg").read_bytes()
    app = hotseat(store=MemoryStore())
    assert app.open_mat(data, "alice-bob.xg") is True
    assert app.replay is not None and "alice-bob.xg" in app.view().message
    assert "Match opened from alice-bob.xg (eXtreme Gammon)." in message_text(app.message, translator("en"))
    assert len(app.kept.history()) == 1
    assert app.replay.match_data["events"] == import_xg(data).to_dict()["events"]


def test_an_xg_match_in_play_is_continued_and_its_warnings_follow_the_opening_message():
    app = hotseat(store=MemoryStore())
    assert app.open_mat((FOLDER / "match_in_play.xg").read_bytes(), "in-play.xg") is True
    assert app.replay is None and app.match.match_winner is None
    app = hotseat(store=MemoryStore())
    assert app.open_mat((FOLDER / "match_hand_typed.xg").read_bytes(), "typed.xg") is True
    for language, words in (("en", "Game 1, move"), ("fr", "Partie 1, coup")):
        assert words in message_text(app.message, translator(language))


def test_an_xgp_file_opens_its_position_as_its_xgid_would():
    app = hotseat(store=MemoryStore())
    assert app.open_mat((FOLDER / "position_rolled.xgp").read_bytes(), "p.xgp") is True
    assert app.match.dice is not None and app.match.config.length == 7
    assert app.message == ("msg.xgp_opened", {"file": "p.xgp"})
    assert sorted(app.match.score) == [3, 5]


def test_a_damaged_or_foreign_xg_file_is_refused_with_its_reason_and_changes_nothing():
    app = hotseat(store=MemoryStore())
    app.roll()
    before = app.match.to_dict()
    good = (FOLDER / "match_5_point.xg").read_bytes()
    for data, name, key in ((good[:-10], "cut.xg", "error.xg_file"),
                            (b"not a file at all", "x.xg", "error.xg_foreign"),
                            (good[:5000], "cut.xgp", "error.xg_file")):
        assert app.open_mat(data, name) is False
        assert app.message[0] == key
        for language in ("en", "fr"):
            assert message_text(app.message, translator(language))
        assert app.match.to_dict() == before


def test_the_open_button_names_every_kind_of_file_it_opens_in_both_languages():
    # Given the file input behind "Open a match file" and what it accepts
    import re
    page = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    accept = re.search(r'id="import-mat" accept="([^"]+)"', page).group(1)
    kinds = [kind for kind in accept.split(",") if kind in (".mat", ".sgf", ".xg", ".xgp")]
    assert kinds == [".mat", ".sgf", ".xg", ".xgp"]
    # Then its label names each of them, in English and in French, and the page's own text too
    shown = re.search(r'id="open-mat"[^>]*>([^<]+)<', page).group(1)
    for label in (translator("en")("button.import_mat"), translator("fr")("button.import_mat"), shown):
        assert re.findall(r"\.[a-z]+", label) == kinds, label
    assert shown == translator("en")("button.import_mat")
