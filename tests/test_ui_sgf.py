"""The page's match files in GNU Backgammon's .sgf: exported beside .mat, opened by the same button."""

import json

from game.formats.sgf import import_sgf
from game.app.controller import Controller
from game.app.keep.storage import MemoryStore
from test_ui_teach import MID_GAME, finished_match, hotseat


def test_a_finished_match_exports_as_an_sgf_file_that_reads_back_the_same():
    app = finished_match()
    name, text = app.sgf_file()
    assert name.startswith("backgammon-") and name.endswith(".sgf")
    assert name[:-4] == app.mat_file()[0][:-4]
    again = import_sgf(text)
    assert again.score == app.match.score
    moves = [e["move"] for e in app.match.events if e["type"] == "move"]
    assert [e["move"] for e in again.events if e["type"] == "move"] == moves


def test_a_match_from_a_set_up_position_cannot_be_an_sgf_file():
    app = hotseat()
    app.open_ids(":".join(MID_GAME))
    assert app.sgf_file() is None
    assert app.message == ("error.sgf_setup", {}) and app.view().warn


def test_a_finished_sgf_file_opens_in_the_history_and_is_replayed():
    name, text = finished_match().sgf_file()
    app = hotseat(store=MemoryStore())
    app.roll()
    assert app.open_mat(text, name) is True
    assert app.replay is not None and name in app.view().message
    assert len(app.kept.history()) == 1 and len(app.kept.saved_matches()) == 1


def test_an_sgf_file_is_known_by_its_name_or_its_first_characters():
    text = "(;GM[6]MI[length:3]PW[Ann]PB[Bob];W[31hefe])"
    for name in ("ann.sgf", "ann.txt"):
        app = hotseat()
        assert app.open_mat("\ufeff\n" + text, name) is True
        assert app.replay is None and app.player_name(0) == "Ann"
        assert app.match.position_id() == import_sgf(text).position_id()


def test_a_bad_sgf_file_says_why_in_the_player_s_language_and_changes_nothing():
    app = hotseat()
    before = json.dumps(app.match.to_dict())
    assert app.open_mat("(;GM[6]MI[length:3];W[31hefe];B[42xxxx])", "bad.sgf") is False
    assert app.message == ("error.sgf_illegal", {"game": 1, "move": 2, "text": "42xxxx"})
    view = app.view()
    assert view.warn and "2" in view.message and "SGF" in view.message
    assert json.dumps(app.match.to_dict()) == before
    assert app.open_mat("not sgf at all", "x.sgf") is False and app.message[0] == "error.sgf_syntax"
    french = Controller(MemoryStore())
    french.boot("?lang=fr")
    assert french.open_mat("(;GM[6]MI[length:3];W[31hefe];B[42xxxx])", "bad.sgf") is False
    assert "partie 1, coup 2" in french.view().message


def test_a_board_set_up_at_a_score_opens_at_that_score_and_a_score_that_does_not_follow_says_so():
    from pathlib import Path
    from game.app.text.i18n import translator
    from game.app.text.messages import text as message_text
    data = Path(__file__).resolve().parent / "data" / "gnubg_setup_score.sgf"
    app = hotseat(store=MemoryStore())
    assert app.open_mat(data.read_bytes(), "setup.sgf") is True
    assert app.match.score == (6, 3) and app.match.cube_value == 2 and app.replay is None
    text = ("(;GM[6]MI[length:7][game:0][ws:0][bs:0]RE[W+1R];W[31hefe];B[resign:1])"
            "(;GM[6]MI[length:7][game:1][ws:4][bs:2];W[31hefe])")
    app = hotseat(store=MemoryStore())
    assert app.open_mat(text, "later.sgf") is True and app.match.score == (4, 2)
    for language, words in (("en", "Game 2: the file starts this game at 4-2"),
                            ("fr", "Partie 2\u00a0: le fichier commence cette partie à 4-2")):
        assert words in message_text(app.message, translator(language))
