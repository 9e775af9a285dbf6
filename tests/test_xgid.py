"""XGIDs: who is where, round trips, and gnubg's reading from tests/data/gnubg_ids.json."""

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import InvalidIdError, InvalidPositionError
from game.ids.match_id import (GAME_OVER, MatchIdInfo, decode_match_id, encode_match_id)
from game.ids.xgid import (BEAVER, BOTTOM, DOUBLE, RACCOON, TOP, XgidInfo, decode_xgid, encode_xgid, xgid_from_gnubg, xgid_to_gnubg)

FIXTURE = json.loads((pathlib.Path(__file__).parent / "data" / "gnubg_ids.json").read_text())
GNUBG_XGIDS = FIXTURE["xgids"]

START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
EMPTY = (0,) * 25


def side(**points):
    """25 counts from keywords such as p6=5 (point 6) or bar=2."""
    counts = [0] * 25
    for name, count in points.items():
        counts[24 if name == "bar" else int(name[1:]) - 1] = count
    return tuple(counts)


@st.composite
def boards(draw):
    """(mine, theirs): at most 15 checkers each, never both players on one point."""
    mine, theirs = [0] * 25, [0] * 25
    for owner, slot in draw(st.lists(st.tuples(st.booleans(), st.integers(0, 24)), max_size=30)):
        side_, other = (mine, theirs) if owner else (theirs, mine)
        if sum(side_) < 15 and (slot == 24 or not other[23 - slot]):
            side_[slot] += 1
    return tuple(mine), tuple(theirs)


@st.composite
def xgid_infos(draw):
    mine, theirs = draw(boards())
    match_length = draw(st.sampled_from([0, 0, 1, 3, 5, 7, 25]))
    if match_length:
        scores = draw(st.tuples(st.integers(0, match_length - 1), st.integers(0, match_length - 1)))
    else:
        scores = draw(st.tuples(st.integers(0, 99), st.integers(0, 99)))
    dice = draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    action = None if dice else draw(st.sampled_from([None, DOUBLE, BEAVER, RACCOON]))
    money = not match_length
    return XgidInfo(
        mine=mine,
        theirs=theirs,
        on_roll=draw(st.sampled_from([BOTTOM, TOP])),
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([None, BOTTOM, TOP])),
        dice=dice,
        cube_action=action,
        score_bottom=scores[0],
        score_top=scores[1],
        match_length=match_length,
        crawford=not money and draw(st.booleans()),
        jacoby=money and draw(st.booleans()),
        beaver=money and draw(st.booleans()),
        max_cube_log2=draw(st.integers(0, 12)),
    )


def test_start_position_reads_as_both_players_at_the_start():
    info = decode_xgid(START_XGID)
    assert (info.mine, info.theirs) == (START, START)
    assert info.on_roll == BOTTOM and info.dice == (5, 2)
    assert encode_xgid(info) == START_XGID


def test_capitals_are_the_bottom_player_on_points_counted_from_their_home():
    # Given bottom checkers on characters 1 and 24, When read, Then they are on bottom's 1- and 24-points
    info = decode_xgid("XGID=-A----------------------C-:0:0:1:00:0:0:0:0:10")
    assert info.bottom == side(p1=1, p24=3)
    assert info.top == EMPTY


def test_lower_case_is_the_top_player_on_points_counted_from_the_other_end():
    # Character i holds the top player's point 25 - i
    info = decode_xgid("XGID=-a----------------------c-:0:0:1:00:0:0:0:0:10")
    assert info.top == side(p24=1, p1=3)
    assert info.bottom == EMPTY


def test_character_0_is_the_top_bar_and_character_25_the_bottom_bar():
    info = decode_xgid("XGID=b------------------------C:0:0:1:00:0:0:0:0:10")
    assert info.top == side(bar=2)
    assert info.bottom == side(bar=3)


def test_turn_says_who_is_mine():
    # Given the same 26 characters with either player to roll
    bottom_to_play = decode_xgid("XGID=bA------------------------:0:0:1:00:0:0:0:0:10")
    top_to_play = decode_xgid("XGID=bA------------------------:0:0:-1:00:0:0:0:0:10")
    # Then mine is the player on roll, theirs the other
    assert (bottom_to_play.mine, bottom_to_play.theirs) == (side(p1=1), side(bar=2))
    assert (top_to_play.mine, top_to_play.theirs) == (side(bar=2), side(p1=1))
    assert top_to_play.bottom == bottom_to_play.bottom == side(p1=1)


def test_a_double_offered_keeps_the_doubler_on_roll_and_the_cube_before_the_double():
    info = decode_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:2:3:0:7:10")
    assert info.on_roll == TOP and info.cube_action == DOUBLE and info.dice is None
    assert (info.cube_value, info.cube_owner) == (2, TOP)
    position_id, match_info = xgid_to_gnubg(info)
    assert (match_info.player_on_roll, match_info.turn, match_info.double_offered) == (0, 1, True)
    assert match_info.cube_value == 2


def test_rules_field_is_crawford_in_a_match_and_jacoby_plus_beaver_in_money():
    def rules(info):
        return encode_xgid(info).split(":")[7]

    assert rules(XgidInfo(START, START, match_length=5, score_bottom=4, crawford=True)) == "1"
    assert rules(XgidInfo(START, START, match_length=5, score_bottom=4)) == "0"
    assert rules(XgidInfo(START, START, jacoby=True)) == "1"
    assert rules(XgidInfo(START, START, beaver=True)) == "2"
    assert rules(XgidInfo(START, START, jacoby=True, beaver=True)) == "3"


def test_cube_field_is_log2_and_owner_is_1_bottom_minus_1_top():
    fields = encode_xgid(XgidInfo(START, START, cube_value=16, cube_owner=TOP)).split(":")
    assert fields[1:3] == ["4", "-1"]
    fields = encode_xgid(XgidInfo(START, START, cube_value=2, cube_owner=BOTTOM)).split(":")
    assert fields[1:3] == ["1", "1"]


def test_scores_are_bottom_then_top():
    info = decode_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:5:0:7:10")
    assert (info.score_bottom, info.score_top) == (2, 5)
    assert xgid_to_gnubg(info)[1].score == (5, 2)  # gnubg: (player 0 = top, player 1 = bottom)


def test_beaver_and_raccoon_are_read_but_have_no_gnubg_match_id():
    for code, action in (("B", BEAVER), ("R", RACCOON)):
        info = decode_xgid(f"XGID=-b----E-C---eE---c-e----B-:2:-1:1:{code}:0:0:2:0:10")
        assert info.cube_action == action
        with pytest.raises(InvalidIdError, match=f"{action}ed"):
            xgid_to_gnubg(info)


def test_prefix_is_optional_and_whitespace_ignored():
    assert decode_xgid("  " + START_XGID[len("XGID="):] + "\n") == decode_xgid(START_XGID)
    assert decode_xgid("xgid=" + START_XGID[len("XGID="):]) == decode_xgid(START_XGID)


@pytest.mark.parametrize("row", GNUBG_XGIDS, ids=[row["xgid"] for row in GNUBG_XGIDS])
def test_gnubg_reads_each_xgid_as_we_do(row):
    # Given an XGID and the Position ID and Match ID gnubg built from it
    info = decode_xgid(row["xgid"])
    # When we translate it, Then we get gnubg's IDs
    position_id, match_info = xgid_to_gnubg(info)
    assert (position_id, encode_match_id(match_info)) == (row["position_id"], row["match_id"])
    # And back: gnubg's IDs (plus what they cannot hold) give the same XGID
    back = xgid_from_gnubg(
        row["position_id"], row["match_id"], beaver=info.beaver, max_cube_log2=info.max_cube_log2
    )
    assert back == XgidInfo(**{**vars(info), "dice": match_info.dice})
    assert encode_xgid(info) == row["xgid"]


def test_the_gnubg_fixture_is_varied():
    infos = [decode_xgid(row["xgid"]) for row in GNUBG_XGIDS]
    assert len(infos) >= 50
    assert {info.on_roll for info in infos} == {BOTTOM, TOP}
    assert {info.cube_owner for info in infos} == {None, BOTTOM, TOP}
    assert any(info.cube_action == DOUBLE and info.on_roll == TOP for info in infos)
    assert any(info.cube_action == DOUBLE and info.on_roll == BOTTOM for info in infos)
    assert any(info.crawford for info in infos) and any(info.jacoby for info in infos)
    assert any(not info.match_length for info in infos) and any(info.dice for info in infos)
    assert any(info.mine[24] and info.theirs[24] for info in infos)
    assert any(info.mine != info.theirs and sum(info.mine) != sum(info.theirs) for info in infos)


@settings(max_examples=500)
@given(xgid_infos())
def test_decoding_an_encoded_xgid_gives_the_same_info(info):
    xgid = encode_xgid(info)
    assert decode_xgid(xgid) == info
    assert encode_xgid(decode_xgid(xgid)) == xgid


@settings(max_examples=300)
@given(xgid_infos())
def test_gnubg_ids_translate_back_to_the_same_xgid(info):
    if info.cube_action in (BEAVER, RACCOON):
        return
    position_id, match_info = xgid_to_gnubg(info)
    back = xgid_from_gnubg(position_id, match_info, beaver=info.beaver, max_cube_log2=info.max_cube_log2)
    assert back == XgidInfo(**{**vars(info), "dice": match_info.dice})  # gnubg keeps dice higher first


def test_only_a_game_in_play_without_resignation_has_an_xgid():
    position_id, match_info = xgid_to_gnubg(decode_xgid(START_XGID))
    for changes, reason in (
        ({"game_state": GAME_OVER}, "game in play"),
        ({"resignation": 1}, "resignation"),
        ({"turn": 0}, "this turn"),
    ):
        with pytest.raises(InvalidIdError, match=reason):
            xgid_from_gnubg(position_id, MatchIdInfo(**{**vars(match_info), **changes}))


@pytest.mark.parametrize(
    "text, reason",
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0", "has 9 fields, not 10"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10:1", "has 11 fields, not 10"),
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:3:0:10", "the position has 25 characters"),
        ("XGID=A-------------------------:0:0:1:00:0:0:0:0:10", "character 0 is the top player's bar"),
        ("XGID=-------------------------a:0:0:1:00:0:0:0:0:10", "character 25 is the bottom player's bar"),
        ("XGID=-b----E-C---eE---c-e---*B-:0:0:1:52:0:0:3:0:10", "character 23 '*' is not"),
        ("XGID=-q------------------------:0:0:1:00:0:0:0:0:10", "character 1 'q' is not"),
        ("XGID=-P------------------------:0:0:1:00:0:0:0:0:10", "16 checkers, more than 15"),
        ("XGID=-b----E-C---eE---c-e---BB-:0:0:1:52:0:0:3:0:10", "17 checkers, more than 15"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:52:0:0:3:0:10", "cube value 'x' is not an integer"),
        ("XGID=-b----E-C---eE---c-e----B-:16:0:1:52:0:0:3:0:10", "cube value 2**16 is out of range"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:52:0:0:3:0:10", "cube owner '2'"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:0:52:0:0:3:0:10", "turn '0' is not 1 or -1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10", "dice '72'"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:50:0:0:3:0:10", "dice '50'"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:3:0:10", "dice '5'"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:4:0:10", "rules 4 is not 0 to 3 in money play"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:2:5:10", "rules 2 is not 0 or 1 in a match"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:5:0:0:5:10", "score_bottom 5 is not below"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:-1:0:0:10", "score_top -1 is not a non-negative"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:", "max cube '' is not an integer"),
    ],
)
def test_undecodable_xgids_are_refused_with_the_input_in_the_message(text, reason):
    with pytest.raises(InvalidIdError) as caught:
        decode_xgid(text)
    assert repr(text) in str(caught.value)
    assert reason in str(caught.value)


@pytest.mark.parametrize(
    "fields, error, reason",
    [
        ({"mine": side(p1=2), "theirs": side(p24=1)}, InvalidPositionError, "both players on one point"),
        ({"mine": side(p1=16)}, InvalidPositionError, "more than 15"),
        ({"mine": START[:24]}, InvalidPositionError, "not 25 non-negative ints"),
        ({"on_roll": "left"}, InvalidIdError, "on_roll 'left'"),
        ({"cube_value": 3}, InvalidIdError, "not a power of two"),
        ({"cube_owner": 1}, InvalidIdError, "cube_owner 1"),
        ({"dice": (0, 1)}, InvalidIdError, "two dice from 1 to 6"),
        ({"cube_action": "take"}, InvalidIdError, "cube_action 'take'"),
        ({"cube_action": DOUBLE, "dice": (3, 1)}, InvalidIdError, "with dice"),
        ({"crawford": True}, InvalidIdError, "crawford is set in money play"),
        ({"jacoby": True, "match_length": 3}, InvalidIdError, "money-play rules"),
        ({"beaver": 1}, InvalidIdError, "beaver 1 is not a bool"),
        ({"max_cube_log2": -1}, InvalidIdError, "max_cube_log2 -1"),
    ],
)
def test_impossible_fields_are_refused_when_built(fields, error, reason):
    with pytest.raises(error, match=reason):
        XgidInfo(**{"mine": START, "theirs": START, **fields})


def test_decode_match_id_text_is_accepted_by_xgid_from_gnubg():
    position_id, match_info = xgid_to_gnubg(decode_xgid(START_XGID))
    assert xgid_from_gnubg(position_id, encode_match_id(match_info)) == xgid_from_gnubg(
        position_id, decode_match_id(encode_match_id(match_info))
    )


# --- which field is wrong: the app names it (issue: errors said "ten fields" whatever was wrong) ---

GOOD = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"


def with_field(index, value):
    fields = GOOD[len("XGID="):].split(":")
    fields[index] = value
    return "XGID=" + ":".join(fields)


@pytest.mark.parametrize("text, field", [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0", "count"),
    (with_field(0, "-b----E-C---eE---c-e----B"), "position"),
    (with_field(0, "-b----E-C---eE---c-e----B*"), "position"),
    (with_field(0, "-p----E-C---eE---c-e----B-"), "position"),         # 16 top checkers on a point
    (with_field(1, "16"), "cube"),
    (with_field(1, "x"), "cube"),
    (with_field(2, "2"), "owner"),
    (with_field(3, "0"), "turn"),
    (with_field(4, "77"), "dice"),
    (with_field(4, "5"), "dice"),
    (with_field(5, "-1"), "score"),
    (with_field(6, "9999999999"), "score"),
    (with_field(7, "4"), "rules"),
    (with_field(8, "a"), "length"),
    (with_field(9, "99"), "max_cube"),
    (with_field(9, "-3"), "max_cube"),
    (with_field(9, ""), "max_cube"),
])
def test_a_bad_field_is_named(text, field):
    with pytest.raises(InvalidIdError) as refused:
        decode_xgid(text)
    assert refused.value.field == field


def test_the_app_names_the_field_in_both_languages():
    from game.app.text.i18n import translator
    from game.app.keep.share import (XGID_FIELD_ERRORS, ShareError, decode, read_ids)
    with pytest.raises(ShareError) as refused:
        decode(read_ids(with_field(4, "77")))
    assert refused.value.key == XGID_FIELD_ERRORS["dice"] == "error.xgid_dice"
    keys = set(XGID_FIELD_ERRORS.values())
    assert len(keys) == len(XGID_FIELD_ERRORS)           # one message for each field
    for lang, word in (("en", "dice"), ("fr", "dés")):
        assert word in translator(lang)("error.xgid_dice")
        assert all(translator(lang)(key) != key for key in keys)


def test_the_highest_cube_up_to_fifteen_is_read():
    assert decode_xgid(with_field(9, "15")).max_cube_log2 == 15
    assert decode_xgid(with_field(9, "0")).max_cube_log2 == 0
