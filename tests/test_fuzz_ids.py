"""Fuzzing the IDs a player pastes: ``Position.from_position_id`` and ``decode_xgid``.

Whatever comes in, the engine answers or refuses with a GameError; what is accepted
encodes and decodes to itself. tests/fuzz_harness.py says how the fuzz tests work.
"""

import base64
import dataclasses

import pytest
from hypothesis import strategies as st
from fuzz_corpus import corpus
from fuzz_harness import check_counts, fuzz, refused
from fuzz_strategies import BASE64, NEAR, ODD, b64, boards, flip_bits, mutated, pick

from game import GameError, Position
from game.ids.position_id import encode_position_id
from game.ids.xgid import XgidInfo, decode_xgid, encode_xgid


# --- Position IDs --------------------------------------------------------------------------------

def flipped_position_id(args):
    (mine, theirs), bits = args
    raw = base64.b64decode(encode_position_id(mine, theirs) + "==")
    return b64(flip_bits(raw, bits))[:14]


def check_position_id(text):
    position = refused(Position.from_position_id, text)
    if isinstance(position, GameError):
        return
    # What is accepted is the canonical ID of a valid position.
    assert Position.from_position_id(position.position_id()) == position, text
    assert position.position_id() == text.strip(), text


@fuzz("Position.from_position_id", 0.2, st.one_of(st.text(max_size=20), st.text(BASE64, min_size=14, max_size=14),
                                                 ODD))
def test_random_text_as_position_id(text):
    check_position_id(text)


@fuzz("Position.from_position_id", 0.4, st.deferred(lambda: mutated(corpus().position_ids)))
def test_mutated_position_ids(text):
    check_position_id(text)


@fuzz("Position.from_position_id", 0.4, st.one_of(
    st.binary(min_size=10, max_size=10).map(lambda raw: b64(raw)[:14]),
    st.tuples(boards(), st.lists(st.integers(0, 79), min_size=1, max_size=3)).map(flipped_position_id),
    boards().map(lambda b: encode_position_id(*b))))
def test_position_ids_from_keys(text):
    """Random keys, valid keys with a few bits flipped, and valid positions."""
    check_position_id(text)


# --- XGIDs -----------------------------------------------------------------------------------------

def check_xgid(text):
    info = refused(decode_xgid, text)
    if isinstance(info, GameError):
        return
    again = encode_xgid(info)
    assert decode_xgid(again) == info, text
    assert encode_xgid(decode_xgid(again)) == again, text


#: numbers of an XGID field, and near misses (a number past int()'s 4,300-digit limit too)
NUMBERS = st.one_of(st.integers(-3, 40).map(str), st.sampled_from(["", "-", "+1", "01", "1.0", "٣", " 1",
                                                                    "99999999999999999999", "1" * 5000]))


XGID_FIELDS = {
    0: st.text("-ABCDEFGHIJKLMNOPQabcdefghijklmnopq", min_size=24, max_size=28),
    2: st.sampled_from(["0", "1", "-1", "2", "-0", "01", "", "x"]),
    3: st.sampled_from(["1", "-1", "0", "2", "+1", ""]),
    4: st.one_of(st.sampled_from(["00", "D", "B", "R", "d", "07", "70", "5", "523", "", "0"]),
                 st.text("0123456789", min_size=2, max_size=2)),
}


@st.composite
def xgid_fields(draw):
    """A valid XGID with one to three of its ten fields replaced by something near."""
    mine, theirs = draw(boards())
    length = pick(draw, [0, 0, 1, 3, 5, 7, 11])
    info = XgidInfo(
        mine=mine, theirs=theirs, on_roll=pick(draw, ["bottom", "top"]),
        cube_value=1 << draw(st.integers(0, 6)), cube_owner=pick(draw, [None, "bottom", "top"]),
        dice=draw(st.one_of(st.none(), st.tuples(st.integers(1, 6), st.integers(1, 6)))),
        score_bottom=draw(st.integers(0, max(length - 1, 0) if length else 20)),
        score_top=draw(st.integers(0, max(length - 1, 0) if length else 20)),
        match_length=length, crawford=bool(length) and draw(st.booleans()),
        jacoby=not length and draw(st.booleans()), beaver=not length and draw(st.booleans()))
    if info.dice is None:
        info = dataclasses.replace(info, cube_action=pick(draw, [None, "double", "beaver", "raccoon"]))
    fields = encode_xgid(info)[5:].split(":")
    for _ in range(draw(st.integers(0, 3))):
        index = draw(st.integers(0, 9))
        fields[index] = draw(XGID_FIELDS.get(index, NUMBERS))
    prefix = pick(draw, ["XGID=", "XGID=", "", "xgid=", " XGID=", "XGID:"])
    return prefix + ":".join(fields)


@fuzz("decode_xgid", 0.15, st.one_of(st.text(max_size=60), st.text(NEAR, max_size=60), ODD))
def test_random_text_as_xgid(text):
    check_xgid(text)


@fuzz("decode_xgid", 0.45, st.deferred(lambda: mutated(corpus().xgids)))
def test_mutated_xgids(text):
    check_xgid(text)


@fuzz("decode_xgid", 0.4, xgid_fields())
def test_xgids_from_fields(text):
    """Valid XGIDs of random boards and settings, some fields replaced by near-miss values."""
    check_xgid(text)


def test_an_xgid_with_a_huge_number_is_refused_with_a_game_error():
    text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:" + "1" * 5000
    with pytest.raises(GameError):
        decode_xgid(text)


# --- the figures ------------------------------------------------------------------------------------

def test_every_entry_point_got_its_inputs(capsys):
    """Last: each entry point of this module whose tests all ran got all its inputs."""
    check_counts({"Position.from_position_id": 3, "decode_xgid": 3}, capsys)
