"""Fuzzing boards handed in: ``Position(mine, theirs)`` and ``Position.from_counts``.

Whatever comes in, the engine answers or refuses with a GameError and leaves the lists
or dicts handed in as they were; what is accepted is a valid position.
tests/fuzz_harness.py says how the fuzz tests work.
"""

import copy

import pytest
from hypothesis import strategies as st
from fuzz_harness import check_counts, fuzz, refused
from fuzz_strategies import FEW, INDEX, boards, pick

from game import GameError, Position


# --- boards: Position(mine, theirs) and Position.from_counts ------------------------------------
# Lists and dicts are read out of random bytes through tables of values (one draw per side:
# drawing 25 elements one by one costs ten times more).

#: what may sit in a list of counts, by mistake or not
ODD_COUNTS = (-1, -2, 16, 25, 10 ** 20, -(10 ** 20), True, False, 1.0, 2.5, -0.0, float("nan"), float("inf"),
              None, "", "2", [1], (2,), b"\x01", 1j)


def count_list(raw):
    """A list of counts from bytes: mostly 0, some 1 to 3, now and then an odd value."""
    return [0 if byte < 170 else byte % 3 + 1 if byte < 235 else ODD_COUNTS[byte % len(ODD_COUNTS)]
            for byte in raw]


SIDE_BYTES = st.one_of(st.binary(min_size=25, max_size=25), st.binary(min_size=23, max_size=27),
                       st.binary(max_size=40))


def check_position(mine, theirs):
    saved = (copy.deepcopy(mine), copy.deepcopy(theirs))
    position = refused(Position, mine, theirs)
    assert repr((mine, theirs)) == repr(saved)
    if isinstance(position, GameError):
        return
    assert Position.from_position_id(position.position_id()) == position
    assert position.mine == tuple(mine) and position.theirs == tuple(theirs)


@fuzz("Position", 0.5, st.tuples(SIDE_BYTES, SIDE_BYTES))
def test_any_lists_as_a_board(args):
    check_position(count_list(args[0]), count_list(args[1]))


@st.composite
def nudged_boards(draw):
    """A valid board with one to three counts set to an odd value, added, or removed."""
    sides = [list(side) for side in draw(boards())]
    for _ in range(draw(FEW)):
        side = sides[draw(INDEX) % 2]
        op = pick(draw, ("set", "set", "plus", "append", "delete"))
        i = draw(INDEX) % 25
        if op == "set":
            side[i % len(side)] = pick(draw, ODD_COUNTS + (0, 1, 2, 15))
        elif op == "plus" and isinstance(side[i % len(side)], int):
            side[i % len(side)] += 1
        elif op == "append":
            side.append(pick(draw, ODD_COUNTS + (0, 1)))
        elif op == "delete" and len(side) > 1:
            del side[i % len(side)]
    return sides


@fuzz("Position", 0.5, nudged_boards())
def test_valid_boards_with_counts_changed(sides):
    check_position(*sides)


POINT_KEYS = tuple(range(-2, 28)) + ("bar", "BAR", "off", "25", "6", "", 6.0, 25.0, 1.5, None, (6,), True, False)
COUNT_VALUES = tuple(range(-2, 17)) + (10 ** 20, -(10 ** 20), 1.5, 2.0, -0.0, float("nan"), float("inf"),
                                       True, False, None, "2", [1], 1j)


def counts_from(args):
    """``{point: count}``, a list of pairs, or a list of anything, read out of bytes."""
    shape, raw = args
    if shape == 2:
        return count_list(raw)
    pairs = [(POINT_KEYS[raw[i] % len(POINT_KEYS)], COUNT_VALUES[raw[i + 1] % len(COUNT_VALUES)])
             for i in range(0, len(raw) - 1, 2)]
    return dict(pairs) if shape == 0 else pairs


COUNTS_ARG = st.tuples(st.integers(0, 2), st.binary(max_size=14)).map(counts_from)


def check_from_counts(mine, theirs):
    saved = (copy.deepcopy(mine), copy.deepcopy(theirs))
    position = refused(Position.from_counts, mine, theirs)
    assert repr((mine, theirs)) == repr(saved)
    if isinstance(position, GameError):
        return
    assert Position.from_position_id(position.position_id()) == position
    assert sum(position.mine) <= 15 and sum(position.theirs) <= 15


@fuzz("Position.from_counts", 0.5, st.tuples(COUNTS_ARG, COUNTS_ARG))
def test_any_counts_as_a_board(args):
    check_from_counts(*args)


@st.composite
def near_counts(draw):
    """The counts of a valid board, one or two entries changed."""
    sides = []
    for side in draw(boards()):
        counts = {(i + 1 if i < 24 else pick(draw, ["bar", 25])): n for i, n in enumerate(side) if n}
        for _ in range(draw(INDEX) % 3):
            counts[pick(draw, POINT_KEYS)] = pick(draw, COUNT_VALUES)
        sides.append(counts)
    return sides


@fuzz("Position.from_counts", 0.5, near_counts())
def test_valid_counts_with_entries_changed(args):
    check_from_counts(*args)


def test_a_count_that_is_not_a_number_is_refused_with_a_game_error():
    with pytest.raises(GameError):
        Position.from_counts({6: None}, {})


@pytest.mark.parametrize("counts", [[1, 2, 3], [(1, 2, 3)]])
def test_counts_that_are_not_pairs_are_refused_with_a_game_error(counts):
    with pytest.raises(GameError):
        Position.from_counts(counts, {})


# --- the figures ------------------------------------------------------------------------------------

def test_every_entry_point_got_its_inputs(capsys):
    """Last: each entry point of this module whose tests all ran got all its inputs."""
    check_counts({"Position": 2, "Position.from_counts": 2}, capsys)
