"""Position IDs: gnubg's key, checked against gnubg_nn (a dev dependency)."""

import base64

import gnubg_nn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import InvalidIdError, InvalidPositionError
from game.ids.position_id import decode_position_id, encode_position_id

EMPTY = (0,) * 25
START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def side(**points):
    """25 counts from keywords such as p6=5 (point 6) or bar=2."""
    counts = [0] * 25
    for name, count in points.items():
        counts[24 if name == "bar" else int(name[1:]) - 1] = count
    return tuple(counts)


@st.composite
def sides(draw):
    """Any 25 counts with at most 15 checkers (the rules are not checked here)."""
    counts = [0] * 25
    for slot in draw(st.lists(st.integers(0, 24), max_size=15)):
        counts[slot] += 1
    return tuple(counts)


def id_from_bits(bits):
    """The ID of a key given as a string of bits, first bit first."""
    key = int(bits[::-1], 2) if bits else 0
    return base64.b64encode(key.to_bytes(10, "little")).decode()[:14]


def gnubg_id(mine, theirs):
    return gnubg_nn.position_id([list(theirs), list(mine)])


def test_bits_fill_bytes_from_the_least_significant_bit():
    # One checker of theirs on their 1-point: the key starts 1, 0, 0, ...
    assert id_from_bits("10") == "AQAAAAAAAAAAAA"
    assert encode_position_id(EMPTY, side(p1=1)) == "AQAAAAAAAAAAAA"


def test_start_position_has_the_documented_id():
    assert encode_position_id(START, START) == "4HPwATDgc/ABMA"
    assert decode_position_id("4HPwATDgc/ABMA") == (START, START)


def test_player_not_on_roll_is_encoded_first():
    # Given a position that is not symmetric
    mine = side(p6=5, p8=3, p13=5, p24=2)
    theirs = side(p1=15)
    # When it is encoded from either side, Then the IDs differ and agree with gnubg
    assert encode_position_id(mine, theirs) != encode_position_id(theirs, mine)
    assert encode_position_id(mine, theirs) == gnubg_id(mine, theirs)
    assert encode_position_id(theirs, mine) == gnubg_id(theirs, mine)


def test_bars_are_the_last_slot_of_each_player():
    mine, theirs = side(bar=3, p1=1), side(bar=1, p24=2)
    position_id = encode_position_id(mine, theirs)
    assert position_id == gnubg_id(mine, theirs)
    assert gnubg_nn.board_from_position_id(position_id) == [list(theirs), list(mine)]
    assert decode_position_id(position_id) == (mine, theirs)


def test_all_checkers_off_is_all_zero_bits():
    assert encode_position_id(EMPTY, EMPTY) == "AAAAAAAAAAAAAA"
    assert decode_position_id("AAAAAAAAAAAAAA") == (EMPTY, EMPTY)


def test_thirty_checkers_fill_all_eighty_bits():
    mine, theirs = side(bar=15), side(bar=15)
    position_id = encode_position_id(mine, theirs)
    assert position_id == gnubg_id(mine, theirs)
    assert decode_position_id(position_id) == (mine, theirs)


def test_both_players_on_one_point_is_left_to_the_position_class():
    mine, theirs = side(p1=2), side(p24=2)  # my 1-point is their 24-point
    assert decode_position_id(encode_position_id(mine, theirs)) == (mine, theirs)


def test_surrounding_whitespace_is_ignored():
    assert decode_position_id("  4HPwATDgc/ABMA\n") == (START, START)


@settings(max_examples=500)
@given(sides(), sides())
def test_encoding_matches_gnubg_and_decodes_back(mine, theirs):
    position_id = encode_position_id(mine, theirs)
    assert position_id == gnubg_id(mine, theirs)
    assert gnubg_nn.board_from_position_id(position_id) == [list(theirs), list(mine)]
    assert decode_position_id(position_id) == (mine, theirs)
    assert encode_position_id(*decode_position_id(position_id)) == position_id


@settings(max_examples=500)
@given(st.binary(min_size=10, max_size=10))
def test_any_key_either_decodes_as_gnubg_does_or_is_refused(key):
    position_id = base64.b64encode(key).decode()[:14]
    try:
        mine, theirs = decode_position_id(position_id)
    except InvalidIdError as error:
        assert repr(position_id) in str(error)
        return
    assert encode_position_id(mine, theirs) == position_id
    assert gnubg_nn.board_from_position_id(position_id) == [list(theirs), list(mine)]


def test_lists_are_accepted_as_sides():
    assert encode_position_id(list(START), list(START)) == "4HPwATDgc/ABMA"


@pytest.mark.parametrize(
    "text, reason",
    [
        ("4HPwATDgc/AB", "must be 14 characters, not 12"),
        ("4HPwATDgc/ABMAA", "must be 14 characters, not 15"),
        ("", "must be 14 characters, not 0"),
        ("4HPwATDgc/AB-A", "characters outside base64: '-'"),
        ("4HPwATDgc/AB=A", "characters outside base64: '='"),
        ("4HPwATDgc/ABMB", "padding bits set"),
        (id_from_bits("1" * 80), "more than 30 checkers"),
        (id_from_bits("0" * 24 + "1" * 15 + "0" * 25 + "1" * 16), "more than 30 checkers"),
        (id_from_bits("1" * 31 + "0" * 49), "gives 31 checkers to theirs"),
        (id_from_bits("1" * 16 + "0" * 50), "gives 16 checkers to theirs"),
        (id_from_bits("0" * 25 + "1" * 16 + "0" * 25), "gives 16 checkers to mine"),
        (id_from_bits("0" * 50 + "1"), "bits set after the last point"),
        (id_from_bits("0" * 79 + "1"), "bits set after the last point"),
    ],
)
def test_undecodable_ids_are_refused_with_the_input_in_the_message(text, reason):
    with pytest.raises(InvalidIdError) as caught:
        decode_position_id(text)
    assert repr(text) in str(caught.value)
    assert reason in str(caught.value)


def test_a_non_string_is_refused():
    with pytest.raises(InvalidIdError, match="not a string"):
        decode_position_id(None)


@pytest.mark.parametrize(
    "mine, reason",
    [
        (side(p6=16), "has 16 checkers, more than 15"),
        (START[:24], "must be 25 non-negative ints"),
        (side(p6=-1), "must be 25 non-negative ints"),
        ((0.0,) * 25, "must be 25 non-negative ints"),
        ((True,) + EMPTY[1:], "must be 25 non-negative ints"),
        (None, "must be 25 non-negative ints"),
    ],
)
def test_impossible_counts_cannot_be_encoded(mine, reason):
    with pytest.raises(InvalidPositionError, match=reason):
        encode_position_id(mine, START)
