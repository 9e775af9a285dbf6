"""game.turn: a turn played checker by checker, each test named after the rule it checks.

Fixtures are built with :func:`pos`: my checkers and the opponent's, both on
*my* point numbers (the opponent's own number is 25 minus mine), so a test
reads like the board the player sees.
"""

import functools
import random

import pytest

from game import IllegalActionError, IllegalMoveError, Position, Reason, Step
from game.turn import Turn

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]   # the 21 distinct rolls


def pos(mine, opp):
    """A position from the mover's side; ``opp`` is keyed by the mover's point numbers."""
    theirs = {("bar" if point in ("bar", 25) else 25 - point): n for point, n in opp.items()}
    return Position.from_counts(mine, theirs)


def refusal(call):
    """Run ``call`` and return the IllegalMoveError it raises."""
    with pytest.raises(IllegalMoveError) as info:
        call()
    return info.value


def state(turn):
    return (turn.current, turn.played, turn.remaining_dice, turn.is_complete, turn.legal_steps())


# --- single hops ----------------------------------------------------------------

def test_a_checker_may_not_land_on_a_point_held_by_two_opponents():
    # Given my checker on 13 and two opposing checkers on my 7
    turn = Turn(pos({13: 1, 2: 14}, {7: 2}), (6, 1))
    # When I try 13/7 with the 6
    error = refusal(lambda: turn.step(13, 7))
    # Then the point is blocked
    assert error.reason is Reason.POINT_BLOCKED
    assert error.details["point"] == 7


def test_a_checker_on_the_bar_must_enter_before_any_other_checker_moves():
    # Given a checker on the bar
    turn = Turn(pos({"bar": 1, 13: 5, 6: 5}, {}), (3, 1))
    # When I try to move another checker
    error = refusal(lambda: turn.step(13, 10))
    # Then I must enter first, and only entering steps are offered
    assert error.reason is Reason.MUST_ENTER_FIRST
    assert {step.source for step in turn.legal_steps()} == {25}


def test_entering_on_a_closed_point_is_refused_as_entry_blocked():
    # Given a checker on the bar and my 19 (the 6 entry) held by the opponent
    turn = Turn(pos({"bar": 1, 6: 5}, {19: 2}), (6, 5))
    # When I try bar/19
    error = refusal(lambda: turn.step(25, 19))
    # Then the entry is blocked
    assert error.reason is Reason.ENTRY_BLOCKED
    assert error.details["point"] == 19


def test_a_step_needs_a_checker_on_its_source():
    turn = Turn(Position.start(), (3, 1))
    assert refusal(lambda: turn.step(20, 17)).reason is Reason.NO_CHECKER
    assert refusal(lambda: turn.auto_step(3)).reason is Reason.NO_CHECKER
    assert refusal(lambda: turn.step(99, 1)).reason is Reason.NO_CHECKER


def test_a_step_needs_a_die_or_a_sum_of_dice_for_its_distance():
    # Given 3-1 at the start
    turn = Turn(Position.start(), (3, 1))
    # When I try 13/11 (two pips)
    error = refusal(lambda: turn.step(13, 11))
    # Then no remaining die fits
    assert error.reason is Reason.NO_SUCH_DIE
    assert error.details == {"distance": 2, "dice": [3, 1]}


def test_checkers_only_move_towards_home():
    turn = Turn(Position.start(), (3, 1))
    assert refusal(lambda: turn.step(8, 11)).reason is Reason.WRONG_DIRECTION
    assert refusal(lambda: turn.step(8, 8)).reason is Reason.WRONG_DIRECTION


# --- compulsory play ---------------------------------------------------------------

def test_both_dice_must_be_played_when_possible():
    # Given 6-1: 13/7 is blocked, so the only way to play both dice is 13/12/6
    turn = Turn(pos({13: 1, 2: 14}, {7: 2}), (6, 1))
    # When I play the 1 with a checker on 2 (after which the 6 cannot be played)
    error = refusal(lambda: turn.step(2, 1))
    # Then I am told to use both dice, and the forced play is known
    assert error.reason is Reason.MUST_USE_BOTH_DICE
    assert str(turn.forced) == "13/6"
    assert turn.legal_steps() == [Step(13, 12)]


def test_the_higher_die_must_be_played_when_only_one_die_can_be():
    # Given 5-4 and a lone checker on 11 that can play either die, but not both
    turn = Turn(pos({11: 1}, {2: 2}), (5, 4))
    assert turn.max_dice == 1
    # When I play the 4
    error = refusal(lambda: turn.step(11, 7))
    # Then the 5 was compulsory
    assert error.reason is Reason.MUST_USE_HIGHER_DIE
    assert error.details == {"die": 5}
    assert turn.destinations(11) == (6,)


def test_could_enter_with_either_die_but_must_use_bigger_one():
    # Given a checker on the bar and 6-5; after entering, the other die is blocked on my 14
    turn = Turn(pos({"bar": 1, 1: 14}, {14: 2}), (6, 5))
    # When I enter with the 5
    error = refusal(lambda: turn.step(25, 20))
    # Then the 6 must be used; entering with it completes the turn
    assert error.reason is Reason.MUST_USE_HIGHER_DIE
    turn.step(25, 19)
    assert turn.is_complete and turn.remaining_dice == (5,)


def test_one_checker_may_enter_when_the_other_cannot():
    # Given two checkers on the bar and 6-5 with my 19 closed (rule 002: partial entry)
    turn = Turn(pos({"bar": 2, 6: 5}, {19: 2}), (6, 5))
    # When one checker enters with the 5
    turn.step(25, 20)
    # Then the turn is over: the 6 cannot be played while a checker is still out
    assert turn.is_complete
    assert turn.max_dice == 1
    assert refusal(lambda: turn.step(25, 19)).reason is Reason.TURN_COMPLETE


def test_doubles_are_played_four_times_and_combined_moves_may_use_two_to_four_of_them():
    # Given 4-4 and two checkers on 13; an opposing blot on my 5
    turn = Turn(pos({13: 2}, {5: 1, 20: 1}), (4, 4))
    # Then one checker can reach 9, 5 (hitting) or 1
    assert turn.destinations(13) == (9, 5, 1)
    # When I move 13/5 in one drag
    played = turn.step(13, 5)
    # Then it is played as two single steps, the second one hitting
    assert played == [Step(13, 9), Step(9, 5, True)]
    assert turn.current.on_bar() == (0, 1)
    assert turn.remaining_dice == (4, 4)
    assert not turn.is_complete


def test_a_turn_may_not_end_before_every_playable_die_is_used():
    turn = Turn(Position.start(), (6, 6))
    turn.step(24, 18)
    with pytest.raises(IllegalActionError) as info:
        turn.result()
    assert info.value.reason is Reason.TURN_INCOMPLETE


def test_no_step_is_allowed_once_the_dice_are_played():
    turn = Turn(Position.start(), (3, 1))
    turn.step(8, 5)
    turn.step(6, 5)
    assert turn.legal_steps() == []
    assert turn.destinations(13) == ()
    error = refusal(lambda: turn.step(13, 10))
    assert error.reason is Reason.TURN_COMPLETE


def test_a_player_who_cannot_move_passes():
    # Given a checker on the bar and a closed board
    closed = {point: 2 for point in range(19, 25)}
    turn = Turn(pos({"bar": 1, 6: 14}, closed), (6, 5))
    # Then there is no move, the turn is complete, and the opponent is on roll
    assert turn.no_move and turn.is_complete and turn.forced is None
    assert turn.result() == turn.position.swapped()
    assert refusal(lambda: turn.step(25, 20)).reason is Reason.NO_LEGAL_MOVE


# --- combined moves ---------------------------------------------------------------

def test_a_combined_move_needs_an_open_intermediate_point():
    # Given 6-5 from 13, my 7 and my 8 both held by the opponent: 13/2 cannot touch down
    turn = Turn(pos({13: 1, 6: 5}, {7: 2, 8: 2}), (6, 5))
    assert 2 not in turn.destinations(13)
    error = refusal(lambda: turn.step(13, 2))
    assert error.reason is Reason.INTERMEDIATE_BLOCKED


def test_a_combined_move_goes_through_the_open_intermediate_point():
    # Given 6-5 from 13 with only my 7 closed: 13/8/2 is the way
    turn = Turn(pos({13: 1, 6: 5}, {7: 2}), (6, 5))
    assert turn.destinations(13) == (8, 2)
    assert turn.step(13, 2) == [Step(13, 8), Step(8, 2)]


def test_a_combined_move_takes_the_larger_die_first_when_both_ways_are_open():
    turn = Turn(Position.start(), (6, 5))
    assert turn.step(24, 13) == [Step(24, 18), Step(18, 13)]


# --- bearing off ----------------------------------------------------------------------

def test_bearing_off_needs_every_checker_home():
    turn = Turn(pos({8: 1, 3: 1}, {20: 2}), (6, 4))
    error = refusal(lambda: turn.step(3, 0))
    assert error.reason is Reason.BEAR_OFF_NOT_ALL_HOME
    assert error.details["outside"] == [8]


def test_a_die_larger_than_needed_bears_off_only_from_the_highest_point():
    # Given checkers on 5 and 3 and 6-2
    turn = Turn(pos({5: 1, 3: 1}, {}), (6, 2))
    # When I bear off from 3 with the 6
    error = refusal(lambda: turn.step(3, 0))
    # Then the checker on 5 must go first
    assert error.reason is Reason.BEAR_OFF_HIGHER_CHECKER
    assert error.details["higher"] == [5]
    # And bearing off the 5 with the 6 is fine
    assert turn.step(5, 0) == [Step(5, 0)]


def test_a_checker_may_be_borne_off_with_the_smaller_die_first_then_the_larger():
    # Given one checker on 4, 3-2 (rule 003: play the smaller die first to bear off)
    turn = Turn(pos({4: 1}, {}), (3, 2))
    assert turn.destinations(4) == (2, 1, 0)
    turn.step(4, 0)
    assert turn.is_complete and turn.current.winner() == 0


# --- clicks ---------------------------------------------------------------------------

def test_one_click_moves_by_the_higher_die_or_the_other_one():
    turn = Turn(Position.start(), (6, 1))
    assert turn.auto_step(24) == Step(24, 18)
    turn.undo()
    assert turn.auto_step(24, use="low") == Step(24, 23)
    assert turn.remaining_dice == (6,)
    # With only one die allowed for a checker, both clicks use it (13/12 is blocked)
    assert turn.auto_step(13, use="low") == Step(13, 7)


def test_one_click_falls_back_to_the_die_that_is_allowed():
    # Given 6-1 where the 6 from 13 is blocked
    turn = Turn(pos({13: 1, 6: 14}, {7: 2}), (6, 1))
    # When I click 13 asking for the high die
    # Then the 1 is played, and the 6 follows from 12
    assert turn.auto_step(13) == Step(13, 12)
    assert turn.auto_step(12) == Step(12, 6)


def test_all_destinations_maps_every_movable_checker():
    turn = Turn(Position.start(), (3, 1))
    assert turn.all_destinations() == {24: (23, 21, 20), 13: (10, 9), 8: (7, 5, 4), 6: (5, 3, 2)}


# --- undo, results, messages ------------------------------------------------------------

def test_undo_takes_back_the_last_step_and_undo_all_every_step():
    turn = Turn(Position.start(), (5, 5))
    turn.step(13, 3)
    assert turn.undo() == Step(8, 3)
    assert turn.played == (Step(13, 8),)
    assert turn.undo_all() == [Step(13, 8)]
    assert turn.played == () and turn.current is turn.position
    with pytest.raises(IllegalActionError) as info:
        turn.undo()
    assert info.value.reason is Reason.NOTHING_TO_UNDO


def test_a_refused_step_changes_nothing():
    turn = Turn(pos({13: 1, 6: 5}, {7: 2, 8: 2}), (6, 5))
    before = state(turn)
    for source, target in ((13, 2), (13, 7), (6, 0), (20, 14), (6, 9), (6, 4)):
        with pytest.raises(IllegalMoveError):
            turn.step(source, target)
        assert state(turn) == before


def test_current_keeps_the_mover_on_roll_and_result_hands_over():
    turn = Turn(pos({13: 2}, {9: 1}), (4, 2))
    turn.step(13, 9)
    assert turn.played == (Step(13, 9, True),)
    assert turn.current.mine[8] == 1 and turn.current.on_bar() == (0, 1)
    turn.step(13, 11)
    assert turn.result().on_bar() == (1, 0)


def test_result_is_the_same_object_as_playing_the_legal_move():
    start = Position.start()
    turn = Turn(start, (3, 1))
    turn.step(8, 5)
    turn.step(6, 5)
    play = turn.plays.find(start.parse_move("8/5 6/5", (3, 1)))
    assert turn.result() is start.play(play)
    assert turn.move in turn.plays


def test_a_refusal_names_the_position_and_the_dice():
    turn = Turn(Position.start(), (6, 5))
    turn.step(24, 18)
    error = refusal(lambda: turn.step(6, 3))
    assert "4HPwATDgc/ABMA" in str(error) and "6-5" in str(error) and "after 24/18" in str(error)


# --- properties over many positions ---------------------------------------------------------

@functools.lru_cache(maxsize=None)
def sample_positions(games=4, every=3, seed=20240521):
    """Positions met in random self-play from the start (contact, races, bear-offs)."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        position = Position.start()
        ply = 0
        while position.winner() is None:
            if ply % every == 0:
                found.append(position)
            plays = position.legal_moves((rng.randint(1, 6), rng.randint(1, 6)))
            position = position.play(rng.choice(list(plays))) if plays else position.swapped()
            ply += 1
    return tuple(found)


def test_positions_sample_covers_the_game():
    positions = sample_positions()
    assert len(positions) > 80
    assert any(p.on_bar()[0] for p in positions)
    assert any(p.all_home() for p in positions)


def test_every_legal_play_can_be_played_step_by_step():
    for position in sample_positions()[::2]:
        for dice in ROLLS:
            turn = Turn(position, dice)
            for play in turn.plays:
                turn.undo_all()
                for step in play:
                    assert step in turn.legal_steps(), (position, dice, str(play), step)
                    turn.step(step.source, step.target)
                assert turn.is_complete
                assert turn.result() is position.play(play)
                assert turn.result() in turn.plays.results()


def test_any_sequence_of_allowed_steps_ends_in_a_legal_play():
    rng = random.Random(7)
    for position in sample_positions():
        for dice in ROLLS:
            turn = Turn(position, dice)
            results = set(turn.plays.results())
            for _ in range(3):
                turn.undo_all()
                while not turn.is_complete:
                    steps = turn.legal_steps()
                    assert steps, (position, dice, turn.played)
                    step = rng.choice(steps)
                    turn.step(step.source, step.target)
                if turn.no_move:
                    assert turn.result() == position.swapped()
                else:
                    assert turn.result() in results


def test_undo_restores_the_exact_previous_state():
    rng = random.Random(11)
    for position in sample_positions()[1::2]:
        for dice in ROLLS:
            turn = Turn(position, dice)
            while not turn.is_complete:
                before = state(turn)
                step = rng.choice(turn.legal_steps())
                turn.step(step.source, step.target)
                assert turn.undo() == step
                assert state(turn) == before
                turn.step(step.source, step.target)


def test_every_destination_is_accepted_and_nothing_else_is():
    rng = random.Random(13)
    for position in sample_positions()[::8]:
        for dice in ROLLS:
            turn = Turn(position, dice)
            while not turn.is_complete:
                before = state(turn)
                single = {(s.source, s.target) for s in turn.legal_steps()}
                reach = turn.all_destinations()
                assert single <= {(s, t) for s, targets in reach.items() for t in targets}
                mine = turn.current.mine
                for source in [p for p in range(1, 26) if mine[p - 1]] + [0, 26]:
                    targets = set(reach.get(source, ()))
                    for target in range(0, 25):
                        if target in targets:
                            played = turn.step(source, target)
                            assert played[0].source == source and played[-1].target == target
                            for _ in played:
                                turn.undo()
                        else:
                            with pytest.raises(IllegalMoveError):
                                turn.step(source, target)
                        assert state(turn) == before
                step = rng.choice(turn.legal_steps())
                turn.step(step.source, step.target)
