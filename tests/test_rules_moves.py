"""The rules of moving checkers, one test per rule, each with a small board.

Fixtures use ``pos(mine, theirs)``: dicts of ``{point: count}`` counted from
each player's own side (``"bar"`` for the bar); the player on roll is
``mine``.  Their point ``p`` is my point ``25 - p``.
"""

import pytest

from game import IllegalMoveError, Position, Reason


def pos(mine, theirs):
    return Position.from_counts(mine, theirs)


def results(position, dice):
    """The set of positions (opponent on roll) the legal plays lead to."""
    return set(position.legal_moves(dice).results())


def after(position, text, dice):
    return position.play(position.parse_move(text, dice))


def refusal(position, text, dice):
    with pytest.raises(IllegalMoveError) as caught:
        position.parse_move(text, dice)
    return caught.value


# --- setting up ----------------------------------------------------------------

def test_start_position_has_two_five_three_five_on_24_13_8_6():
    start = Position.start()
    assert start.mine == start.theirs
    assert {i + 1: n for i, n in enumerate(start.mine) if n} == {24: 2, 13: 5, 8: 3, 6: 5}
    assert start.pips() == (167, 167)
    assert start.borne_off() == (0, 0)


# --- moving --------------------------------------------------------------------

def test_each_die_is_a_separate_move_by_any_checker():
    start = Position.start()
    # Given 3-1 from the start, 24/21 and 6/5 move two different checkers.
    assert "24/21 6/5" in [str(m) for m in start.legal_moves((3, 1))]


def test_the_dice_may_be_played_in_either_order():
    # Given one checker on 10 and their point on my 4 (their 21),
    # the 6 first (10/4) is blocked, but the 1 first (10/9/3) is open.
    board = pos({10: 1, 1: 14}, {21: 2, 12: 13})
    plays = board.legal_moves((6, 1))
    assert [str(play) for play in plays] == ["10/3"]
    assert [step.target for step in plays[0]] == [9, 3]


def test_one_checker_uses_both_dice_only_through_an_open_point():
    # My 18 (their 7) and my 19 (their 6) are both closed: 24/13 is impossible.
    closed_both = pos({24: 1, 6: 14}, {7: 2, 6: 2, 10: 11})
    error = refusal(closed_both, "24/13", (6, 5))
    assert error.reason in (Reason.INTERMEDIATE_BLOCKED, Reason.POINT_BLOCKED)
    # Open one of them and the combined move is allowed through it.
    one_open = pos({24: 1, 6: 14}, {7: 2, 10: 13})
    assert after(one_open, "24/13", (6, 5)).theirs[12] == 1   # my 13, seen from them


def test_a_combined_move_hits_a_blot_it_touches_down_on():
    # Their blot sits on my 18: 24/18*/13 hits it on the way.
    board = pos({24: 1, 6: 14}, {7: 1, 10: 14})
    result = after(board, "24/18*/13", (6, 5))
    assert result.mine[24] == 1          # the hit checker is on the bar (now on roll)
    assert str(board.parse_move("24/18*/13", (6, 5))) == "24/18*/13"


def test_a_combined_move_may_avoid_the_blot_through_the_other_point():
    board = pos({24: 1, 6: 14}, {7: 1, 10: 14})
    quiet = board.parse_move("24/19/13", (6, 5))
    assert board.play(quiet).mine[24] == 0


def test_doubles_are_played_four_times():
    start = Position.start()
    plays = [str(m) for m in start.legal_moves((6, 6))]
    assert "24/18(2) 13/7(2)" in plays
    assert all(len(m) == 4 for m in start.legal_moves((6, 6)))


def test_a_hit_sends_the_blot_to_the_bar():
    board = pos({13: 2, 6: 13}, {16: 1, 1: 14})      # their 16 is my 9
    result = after(board, "13/9* 6/4", (4, 2))
    assert result.mine[24] == 1


# --- the bar ---------------------------------------------------------------------

def test_checkers_on_the_bar_must_enter_before_anything_else():
    board = pos({"bar": 1, 13: 14}, {1: 15})
    assert all(play.steps[0].source == 25 for play in board.legal_moves((6, 1)))
    assert refusal(board, "13/7 13/12", (6, 1)).reason is Reason.MUST_ENTER_FIRST


def test_partial_entry_when_only_one_die_enters():
    # Two on the bar; their home board is closed except my 22 (their 3) and 24 (their 1).
    board = pos({"bar": 2, 13: 13}, {6: 2, 5: 2, 4: 2, 2: 2, 13: 7})
    plays = board.legal_moves((3, 5))
    assert [str(m) for m in plays] == ["bar/22"]
    assert refusal(board, "bar/20", (3, 5)).reason is Reason.ENTRY_BLOCKED


def test_no_entry_means_no_move():
    board = pos({"bar": 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    for dice in ((6, 6), (5, 2), (1, 1)):
        assert not board.legal_moves(dice)
    assert refusal(board, "bar/20", (5, 2)).reason is Reason.NO_LEGAL_MOVE


# --- bearing off ---------------------------------------------------------------

def test_bearing_off_needs_every_checker_home():
    board = pos({7: 1, 6: 2, 3: 12}, {24: 15})
    error = refusal(board, "3/off 3/off", (3, 3))
    assert error.reason is Reason.BEAR_OFF_NOT_ALL_HOME


def test_bearing_off_with_the_exact_number():
    board = pos({6: 2, 3: 13}, {24: 15})
    assert after(board, "6/off 3/off", (6, 3)).borne_off() == (0, 2)


def test_a_higher_die_bears_off_from_the_highest_point():
    board = pos({5: 1, 2: 2}, {24: 15})
    assert after(board, "5/off 2/off", (6, 3)).borne_off()[1] == 14


def test_a_higher_die_cannot_bear_off_below_an_occupied_higher_point():
    board = pos({5: 1, 2: 2}, {24: 15})
    error = refusal(board, "2/off 2/off", (6, 4))
    assert error.reason is Reason.BEAR_OFF_HIGHER_CHECKER
    assert error.details["higher"] == [5]


def test_moving_inside_instead_of_bearing_off_is_allowed():
    board = pos({6: 2, 5: 13}, {12: 15})
    assert after(board, "6/5 6/1", (5, 1)) in results(board, (5, 1))


def test_smaller_die_first_to_avoid_a_shot():
    # Rule text 003: one checker on 5, two on 2, 6-3: play 5/2 then 2/off.
    board = pos({5: 1, 2: 2}, {1: 1, "bar": 1, 24: 13})
    safe = after(board, "5/2 2/off", (6, 3))
    assert safe.theirs[1] == 2 and safe.borne_off()[1] == 13


def test_a_checker_hit_while_bearing_off_must_come_home_first():
    board = pos({"bar": 1, 6: 4, 1: 3}, {12: 15})
    plays = board.legal_moves((6, 5))
    assert all(step.target != 0 for play in plays for step in play)
    assert refusal(board, "6/off 6/1", (6, 5)).reason is Reason.MUST_ENTER_FIRST


# --- compulsory moves ------------------------------------------------------------

def test_both_dice_must_be_played_when_possible():
    start = Position.start()
    error = refusal(start, "24/23", (3, 1))
    assert error.reason is Reason.MUST_USE_BOTH_DICE


def test_if_only_one_die_can_be_played_it_must_be_the_higher():
    # With 6-5, 13/7 or 13/8 is possible, but never both: my 2 (their 23)
    # is closed, so neither 7/2 nor 8/2 follows, and nothing else can move.
    board = pos({13: 1, 1: 14}, {23: 2, 13: 13})
    plays = board.legal_moves((6, 5))
    assert [str(m) for m in plays] == ["13/7"]
    assert refusal(board, "13/8", (6, 5)).reason is Reason.MUST_USE_HIGHER_DIE


def test_the_lower_die_when_the_higher_cannot_be_played():
    # My 7 (their 18) and 2 (their 23) are closed: the 6 cannot be played at all.
    board = pos({13: 1, 1: 14}, {18: 2, 23: 2, 13: 11})
    plays = board.legal_moves((6, 5))
    assert [str(m) for m in plays] == ["13/8"]


def test_as_many_of_a_double_as_possible():
    # 6-6: 20/14/8 is open, but my 2 (their 23) is closed and the checkers on
    # 6 cannot bear off while one is outside: only two sixes can be played.
    board = pos({20: 1, 6: 14}, {23: 2, 12: 13})
    plays = board.legal_moves((6, 6))
    assert [str(m) for m in plays] == ["20/8"]
    assert refusal(board, "20/14", (6, 6)).reason is Reason.MUST_USE_MORE_DICE


def test_pass_when_no_die_can_be_played():
    board = pos({"bar": 2, 8: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert len(board.legal_moves((4, 2))) == 0


def test_one_entry_per_distinct_resulting_position():
    start = Position.start()
    for dice in ((3, 1), (6, 5), (2, 2), (6, 6), (1, 1)):
        plays = start.legal_moves(dice)
        assert len(set(plays.results())) == len(plays)
    assert len(start.legal_moves((3, 1))) == 16
    assert len(start.legal_moves((1, 1))) == 42   # as GNU Backgammon counts


# --- the end of a game -------------------------------------------------------------

def test_single_gammon_and_backgammon():
    assert pos({}, {1: 3}).result_points() == 1
    assert pos({}, {13: 15}).result_points() == 2
    assert pos({}, {"bar": 1, 13: 14}).result_points() == 3
    assert pos({}, {20: 1, 13: 14}).result_points() == 3   # their 20 is in my home board
    assert Position.start().result_points() == 0


def test_play_refuses_a_move_from_another_position_without_dice():
    start = Position.start()
    move = start.legal_moves((3, 1))[0]
    other = start.play(move)
    with pytest.raises(IllegalMoveError):
        other.play(move)


def test_a_closed_destination_is_named_before_the_points_on_the_way():
    error = refusal(Position.start(), "24/17", (5, 2))
    assert (error.reason, error.details["point"]) == (Reason.POINT_BLOCKED, 17)


def test_bearing_off_from_the_start_names_the_checkers_outside():
    error = refusal(Position.start(), "6/off", (6, 5))
    assert error.reason is Reason.BEAR_OFF_NOT_ALL_HOME
    assert error.details["outside"] == [8, 13, 24]


def test_bad_dice_carry_the_invalid_dice_reason():
    with pytest.raises(ValueError) as caught:
        Position.start().legal_moves((7, 1))
    assert caught.value.reason is Reason.INVALID_DICE
