"""game.app.editor.model: setting up a position by hand, and the controller's editor (no browser).

Also the two share bugs fixed beside it: a resignation in a Match ID, and the
IDs of a finished game.
"""

import collections
import random

import pytest

from game.match import Match, MatchConfig, Phase
from game.ids.match_id import (GAME_DROPPED, GAME_OVER, GAME_RESIGNED, MatchIdInfo, decode_match_id, encode_match_id)
from game.position import Position
from game.app.controller import Controller, Setup
from game.app.editor.model import (BAR, CUBE_VALUES, EditorError, EditorState)
from game.app.keep.share import ShareError, decode, read_ids
from game.app.keep.storage import MemoryStore

START = "4HPwATDgc/ABMA"


def refused(change, key):
    """``change()`` raises EditorError ``key``; returns its params."""
    with pytest.raises(EditorError) as caught:
        change()
    assert caught.value.key == key
    return caught.value.params


def random_state(rng):
    """A valid EditorState built only through the editor's own changes."""
    state = EditorState.empty()
    for player in (0, 1):
        for _ in range(rng.randint(1, 15)):
            point = rng.choice([p for p in range(1, 26)
                                if p == BAR or not state.counts[1 - player][24 - p]] or [BAR])
            state = state.add(player, point)
    length = rng.choice([0, 0, 1, 3, 5, 7, 11, 25])
    state = state.set_length(length).set_on_roll(rng.randrange(2))
    if length:
        state = state.set_score(rng.randrange(length), rng.randrange(length))
        if list(state.score).count(length - 1) == 1 and rng.random() < 0.5:
            state = state.set_crawford(True)
    if not state.crawford:
        value = rng.choice(CUBE_VALUES)
        state = state.set_cube(value, None if value == 1 or rng.random() < 0.3 else rng.randrange(2))
    if rng.random() < 0.6:
        state = state.set_dice((rng.randint(1, 6), rng.randint(1, 6)))
    return state


# --- checkers ---------------------------------------------------------------------------------

def test_a_click_adds_a_checker_and_the_rest_are_borne_off():
    state = EditorState.empty().add(1, 6).add(1, 6).add(1, BAR)
    assert state.at(1, 6) == 2 and state.at(1, BAR) == 1
    assert state.on_board(1) == 3 and state.borne_off(1) == 12 and state.borne_off(0) == 15


def test_a_sixteenth_checker_is_refused_and_nothing_changes():
    state = EditorState.start()
    params = refused(lambda: state.add(1, 3), "editor.too_many")
    assert params == {"player": 1}
    assert state == EditorState.start()


def test_both_sides_on_one_point_is_refused():
    state = EditorState.empty().add(0, 6)         # the top player's 6 is the bottom player's 19
    assert refused(lambda: state.add(1, 19), "editor.point_taken") == {"player": 1, "point": 19}
    assert state.add(1, 18).at(1, 18) == 1
    assert state.add(1, BAR).add(0, BAR).counts[0][24] == 1     # both bars at once are fine


def test_removing_from_an_empty_point_is_refused():
    refused(lambda: EditorState.empty().remove(0, 3), "editor.nothing_to_remove")
    assert EditorState.start().remove(1, 24).at(1, 24) == 1


@pytest.mark.parametrize("player, point, key", [
    (2, 5, "editor.bad_player"), (True, 5, "editor.bad_player"), ("1", 5, "editor.bad_player"),
    (0, 0, "editor.bad_point"), (0, 26, "editor.bad_point"), (0, 5.0, "editor.bad_point"),
    (0, None, "editor.bad_point"),
])
def test_a_place_that_is_not_on_the_board_is_refused(player, point, key):
    refused(lambda: EditorState.empty().add(player, point), key)


def test_clear_and_reset_keep_the_context_and_drop_the_dice():
    state = EditorState.start().set_length(7).set_score(2, 5).set_dice((3, 1))
    empty = state.clear()
    assert empty.on_board(0) == empty.on_board(1) == 0 and empty.dice is None
    assert (empty.length, empty.score) == (7, (2, 5))
    assert empty.reset().counts == EditorState.start().counts


def test_a_side_with_no_checker_left_cannot_be_played():
    state = EditorState.empty().add(1, 2)
    assert refused(state.check, "editor.no_checkers") == {"player": 0}
    refused(state.ids, "editor.no_checkers")
    refused(state.shared, "editor.no_checkers")
    assert state.add(0, 2).check() is not None


# --- the context ----------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [0, 3, 128, -2, "2", None, 2.0, True])
def test_the_cube_shows_a_power_of_two_up_to_64(value):
    refused(lambda: EditorState().set_cube(value), "editor.bad_cube")


def test_a_cube_at_one_has_no_owner():
    refused(lambda: EditorState().set_cube(1, 0), "editor.owned_at_one")
    refused(lambda: EditorState().set_cube(2, 5), "editor.bad_player")
    assert EditorState().set_cube(4, 0).cube_owner == 0
    assert EditorState().set_cube(2).cube_owner is None      # automatic doubles leave it centred


def test_the_score_stays_below_the_match_length():
    state = EditorState().set_length(5)
    refused(lambda: state.set_score(5, 0), "editor.score_too_high")
    refused(lambda: state.set_score(-1, 0), "editor.bad_score")
    state = state.set_score(4, 2)
    assert refused(lambda: state.set_length(3), "editor.score_too_high") == {"length": 3, "score": 4}
    assert state.set_length(7).score == (4, 2)


def test_money_play_has_no_score_and_no_crawford_game():
    state = EditorState().set_length(5).set_score(4, 1).set_crawford(True)
    money = state.set_length(0)
    assert (money.score, money.crawford) == ((0, 0), False)
    refused(lambda: money.set_score(1, 0), "editor.money_score")
    refused(lambda: money.set_crawford(True), "editor.crawford_score")


@pytest.mark.parametrize("length, score, allowed", [
    (5, (4, 2), True), (5, (2, 4), True), (5, (4, 4), False), (5, (3, 2), False),
    (1, (0, 0), False), (2, (1, 0), True), (0, (0, 0), False),
])
def test_the_crawford_game_needs_exactly_one_player_one_point_short(length, score, allowed):
    state = EditorState().set_length(length).set_score(*score)
    if allowed:
        assert state.set_crawford(True).crawford
    else:
        refused(lambda: state.set_crawford(True), "editor.crawford_score")


def test_a_score_or_length_that_breaks_the_crawford_game_is_refused():
    state = EditorState().set_length(5).set_score(4, 2).set_crawford(True)
    refused(lambda: state.set_score(4, 4), "editor.crawford_score")
    refused(lambda: state.set_length(7), "editor.crawford_score")
    assert not state.set_crawford(False).set_score(4, 4).crawford


def test_no_cube_turned_in_the_crawford_game():
    state = EditorState().set_length(5).set_score(4, 2)
    refused(lambda: state.set_cube(2, 0).set_crawford(True), "editor.crawford_cube")
    refused(lambda: state.set_crawford(True).set_cube(2, 1), "editor.crawford_cube")


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (1,), (1, 2, 3), "61", (1.0, 2), (True, 2)])
def test_dice_are_two_numbers_from_one_to_six(dice):
    refused(lambda: EditorState().set_dice(dice), "editor.bad_dice")


@pytest.mark.parametrize("length", [-1, 26, "5", None])
def test_a_match_is_at_most_25_points(length):
    refused(lambda: EditorState().set_length(length), "editor.bad_length")


# --- the IDs --------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(60))
def test_any_state_reads_back_from_its_ids_and_from_its_xgid(seed):
    state = random_state(random.Random(seed))
    position_id, match_id = state.ids()
    assert EditorState.from_text(f"{position_id}:{match_id}") == state
    assert EditorState.from_text(state.xgid()) == state


@pytest.mark.parametrize("seed", range(30))
def test_play_from_here_opens_a_match_with_the_editor_ids(seed):
    state = random_state(random.Random(seed))
    match = state.shared().match()
    assert (match.position_id(), match.match_id()) == state.ids()
    assert match.phase is (Phase.MOVING if state.dice else Phase.ROLL_OR_DOUBLE)
    assert match.is_crawford_game == state.crawford and match.score == state.score


def test_the_editor_reads_what_gnubg_and_xg_write():
    state = EditorState.from_text("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:2:3:0:7:8")
    assert (state.length, state.cube_value, state.on_roll, state.dice) == (7, 2, 0, None)
    assert state.score == (3, 2) and state.cube_owner == 0      # the top player is gnubg's 0
    state = EditorState.from_text(f"{START}:cImqAAAAAAAE")
    assert state.dice == (5, 2) and state.counts == EditorState.start().counts


@pytest.mark.parametrize("text, error, key", [
    ("", ShareError, "error.unrecognised"),
    ("4HPwATDgc/AB!A:cImqAAAAAAAE", ShareError, "error.bad_position_id"),
    (f"{START}:cImqAAAAAAA!", ShareError, "error.bad_match_id"),
    ("XGID=nonsense:1:2", ShareError, "error.bad_xgid"),
    # a 31-point match and a cube at 128: valid IDs, more than the editor holds
    (f"{START}:{encode_match_id(MatchIdInfo(match_length=31))}", EditorError, "editor.bad_length"),
    (f"{START}:{encode_match_id(MatchIdInfo(cube_value=128, cube_owner=1))}", EditorError, "editor.bad_cube"),
])
def test_text_the_editor_cannot_load_is_refused_with_its_reason(text, error, key):
    with pytest.raises(error) as caught:
        EditorState.from_text(text)
    assert caught.value.key == key


def test_an_xgid_cube_limit_is_kept_by_the_xgid_but_not_by_gnubg_ids():
    # found by tests/test_fuzz_editor.py: XG's cube limit (here 2^15) has no room in gnubg's IDs
    text = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:2:3:0:7:15"
    state = EditorState.from_text(text)
    assert state.max_cube == 1 << 15 and state.xgid() == text
    again = EditorState.from_text("{0}:{1}".format(*state.ids()))
    assert again.max_cube == 64 and again.ids() == state.ids()


def test_an_offered_double_is_left_out_of_the_editor():
    info = MatchIdInfo(player_on_roll=1, turn=0, double_offered=True, match_length=5, cube_value=1)
    state = EditorState.from_text(f"{START}:{encode_match_id(info)}")
    assert decode_match_id(state.ids()[1]).double_offered is False and state.cube_value == 1


# --- the controller's editor ------------------------------------------------------------------------

def app_in_play(seed="ed-1", length=5):
    app = Controller(MemoryStore())
    app.boot(f"?mode=hotseat&length={length}&seed={seed}")
    app.roll()
    return app


def test_the_editor_opens_on_the_position_in_play_and_cancel_changes_nothing():
    app = app_in_play()
    before = (app.match.position_id(), app.match.match_id(), len(app.match.events))
    app.edit_open()
    view = app.view()
    assert view.editor is not None and (view.position_id, view.match_id) == before[:2]
    assert not any(enabled for _visible, enabled in view.buttons.values())
    assert not app.bot_to_act() and not app.human_to_act()
    app.edit_click("p6", "right")
    app.edit_cancel()
    assert app.editor is None and app.view().editor is None
    assert (app.match.position_id(), app.match.match_id(), len(app.match.events)) == before


def test_clicks_add_for_the_chosen_side_and_right_clicks_remove():
    app = app_in_play()
    app.edit_open()
    app.edit_set("clear", "")
    bottom = app.bottom
    assert app.edit_click("p6") and app.editor.at(bottom, 6) == 1
    assert app.edit_set("side", "top") and app.edit_click("p6") is False
    assert app.view().message.startswith("There are checkers of the other side on point 6")
    assert app.edit_click("p5") and app.editor.at(1 - bottom, 20) == 1   # top's 20 is bottom's 5
    assert app.edit_click(f"bar{1 - bottom}") and app.editor.at(1 - bottom, BAR) == 1
    assert app.edit_click("p5", "shift") and app.editor.at(1 - bottom, 20) == 0
    app.edit_set("tool", "remove")
    assert app.edit_click("p6") and app.editor.on_board(bottom) == 0
    assert app.edit_click("p6") is False and app.view().message == "There is no checker to take away there."


def test_a_refused_field_is_put_back_and_says_why_in_french_too():
    app = app_in_play()
    app.set_language("fr", remember=False)
    app.edit_open()
    state = app.editor
    assert app.edit_set("owner", "top") is False
    assert app.editor == state and app.view().editor["owner"] == "centre"
    assert "Un videau à 1 reste au milieu" in app.view().message and app.view().warn
    assert app.edit_set("score_bottom", "5") is False and app.editor == state
    assert app.edit_set("length", "abc") is False and app.edit_set("dice", "79") is False
    assert app.editor == state
    assert app.edit_set("score_bottom", "4") and app.edit_set("crawford", True)
    assert app.view().editor["crawford"] and "Crawford" in app.view().info


def test_ids_loaded_into_the_editor_or_refused_without_change():
    app = app_in_play()
    app.edit_open()
    state = app.editor
    assert app.edit_load("not an id at all") is False and app.editor == state
    assert app.view().warn
    assert app.edit_load("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:2:3:0:7:8")
    view = app.view()
    assert view.xgid == "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:2:3:0:7:8"
    assert view.editor["length"] == "7" and view.editor["cube"] == "2"


def test_play_from_here_opens_a_new_match_and_keeps_the_unfinished_one():
    app = app_in_play()
    app.edit_open()
    app.edit_set("clear", "")
    for slot, side in (("p1", "bottom"), ("p2", "bottom"), ("p24", "top"), ("p23", "top")):
        app.edit_set("side", side)
        assert app.edit_click(slot)
    app.edit_set("dice", "61")
    expected = app.editor.ids()
    assert app.edit_play()
    assert app.editor is None and app.view().editor is None
    assert (app.match.position_id(), app.match.match_id()) == expected
    assert app.match.phase is Phase.MOVING and app.setup.mode == "hotseat"
    assert len(app.kept.saved_matches()) == 1


def test_play_from_here_refuses_a_position_without_checkers_of_one_side():
    app = app_in_play()
    app.edit_open()
    app.edit_set("clear", "")
    app.edit_click("p3")
    fields = app.view().editor
    assert not fields["ready"] and "No checker left on the board for the top side" in fields["status"]
    assert app.view().position_id == "" and app.view().xgid == ""
    match = app.match
    assert app.edit_play() is False and app.match is match and app.editor is not None


def test_play_from_here_against_the_computer():
    app = app_in_play()
    app.edit_open()
    app.edit_set("mode", "bot")
    assert app.edit_play() and app.setup.mode == "bot"


# --- a resignation in a Match ID ----------------------------------------------------------------------

def resigning(kind, dice=(5, 2)):
    """A 5-point match ID where the bottom player (gnubg's 1), on roll, offers ``kind``."""
    return encode_match_id(MatchIdInfo(player_on_roll=1, turn=0, resignation=kind, dice=dice,
                                       match_length=5, cube_value=2, cube_owner=1))


@pytest.mark.parametrize("kind", [1, 2, 3])
def test_a_resignation_in_a_match_id_is_opened_waiting_for_an_answer(kind):
    match = decode(read_ids(f"{START}:{resigning(kind)}")).match()
    assert match.phase is Phase.RESIGNATION_OFFERED and match.resignation == (1, kind)
    assert match.match_id() == resigning(kind)


def test_a_resignation_opened_from_ids_can_be_accepted_or_rejected():
    app = Controller(MemoryStore())
    assert app.open_ids(f"{START}:{resigning(2)}")
    assert "offers to resign, giving 4 points" in app.view().message
    assert app.view().buttons["accept-resign"] == (True, True)
    app.accept_resignation()
    assert app.match.phase is Phase.OVER and app.match.score == (4, 0)
    app = Controller(MemoryStore())
    app.open_ids(f"{START}:{resigning(1, dice=None)}")
    app.reject_resignation()
    assert app.match.phase is Phase.ROLL_OR_DOUBLE and app.view().buttons["accept-resign"][0] is False
    assert "rejects the resignation" in app.view().message


def test_a_resignation_by_the_player_not_on_roll_is_refused_with_its_reason():
    info = MatchIdInfo(player_on_roll=1, turn=1, resignation=1, match_length=5)
    with pytest.raises(ShareError) as caught:
        decode(read_ids(f"{START}:{encode_match_id(info)}"))
    assert caught.value.key == "error.resignation"


# --- the IDs of a finished game ----------------------------------------------------------------------

def finished(ending, score=(2, 1), length=5):
    """A match played to the end of a game: ``ending`` "board", "drop" or "resign"."""
    match = Match(MatchConfig(length=length), score=score)
    if ending == "board":
        match.setup(Position.from_counts({1: 1}, {6: 3}), 1, dice=(6, 6))
        match.play_text("1/off")
    elif ending == "drop":
        match.setup(Position.start(), 0)
        match.double()
        match.drop()
    else:
        match.setup(Position.start(), 0, dice=(3, 1))
        match.resign(1)
        match.accept_resignation()
    assert match.phase is Phase.OVER
    return match


@pytest.mark.parametrize("ending, state", [("board", GAME_OVER), ("drop", GAME_DROPPED),
                                           ("resign", GAME_RESIGNED)])
def test_the_ids_of_a_finished_game_open_the_next_game_of_the_match(ending, state):
    match = finished(ending)
    assert decode_match_id(match.match_id()).game_state == state
    shared = decode(read_ids(f"{match.position_id()}:{match.match_id()}"))
    opened = shared.match()
    assert shared.next_game and opened.phase is Phase.OPENING and opened.score == match.score
    assert opened.is_crawford_game is False


@pytest.mark.parametrize("ending, score, after, crawford", [
    ("board", (0, 3), (0, 4), True),       # player 1 bears off: one point short now
    ("board", (3, 0), (3, 1), False),
    ("drop", (3, 0), (4, 0), True),        # player 0 doubles, player 1 drops
    ("resign", (0, 3), (0, 4), True),      # player 0 resigns a single game
    ("resign", (4, 2), (4, 3), False),     # the leader was already one short: post-Crawford
])
def test_the_game_after_a_player_reaches_one_point_short_is_the_crawford_game(ending, score, after,
                                                                              crawford):
    match = finished(ending, score=score)
    assert match.score == after
    opened = decode(read_ids(f"{match.position_id()}:{match.match_id()}")).match()
    assert opened.score == after and opened.is_crawford_game is crawford
    assert opened.is_post_crawford is (4 in after and not crawford)


def test_the_board_decides_the_crawford_game_whatever_the_flag_says():
    # player 0 (top) bore off all and is now one point short: the next game is the Crawford game,
    # even in a Match ID written with the finished game's own flag (False), as gnubg may
    position = Position.from_counts({1: 3}, {})      # seen from player 1, who lost
    for flag in (False, True):
        info = MatchIdInfo(game_state=GAME_OVER, match_length=5, score=(4, 1), player_on_roll=1,
                           turn=1, crawford=flag)
        assert decode(read_ids(f"{position.position_id()}:{encode_match_id(info)}")).info.crawford
    # the trailer won: the leader was already one short, so the Crawford game is past
    info = MatchIdInfo(game_state=GAME_OVER, match_length=5, score=(1, 4), player_on_roll=1,
                       turn=1, crawford=True)
    assert not decode(read_ids(f"{position.position_id()}:{encode_match_id(info)}")).info.crawford


def test_the_ids_of_a_finished_match_are_refused_with_their_reason():
    match = finished("board", score=(2, 4), length=5)     # player 1 wins the last point
    assert match.match_winner is not None
    with pytest.raises(ShareError) as caught:
        decode(read_ids(f"{match.position_id()}:{match.match_id()}"))
    assert caught.value.key == "error.match_finished"


def test_a_link_to_a_finished_game_opens_the_next_game_and_says_so():
    match = finished("board", score=(2, 1))
    app = Controller(MemoryStore())
    assert app.boot(f"?position={match.position_id()}&match={match.match_id()}")
    assert app.match.phase is Phase.OPENING and app.match.score == match.score
    assert "That game was over: here is the next game of the match" in app.view().message
    assert app.view().buttons["roll"] == (True, True)


def test_a_link_to_a_finished_match_changes_nothing():
    app = app_in_play()
    before = app.match.match_id()
    match = finished("board", score=(2, 4))
    assert not app.boot(f"?position={match.position_id()}&match={match.match_id()}")
    assert app.match.match_id() == before and app.view().warn
    assert "already over" in app.view().message


def test_a_setup_for_a_new_match_closes_the_editor():
    app = app_in_play()
    app.edit_open()
    app.new_match(Setup(mode="hotseat", length=3))
    assert app.editor is None


def test_the_match_clock_waits_while_the_editor_is_open():
    app = Controller(MemoryStore())
    app.new_match(Setup(mode="hotseat", length=3, clock=(30, 120), seed="clock-ed"))
    app.roll()
    assert not app.match.clock.paused
    app.edit_open()
    assert app.match.clock.paused and not app.tick()
    app.edit_cancel()
    assert not app.match.clock.paused
    app.edit_open()
    before = app.match
    assert app.edit_play()
    assert not before.clock.paused          # the match set aside keeps its clock running


def test_the_editor_opens_on_the_position_shown_by_a_replay():
    app = app_in_play(seed="ed-replay")
    app.type_move(app.match.turn.position.legal_moves(app.match.dice)[0].__str__())
    app.done()
    assert app.start_replay()
    app.replay_go(1)
    frame = app.replay.frames[1]
    assert app.view().buttons["edit-position"] == (True, True)
    app.edit_open()
    assert app.replay is None and app.editor is not None
    assert app.editor.ids()[0] == frame.position_id()


def test_a_match_length_puts_the_money_rules_back_to_what_ids_of_a_match_hold():
    # Given money play without Jacoby and with beavers
    money = EditorState.start(jacoby=False, beavers=True)
    # When it becomes a 5-point match, Then the money rules are the defaults again
    match = money.set_length(5)
    assert (match.jacoby, match.beavers) == (True, False)
    # and the state survives its own IDs and XGID unchanged
    assert EditorState.from_text(match.xgid()) == match


def test_the_editors_cheap_signature_changes_whenever_what_it_shows_changes():
    """The editor tells what an intent changed from plain data (EditorMode.signature), not
    from its drawn view: any part the drawn view shows differently must differ there too,
    or the page would keep a part stale."""
    def drawn_parts(mode):
        view = mode.view()
        rest = {k: v for k, v in vars(view).items() if k not in ("drawn", "board", "layout")}
        return {"board": view.board_svg, "checkers": view.layout, "panels": (view.top_html, view.bottom_html),
                "screen": repr(sorted(rest.items()))}

    rng = random.Random(11)
    app = app_in_play()
    app.edit_open()
    mode = app.editing
    slots = [f"p{n}" for n in range(1, 25)] + ["bar0", "bar1", "off0", "off1", "dice", "cube"]
    changes = [("side", ["bottom", "top"]), ("tool", ["add", "remove"]), ("on_roll", ["bottom", "top"]),
               ("dice", ["", "65", "11", "79"]), ("cube", ["1", "2", "4", "3"]), ("owner", ["centre", "top"]),
               ("length", ["0", "5", "abc"]), ("score_bottom", ["0", "2", "9"]), ("crawford", [True, False]),
               ("mode", ["hotseat", "bot"]), ("clear", [""]), ("start", [""])]
    seen = collections.Counter()
    for step in range(300):
        drawn, cheap = drawn_parts(mode), mode.signature()
        pick = rng.random()
        if pick < 0.5:
            app.edit_click(rng.choice(slots), rng.choice(["left", "right", "shift"]))
        elif pick < 0.9:
            name, values = rng.choice(changes)
            app.edit_set(name, rng.choice(values))
        elif pick < 0.95:
            app.set_language(rng.choice(["fr", "en"]), remember=False)
        else:
            app.edit_load(rng.choice(["nonsense", "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:2:3:0:7:8"]))
        after_drawn, after_cheap = drawn_parts(mode), mode.signature()
        for part in ("board", "checkers", "panels", "screen"):
            if drawn[part] != after_drawn[part]:
                seen[part] += 1
                assert cheap[part] != after_cheap[part], (step, part)
    assert min(seen.values()) > 10, seen
