"""Check game's Match ID and XGID codecs against GNU Backgammon; write the fixture.

Development only: needs ``pip install gnubg==1.1.0a16`` and must run with
standard input closed, or a gnubg prompt can wait forever::

    python3 tools/check_ids_with_gnubg.py < /dev/null

It writes tests/data/gnubg_ids.json, which tests/test_match_id.py and
tests/test_xgid.py read, so the tests do not need gnubg:

- ``match_ids``: Match IDs built by gnubg's own ``MatchID()`` (through
  ``gnubg.match_id(cubeinfo, posinfo)``) from varied fields;
- ``xgids``: XGIDs read by gnubg's ``set xgid``, with the Position ID and
  Match ID of the state gnubg builds.  ``set xgid`` then does two things of
  its interface, which this script undoes with gnubg's own commands: it
  steps back from an offered double ("SetMatchID cannot handle positions
  where a double has been offered"), undone with ``double``; and, without a
  terminal to ask, it swaps the players when the top player is on roll,
  undone with ``swap players``.

The script also checks each case with game's codecs and exits 1 on any
difference, printing it.
"""

import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import gnubg  # noqa: E402  (development dependency, never shipped)

from game.ids.match_id import MatchIdInfo, decode_match_id, encode_match_id  # noqa: E402
from game.ids.xgid import (BOTTOM, DOUBLE, TOP, XgidInfo, decode_xgid, encode_xgid, xgid_to_gnubg)  # noqa: E402

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "gnubg_ids.json")
SEED = 20261101


def random_match_info(rng):
    match_length = rng.choice([0, 0, 1, 3, 5, 7, 9, 11, 17, 25])
    if match_length:
        score = (rng.randrange(match_length), rng.randrange(match_length))
        crawford = match_length - 1 in score and rng.random() < 0.5
        jacoby = False
    else:
        score = (0, 0)  # gnubg.cubeinfo() zeroes the score of money play
        crawford = False
        jacoby = rng.random() < 0.5
    cube_value = 1 << rng.randrange(7)
    cube_owner = None if cube_value == 1 else rng.choice([None, 0, 1])
    player_on_roll = rng.randrange(2)
    double_offered = rng.random() < 0.25
    dice = None if double_offered or rng.random() < 0.4 else (rng.randint(1, 6), rng.randint(1, 6))
    return MatchIdInfo(
        cube_value=cube_value,
        cube_owner=cube_owner,
        player_on_roll=player_on_roll,
        crawford=crawford,
        game_state=rng.choice([0, 1, 1, 1, 2, 3, 4]),
        turn=rng.randrange(2),
        double_offered=double_offered,
        resignation=rng.choice([0, 0, 1, 2, 3]),
        dice=dice,
        match_length=match_length,
        score=score,
        jacoby=jacoby,
    )


def gnubg_match_id(info):
    """Ask gnubg's MatchID() for the Match ID of ``info``."""
    cube_info = gnubg.cubeinfo(
        info.cube_value,
        -1 if info.cube_owner is None else info.cube_owner,
        info.player_on_roll,
        info.match_length,
        info.score,
        int(info.crawford),
        0,
    )
    cube_info["jacoby"] = int(info.jacoby)
    # Dice handed to gnubg lower first, to check that it writes them higher first.
    dice = tuple(sorted(info.dice)) if info.dice else (0, 0)
    pos_info = gnubg.posinfo(info.turn, info.resignation, int(info.double_offered), info.game_state, dice)
    return gnubg.match_id(cube_info, pos_info)


def random_board(rng):
    """Return (bottom, top), each seen from its own side, never on one point."""
    bottom = [0] * 25
    top = [0] * 25
    for side, other in ((bottom, top), (top, bottom)):
        checkers = rng.choice([15, 15, 15, 14, 12, 9, 5, 2])
        if rng.random() < 0.2:
            side[24] = rng.randint(1, 2)
        while sum(side) < checkers:
            point = rng.choice(range(6)) if rng.random() < 0.4 else rng.randrange(24)
            if not other[23 - point]:
                side[point] += 1
    return bottom, top


def random_xgid(rng):
    bottom, top = random_board(rng)
    on_roll = rng.choice([BOTTOM, TOP])
    match_length = rng.choice([0, 0, 3, 5, 7, 9, 11, 25])
    score_bottom = score_top = 0
    crawford = jacoby = beaver = False
    if match_length:
        score_bottom, score_top = rng.randrange(match_length), rng.randrange(match_length)
        if rng.random() < 0.3:
            score_bottom = match_length - 1
        crawford = (
            match_length > 1
            and (score_bottom == match_length - 1) != (score_top == match_length - 1)
            and rng.random() < 0.5
        )
    else:
        jacoby, beaver = rng.random() < 0.5, rng.random() < 0.5
    cube_value, cube_owner, dice, action = 1, None, None, None
    if not crawford and rng.random() < 0.6:
        cube_value = 1 << rng.randint(1, 6)
        cube_owner = rng.choice([BOTTOM, TOP])
    roll = rng.random()
    if roll < 0.45:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    elif roll < 0.7 and not crawford and cube_owner in (None, on_roll):
        action = DOUBLE
    mine, theirs = (bottom, top) if on_roll == BOTTOM else (top, bottom)
    return XgidInfo(
        mine=mine,
        theirs=theirs,
        on_roll=on_roll,
        cube_value=cube_value,
        cube_owner=cube_owner,
        dice=dice,
        cube_action=action,
        score_bottom=score_bottom,
        score_top=score_top,
        match_length=match_length,
        crawford=crawford,
        jacoby=jacoby,
        beaver=beaver,
        max_cube_log2=rng.choice([10, 10, 8, 6]),
    )


HAND_PICKED_XGIDS = [
    # The start, bottom to play 52, money with Jacoby and beavers.
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
    # The start, top to roll, money without Jacoby.
    "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10",
    # Top doubles to 4 holding the 2-cube, 7-point match at 3-2.
    "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:2:3:0:7:10",
    # Both players on the bar, bottom owns a 4-cube, top to play 61.
    "XGID=bA-BCbC---aA---c-c-b--bBAB:2:1:-1:61:0:0:0:5:10",
    # Crawford game, bottom at match point, bottom to roll.
    "XGID=-a--BBCB----------b-cbbb--:0:0:1:00:8:5:1:9:10",
    # Post-Crawford: top at match point, bottom doubles.
    "XGID=--BBBBB----------a-bcdb---:0:0:1:D:3:10:0:11:10",
    # Money play keeps a session score in the Match ID too.
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:12:1:0:10",
    # A bear-off, top to play 66 with a 16-cube it owns.
    "XGID=-bbcb-------------------CD:4:-1:-1:66:0:0:0:0:8",
]


def check_xgid(xgid, problems):
    """Set ``xgid`` in gnubg; return its fixture row, or None if gnubg refused it."""
    info = decode_xgid(xgid)
    gnubg.command("set xgid " + xgid)
    try:
        cube_info, pos_info = gnubg.cubeinfo(), gnubg.posinfo()
    except ValueError:
        print(f"gnubg refused {xgid}", file=sys.stderr)
        return None
    mover = 1 if info.on_roll == BOTTOM else 0
    if cube_info["move"] != mover:
        gnubg.command("swap players")
    if info.cube_action == DOUBLE:
        gnubg.command("double")
        if not gnubg.posinfo()["doubled"]:
            print(f"gnubg would not double in {xgid}", file=sys.stderr)
            return None
    row = {"xgid": xgid, "position_id": gnubg.position_id(), "match_id": gnubg.match_id()}

    board = gnubg.board()
    if (tuple(board[0]), tuple(board[1])) != (info.theirs, info.mine):
        problems.append(f"{xgid}: gnubg's board {board} is not (theirs, mine) {(info.theirs, info.mine)}")
    position_id, match_info = xgid_to_gnubg(info)
    if (position_id, encode_match_id(match_info)) != (row["position_id"], row["match_id"]):
        problems.append(
            f"{xgid}: gnubg gives {row['position_id']}:{row['match_id']}, "
            f"game gives {position_id}:{encode_match_id(match_info)} from {match_info}"
        )
    if encode_xgid(info) != xgid:
        problems.append(f"{xgid}: re-encodes as {encode_xgid(info)}")
    return row


def main():
    rng = random.Random(SEED)
    problems = []
    gnubg.command("set confirm new off")
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")

    match_rows = []
    fixed = [
        MatchIdInfo(player_on_roll=1, turn=1, game_state=0, jacoby=True),
        MatchIdInfo(player_on_roll=1, turn=1, dice=(5, 2), match_length=5),
        MatchIdInfo(cube_value=2, cube_owner=0, turn=1, double_offered=True, match_length=7, score=(3, 2)),
    ]
    for info in fixed + [random_match_info(rng) for _ in range(45)]:
        match_id = gnubg_match_id(info)
        if encode_match_id(info) != match_id:
            problems.append(f"{info}: gnubg {match_id}, game {encode_match_id(info)}")
        if decode_match_id(match_id) != info:
            problems.append(f"{match_id}: game decodes {decode_match_id(match_id)}, expected {info}")
        row = {"match_id": match_id}
        row.update({k: v for k, v in vars(info).items()})
        row["dice"] = list(info.dice) if info.dice else None
        row["score"] = list(info.score)
        match_rows.append(row)

    xgid_rows = []
    candidates = HAND_PICKED_XGIDS + [encode_xgid(random_xgid(rng)) for _ in range(60)]
    for xgid in candidates:
        row = check_xgid(xgid, problems)
        if row is not None:
            xgid_rows.append(row)

    fixture = {
        "about": (
            "Generated by tools/check_ids_with_gnubg.py from GNU Backgammon "
            f"{gnubg.version} (pip gnubg); do not edit by hand. match_ids: gnubg's MatchID() "
            "of each set of fields. xgids: the Position ID and Match ID of the state "
            "gnubg's 'set xgid' builds from each XGID."
        ),
        "match_ids": match_rows,
        "xgids": xgid_rows,
    }
    os.makedirs(os.path.dirname(FIXTURE), exist_ok=True)
    with open(FIXTURE, "w", encoding="utf-8") as out:
        out.write(_json_one_row_a_line(fixture))
    print(f"wrote {len(match_rows)} Match IDs and {len(xgid_rows)} XGIDs to {os.path.normpath(FIXTURE)}")
    for problem in problems:
        print("MISMATCH", problem)
    return 1 if problems else 0


def _json_one_row_a_line(fixture):
    parts = []
    for key, value in fixture.items():
        if isinstance(value, list):
            rows = ",\n".join("  " + json.dumps(row) for row in value)
            parts.append(f" {json.dumps(key)}: [\n{rows}\n ]")
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


if __name__ == "__main__":
    sys.exit(main())
