"""Move notation in both directions, and the typed errors for bad input."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from game import (IllegalMoveError, InvalidNotationError, InvalidPositionError, Move,
                  Position, Reason, Step)
from game.move import parse_notation

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def random_positions(count, seed):
    rng = random.Random(seed)
    pos, out = Position.start(), []
    while len(out) < count:
        out.append(pos)
        plays = pos.legal_moves((rng.randint(1, 6), rng.randint(1, 6)))
        pos = pos.play(rng.choice(list(plays))) if plays else pos.swapped()
        if pos.winner() is not None:
            pos = Position.start()
    return out


@pytest.mark.slow
def test_every_legal_play_reads_back_from_its_own_notation():
    checked = 0
    for pos in random_positions(80, seed=3):
        for dice in ROLLS:
            for play in pos.legal_moves(dice):
                again = pos.parse_move(str(play), dice)
                assert pos.play(again) == pos.play(play), (pos, dice, str(play))
                checked += 1
    assert checked > 5_000


def test_hit_marks_are_optional():
    board = Position.from_counts({24: 1, 6: 14}, {7: 1, 10: 14})
    with_mark = board.parse_move("24/18*/13", (6, 5))
    assert board.parse_move("24/18/13", (6, 5)) == with_mark
    # Without a hit written, 24/13 passes by 19 and hits nothing.
    assert board.play(board.parse_move("24/13", (6, 5))).mine[24] == 0


def test_a_play_that_could_hit_either_of_two_blots_must_say_which():
    board = Position.from_counts({24: 1, 6: 14}, {7: 1, 6: 1, 10: 13})
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move("24/13", (6, 5))
    assert caught.value.reason is Reason.AMBIGUOUS_MOVE
    assert board.play(board.parse_move("24/19*/13", (6, 5))).mine[24] == 1


@pytest.mark.parametrize("text, parts", [
    ("24/18 13/11", ((24, 18, 1, ()), (13, 11, 1, ()))),
    ("bar/22*", ((25, 22, 1, (22,)),)),
    ("6/off", ((6, 0, 1, ()),)),
    ("13/7(2)", ((13, 7, 2, ()),)),
    ("8/5*/3", ((8, 3, 1, (5,)),)),
    ("  B/20,  6/OFF ", ((25, 20, 1, ()), (6, 0, 1, ()))),
])
def test_notation_forms_are_read(text, parts):
    assert parse_notation(text) == parts


@pytest.mark.parametrize("text", ["", "24", "24-18", "24/18/", "25/26", "18/24", "0/3",
                                  "6/off/2", "13/7(5)", "bar", "off/3", "24//18", None, 42])
def test_malformed_notation_is_an_invalid_notation_error(text):
    with pytest.raises(InvalidNotationError) as caught:
        parse_notation(text)
    assert repr(text) in str(caught.value)


def test_illegal_move_errors_name_the_input_and_the_position():
    start = Position.start()
    with pytest.raises(IllegalMoveError) as caught:
        start.parse_move("24/20", (6, 5))
    message = str(caught.value)
    assert "'24/20'" in message and start.position_id() in message
    assert caught.value.reason is Reason.NO_SUCH_DIE
    assert isinstance(caught.value, ValueError)


def test_move_repr_and_str_round_trip():
    move = Move((Step(13, 7), Step(13, 7), Step(8, 2, True), Step(6, 2)))
    assert str(move) == "13/7(2) 8/2* 6/2"
    assert eval(repr(move), {"Move": Move}) == Move.from_str(str(move))


@pytest.mark.parametrize("mine, theirs, problem", [
    ({6: 16}, {1: 1}, "16 checkers"),
    ({6: 1}, {19: 1}, "both players"),
    ({}, {}, "borne off all"),
])
def test_impossible_positions_raise_invalid_position_error(mine, theirs, problem):
    with pytest.raises(InvalidPositionError) as caught:
        Position.from_counts(mine, theirs)
    assert problem in str(caught.value)


@pytest.mark.parametrize("dice", [(0, 1), (7, 2), (3,), "31", (1.0, 2), (True, 2), None])
def test_bad_dice_are_refused(dice):
    with pytest.raises(ValueError):
        Position.start().legal_moves(dice)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789/*()bar offBO ,", max_size=20),
       st.sampled_from(ROLLS))
def test_any_text_either_parses_to_a_legal_play_or_raises_a_typed_error(text, dice):
    start = Position.start()
    try:
        play = start.parse_move(text, dice)
    except (InvalidNotationError, IllegalMoveError):
        return
    assert play in start.legal_moves(dice)
