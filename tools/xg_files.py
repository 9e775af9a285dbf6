"""Write matches as eXtreme Gammon ``.xg`` files, and positions as ``.xgp``: the test files
of :mod:`game.formats.xg`.

Our own writer, from eXtreme Gammon's published description of the format
(nothing here is copied from another reader): a RichGameFormat header, a
zlib archive of ``temp.xgi`` and ``temp.xg`` (the records; no rollouts
``temp.xgr`` nor comments ``temp.xgc``), its registry and its trailing record, every CRC-32
as the format wants::

    python3 tools/xg_files.py tests/data/xg            (writes the test files)
    python3 tools/compare_xg_files.py --fixtures tests/data/xg

The second command has the independent reader ``xgdatatools`` (PyPI,
development only) read every file and keeps its view in
``tests/data/xg/xgdatatools_views.json``; ``tests/test_xg.py`` checks our
reading against it without xgdatatools.

Habits of real files that :func:`write_xg` can write (``habits``, a set):

- ``combined``: a checker that takes both dice without stopping to hit is
  written as one ``(from, to)`` pair (``13/8`` for 3-2);
- ``no_double``: a cube record with no double before each roll where the
  player could have doubled (XG writes the decision it analysed);
- ``capped``: a result written capped at what the match still needed;
- ``resign_move``: a resignation written as a move with no checker moved
  (with the dice when the player had rolled) before the game's end;
- a play the rules refuse, in a match built with :func:`illegal_match`: the
  board the file gives after it is what the engine keeps (the match's
  ``setup`` event).
"""

import random
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from check_mat_with_gnubg import random_match  # noqa: E402
from game.dice import SeededDice  # noqa: E402
from game.formats import xg  # noqa: E402
from game.match import Match, MatchConfig, Phase  # noqa: E402
from game.position import Position  # noqa: E402

VERSION = 30            # the records' version XG 2.10 writes


def xg_board(position, player):
    """The 26 values of ``position`` (seen from ``player``) as XG stores a board: from
    XG's player 1 (our player 0), his checkers positive."""
    first, second = (position.mine, position.theirs) if player == 0 else (position.theirs, position.mine)
    board = [0] * 26
    for i in range(1, 25):
        board[i] = first[i - 1] - second[24 - i]
    board[25] = first[24]
    board[0] = -second[24]
    return board


def _put(raw, layout, name, value):
    offset, code, count = layout[name]
    if code == "str":
        data = str(value).encode("cp1252", "replace")[:count]
        raw[offset] = len(data)
        raw[offset + 1:offset + 1 + len(data)] = data
    elif code == "wide":
        data = (str(value)[:count - 1] + "\0").encode("utf-16-le")
        raw[offset:offset + len(data)] = data
    else:
        values = value if isinstance(value, (list, tuple)) else [value]
        struct.pack_into(f"<{count}{code}", raw, offset, *values)


def record(kind, **values):
    """One record of ``temp.xg`` (2,560 bytes): its kind and the fields given, the rest 0."""
    layouts = {xg.HEADER_MATCH: xg._HEADER_MATCH, xg.HEADER_GAME: xg._HEADER_GAME, xg.CUBE: xg._CUBE,
               xg.MOVE: xg._MOVE, xg.FOOTER_GAME: xg._FOOTER_GAME, xg.FOOTER_MATCH: xg._FOOTER_MATCH}
    raw = bytearray(xg.RECORD_SIZE)
    raw[8] = kind
    for name, value in values.items():
        _put(raw, layouts[kind], name, value)
    return bytes(raw)


def archive(files):
    """A RichGameFormat file holding ``files`` (``{name: bytes}``) in a zlib archive."""
    header = bytearray(xg.HEADER_SIZE)
    struct.pack_into("<4sIIqI", header, 0, b"RGMH", 1, xg.HEADER_SIZE, 0, 0)
    name = "Test match".encode("utf-16-le")
    header[40:40 + len(name)] = name
    data = bytearray()
    registry = bytearray()
    for file_name, body in files.items():
        packed = zlib.compress(body, 6)
        entry = bytearray(532)
        entry[0] = len(file_name)
        entry[1:1 + len(file_name)] = file_name.encode("latin-1")
        struct.pack_into("<iiiIBB", entry, 512, len(body), len(packed), len(data), zlib.crc32(body), 0, 6)
        data += packed
        registry += entry
    registry = zlib.compress(bytes(registry), 6)
    crc = zlib.crc32(bytes(data) + registry)
    tail = struct.pack("<Iiiiii12x", crc, len(files), 1, len(registry), len(data), 1)
    return bytes(header) + bytes(data) + registry + tail


def _header_match(config, version=VERSION):
    names = [n or f"Player {k + 1}" for k, n in enumerate(config.names)]
    return record(xg.HEADER_MATCH, SPlayer1=names[0], SPlayer2=names[1], Player1=names[0],
                  Player2=names[1], MatchLength=config.length or 99999, Crawford=config.crawford,
                  Jacoby=config.jacoby, Beaver=config.beavers, AutoDouble=bool(config.automatic_doubles),
                  AutoDoubleMax=config.automatic_doubles, CubeLimit=config.max_cube.bit_length() - 1,
                  Version=version, Magic=0x494C4D44, Event="Test", SEvent="Test")


def _cube_field(value, owner):
    log = value.bit_length() - 1
    return 0 if owner is None else (log if owner == 0 else -log)


def _encode_steps(steps, combined):
    """XG's eight integers of a play's steps; ``combined`` joins a checker's two steps."""
    steps = list(steps)
    if combined:
        for k in range(len(steps) - 1):
            (s1, t1, hit1), (s2, t2, hit2) = steps[k], steps[k + 1]
            if t1 == s2 and not hit1 and t1 != 0:
                steps[k:k + 2] = [(s1, t2, hit2)]
                break
    raw = []
    for source, target, _hit in steps:
        raw += [24 if source == 25 else source - 1, -1 if target == 0 else target - 1]
    return raw + [-1] * (8 - len(raw))


def write_records(match, habits=frozenset(), version=VERSION):
    """The records of ``temp.xg`` for ``match`` (its event log), as a list of bytes."""
    config = match.config
    out = [_header_match(config, version)]
    game_number = 0
    rolled = None                     # (player, dice) of a roll not yet played
    offer = None                      # the index of the cube record of the open double
    cube, owner = 1, None
    resigned = None
    score = [0, 0]
    events = match.events
    for index, event in enumerate(events):
        kind = event["type"]
        if kind == "game_start":
            game_number += 1
            score = list(event["score"])
            cube, owner, rolled, offer, resigned = 1, None, None, None, None
            out.append(record(xg.HEADER_GAME, Score1=score[0], Score2=score[1],
                              CrawfordApply=bool(event["crawford"]), GameNumber=game_number,
                              PosInit=xg_board(Position.start(), 0), InProgress=True,
                              NumberOfAutoDoubles=0))
        elif kind == "setup":
            board = Position.from_position_id(event["position_id"])
            player = event["player"]
            if rolled is None:
                raise ValueError("only a play the rules refuse can be written as a set-up")
            mover, dice = rolled
            before = event["_before"]
            out.append(record(xg.MOVE, ActifP=1 if mover == 0 else -1, Dice=list(dice),
                              PositionI=xg_board(before, mover), PositionEnd=xg_board(board, player),
                              Moves=event["_moves"], CubeA=_cube_field(cube, owner)))
            rolled = None
        elif kind == "auto_double":
            cube *= 2
        elif kind == "opening_roll" and event["player"] is not None:
            d = event["dice"]
            rolled = (event["player"], tuple(d) if config.opening == "standard" else tuple(d[event["player"]]))
        elif kind in ("roll", "reroll"):
            player = event["player"]
            if kind == "roll" and "no_double" in habits and match_can_double(config, cube, owner, player, score,
                                                                              events, index):
                out.append(record(xg.CUBE, Actif=1 if player == 0 else -1, Double=0, Take=0,
                                  CubeB=_cube_field(cube, owner), DiceRolled=f"{event['dice'][0]}{event['dice'][1]}"))
            rolled = (player, tuple(event["dice"]))
        elif kind in ("move", "pass"):
            player = event["player"]
            before = Position.from_position_id(event["position_id"])
            dice = tuple(event["dice"])
            if kind == "move":
                move = before.parse_move(event["move"], dice)
                after = before.play(move)
                steps = [(s.source, s.target, s.hit) for s in move.steps]
            else:
                after, steps = before.swapped(), []
            out.append(record(xg.MOVE, ActifP=1 if player == 0 else -1, Dice=list(dice),
                              PositionI=xg_board(before, player), PositionEnd=xg_board(after, 1 - player),
                              Moves=_encode_steps(steps, "combined" in habits), CubeA=_cube_field(cube, owner),
                              Played=True))
            rolled = None
        elif kind == "double":
            player = event["player"]
            offer = len(out)
            out.append(record(xg.CUBE, Actif=1 if player == 0 else -1, Double=1, Take=-1, BeaverR=-1,
                              CubeB=_cube_field(cube, owner)))
        elif kind in ("take", "drop", "beaver"):
            raw = bytearray(out[offer])
            doubler = struct.unpack_from("<i", raw, xg._CUBE["Actif"][0])[0]
            doubler = 0 if doubler == 1 else 1
            if kind == "beaver":
                _put(raw, xg._CUBE, "Take", 2)
            elif event["player"] != doubler:
                _put(raw, xg._CUBE, "Take", 1 if kind == "take" else 0)
            else:
                _put(raw, xg._CUBE, "BeaverR", 1 if kind == "take" else 0)
            out[offer] = bytes(raw)
            if kind == "take":
                cube = event["cube"]
                owner = event["player"] if event["player"] != doubler else 1 - doubler
        elif kind in ("resign", "forfeit"):
            resigned = event["player"]
        elif kind == "win":
            winner = event["player"]
            points = event["points"]
            before_score = list(event["score"])
            before_score[winner] -= points
            if "capped" in habits and config.length:
                points = min(points, config.length - before_score[winner])
            how = event["kind"]
            termination = {"single": 1, "gammon": 2, "backgammon": 3, "drop": 0}.get(how)
            if how in ("resign", "time"):
                termination = 100 + min(max(event["points"] // event["cube"], 1), 3)
                if "resign_move" in habits or rolled is not None:
                    mover, dice = rolled if rolled is not None else (resigned, (0, 0))
                    out.append(record(xg.MOVE, ActifP=1 if mover == 0 else -1, Dice=list(dice),
                                      Moves=[-1] * 8, CubeA=_cube_field(cube, owner)))
                    rolled = None
            after = event["score"]
            out.append(record(xg.FOOTER_GAME, Score1g=after[0], Score2g=after[1], Winner=1 if winner == 0 else -1,
                              PointsWon=points, Termination=termination))
        elif kind == "match_win":
            out.append(record(xg.FOOTER_MATCH, Score1m=event["score"][0], Score2m=event["score"][1],
                              WinnerM=1 if event["player"] == 0 else -1))
    if rolled is not None:
        raise ValueError("a roll not played cannot be written")
    return out


def match_can_double(config, cube, owner, player, score, events, index):
    """Whether ``player`` could have doubled before the roll at ``events[index]``."""
    return config.cube and owner in (None, player) and cube < config.max_cube


def write_xg(match, habits=frozenset(), version=VERSION):
    """The bytes of an ``.xg`` file of ``match``."""
    records = write_records(match, habits, version)
    body = b"".join(records)
    return archive({"temp.xgi": records[0] + records[-1], "temp.xg": body})


def write_xgp(match, version=VERSION):
    """The bytes of an ``.xgp`` file of the position ``match`` stands at: its dice rolled (a
    move record) or not (a cube record)."""
    config = match.config
    g = match.game
    player = match.player_on_roll
    score = match.score
    records = [_header_match(config, version),
               record(xg.HEADER_GAME, Score1=score[0], Score2=score[1], CrawfordApply=match.is_crawford_game,
                      GameNumber=match.game_number, PosInit=xg_board(Position.start(), 0), InProgress=True)]
    cube = _cube_field(g.cube_value, g.cube_owner)
    if match.phase is Phase.MOVING:
        records.append(record(xg.MOVE, ActifP=1 if player == 0 else -1, Dice=list(match.dice),
                              PositionI=xg_board(match.turn.position, player), Moves=[-1] * 8, CubeA=cube))
    else:
        records.append(record(xg.CUBE, Actif=1 if player == 0 else -1, Double=0, Take=0, CubeB=cube,
                              Position=xg_board(match.position, player)))
    body = b"".join(records)
    return archive({"temp.xgi": records[0] + records[-1], "temp.xg": body})


def illegal_match(seed, at=7):
    """A 3-point match whose move number ``at`` is a play the rules refuse: the legal play
    and one more checker moved one pip (a position typed by hand). The match keeps the
    file's board (a ``setup`` event with the edit); the writer writes the play."""
    rng = random.Random(seed)
    match = Match(MatchConfig(length=3, names=("Hand", "Typed")), SeededDice(seed))
    moves = 0
    while match.match_winner is None:
        phase = match.phase
        if phase is Phase.OVER:
            match.new_game()
        elif phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE):
            match.roll()
        elif phase is Phase.MOVING:
            turn = match.turn
            moves += 1
            if moves == at and turn.plays:
                player = match.player_on_roll
                before = turn.position
                play = rng.choice(list(turn.plays))
                after = before.play(play).swapped()          # still seen from the mover
                mine = list(after.mine)
                source = next(p for p in range(23, 0, -1) if mine[p] and not after.theirs[23 - (p - 1)])
                mine[source] -= 1
                mine[source - 1] += 1
                typed = Position(mine, after.theirs).swapped()
                steps = [(s.source, s.target, s.hit) for s in play.steps] + [(source + 1, source, False)]
                match.setup(typed, 1 - player, cube_value=match.cube_value, cube_owner=match.cube_owner,
                            edit=True)
                match.events[-1]["_before"] = before
                match.events[-1]["_moves"] = _encode_steps(steps, False)
                continue
            plays = list(turn.plays)
            if plays:
                match.play_move(rng.choice(plays))
            else:
                match.done()
        else:  # pragma: no cover - no cube in this match
            break
    return match


#: the files written: name -> (how the match is made, habits)
FILES = {
    "match_5_point": (lambda: random_match(101, {"length": 5, "names": ("Alice", "Bob")}), frozenset()),
    "match_7_point_habits": (lambda: random_match(202, {"length": 7, "names": ("Ann Lee", "Zoé")}, resign=0.05),
                             frozenset({"combined", "no_double", "resign_move"})),
    "match_capped": (lambda: random_match(303, {"length": 3}, cube=0.3), frozenset({"capped"})),
    "money_jacoby_beavers": (lambda: random_match(404, {"length": 0, "jacoby": True, "beavers": True,
                                                       "max_cube": 64}, games=5, cube=0.3),
                             frozenset({"combined"})),
    "match_in_play": (lambda: random_match(505, {"length": 5}, stop=40), frozenset({"no_double"})),
    "match_hand_typed": (lambda: illegal_match(606), frozenset()),
    "match_version_24": (lambda: random_match(707, {"length": 1}), frozenset()),
}


def _stop_at_turn(match):
    """Leave ``match`` (in play) at a whole turn: a roll not played is played."""
    while match.phase is Phase.MOVING:
        plays = list(match.turn.plays)
        if plays:
            match.play_move(plays[0])
        else:
            match.done()
    return match


def write_all(folder):
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name, (make, habits) in FILES.items():
        match = _stop_at_turn(make())
        version = 24 if "version_24" in name else VERSION
        (folder / f"{name}.xg").write_bytes(write_xg(match, habits, version))
    rolled = Match(MatchConfig(length=7), SeededDice(11), score=(3, 5))
    rolled.roll()
    rolled.play_move(rolled.turn.plays[0])
    rolled.roll()
    (folder / "position_rolled.xgp").write_bytes(write_xgp(rolled))
    cube = random_match(12, {"length": 0, "jacoby": True}, stop=30, cube=0.4)
    _stop_at_turn(cube)
    (folder / "position_cube.xgp").write_bytes(write_xgp(cube))


if __name__ == "__main__":
    write_all(sys.argv[1] if len(sys.argv) > 1 else ROOT / "tests" / "data" / "xg")
