"""Compare our reading of ``.xg`` / ``.xgp`` files with the independent reader ``xgdatatools``,
record by record and move by move, on any files.

``xgdatatools`` (PyPI, Michael Petch's reader of eXtreme Gammon's published
format) is for development only: it is never shipped nor imported by the
tests or by the app.  Install it in a virtual environment of its own and
name its Python::

    python3 -m venv /tmp/xgvenv && /tmp/xgvenv/bin/pip install xgdatatools
    python3 tools/compare_xg_files.py --python /tmp/xgvenv/bin/python FOLDER_OR_FILE ...
    python3 tools/compare_xg_files.py --python /tmp/xgvenv/bin/python --fixtures tests/data/xg

Each file is read, in a child process, by xgdatatools' ``Import`` and
``GameFileRecord`` (its own archive reader and record layouts), and by
:func:`game.formats.xg.read_records` and :func:`~game.formats.xg.import_xg`.
Both readings become the same plain view (:func:`view_of`): the match's
rules and names, and per record its kind and the fields that carry the play
(players, dice, the board before and after, the eight integers of the move,
the cube, the double and its answers, the result).  Then, move by move, the
board xgdatatools gives before each move and the board its move leads to
(the ``(from, to)`` pairs applied, else the board the record gives after)
are compared with the positions of our rebuilt match.  The last line::

    N files, G games, M moves compared, D differences

``--fixtures DIR`` writes xgdatatools' view of every file of DIR to
``DIR/xgdatatools_views.json``: ``tests/test_xg.py`` compares our reading
with it without xgdatatools.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.errors import GameError  # noqa: E402
from game.formats.xg import (XgFileError, board_of, decode_moves, import_xg, import_xgp,  # noqa: E402
                             read_records)
from game.ids.xgid import decode_xgid  # noqa: E402
from game.position import Position  # noqa: E402

#: the fields compared, by kind of record (XG's names)
FIELDS = {
    "header_match": ("SPlayer1", "SPlayer2", "MatchLength", "Crawford", "Jacoby", "Beaver", "AutoDouble",
                     "Version"),
    "header_game": ("Score1", "Score2", "CrawfordApply", "PosInit", "GameNumber"),
    "cube": ("Actif", "Double", "Take", "BeaverR", "CubeB", "Position"),
    "move": ("ActifP", "Dice", "PositionI", "PositionEnd", "Moves", "CubeA"),
    "footer_game": ("Score1g", "Score2g", "Winner", "PointsWon", "Termination"),
    "footer_match": ("Score1m", "Score2m", "WinnerM"),
}

# the child: xgdatatools' names differ from the description's in places (ActiveP, Doubled...)
_CHILD = r"""
import json, os, sys
import xgdatatools
sys.path.insert(0, os.path.dirname(xgdatatools.__file__))
import xgimport, xgstruct
KINDS = {"HeaderMatchEntry": "header_match", "HeaderGameEntry": "header_game", "CubeEntry": "cube",
         "MoveEntry": "move", "FooterGameEntry": "footer_game", "FooterMatchEntry": "footer_match"}
NAMES = {"ActifP": "ActiveP", "Actif": "ActiveP", "NumberOfAutoDoubles": "NumberOfAutoDoubles"}
fields = json.loads(sys.argv[2])
out = []
version = -1
for segment in xgimport.Import(sys.argv[1]).getfilesegment():
    if segment.type != xgimport.Import.Segment.XG_GAMEFILE:
        continue
    segment.fd.seek(0)
    while True:
        rec = xgstruct.GameFileRecord(version=version).fromstream(segment.fd)
        if rec is None:
            break
        kind = KINDS.get(type(rec).__name__)
        if kind is None:
            continue
        if kind == "header_match":
            version = rec.Version
        item = {"kind": kind}
        for name in fields[kind]:
            value = rec[NAMES.get(name, name)]
            if isinstance(value, bytes):
                value = value.decode("utf-8", "replace")
            item[name] = list(value) if isinstance(value, tuple) else value
        out.append(item)
print(json.dumps(out))
"""


def view_of(records):
    """The plain view of a list of records (ours or xgdatatools'): the compared fields."""
    out = []
    for record in records:
        kind = record["kind"]
        if kind not in FIELDS:
            continue
        item = {"kind": kind}
        for name in FIELDS[kind]:
            value = record[name]
            item[name] = list(value) if isinstance(value, (tuple, list)) else value
        out.append(item)
    return out


def xgdatatools_view(path, python):
    """xgdatatools' view of the file at ``path``, read by ``python`` (which has it installed)."""
    done = subprocess.run([python, "-c", _CHILD, str(path), json.dumps(FIELDS)], capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)
    if done.returncode:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"}
    return {"records": json.loads(done.stdout)}


def _moves_of(match):
    """Our match's move and pass events, per game: (player, dice, before, after) seen from
    XG's player 1, and its set-ups (a play kept as the file wrote it)."""
    games = []
    pending = None
    for event in match.events:
        kind = event["type"]
        if kind == "game_start":
            games.append([])
        elif kind in ("move", "pass"):
            player = event["player"]
            before = Position.from_position_id(event["position_id"])
            after = before.swapped() if kind == "pass" else before.play(
                before.parse_move(event["move"], tuple(event["dice"])))
            games[-1].append((player, tuple(event["dice"]), before if player == 0 else before.swapped(),
                              after if player == 1 else after.swapped()))
        elif kind == "roll":
            pending = (event["player"], tuple(event["dice"]))
        elif kind == "setup" and pending is not None and games and games[-1] is not None:
            mover, dice = pending
            board = Position.from_position_id(event["position_id"])
            games[-1].append((mover, dice, None, board if event["player"] == 0 else board.swapped()))
        if kind in ("move", "pass", "game_start"):
            pending = None
    return games


def compare(data, theirs, position=False):
    """``(games, moves, differences)`` of our reading of ``data`` against xgdatatools' view
    (``position``: an ``.xgp`` file, whose position is compared)."""
    differences = []
    try:
        ours = view_of(read_records(data))
    except XgFileError as error:
        return 0, 0, [f"refused by us: {error}"]
    if "error" in theirs:
        return 0, 0, [f"refused by xgdatatools: {theirs['error']}"]
    records = theirs["records"]
    if len(ours) != len(records):
        differences.append(f"{len(ours)} records read by us, {len(records)} by xgdatatools")
    for k, (a, b) in enumerate(zip(ours, records)):
        for name in a:
            if a[name] != b.get(name):
                differences.append(f"record {k + 1} ({a['kind']}) {name}: ours {a[name]!r}, "
                                   f"xgdatatools {b.get(name)!r}")
    if position:
        return 0, 0, differences + _compare_position(data, records)
    try:
        match = import_xg(data)
    except (XgFileError, GameError) as error:
        return 0, 0, differences + [f"not rebuilt by us: {error}"]
    ours_games = _moves_of(match)
    games = moves = 0
    game = -1
    for record in records:
        if record["kind"] == "header_game":
            game += 1
            games += 1
            index = 0
            continue
        if record["kind"] != "move" or record["ActifP"] not in (1, -1):
            continue
        pairs = decode_moves(record["Moves"])
        if not pairs and not all(1 <= d <= 6 for d in record["Dice"]):
            continue                       # a resignation before rolling
        player = 0 if record["ActifP"] == 1 else 1
        try:
            mine = ours_games[game][index]
        except IndexError:
            if not pairs:
                continue                   # rolled, then resigned: no move event
            differences.append(f"game {game + 1}, move {index + 1}: not in our match")
            continue
        index += 1
        moves += 1
        before = board_of(record["PositionI"], 0)
        after = _after(before, player, pairs) or board_of(record["PositionEnd"], 0)
        where = f"game {game + 1}, move {index}"
        if mine[0] != player or sorted(mine[1]) != sorted(record["Dice"]):
            differences.append(f"{where}: player/dice ours {mine[:2]}, xgdatatools {player, record['Dice']}")
        if mine[2] is not None and mine[2] != before:
            differences.append(f"{where}: board before: ours {mine[2].position_id()}, "
                               f"xgdatatools {before.position_id()}")
        if mine[3] != after and mine[3] != board_of(record["PositionEnd"], 0):
            differences.append(f"{where}: board after: ours {mine[3].position_id()}, "
                               f"xgdatatools {after.position_id()}")
    return games, moves, differences


def _compare_position(data, records):
    """The differences between the XGID we read from an ``.xgp`` and xgdatatools' last record."""
    try:
        info = decode_xgid(import_xgp(data))
    except (XgFileError, GameError) as error:
        return [f"position not read by us: {error}"]
    last = [r for r in records if r["kind"] in ("move", "cube")][-1]
    turn = last.get("ActifP", last.get("Actif"))
    board = board_of(last["PositionI"] if last["kind"] == "move" else last["Position"], 0)
    ours = Position(info.bottom, info.top)
    out = []
    if ours != board or info.on_roll != ("bottom" if turn == 1 else "top"):
        out.append(f"position: ours {ours.position_id()}, xgdatatools {board.position_id()}")
    cube = last.get("CubeA", last.get("CubeB"))
    if info.cube_value != 1 << abs(cube):
        out.append(f"cube: ours {info.cube_value}, xgdatatools {cube}")
    if last["kind"] == "move" and list(info.dice or ()) != list(last["Dice"]):
        out.append(f"dice: ours {info.dice}, xgdatatools {last['Dice']}")
    return out


def _after(board, player, pairs):
    """XG player 1's board after ``player`` moved ``pairs`` (hitting lone checkers), or None."""
    mover = board if player == 0 else board.swapped()
    mine, theirs = list(mover.mine), list(mover.theirs)
    for source, target in pairs:
        index = 24 if source == 25 else source - 1
        if mine[index] <= 0:
            return None
        mine[index] -= 1
        if target:
            mine[target - 1] += 1
            if theirs[24 - target] == 1:
                theirs[24 - target], theirs[24] = 0, theirs[24] + 1
    try:
        after = Position(mine, theirs)
    except GameError:
        return None
    return after if player == 0 else after.swapped()


def _dump(views):
    """The views as JSON, one record a line."""
    lines = ["{"]
    for k, name in enumerate(sorted(views)):
        view = views[name]
        end = "," if k + 1 < len(views) else ""
        if "records" not in view:
            lines.append(f" {json.dumps(name)}: {json.dumps(view, sort_keys=True)}{end}")
            continue
        lines.append(f' {json.dumps(name)}: {{"records": [')
        records = view["records"]
        lines += [f"  {json.dumps(r, sort_keys=True)}{',' if i + 1 < len(records) else ''}"
                  for i, r in enumerate(records)]
        lines.append(f" ]}}{end}")
    return "\n".join(lines + ["}"]) + "\n"


def files_of(paths):
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix.lower() in (".xg", ".xgp"))
        else:
            yield path


def summary(files, games, moves, differences):
    return f"{files} files, {games} games, {moves} moves compared, {differences} differences"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable, help="a Python that has xgdatatools")
    parser.add_argument("--fixtures", help="write xgdatatools' views of this folder's files")
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args(argv)
    paths = list(args.paths) + ([args.fixtures] if args.fixtures else [])
    totals = [0, 0, 0, 0]
    views = {}
    for path in files_of(paths):
        theirs = xgdatatools_view(path, args.python)
        views[path.name] = theirs
        games, moves, differences = compare(path.read_bytes(), theirs, path.suffix.lower() == ".xgp")
        totals = [totals[0] + 1, totals[1] + games, totals[2] + moves, totals[3] + len(differences)]
        for line in differences:
            print(f"{path.name}: {line}")
    if args.fixtures:
        target = Path(args.fixtures) / "xgdatatools_views.json"
        target.write_text(_dump(views))
    print(summary(*totals))
    return 1 if totals[3] else 0


if __name__ == "__main__":
    sys.exit(main())
