"""game.match: games and matches as a state machine, each test named after the rule it checks.

Positions are built with :func:`pos`: the mover's checkers and the
opponent's, both on the *mover's* point numbers.  Expected Match IDs and
Position IDs were read from GNU Backgammon 1.1.0a16 playing the same
actions with the same dice.
"""

import copy
import json
import random

import pytest

from game import IllegalActionError, IllegalMoveError, Move, Position, Reason
from game.dice import ManualDice, SeededDice
from game.match import GameResult, InvalidMatchError, Match, MatchConfig, Phase
from game.ids.match_id import decode_match_id


def pos(mine, opp):
    """A position from the mover's side; ``opp`` is keyed by the mover's point numbers."""
    theirs = {("bar" if point in ("bar", 25) else 25 - point): n for point, n in opp.items()}
    return Position.from_counts(mine, theirs)


def new_match(*dice, now=None, **config):
    """A match with manual dice: ``dice`` are single dice, in the order thrown."""
    return Match(MatchConfig(**config), ManualDice(list(dice)), now=now)


def snapshot(match):
    turn = match.game.turn
    return (match.to_dict(), match.position_id(), match.match_id(), match.phase,
            None if turn is None else turn.played)


def refused(match, call, reason, error=IllegalActionError):
    """``call()`` must raise ``error`` with ``reason`` and leave ``match`` exactly as it was."""
    before = snapshot(match)
    with pytest.raises(error) as info:
        call()
    assert info.value.reason is reason, info.value
    assert snapshot(match) == before
    return info.value


def types(match, start=0):
    return [event["type"] for event in match.events[start:]]


# A closed board of the opponent's (on my 19-24) and a checker of mine on the bar.
CLOSED_OUT = pos({"bar": 1, 13: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3})


# --- the opening roll ------------------------------------------------------------------------

def test_opening_ties_are_thrown_again_and_logged():
    # Given both players throw 3, then 5 and 5, then 2 against 6
    match = new_match(3, 3, 5, 5, 2, 6, length=5)
    # When the opening roll is made
    dice = match.roll()
    # Then the ties are in the log and the higher die (player 1's 6) starts with 2-6
    assert dice == (2, 6)
    assert match.player_on_roll == 1 and match.phase is Phase.MOVING
    openings = [e for e in match.events if e["type"] == "opening_roll"]
    assert openings == [{"type": "opening_roll", "dice": [3, 3], "player": None},
                        {"type": "opening_roll", "dice": [5, 5], "player": None},
                        {"type": "opening_roll", "dice": [2, 6], "player": 1}]


def test_the_opening_winner_plays_both_numbers_and_no_one_doubles_first():
    match = new_match(6, 1, length=5)
    match.roll()
    assert match.player_on_roll == 0 and match.dice == (6, 1)
    refused(match, match.double, Reason.ALREADY_ROLLED)
    match.play_text("13/7 8/7")
    assert match.player_on_roll == 1 and match.phase is Phase.ROLL_OR_DOUBLE


def test_nothing_but_the_opening_roll_before_the_game_starts():
    match = new_match(6, 1, length=5)
    for call in (match.double, match.done, lambda: match.step(8, 7), lambda: match.resign(1)):
        refused(match, call, Reason.OPENING_ROLL_FIRST)
    refused(match, match.take, Reason.NO_DOUBLE_OFFERED)
    refused(match, match.new_game, Reason.GAME_IN_PROGRESS)
    assert match.player_on_roll is None and match.dice is None
    assert match.position == Position.start()


def test_automatic_doubles_on_opening_ties_in_money_play_up_to_the_limit():
    # Given money play with at most 2 automatic doubles, and three opening ties
    match = new_match(1, 1, 2, 2, 3, 3, 4, 1, length=0, automatic_doubles=2)
    match.roll()
    # Then the cube doubled twice, and stays centred
    assert match.cube_value == 4 and match.cube_owner is None
    assert types(match) == ["game_start", "opening_roll", "auto_double", "opening_roll",
                            "auto_double", "opening_roll", "opening_roll", "move"][:7]
    assert [e["cube"] for e in match.events if e["type"] == "auto_double"] == [2, 4]
    # and either player may still double (to 8)
    match.play_text("24/23 13/9")
    assert match.can_double() and match.offered_cube is None


def test_no_automatic_doubles_in_match_play():
    match = new_match(1, 1, 2, 2, 4, 1, length=5, automatic_doubles=2)
    match.roll()
    assert match.cube_value == 1
    assert "auto_double" not in types(match)


def test_the_dice_of_the_opening_come_from_the_dice_source_one_die_per_player():
    match = Match(MatchConfig(length=3), SeededDice("opening"))
    match.roll()
    first = next(e for e in match.events if e["type"] == "opening_roll" and e["player"] is not None)
    assert match.dice == tuple(first["dice"])
    assert first["dice"][first["player"]] > first["dice"][1 - first["player"]]


# --- turn flow ---------------------------------------------------------------------------------

def test_a_turn_is_roll_steps_then_done_and_the_dice_pass():
    match = new_match(3, 1, 6, 4, length=5)
    match.roll()
    assert match.step(8, 5)[0].target == 5
    assert match.position.mine[4] == 1            # the board shows the step
    assert match.position_id() == "4HPwATDgc/ABMA"  # the game state is still before the move
    match.step(6, 5)
    move = match.done()
    assert str(move) == "8/5 6/5"
    assert match.phase is Phase.ROLL_OR_DOUBLE and match.player_on_roll == 1 and match.dice is None
    assert match.roll() == (6, 4) and match.player_on_roll == 1
    assert match.events[-4:-1] == [
        {"type": "step", "player": 0, "source": 8, "target": 5, "use": None, "steps": [[8, 5, False]]},
        {"type": "step", "player": 0, "source": 6, "target": 5, "use": None, "steps": [[6, 5, False]]},
        {"type": "move", "player": 0, "dice": [3, 1], "move": "8/5 6/5", "position_id": "4HPwATDgc/ABMA"}]


def test_done_is_refused_until_the_play_is_complete():
    match = new_match(3, 1, length=5)
    match.roll()
    refused(match, match.done, Reason.TURN_INCOMPLETE)
    match.step(8, 5)
    error = refused(match, match.done, Reason.TURN_INCOMPLETE)
    assert error.details == {"played": 1, "playable": 2}


def test_undo_takes_back_steps_of_this_turn_only():
    match = new_match(3, 1, length=5)
    match.roll()
    refused(match, match.undo, Reason.NOTHING_TO_UNDO)
    match.step(8, 5)
    match.auto_step(6, "low")
    assert str(match.turn.move) == "8/5 6/5"
    assert match.undo().source == 6
    assert match.undo_all()[0].source == 8
    assert match.turn.played == () and match.position == Position.start()
    assert types(match)[-4:] == ["step", "step", "undo", "undo_all"]


def test_rolling_twice_or_moving_before_rolling_is_refused():
    match = new_match(3, 1, length=5)
    match.roll()
    refused(match, match.roll, Reason.ALREADY_ROLLED)
    match.play_text("8/5 6/5")
    refused(match, lambda: match.step(13, 10), Reason.NOT_ROLLED)
    refused(match, lambda: match.play_text("13/10 13/11"), Reason.NOT_ROLLED)
    refused(match, match.done, Reason.NOT_ROLLED)


def test_an_illegal_step_is_refused_with_the_rule_it_breaks():
    match = new_match(6, 5, length=5)
    match.roll()
    refused(match, lambda: match.step(6, 1), Reason.POINT_BLOCKED, IllegalMoveError)
    refused(match, lambda: match.step(13, 10), Reason.NO_SUCH_DIE, IllegalMoveError)
    refused(match, lambda: match.play_text("24/18"), Reason.MUST_USE_BOTH_DICE, IllegalMoveError)


def test_play_move_replaces_steps_already_made():
    match = new_match(3, 1, length=5)
    match.roll()
    match.step(24, 21)
    match.play_move(Move.from_str("8/5 6/5"))
    assert types(match)[-3:] == ["step", "undo_all", "move"]
    assert match.events[-1]["move"] == "8/5 6/5"
    assert match.position_id() == Position.start().play(
        Position.start().parse_move("8/5 6/5", (3, 1))).position_id()


def test_a_player_with_no_legal_move_sees_his_roll_and_passes_with_done():
    # Given player 1 on the bar against a closed board
    match = new_match(6, 5, length=5)
    match.setup(CLOSED_OUT, 1)
    # When he rolls
    match.roll()
    # Then the dice stay on the board, nothing can be stepped, and done() passes
    assert match.phase is Phase.MOVING and match.dice == (6, 5) and match.turn.no_move
    refused(match, lambda: match.step(25, 19), Reason.NO_LEGAL_MOVE, IllegalMoveError)
    assert match.refusal("step") is Reason.NO_LEGAL_MOVE
    assert match.done() is None
    assert match.events[-1] == {"type": "pass", "player": 1, "dice": [6, 5],
                                "position_id": CLOSED_OUT.position_id()}
    assert match.player_on_roll == 0 and match.phase is Phase.ROLL_OR_DOUBLE


def test_an_empty_move_passes_only_when_nothing_can_be_played():
    match = new_match(6, 5, 3, 1, length=5)
    match.setup(CLOSED_OUT, 1)
    match.roll()
    match.play_move(Move(()))
    assert match.events[-1]["type"] == "pass"


def test_actions_of_the_player_not_to_act_are_refused():
    match = new_match(3, 1, length=5)
    match.roll()
    refused(match, lambda: match.step(13, 10, player=1), Reason.NOT_YOUR_TURN)
    match.play_text("8/5 6/5", player=0)
    refused(match, lambda: match.double(player=0), Reason.NOT_YOUR_TURN)
    match.double(player=1)
    refused(match, lambda: match.take(player=1), Reason.NOT_YOUR_TURN)
    match.take(player=0)


def test_available_actions_follow_the_phase():
    match = new_match(3, 1, length=5)
    assert match.available_actions() == ["roll"]
    match.roll()
    assert match.available_actions() == ["step", "play_move", "resign"]
    match.play_text("8/5 6/5")
    assert match.available_actions() == ["roll", "double", "resign"]
    match.double()
    assert match.available_actions() == ["take", "drop"]


# --- the cube ------------------------------------------------------------------------------------

def test_the_cube_starts_centred_at_one():
    match = new_match(3, 1, length=5)
    assert (match.cube_value, match.cube_owner) == (1, None)
    match.roll()
    match.play_text("8/5 6/5")
    assert match.can_double() and match.can_double(player=1)


def test_a_taken_double_gives_the_cube_to_the_taker_at_twice_the_value():
    match = new_match(3, 1, length=5)
    match.roll()
    match.play_text("8/5 6/5")
    match.double()
    assert match.phase is Phase.DOUBLED and match.offered_cube == 2 and match.player_to_act == 0
    refused(match, match.roll, Reason.DOUBLE_PENDING)
    refused(match, lambda: match.resign(1), Reason.DOUBLE_PENDING)
    match.take()
    assert (match.cube_value, match.cube_owner) == (2, 0)
    assert match.phase is Phase.ROLL_OR_DOUBLE and match.player_on_roll == 1
    # the doubler rolls; he no longer owns the cube
    refused(match, match.double, Reason.NOT_CUBE_OWNER)


def test_a_dropped_double_loses_the_value_of_the_cube_before_it():
    match = new_match(length=5)
    match.setup(Position.start(), 1, cube_value=2, cube_owner=1)
    match.double()                                  # to 4
    match.drop()
    assert match.phase is Phase.OVER and match.score == (0, 2)
    assert match.events[-1] == {"type": "win", "player": 1, "points": 2, "kind": "drop", "cube": 2,
                                "score": [0, 2]}
    assert match.results == (GameResult(1, 1, 2, "drop", 2, (0, 2)),)


def test_only_the_owner_redoubles_and_the_cube_stops_at_64():
    match = new_match(4, 2, 4, 2, length=0)
    match.setup(Position.start(), 0, cube_value=32, cube_owner=0)
    match.double()
    match.take()
    assert (match.cube_value, match.cube_owner) == (64, 1)
    match.roll()
    match.play_text("8/4 6/4")
    error = refused(match, match.double, Reason.CUBE_AT_MAXIMUM)
    assert error.details == {"cube": 64, "owner": 1}


def test_a_player_closed_out_may_still_double():
    # Given player 1 on the bar against a closed board, cube centred
    match = new_match(6, 5, length=0)
    match.setup(CLOSED_OUT, 1)
    # Then he may double before his (hopeless) roll
    assert match.can_double()
    match.double()
    match.take()
    assert (match.cube_value, match.cube_owner) == (2, 0)
    match.roll()
    match.done()
    assert types(match)[-4:] == ["double", "take", "roll", "pass"]


def test_the_cube_is_not_used_when_disabled():
    match = new_match(3, 1, length=5, cube=False)
    match.roll()
    match.play_text("8/5 6/5")
    refused(match, match.double, Reason.CUBE_DISABLED)


def test_a_beaver_redoubles_at_once_and_keeps_the_cube():
    # Given money play with beavers
    match = new_match(4, 5, 5, 2, length=0, beavers=True)
    match.roll()
    match.play_text("13/9 13/8")
    match.double()                           # player 0 doubles to 2
    match.beaver()                           # player 1 beavers: 4, and keeps the cube
    assert (match.cube_value, match.cube_owner) == (2, 1)
    assert match.phase is Phase.DOUBLED and match.player_to_act == 0 and match.offered_cube == 4
    refused(match, match.beaver, Reason.BEAVER_NOT_ALLOWED)
    match.take()
    assert (match.cube_value, match.cube_owner) == (4, 1)
    assert match.events[-3:] == [{"type": "double", "player": 0, "cube": 2},
                                 {"type": "beaver", "player": 1, "cube": 4},
                                 {"type": "take", "player": 0, "cube": 4}]


def test_dropping_a_beaver_loses_the_doubled_value():
    match = new_match(4, 5, length=0, beavers=True)
    match.roll()
    match.play_text("13/9 13/8")
    match.double()
    match.beaver()
    match.drop()
    assert match.score == (0, 2) and match.events[-2] == {"type": "drop", "player": 0}


def test_no_beaver_in_a_match_or_without_the_option():
    for config in ({"length": 5, "beavers": True}, {"length": 0, "beavers": False}):
        match = new_match(3, 1, **config)
        match.roll()
        match.play_text("8/5 6/5")
        match.double()
        refused(match, match.beaver, Reason.BEAVER_NOT_ALLOWED)


# --- Jacoby and scoring ------------------------------------------------------------------------

@pytest.mark.parametrize("opp, result, kind", [
    ({13: 14}, 1, "single"),                 # the loser has borne a checker off
    ({13: 15}, 2, "gammon"),                 # none off, none in the winner's home board
    ({13: 14, 3: 1}, 3, "backgammon"),       # none off, one in the winner's home board
    ({13: 14, "bar": 1}, 3, "backgammon"),   # none off, one on the bar
])
@pytest.mark.parametrize("cube", [1, 4])
def test_single_gammon_and_backgammon_score_one_two_three_times_the_cube(opp, result, kind, cube):
    match = new_match(length=25)
    match.setup(pos({1: 1}, opp), 0, cube_value=cube, cube_owner=None if cube == 1 else 1, dice=(2, 1))
    match.play_text("1/off")
    assert match.phase is Phase.OVER and match.score == (result * cube, 0)
    assert match.events[-1]["kind"] == kind and match.events[-1]["points"] == result * cube
    assert match.player_on_roll == 1                     # gnubg leaves the loser on roll
    assert decode_match_id(match.match_id()).game_state == 2


def test_jacoby_counts_a_gammon_single_while_the_cube_was_never_turned():
    match = new_match(length=0, jacoby=True)
    match.setup(pos({1: 1}, {13: 15}), 0, dice=(2, 1))
    match.play_text("1/off")
    assert match.score == (1, 0) and match.events[-1]["kind"] == "gammon"


def test_jacoby_lets_a_gammon_count_once_the_cube_is_turned():
    match = new_match(length=0, jacoby=True)
    match.setup(pos({1: 1}, {13: 15}), 0, cube_value=2, cube_owner=1, dice=(2, 1))
    match.play_text("1/off")
    assert match.score == (4, 0)


def test_jacoby_is_ignored_in_a_match():
    match = new_match(length=5, jacoby=True)
    match.setup(pos({1: 1}, {13: 15}), 0, dice=(2, 1))
    match.play_text("1/off")
    assert match.score == (2, 0)


# --- resignations --------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, name", [(1, "single"), (2, "gammon"), (3, "backgammon")])
def test_an_accepted_resignation_scores_its_value_times_the_cube(kind, name):
    match = new_match(5, 2, length=0, jacoby=True)
    match.setup(Position.start(), 1, cube_value=2, cube_owner=1)
    match.resign(name)
    assert match.phase is Phase.RESIGNATION_OFFERED and match.player_to_act == 0
    assert match.resignation == (1, kind)
    refused(match, match.roll, Reason.RESIGNATION_PENDING)
    match.accept_resignation()
    assert match.score == (2 * kind, 0)
    assert match.events[-3:] == [{"type": "resign", "player": 1, "kind": kind},
                                 {"type": "accept_resignation", "player": 0},
                                 {"type": "win", "player": 0, "points": 2 * kind, "kind": "resign",
                                  "cube": 2, "score": [2 * kind, 0]}]


def test_a_rejected_resignation_goes_back_to_the_turn_as_it_was():
    match = new_match(3, 1, length=5)
    match.roll()
    match.step(8, 5)
    match.resign(2)
    assert match.turn is None and match.dice == (3, 1)
    match.reject_resignation()
    assert match.phase is Phase.MOVING and str(match.turn.move) == "8/5"
    # the same (or a smaller) offer cannot be made again before new dice
    refused(match, lambda: match.resign(1), Reason.INVALID_RESIGNATION)
    match.resign(3)
    match.reject_resignation()
    match.step(6, 5)
    assert str(match.done()) == "8/5 6/5"


def test_a_declined_resignation_may_be_offered_again_after_the_next_roll():
    match = new_match(3, 1, 6, 4, 5, 5, length=5)
    match.roll()
    match.play_text("8/5 6/5")
    match.resign(1)
    match.reject_resignation()
    refused(match, lambda: match.resign(1), Reason.INVALID_RESIGNATION)
    match.roll()
    match.resign(1)
    assert match.phase is Phase.RESIGNATION_OFFERED


def test_only_single_gammon_or_backgammon_can_be_resigned():
    match = new_match(3, 1, length=5)
    match.roll()
    for kind in (0, 4, "double", True, None):
        refused(match, lambda: match.resign(kind), Reason.INVALID_RESIGNATION)
    refused(match, match.accept_resignation, Reason.NO_RESIGNATION_OFFERED)


# --- the match ------------------------------------------------------------------------------------

# GNU Backgammon's IDs for a 3-point match (its seed 11): player 1 resigns a gammon
# (2-0: the next game is the Crawford game), player 0 resigns the Crawford game
# (2-1), and in the post-Crawford game the leader's cube is dead.
CRAWFORD_IDS = [
    ("resign", 2, "4HPwATDgc/ABMA", "cEFrAAAAAAAE"),
    ("accept_resignation", None, "4HPwATDgc/ABMA", "8ENrACAAAAAE"),
    ("new_game", None, "4HPwATDgc/ABMA", "8AhgACAAAAAE"),
    ("roll", (6, 2), "4HPwATDgc/ABMA", "sAFrACAAAAAE"),
    ("play_text", "24/18 24/22", "4HPwQQjgc/ABMA", "8AlgACAAAAAE"),
    ("roll", (3, 1), "4HPwQQjgc/ABMA", "8IllACAAAAAE"),
    ("play_text", "24/21 24/23", "4HPwARLgc/BBCA", "sAFgACAAAAAE"),
    ("resign", 1, "4HPwARLgc/BBCA", "sClgACAAAAAE"),
    ("accept_resignation", None, "4HPwARLgc/BBCA", "MCtgACAACAAE"),
    ("new_game", None, "4HPwATDgc/ABMA", "cAhgACAACAAE"),
    ("roll", (1, 5), "4HPwATDgc/ABMA", "cIlmACAACAAE"),
    ("play_text", "13/8 24/23", "4PPgASjgc/ABMA", "MAFgACAACAAE"),
]


def play_script(match, script):
    for action, argument, position_id, match_id in script:
        if action == "roll" and argument is not None:
            for die in argument:
                match.dice_source.push_one(die)
            match.roll()
        elif argument is None:
            getattr(match, action)()
        else:
            getattr(match, action)(argument)
        assert (match.position_id(), match.match_id()) == (position_id, match_id), action


def test_the_crawford_game_follows_a_player_first_reaching_match_point():
    match = new_match(2, 6, length=3)
    match.roll()
    play_script(match, CRAWFORD_IDS[:5])
    # Then in the Crawford game nobody may double
    assert match.is_crawford_game and match.game.score_at_start == (2, 0)
    assert {"type": "game_start", "game": 2, "score": [2, 0], "crawford": True} in match.events
    refused(match, match.double, Reason.CRAWFORD_NO_DOUBLE)


def test_after_the_crawford_game_the_trailer_may_double_again():
    match = new_match(2, 6, length=3)
    match.roll()
    play_script(match, CRAWFORD_IDS)
    assert not match.is_crawford_game and match.is_post_crawford and match.score == (2, 1)
    # the leader's cube is dead (gnubg refuses it); the trailer doubles
    assert match.player_on_roll == 0
    refused(match, match.double, Reason.DOUBLE_ALREADY_WON)
    match.dice_source.push((3, 1))
    match.roll()
    match.play_text("8/5 6/5")
    match.double()
    match.take()
    assert (match.cube_value, match.cube_owner) == (2, 0)


def test_the_match_is_won_on_reaching_its_length():
    match = new_match(3, 1, length=1)
    match.roll()
    match.play_text("8/5 6/5")
    match.resign(1)
    match.accept_resignation()
    assert match.match_winner == 0 and match.score == (1, 0)
    assert match.events[-1] == {"type": "match_win", "player": 0, "score": [1, 0]}
    refused(match, match.new_game, Reason.MATCH_OVER)
    refused(match, match.roll, Reason.MATCH_OVER)


def test_a_finished_game_waits_for_new_game():
    match = new_match(3, 1, length=5)
    match.roll()
    match.resign(1)
    match.accept_resignation()
    refused(match, match.roll, Reason.GAME_OVER)
    match.new_game()
    assert match.game_number == 2 and match.phase is Phase.OPENING and match.score == (0, 1)
    assert match.cube_value == 1 and match.cube_owner is None


def test_a_match_won_past_its_length_shows_gnubgs_final_score():
    # gnubg: a 5-point match won 6-0 by two backgammon resignations
    match = new_match(3, 6, length=5)
    match.roll()
    match.resign(3)
    match.accept_resignation()
    assert match.match_id() == "cGOvADAAAAAE"
    match.new_game()
    match.dice_source.push((3, 5))
    match.roll()
    match.resign(3)
    match.accept_resignation()
    assert (match.position_id(), match.match_id()) == ("4HPwATDgc/ABMA", "cOOuAGAAAAAE")
    assert match.match_winner == 0 and match.score == (6, 0)


def test_an_even_match_length_is_allowed():
    match = new_match(3, 1, length=4)
    match.roll()
    match.resign(3)
    match.accept_resignation()
    match.new_game()
    assert match.score == (0, 3) and match.is_crawford_game


def test_a_money_session_never_ends_and_counts_units_of_the_stake():
    match = new_match(length=0, stake=5)
    for game in range(3):
        if game:
            match.new_game()
        match.setup(Position.start(), game % 2, cube_value=2, cube_owner=game % 2)
        match.resign(game + 1)
        match.accept_resignation()
    # player 0 resigned 1 and 3 (times the cube 2), player 1 resigned 2
    assert match.score == (4, 2 + 6) and match.match_winner is None
    assert match.money_totals == (20, 40)
    match.new_game()
    assert match.phase is Phase.OPENING and match.game_number == 4


# --- Match ID, Position ID and XGID as gnubg shows them ---------------------------------------------

def test_ids_follow_gnubg_through_a_doubled_game():
    # gnubg, 3-point match, seed 7: player 1 opens with 5-1
    match = new_match(1, 5, length=3)
    match.roll()
    assert match.match_id() == "cIlmAAAAAAAE"
    play_script(match, [
        ("play_text", "8/3 6/5", "pGfwATDgc/ABMA", "MAFgAAAAAAAE"),
        ("double", None, "pGfwATDgc/ABMA", "MBlgAAAAAAAE"),
        ("take", None, "pGfwATDgc/ABMA", "EQFgAAAAAAAE"),
        ("roll", (6, 6), "pGfwATDgc/ABMA", "EQF7AAAAAAAE"),
        ("play_text", "24/18(2) 13/7(2)", "4NvBwQCkZ/ABMA", "UQlgAAAAAAAE"),
        ("double", None, "4NvBwQCkZ/ABMA", "URFgAAAAAAAE"),
        ("take", None, "4NvBwQCkZ/ABMA", "QglgAAAAAAAE"),
        ("roll", (3, 1), "4NvBwQCkZ/ABMA", "QollAAAAAAAE"),
        ("play_text", "8/5 6/5", "5E7wATDg28HBAA", "AgFgAAAAAAAE"),
    ])
    # player 0 owns a 4-cube at 0-0 in a 3-point match: gnubg says the cube is dead
    refused(match, match.double, Reason.DOUBLE_ALREADY_WON)


def test_ids_follow_gnubg_through_a_drop():
    match = new_match(2, 6, length=3)
    match.roll()
    assert match.match_id() == "cAlrAAAAAAAE"
    play_script(match, [
        ("play_text", "24/22 24/18", "4HPwQQjgc/ABMA", "MAFgAAAAAAAE"),
        ("double", None, "4HPwQQjgc/ABMA", "MBlgAAAAAAAE"),
        ("drop", None, "4HPwQQjgc/ABMA", "MAxgABAAAAAE"),
    ])


def test_ids_follow_gnubg_through_a_beaver_in_money_play():
    match = new_match(4, 5, length=0, jacoby=True, beavers=True, automatic_doubles=2)
    match.roll()
    assert match.match_id() == "cIkSAAAAAAAA"
    play_script(match, [
        ("play_text", "13/9 13/8", "4PPCATDgc/ABMA", "MAEAAAAAAAAA"),
        ("double", None, "4PPCATDgc/ABMA", "MBkAAAAAAAAA"),
        ("beaver", None, "4PPCATDgc/ABMA", "EREAAAAAAAAA"),
        ("take", None, "4PPCATDgc/ABMA", "EgEAAAAAAAAA"),
        ("roll", (5, 2), "4PPCATDgc/ABMA", "EoEKAAAAAAAA"),
    ])


def test_ids_follow_gnubg_through_a_resignation_after_the_roll():
    match = new_match(1, 5, length=3)
    match.roll()
    play_script(match, [
        ("resign", 1, "4HPwATDgc/ABMA", "cKFmAAAAAAAE"),
        ("accept_resignation", None, "4HPwATDgc/ABMA", "cKNmABAAAAAE"),
    ])


def test_ids_follow_gnubg_when_the_last_checker_comes_off():
    match = new_match(length=5)
    match.setup(pos({1: 1, 2: 1}, {5: 1, 19: 14}), 1, dice=(2, 1))
    assert (match.position_id(), match.match_id()) == ("4P8HAAIFAAAAAA", "cAmlAAAAAAAE")
    match.play_text("2/off 1/off")
    assert (match.position_id(), match.match_id()) == ("AAAAwP8PAAQAAA", "MAKgAAAAGAAE")
    assert match.score == (0, 3) and match.xgid() is None


def test_xgid_of_a_game_in_play():
    match = new_match(3, 1, length=5)
    match.roll()
    assert match.xgid() == "XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:5:6"
    match.play_text("8/5 6/5")
    match.double()
    assert match.xgid().endswith(":0:0:1:D:0:0:0:5:6")
    match.take()
    match.resign(1)                       # XG has no resignation: the game's XGID
    assert match.xgid() == "XGID=-b----E-C---eE---b-db---B-:1:-1:1:00:0:0:0:5:6"


def test_the_match_id_agrees_with_the_state_in_every_phase():
    match = new_match(3, 1, length=5)
    info = decode_match_id(match.match_id())
    assert info.game_state == 0                     # no game in play before the opening roll
    match.roll()
    info = decode_match_id(match.match_id())
    assert (info.game_state, info.player_on_roll, info.turn, info.dice) == (1, 0, 0, (3, 1))


# --- the clock ----------------------------------------------------------------------------------------

class FakeTime:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_a_player_out_of_time_loses_the_game_for_the_cube_value():
    clock = FakeTime()
    match = new_match(3, 1, length=5, clock=(15, 60), now=clock)
    match.roll()
    match.play_text("8/5 6/5")
    match.double()
    match.take()                               # cube 2, player 1 on roll
    assert match.clock.running == 1
    clock.now += 74                            # 15 s for the move + 59 s of reserve
    assert match.check_clock() is None
    clock.now += 2
    # actions are refused until the flag is applied
    refused(match, match.roll, Reason.TIME_OUT)
    assert match.check_clock() == 1
    assert match.phase is Phase.OVER and match.score == (2, 0)
    assert match.events[-2:] == [{"type": "flag", "player": 1},
                                 {"type": "win", "player": 0, "points": 2, "kind": "time", "cube": 2,
                                  "score": [2, 0]}]
    info = decode_match_id(match.match_id())
    assert (info.game_state, info.resignation, info.turn) == (3, 1, 0)


def test_the_clock_runs_for_the_player_who_must_decide():
    clock = FakeTime()
    match = new_match(3, 1, length=5, clock=(15, 60), now=clock)
    assert match.clock.running is None                  # not before the opening roll
    match.roll()
    assert match.clock.running == 0
    clock.now += 20                                     # 5 s of player 0's reserve
    match.play_text("8/5 6/5")
    assert match.clock.running == 1 and match.clock.remaining(0) == (15.0, 55.0)
    match.double()
    assert match.clock.running == 0                     # the taker thinks
    match.take()
    assert match.clock.running == 1
    match.resign(1)
    assert match.clock.running == 0
    match.accept_resignation()
    assert match.clock.running is None
    match.new_game()                                    # each game has fresh clocks
    assert match.clock.remaining(0) == (15.0, 60.0)


def test_without_a_clock_check_clock_does_nothing():
    match = new_match(3, 1, length=5)
    match.roll()
    assert match.clock is None and match.check_clock() is None


# --- the both-dice opening (rule text 003) -------------------------------------------------------------

def test_both_dice_opening_the_higher_total_starts_with_his_own_throw():
    match = new_match(6, 5, 3, 1, length=5, opening="both_dice")
    assert match.roll() == (6, 5)
    assert match.player_on_roll == 0
    assert match.events[1] == {"type": "opening_roll", "dice": [[6, 5], [3, 1]], "player": 0}


def test_both_dice_opening_equal_totals_throw_again_and_doubles_may_start():
    match = new_match(4, 2, 5, 1, 1, 1, 6, 6, length=5, opening="both_dice")
    assert match.roll() == (6, 6)
    assert match.player_on_roll == 1
    assert match.events[1]["player"] is None
    match.play_text("24/18(2) 13/7(2)")                 # four moves of a doublet
    assert match.player_on_roll == 0


def test_both_dice_opening_the_winner_may_throw_again_and_must_play_it():
    match = new_match(6, 5, 3, 1, 2, 1, length=5, opening="both_dice")
    match.roll()
    assert match.can_reroll()
    assert match.reroll() == (2, 1)
    assert not match.can_reroll()
    refused(match, match.reroll, Reason.REROLL_NOT_ALLOWED)
    match.play_text("13/11 6/5")
    assert match.events[2] == {"type": "reroll", "player": 0, "dice": [2, 1]}


def test_both_dice_opening_no_throw_again_once_a_checker_moved():
    match = new_match(6, 5, 3, 1, length=5, opening="both_dice")
    match.roll()
    match.step(24, 18)
    match.undo()
    refused(match, match.reroll, Reason.REROLL_NOT_ALLOWED)


def test_the_standard_opening_cannot_be_thrown_again():
    match = new_match(6, 5, length=5)
    match.roll()
    refused(match, match.reroll, Reason.REROLL_NOT_ALLOWED)


# --- saving and loading --------------------------------------------------------------------------------

def random_action(match, rng):
    """One random action the rules allow now (a random legal-move player)."""
    phase = match.phase
    if phase is Phase.OVER:
        return match.new_game()
    if phase is Phase.OPENING:
        return match.roll()
    if phase is Phase.ROLL_OR_DOUBLE:
        r = rng.random()
        if r < 0.08 and match.can_double():
            return match.double()
        if r > 0.995:
            return match.resign(rng.randint(1, 3))
        return match.roll()
    if phase is Phase.DOUBLED:
        r = rng.random()
        if r < 0.2 and match.refusal("beaver") is None:
            return match.beaver()
        return match.take() if r < 0.85 else match.drop()
    if phase is Phase.RESIGNATION_OFFERED:
        return match.accept_resignation() if rng.random() < 0.6 else match.reject_resignation()
    turn = match.turn
    if match.can_reroll() and rng.random() < 0.3:
        return match.reroll()
    if turn.is_complete:
        return match.undo() if turn.played and rng.random() < 0.05 else match.done()
    r = rng.random()
    if r < 0.25:
        return match.play_move(rng.choice(list(turn.plays)))
    if r < 0.3:
        return match.play_text(str(rng.choice(list(turn.plays))))
    if r < 0.35 and turn.played:
        return match.undo()
    step = rng.choice(turn.legal_steps())
    if r < 0.7:
        return match.step(step.source, step.target)
    return match.auto_step(step.source, rng.choice(("high", "low")))


CONFIGS = [
    {"length": 1},
    {"length": 3},
    {"length": 0, "jacoby": True, "beavers": True, "automatic_doubles": 1},
    {"length": 2, "opening": "both_dice"},
]


def assert_same_state(a, b):
    assert a.to_dict() == b.to_dict()
    assert (a.phase, a.position_id(), a.match_id(), a.xgid(), a.position, a.dice, a.score) == \
        (b.phase, b.position_id(), b.match_id(), b.xgid(), b.position, b.dice, b.score)
    assert (a.turn is None) == (b.turn is None)
    if a.turn is not None:
        assert (a.turn.played, a.turn.remaining_dice) == (b.turn.played, b.turn.remaining_dice)
    assert a.events == b.events and a.available_actions() == b.available_actions()


@pytest.mark.parametrize("seed, config", list(enumerate(CONFIGS)))
def test_a_match_saved_after_any_action_reloads_exactly(seed, config):
    rng = random.Random(seed)
    match = Match(MatchConfig(**config), SeededDice(seed))
    for _ in range(120):
        if match.match_winner is not None:
            break
        random_action(match, rng)
        data = match.to_dict()
        assert_same_state(Match.from_dict(json.loads(json.dumps(data))), match)


@pytest.mark.slow
@pytest.mark.parametrize("seed, config", list(enumerate(CONFIGS)))
def test_a_reloaded_match_plays_on_exactly_as_the_original(seed, config):
    # The same match played twice: straight, and reloaded from its data after every action.
    games = []
    for reload in (False, True):
        rng = random.Random(seed)
        match = Match(MatchConfig(**config), SeededDice(1000 + seed))
        for _ in range(400):
            if match.match_winner is not None or match.game_number > 3:
                break
            random_action(match, rng)
            if reload:
                match = Match.from_dict(match.to_dict())
        games.append(match.to_dict())
    assert games[0] == games[1]


def test_a_reload_in_the_middle_of_a_turn_keeps_dice_steps_and_clock():
    clock = FakeTime()
    match = new_match(3, 1, length=5, clock=(30, 90), now=clock)
    match.dice_source.push((6, 6))
    match.roll()
    clock.now += 40
    match.step(8, 5)
    data = json.loads(json.dumps(match.to_dict()))
    clock.now += 1000                         # time spent saved is not counted
    again = Match.from_dict(data, now=clock)
    assert again.turn.played == match.turn.played and again.dice == (3, 1)
    assert again.turn.remaining_dice == (1,)
    assert again.clock.running == 0 and again.clock.remaining(0) == (0.0, 80.0)
    assert again.dice_source.pending == (6, 6)
    again.step(6, 5)
    again.done()
    assert again.roll() == (6, 6)


def test_a_setup_game_reloads():
    match = new_match(6, 5, length=0, beavers=True)
    match.setup(CLOSED_OUT, 1, cube_value=2, cube_owner=1)
    match.double()
    match.beaver()
    assert_same_state(Match.from_dict(match.to_dict()), match)


def corrupt(data, change):
    data = copy.deepcopy(data)
    change(data)
    return data


def saved_match():
    match = new_match(3, 1, 6, 4, length=3)
    match.roll()
    match.play_text("8/5 6/5")
    match.double()
    match.take()
    match.roll()
    match.step(24, 18)
    return match.to_dict()


def find(data, kind):
    return next(e for e in data["events"] if e["type"] == kind)


@pytest.mark.parametrize("change", [
    lambda d: d.update(schema=2),
    lambda d: d.update(extra=1),
    lambda d: d.pop("events"),
    lambda d: d.update(events=[]),
    lambda d: d.update(events="game_start"),
    lambda d: d["config"].update(length=-1),
    lambda d: d["config"].update(colour="red"),
    lambda d: d.update(dice={"kind": "loaded"}),
    lambda d: d.update(clock={"per_move": 1}),
    lambda d: d["events"].pop(0),
    lambda d: d["events"].insert(2, {"type": "win", "player": 0}),
    lambda d: d["events"].append({"type": "explode"}),
    lambda d: d["events"].append({"type": "take", "player": 0, "cube": 4}),
    lambda d: d["events"].append(7),
    lambda d: find(d, "move").update(move="13/10 13/12"),
    lambda d: find(d, "move").update(move="24/x"),
    lambda d: find(d, "take").update(cube=8),
    lambda d: find(d, "roll").update(dice=[7, 1]),
    lambda d: find(d, "roll").update(dice=[5, 5]),
    lambda d: find(d, "opening_roll").update(dice=[2, 2]),
    lambda d: d["events"][0].update(crawford=True),
])
def test_bad_saved_data_raises_a_typed_error_and_builds_nothing(change):
    data = corrupt(saved_match(), change)
    kept = copy.deepcopy(data)
    with pytest.raises(InvalidMatchError):
        Match.from_dict(data)
    assert data == kept                        # the data given is not touched


def test_saved_data_must_be_a_dict():
    for data in (None, [], "match", 3):
        with pytest.raises(InvalidMatchError):
            Match.from_dict(data)


def test_a_truncated_log_is_an_earlier_state_of_the_same_match():
    data = saved_match()
    data["events"] = data["events"][:3]
    match = Match.from_dict(data)
    assert match.phase is Phase.ROLL_OR_DOUBLE and match.player_on_roll == 1


# --- the configuration -----------------------------------------------------------------------------------

def test_the_config_round_trips_through_plain_data():
    config = MatchConfig(length=0, stake=2.5, automatic_doubles=1, jacoby=True, beavers=True,
                         opening="both_dice", clock=(30, 120), names=("Ann", "Bob"), max_cube=256)
    data = json.loads(json.dumps(config.to_dict()))
    assert MatchConfig.from_dict(data) == config


@pytest.mark.parametrize("bad", [
    {"length": 26}, {"length": -1}, {"length": 2.0}, {"crawford": 1}, {"max_cube": 48},
    {"max_cube": 0}, {"stake": 0}, {"stake": "1"}, {"automatic_doubles": -1}, {"opening": "french"},
    {"clock": (0, 60)}, {"clock": (30,)}, {"names": ("Ann",)}, {"names": ("Ann", 2)},
])
def test_a_bad_config_is_refused(bad):
    with pytest.raises(InvalidMatchError):
        MatchConfig(**bad)


def test_setup_refuses_bad_arguments():
    match = new_match(length=5)
    for kwargs in ({"position": "nonsense"}, {"position": Position.start(), "player_on_roll": 2},
                   {"position": Position.start(), "cube_value": 3},
                   {"position": pos({}, {13: 15})}, {"position": Position.start(), "dice": (0, 1)}):
        with pytest.raises(InvalidMatchError):
            match.setup(**kwargs)
    assert match.phase is Phase.OPENING and len(match.events) == 1


# --- complete random games ---------------------------------------------------------------------------------

def check_invariants(match, previous_score):
    for board in (match.position, match.game.position):
        for side in (board.mine, board.theirs):
            assert all(n >= 0 for n in side)
            assert sum(side[:24]) + side[24] + (15 - sum(side)) == 15 and sum(side) <= 15
    cube = match.cube_value
    assert cube & (cube - 1) == 0 and 1 <= cube <= match.config.max_cube
    assert match.cube_owner in (None, 0, 1)
    assert all(a >= b for a, b in zip(match.score, previous_score))
    assert sum(match.score) == sum(result.points for result in match.results)
    info = decode_match_id(match.match_id()) if max(match.score) <= (match.config.length or 10**6) \
        else None
    if info is not None:
        assert (info.cube_value, info.cube_owner, info.score) == (cube, match.cube_owner, match.score)
        assert info.dice == (None if match.dice is None else tuple(sorted(match.dice, reverse=True)))
    assert Position.from_position_id(match.position_id()) == match.game.position
    if match.phase is Phase.MOVING:
        assert match.dice is not None and match.turn is not None
    if match.phase in (Phase.ROLL_OR_DOUBLE, Phase.DOUBLED, Phase.OPENING):
        assert match.dice is None


@pytest.mark.parametrize("config", [
    {"length": 3}, {"length": 5, "opening": "both_dice"}, {"length": 0, "jacoby": True, "beavers": True,
                                                           "automatic_doubles": 2},
])
def test_random_legal_play_to_the_end_keeps_every_invariant(config):
    for seed in range(12):
        rng = random.Random(seed)
        match = Match(MatchConfig(**config), SeededDice(seed))
        for _ in range(20000):
            score = match.score
            random_action(match, rng)
            check_invariants(match, score)
            if match.match_winner is not None or (not config["length"] and match.game_number > 4):
                break
        if config["length"]:
            assert match.match_winner is not None
            assert max(match.score) >= config["length"]
            assert match.events[-1]["type"] == "match_win"
        assert all(result.points % result.cube == 0 for result in match.results)


# --- a match that starts at a score (a Match ID or an XGID opened as a new match) --------------------------

def test_a_match_may_start_at_a_score_and_the_match_id_says_so():
    match = Match(MatchConfig(length=7), ManualDice([]), score=(3, 5))
    match.setup(Position.start(), 1, cube_value=2, cube_owner=0, dice=(5, 2))
    info = decode_match_id(match.match_id())
    assert info.score == (3, 5) and info.match_length == 7 and not info.crawford
    assert (info.cube_value, info.cube_owner, info.player_on_roll, info.dice) == (2, 0, 1, (5, 2))


def test_a_match_started_at_a_score_reloads_at_that_score():
    match = Match(MatchConfig(length=5), ManualDice([]), score=(4, 2), crawford=True)
    match.setup(Position.start(), 0, dice=(3, 1))
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert again.score == (4, 2) and again.is_crawford_game
    assert again.match_id() == match.match_id() and decode_match_id(again.match_id()).crawford


def test_the_crawford_game_has_no_cube_and_the_games_after_it_have_one():
    crawford = Match(MatchConfig(length=5), ManualDice([]), score=(2, 4), crawford=True)
    crawford.setup(Position.start(), 0)
    assert not crawford.can_double()
    post = Match(MatchConfig(length=5), ManualDice([]), score=(2, 4))
    post.setup(Position.start(), 0)
    assert post.is_post_crawford and post.can_double()


@pytest.mark.parametrize("score, crawford, length", [
    ((5, 0), False, 5), ((-1, 0), False, 5), ((1,), False, 5), ((1.5, 0), False, 5),
    ((4, 4), True, 5), ((2, 2), True, 5), ((0, 0), True, 0), ((4, 0), "yes", 5),
])
def test_an_impossible_starting_score_is_refused(score, crawford, length):
    with pytest.raises(InvalidMatchError):
        Match(MatchConfig(length=length), score=score, crawford=crawford)


@pytest.mark.parametrize("player, owner", [(0.0, None), (-0.0, None), (1, 0.0), (True, None)])
def test_a_set_up_position_takes_only_whole_players(player, owner):
    # a saved match with a float player (JSON turns 0 into 0.0 in other hands) is refused
    with pytest.raises(InvalidMatchError):
        Match(MatchConfig(length=0)).setup("4HPwATDgc/ABMA", player, cube_value=2 if owner is not None
                                           else 1, cube_owner=owner)


def test_a_board_set_during_a_game_replaces_the_turn_and_is_refused_while_a_double_waits():
    from game.dice import ManualDice
    from game.errors import IllegalActionError
    match = Match(MatchConfig(length=5), ManualDice([3, 1, 6, 5]))
    match.roll()
    with pytest.raises(IllegalActionError):
        match.setup(Position.start(), 1)                 # without edit: only before the opening
    match.setup(Position.start(), 1, edit=True)          # the turn in play is dropped
    assert (match.phase, match.player_on_roll, match.dice) == (Phase.ROLL_OR_DOUBLE, 1, None)
    match.double()
    with pytest.raises(IllegalActionError):
        match.setup(Position.start(), 0, edit=True)
    again = Match.from_dict(match.to_dict())            # the edit replays from the saved log
    assert again.phase is Phase.DOUBLED and again.position_id() == match.position_id()
