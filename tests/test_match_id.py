"""Match IDs: bit layout, round trips, and gnubg's own IDs from tests/data/gnubg_ids.json."""

import base64
import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import InvalidIdError
from game.ids.match_id import (GAME_NONE, GAME_PLAYING, MatchIdInfo, decode_match_id, encode_match_id)

FIXTURE = json.loads((pathlib.Path(__file__).parent / "data" / "gnubg_ids.json").read_text())
GNUBG_MATCH_IDS = FIXTURE["match_ids"]


def key_of(match_id):
    return int.from_bytes(base64.b64decode(match_id), "little")


def id_of(key):
    return base64.b64encode(key.to_bytes(9, "little")).decode()


def info_from_row(row):
    fields = {name: value for name, value in row.items() if name != "match_id"}
    fields["dice"] = tuple(fields["dice"]) if fields["dice"] else None
    fields["score"] = tuple(fields["score"])
    return MatchIdInfo(**fields)


@st.composite
def match_infos(draw):
    match_length = draw(st.sampled_from([0, 0, 1, 3, 5, 7, 11, 25, 64, 32767]))
    if match_length:
        score = draw(st.tuples(st.integers(0, match_length), st.integers(0, match_length)))
    else:
        score = draw(st.tuples(st.integers(0, 32767), st.integers(0, 32767)))
    dice = draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    return MatchIdInfo(
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([None, 0, 1])),
        player_on_roll=draw(st.integers(0, 1)),
        crawford=bool(match_length) and draw(st.booleans()),
        game_state=draw(st.integers(0, 4)),
        turn=draw(st.integers(0, 1)),
        double_offered=draw(st.booleans()),
        resignation=draw(st.integers(0, 3)),
        dice=dice,
        match_length=match_length,
        score=score,
        jacoby=draw(st.booleans()),
    )


def test_money_game_before_the_first_roll_is_the_gnubg_example():
    # gnubg's MatchID() for: money, cube 1 centred, player 1 to act, no game yet, Jacoby on
    info = MatchIdInfo(player_on_roll=1, turn=1, game_state=GAME_NONE, jacoby=True)
    assert encode_match_id(info) == "cAgAAAAAAAAA"
    assert decode_match_id("cAgAAAAAAAAA") == info


@pytest.mark.parametrize("row", GNUBG_MATCH_IDS, ids=[row["match_id"] for row in GNUBG_MATCH_IDS])
def test_ids_agree_with_gnubg_both_ways(row):
    info = info_from_row(row)
    assert encode_match_id(info) == row["match_id"]
    assert decode_match_id(row["match_id"]) == info


def test_the_fixture_covers_every_game_state_and_resignation():
    assert {row["game_state"] for row in GNUBG_MATCH_IDS} == {0, 1, 2, 3, 4}
    assert {row["resignation"] for row in GNUBG_MATCH_IDS} == {0, 1, 2, 3}
    assert {row["double_offered"] for row in GNUBG_MATCH_IDS} == {False, True}
    assert len(GNUBG_MATCH_IDS) >= 40


# Every field, set from the base state, changes exactly its documented bits
# (gnubg manual, "A technical description of the Match ID", bits counted from 0).
FIELD_BITS = [
    ({"cube_value": 1 << 15}, range(0, 4)),
    ({"cube_owner": 0}, range(4, 6)),  # from centred, 3, to player 0
    ({"player_on_roll": 1}, range(6, 7)),
    ({"crawford": True, "match_length": 1}, [7, 21]),
    ({"game_state": 4}, [10]),
    ({"turn": 1}, range(11, 12)),
    ({"double_offered": True}, range(12, 13)),
    ({"resignation": 3}, range(13, 15)),
    ({"dice": (6, 6)}, [16, 17, 19, 20]),
    ({"match_length": 32767}, range(21, 36)),
    ({"match_length": 32767, "score": (32767, 0)}, range(21, 51)),
    ({"score": (0, 32767)}, range(51, 66)),
]


@pytest.mark.parametrize("fields, bits", FIELD_BITS, ids=[str(fields) for fields, _ in FIELD_BITS])
def test_each_field_sets_its_documented_bits(fields, bits):
    # Given the base state: cube centred (bits 4-5 = 3), game not started, Jacoby on (bit 66 = 0)
    base = dict(cube_owner=None, game_state=GAME_NONE, jacoby=True)
    base_key = key_of(encode_match_id(MatchIdInfo(**base)))
    assert base_key == 0b11 << 4
    # When one field changes, Then only its bits change
    key = key_of(encode_match_id(MatchIdInfo(**{**base, **fields})))
    assert key ^ base_key == sum(1 << bit for bit in bits)


def test_bit_66_says_the_jacoby_rule_is_off():
    assert key_of(encode_match_id(MatchIdInfo(jacoby=False))) >> 66 == 1
    assert key_of(encode_match_id(MatchIdInfo(jacoby=True))) >> 66 == 0


def test_cube_owner_centred_is_3_and_owners_are_player_numbers():
    owners = {owner: key_of(encode_match_id(MatchIdInfo(cube_owner=owner))) >> 4 & 3 for owner in (None, 0, 1)}
    assert owners == {None: 3, 0: 0, 1: 1}


def test_dice_are_stored_higher_first_as_gnubg_writes_them():
    assert MatchIdInfo(dice=(1, 3)).dice == (3, 1)
    assert encode_match_id(MatchIdInfo(dice=(1, 3))) == encode_match_id(MatchIdInfo(dice=(3, 1)))


def test_lower_die_first_from_older_writers_is_read_higher_first():
    key = key_of(encode_match_id(MatchIdInfo(dice=(3, 1))))
    swapped = key & ~(0b111111 << 15) | 1 << 15 | 3 << 18
    assert decode_match_id(id_of(swapped)).dice == (3, 1)


def test_surrounding_whitespace_is_ignored():
    assert decode_match_id(" cAgAAAAAAAAA\t") == decode_match_id("cAgAAAAAAAAA")


@settings(max_examples=500)
@given(match_infos())
def test_decoding_an_encoded_id_gives_the_same_info(info):
    match_id = encode_match_id(info)
    assert len(match_id) == 12
    assert decode_match_id(match_id) == info
    assert encode_match_id(decode_match_id(match_id)) == match_id


@settings(max_examples=500)
@given(st.binary(min_size=9, max_size=9))
def test_any_id_either_decodes_to_itself_or_is_refused(key):
    match_id = base64.b64encode(key).decode()
    try:
        info = decode_match_id(match_id)
    except InvalidIdError as error:
        assert repr(match_id) in str(error)
        return
    if info.dice is None or key_of(match_id) >> 15 & 7 >= key_of(match_id) >> 18 & 7:
        assert encode_match_id(info) == match_id


def set_bits(info, shift, value):
    """The ID of ``info`` with ``value`` written at bit ``shift`` (over what was there)."""
    return id_of(key_of(encode_match_id(info)) | value << shift)


@pytest.mark.parametrize(
    "text, reason",
    [
        ("cAgAAAAAAAA", "must be 12 characters, not 11"),
        ("cAgAAAAAAAAAA", "must be 12 characters, not 13"),
        ("cAgAAAAAAAA=", "characters outside base64: '='"),
        ("cAgAAAAA AAA", "characters outside base64: ' '"),
        (id_of(0b10 << 4), "cube owner 2"),
        (set_bits(MatchIdInfo(), 8, 5), "game_state 5 is not 0 to 4"),
        (set_bits(MatchIdInfo(), 8, 7), "game_state 7 is not 0 to 4"),
        (set_bits(MatchIdInfo(), 15, 7 | 1 << 3), "impossible dice (7, 1)"),
        (set_bits(MatchIdInfo(), 15, 3), "impossible dice (3, 0)"),
        (set_bits(MatchIdInfo(), 18, 3), "impossible dice (0, 3)"),
        (set_bits(MatchIdInfo(), 67, 1), "unused bits 67-71 set"),
        (set_bits(MatchIdInfo(), 71, 1), "unused bits 67-71 set"),
        (set_bits(MatchIdInfo(match_length=5), 36, 6), "past the match length 5"),
        (set_bits(MatchIdInfo(match_length=5), 51, 6), "past the match length 5"),
        (set_bits(MatchIdInfo(), 7, 1), "crawford is set in money play"),
    ],
)
def test_undecodable_ids_are_refused_with_the_input_in_the_message(text, reason):
    with pytest.raises(InvalidIdError) as caught:
        decode_match_id(text)
    assert repr(text) in str(caught.value)
    assert reason in str(caught.value)


@pytest.mark.parametrize(
    "fields, reason",
    [
        ({"cube_value": 0}, "cube_value 0 is not a power of two"),
        ({"cube_value": 6}, "cube_value 6 is not a power of two"),
        ({"cube_value": 1 << 16}, "cube_value 65536 is not a power of two"),
        ({"cube_owner": 2}, "cube_owner 2 is not None, 0 or 1"),
        ({"cube_owner": True}, "cube_owner True is not None, 0 or 1"),
        ({"player_on_roll": 2}, "player_on_roll 2 is not 0 or 1"),
        ({"turn": -1}, "turn -1 is not 0 or 1"),
        ({"crawford": 1, "match_length": 3}, "crawford 1 is not a bool"),
        ({"game_state": 5}, "game_state 5 is not 0 to 4"),
        ({"resignation": 4}, "resignation 4 is not 0 to 3"),
        ({"dice": (0, 3)}, "dice (0, 3) is not None or two dice"),
        ({"dice": (7, 3)}, "dice (7, 3) is not None or two dice"),
        ({"dice": (3,)}, "dice (3,) is not None or two dice"),
        ({"match_length": 32768}, "match_length 32768 is not 0 to 32767"),
        ({"score": (1, 2, 3)}, "score (1, 2, 3) is not two ints"),
        ({"score": (-1, 0)}, "score (-1, 0) is not two ints"),
        ({"match_length": 5, "score": (6, 0)}, "score (6, 0) is past the match length 5"),
        ({"crawford": True}, "crawford is set in money play"),
    ],
)
def test_impossible_fields_are_refused_when_built(fields, reason):
    with pytest.raises(InvalidIdError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        MatchIdInfo(**fields)


def test_default_info_is_a_money_game_in_play_with_a_centred_cube():
    info = MatchIdInfo()
    assert (info.cube_value, info.cube_owner, info.game_state, info.match_length) == (1, None, GAME_PLAYING, 0)
    assert decode_match_id(encode_match_id(info)) == info


def test_encode_needs_a_match_id_info():
    with pytest.raises(TypeError):
        encode_match_id({"cube_value": 1})


def test_a_finished_match_shows_its_final_score_past_the_length_as_gnubg_does():
    # 5-point matches won 6-0 (resigned) and 6-3 (over), as gnubg writes them.
    for text, score in (("cOOuAGAAAAAE", (6, 0)), ("MAKgADAAMAAE", (3, 6))):
        info = decode_match_id(text)
        assert info.score == score and encode_match_id(info) == text
