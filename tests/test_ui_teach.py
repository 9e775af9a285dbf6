"""The controller's teaching tools: share links and IDs, match files, hints, replays."""

import json

from game.dice import ManualDice
from game.match import Match, Phase
from game.formats.mat_read import import_mat
from game.app.controller import Controller, Setup
from game.app.keep.storage import MemoryStore

MID_GAME = ("4HPwATDgc/ABMA", "cImqAAAAAAAE")      # the start, 5-point match, player 1 to play 5-2


def hotseat(dice=(3, 1), store=None, length=5):
    app = Controller(store if store is not None else MemoryStore())
    app.new_match(Setup(mode="hotseat", length=length))
    app.match = Match(app.setup.config(), ManualDice(list(dice)))
    app.save()
    return app


def play_whole_match(app):
    """The computer plays both sides to the end (watch mode)."""
    for _ in range(5000):
        if not app.bot_to_act():
            break
        app.bot_act()
    assert app.match.match_winner is not None


def finished_match(store=None):
    app = Controller(store if store is not None else MemoryStore())
    app.boot("?mode=watch&length=1&seed=teach-1&level=expert")
    play_whole_match(app)
    return app


# --- share links and IDs --------------------------------------------------------------------------

def test_a_position_link_opens_that_position_for_two_players_and_keeps_the_match_in_play():
    store = MemoryStore()
    app = hotseat(store=store)
    app.roll()
    assert Controller(store).boot(f"?position={MID_GAME[0]}&match={MID_GAME[1]}") is True
    app = Controller(store)
    app.boot("")
    assert (app.view().position_id, app.view().match_id) == MID_GAME
    assert app.setup.mode == "hotseat" and app.match.phase is Phase.MOVING
    assert len(app.kept.saved_matches()) == 1


def test_a_bad_position_link_says_why_and_the_saved_match_comes_back():
    store = MemoryStore()
    app = hotseat(store=store)
    app.roll()
    before = app.view()
    again = Controller(store)
    assert again.boot(f"?position={MID_GAME[0]}&match=nonsense") is False
    view = again.view()
    assert (view.position_id, view.match_id, view.board_svg) == (before.position_id, before.match_id,
                                                                 before.board_svg)
    assert view.warn and "Match ID cannot be read" in view.message
    assert again.kept.saved_matches() == []


def test_pasted_ids_open_the_position_and_bad_ones_change_nothing():
    app = hotseat()
    app.roll()
    before = json.dumps(app.match.to_dict())
    for text, words in (("4HPwATDgc/ABMA:cImqAAAAAAA", "Match ID cannot be read"),
                        ("XGID=nonsense", "XGID cannot be read"),
                        ("hello world again", "Paste a Position ID")):
        assert app.open_ids(text) is False
        view = app.view()
        assert view.warn and words in view.message
        assert json.dumps(app.match.to_dict()) == before
    app.set_language("fr")
    app.open_ids("4HPwATDgc/ABM!:cImqAAAAAAAE")
    assert "ID de position est illisible" in app.view().message
    assert app.open_ids(":".join(MID_GAME)) is True
    assert (app.view().position_id, app.view().match_id) == MID_GAME
    assert len(app.kept.saved_matches()) == 1                  # the match in play was kept


def test_the_xgid_of_the_position_in_play_is_shown_and_opens_the_same_position():
    app = hotseat()
    app.roll()
    xgid = app.view().xgid
    assert xgid.startswith("XGID=")
    other = hotseat()
    assert other.open_ids(xgid) and other.view().xgid == xgid
    assert other.view().position_id == app.view().position_id


# --- match files ------------------------------------------------------------------------------------

def test_a_finished_match_exports_as_a_mat_file_that_reads_back_the_same():
    app = finished_match()
    name, text = app.mat_file()
    assert name.startswith("backgammon-") and name.endswith(".mat")
    again = import_mat(text)
    assert again.score == app.match.score
    moves = [e["move"] for e in app.match.events if e["type"] == "move"]
    assert [e["move"] for e in again.events if e["type"] == "move"] == moves


def test_a_match_from_a_set_up_position_cannot_be_a_mat_file():
    app = hotseat()
    app.open_ids(":".join(MID_GAME))
    assert app.mat_file() is None
    assert "set-up position" in app.view().message and app.view().warn


def test_a_finished_mat_file_opens_in_the_history_and_is_replayed():
    name, text = finished_match().mat_file()
    store = MemoryStore()
    app = hotseat(store=store)
    app.roll()
    assert app.open_mat(text, name) is True
    assert app.replay is not None and app.view().replay["index"] == 0
    assert name in app.view().message
    assert len(app.kept.history()) == 1 and len(app.kept.saved_matches()) == 1
    assert not app.bot_to_act() and not app.human_to_act()


def test_an_unfinished_mat_file_is_continued_with_new_dice():
    text = " 3 point match\n\n Game 1\n Ann : 0                        Bob : 0\n  1) 31: 8/5 6/5\n"
    app = hotseat()
    assert app.open_mat(text, "ann.mat") is True
    assert app.replay is None and app.match.phase is Phase.ROLL_OR_DOUBLE
    assert app.player_name(0) == "Ann"
    app.roll()
    assert app.match.phase is Phase.MOVING


def test_a_bad_mat_file_says_which_line_and_changes_nothing():
    app = hotseat()
    before = json.dumps(app.match.to_dict())
    text = " 3 point match\n\n Game 1\n Ann : 0     Bob : 0\n  1) 31: 8/5 6/5       42: 24/12\n"
    assert app.open_mat(text, "bad.mat") is False
    view = app.view()
    assert view.warn and "line 5" in view.message and "24/12" in view.message
    assert json.dumps(app.match.to_dict()) == before
    assert app.open_mat("just some text", "x.mat") is False
    assert app.open_mat("x" * 3_000_000, "big.mat") is False and "too big" in app.view().message


# --- hints --------------------------------------------------------------------------------------------

def test_a_hint_lists_the_plays_of_the_roll_until_the_turn_is_over():
    app = hotseat(dice=(3, 1, 6, 5))
    assert app.buttons()["hint"] == (True, False)           # before the opening roll: nothing to advise
    app.roll()
    assert app.buttons()["hint"] == (True, True)
    assert app.compute_hint() is True
    html = app.view().hint_html
    assert "Best plays for 3-1" in html and 'data-play="8/5 6/5"' in html
    app.set_language("fr")
    assert "Meilleurs coups pour 3-1" in app.view().hint_html
    app.type_move("8/5")
    assert app.view().hint_html                              # still this roll
    app.type_move("6/5")
    app.done()
    assert app.view().hint_html == ""


def test_a_hint_before_rolling_gives_the_cube_equities():
    app = hotseat(dice=(3, 1))
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    assert app.match.can_double()
    app.compute_hint()
    html = app.view().hint_html
    assert "Cube decision before rolling" in html and "Double, take" in html and "Right action" in html
    app.double()
    app.compute_hint()
    assert "Take or drop?" in app.view().hint_html


# --- replays -------------------------------------------------------------------------------------------

def test_the_history_replays_a_finished_match_move_by_move():
    store = MemoryStore()
    done = finished_match(store)
    events = [e for e in done.match.events if e["type"] in ("move", "pass")]
    app = hotseat(store=store)
    unfinished, finished = app.kept.match_rows()
    assert len(finished) == 1
    assert app.start_replay(0) is True
    view = app.view()
    assert view.replay["index"] == 0 and view.buttons["roll"] == (True, False)
    assert view.board.counts == (view.board.counts[0], view.board.counts[1])
    app.replay_step(1)
    view = app.view()
    assert view.record_html.count("data-frame") >= 2 and 'class="bottom current"' in view.record_html \
        or 'class="top current"' in view.record_html
    assert events[0]["move"] in view.record_html
    app.replay_go(10_000)
    last = app.view()
    assert last.replay["index"] == last.replay["count"] - 1
    name, text = app.mat_file()                       # the replayed match, not the one in play
    assert import_mat(text).score == done.match.score
    app.end_replay()
    assert app.view().replay is None and app.human_to_act()
    assert app.history_mat_file(0)[1] == text


def test_the_match_in_play_can_be_replayed_and_then_goes_on():
    app = hotseat(dice=(3, 1, 6, 5))
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    assert app.buttons()["replay"] == (True, True)
    app.start_replay()
    assert app.view().replay["count"] == 2
    app.roll()                                       # ignored while replaying
    assert app.match.phase is Phase.ROLL_OR_DOUBLE
    app.end_replay()
    app.roll()
    assert app.match.phase is Phase.MOVING


def test_a_replay_is_not_saved_in_the_store():
    store = MemoryStore()
    app = hotseat(store=store)
    app.start_replay()
    assert app.vault.read("current")["ui"].get("replay") is None
