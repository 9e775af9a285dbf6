"""Positions shared by their IDs: links, the import box, and the match they open."""

import random

import pytest

from game.dice import SeededDice
from game.match import Match, MatchConfig, Phase
from game.ids.match_id import (GAME_OVER, MatchIdInfo, decode_match_id, encode_match_id)
from game.app.keep.share import ShareError, decode, read_ids
from game.app.keep.urlparams import (PositionLink, parse_position_query, parse_query, share_query, share_url)

START = "4HPwATDgc/ABMA"
XGID_START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"


# --- the link -------------------------------------------------------------------------------------

def test_a_share_link_is_the_page_address_with_the_two_ids():
    url = share_url("http://127.0.0.1:8000/app/index.html?mode=bot&seed=1#top", START, "cImqAAAAAAAE")
    assert url == "http://127.0.0.1:8000/app/index.html?position=4HPwATDgc/ABMA&match=cImqAAAAAAAE"


def test_a_plus_in_an_id_survives_the_link_escaped_or_not():
    position_id = "jGfkASjg8wcBMA"      # any ID may hold + and /
    query = share_query("ab+c/dEFGhijkl", "cAgAAAAA+AAA")
    assert "%2B" in query and "/" in query
    link = parse_position_query(query)
    assert (link.position_id, link.match_id) == ("ab+c/dEFGhijkl", "cAgAAAAA+AAA")
    assert parse_position_query("?position=ab+c/dEFGhijkl").position_id == "ab+c/dEFGhijkl"
    assert parse_position_query(f"?position={position_id}").match_id is None


def test_a_position_link_is_not_a_match_setup_link():
    assert parse_query(f"?position={START}&match=cAgAAAAAAAAA") is None
    assert parse_position_query("?mode=hotseat&length=3") is None
    assert parse_position_query("?xgid=" + "x" * 500).xgid == "x" * 80


# --- what people paste --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (f"{START}:cAgAAAAAAAAA", PositionLink(START, "cAgAAAAAAAAA")),
    (f"  {START}  cAgAAAAAAAAA\n", PositionLink(START, "cAgAAAAAAAAA")),
    (f"Position ID: {START}\nMatch ID: cAgAAAAAAAAA", PositionLink(START, "cAgAAAAAAAAA")),
    (f"GNU Backgammon  Position ID: {START}", PositionLink(START)),
    (START, PositionLink(START)),
    (XGID_START, PositionLink(xgid=XGID_START)),
    (XGID_START[5:], PositionLink(xgid=XGID_START[5:])),
    (f"http://x/?position={START}&match=cAgAAAAAAAAA", PositionLink(START, "cAgAAAAAAAAA")),
])
def test_the_import_box_reads_ids_as_gnubg_and_xg_write_them(text, expected):
    assert read_ids(text) == expected


@pytest.mark.parametrize("text", ["", "   ", "a b c", "http://x/?mode=bot"])
def test_text_that_holds_no_ids_is_refused(text):
    with pytest.raises(ShareError) as caught:
        read_ids(text)
    assert caught.value.key == "error.unrecognised"


# --- from IDs to a match ------------------------------------------------------------------------------

@pytest.mark.parametrize("position_id, match_id, key", [
    ("4HPwATDgc/AB", "cAgAAAAAAAAA", "error.bad_position_id"),
    ("4HPwATDgc/AB!A", "cAgAAAAAAAAA", "error.bad_position_id"),
    ("//////////////", "cAgAAAAAAAAA", "error.bad_position_id"),
    (START, "cAgAAAAAAAAI", "error.bad_match_id"),
    (START, "cAgAAAAAAA", "error.bad_match_id"),
    ("AAAAAAAAAAAAAA", "cAgAAAAAAAAA", "error.impossible_position"),
    (START, encode_match_id(MatchIdInfo(game_state=GAME_OVER, match_length=5, score=(5, 2))),
     "error.match_finished"),
    (START, "cAgAAAAAAAAA", None),
])
def test_bad_ids_are_refused_with_their_reason(position_id, match_id, key):
    if key is None:
        assert decode(PositionLink(position_id, match_id)).match().position_id() == position_id
        return
    with pytest.raises(ShareError) as caught:
        decode(PositionLink(position_id, match_id))
    assert caught.value.key == key


def test_a_turned_cube_in_the_crawford_game_is_refused():
    # 5-point match, score 4-2, Crawford, cube at 2
    text = "XGID=-b----E-C---eE---c-e----B-:1:0:1:00:4:2:1:5:10"
    with pytest.raises(ShareError) as caught:
        decode(read_ids(text))
    assert caught.value.key == "error.crawford_cube"


@pytest.mark.parametrize("text, key", [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0", "error.bad_xgid"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:9:0:0:5:10", "error.xgid_score"),   # 9 in a 5-point match
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:77:0:0:3:0:10", "error.xgid_dice"),
    ("XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:2:0:10", "error.beaver"),
])
def test_bad_xgids_are_refused_with_their_reason(text, key):
    with pytest.raises(ShareError) as caught:
        decode(read_ids(text))
    assert caught.value.key == key


def play_somewhere(seed):
    """A match in some state of play, reached by random legal actions."""
    rng = random.Random(seed)
    match = Match(MatchConfig(length=rng.choice([0, 3, 5, 7])), SeededDice(seed))
    for _ in range(rng.randrange(2, 60)):
        if match.phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE):
            if match.phase is Phase.ROLL_OR_DOUBLE and match.can_double() and rng.random() < 0.15:
                match.double()
            else:
                match.roll()
        elif match.phase is Phase.DOUBLED:
            (match.take if rng.random() < 0.7 else match.drop)()
        elif match.phase is Phase.MOVING:
            plays = match.turn.position.legal_moves(match.dice)
            match.play_move(rng.choice(list(plays))) if len(plays) else match.done()
        elif match.phase is Phase.OVER:
            if match.match_winner is not None:
                break
            match.new_game()
    return match


@pytest.mark.parametrize("seed", range(40))
def test_the_ids_of_any_state_in_play_open_a_match_with_the_same_ids(seed):
    match = play_somewhere(seed)
    if match.phase not in (Phase.ROLL_OR_DOUBLE, Phase.MOVING, Phase.DOUBLED):
        return
    opened = decode(read_ids(f"{match.position_id()}:{match.match_id()}")).match()
    assert (opened.position_id(), opened.match_id()) == (match.position_id(), match.match_id())
    assert opened.phase is match.phase and opened.score == match.score
    assert opened.is_crawford_game == match.is_crawford_game
    again = decode(read_ids(match.xgid())).match()
    assert again.xgid() == match.xgid()
    info = decode_match_id(opened.match_id())
    assert info.score == match.score and info.match_length == match.config.length


def test_the_start_before_the_opening_roll_opens_a_new_match_at_that_score():
    match = Match(MatchConfig(length=7), score=(2, 5))
    opened = decode(PositionLink(match.position_id(), match.match_id())).match()
    assert opened.phase is Phase.OPENING and opened.score == (2, 5)
    assert opened.match_id() == match.match_id()


def test_a_position_id_alone_opens_a_money_game_with_the_bottom_player_on_roll():
    opened = decode(PositionLink(START)).match()
    assert opened.config.length == 0 and opened.player_on_roll == 1
    assert opened.phase is Phase.ROLL_OR_DOUBLE and opened.position_id() == START
