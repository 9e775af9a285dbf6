"""Compare our reading of ``.mat`` files with GNU Backgammon's, move by move, on any files.

Run with standard input closed (gnubg may otherwise wait for an answer)::

    python3 tools/compare_mat_files.py FOLDER_OR_FILE ... < /dev/null
    python3 tools/compare_mat_files.py --fixtures tests/data/mat_corpus < /dev/null

Each file (``*.mat`` and ``*.txt`` in a folder, recursively) is read by
:func:`game.formats.mat_read.import_mats` and, in a process of its own, by gnubg's
``import mat`` (``gnubg.match()``).  Both readings become the same plain
view: per game the score its score line gives, the winner and the points,
and every action with the Position ID before it, the dice (either order),
the position after a move (so ``24/13`` and ``24/18 18/13`` are one
play), cube actions and resignations.  A file counts as read by gnubg when
gnubg gives at least one game, every play it recorded is legal and no game
opens with a double (gnubg 1.1 takes both without a word: then our refusal
is the right answer).  The last line is::

    N files, A read by us, G read by GNU Backgammon, D read differently, W wrongly refused

``D``: read by both, with a difference in a position, a roll, a cube action,
a score or a result; ``W``: read by gnubg, refused by us.  What gnubg
itself reads against its own file is listed as known, not as a difference:
a resignation before the first roll (gnubg records no result, the next
score line has it), a resignation whose result gnubg gives to the column's
player when the next score line says the other won, and a roll then a
resignation with one play or none (gnubg plays it).

``--fixtures DIR`` also writes gnubg's view of every file of DIR to
``DIR/gnubg_views.json``, which ``tests/test_mat_corpus.py`` compares with
our reading without gnubg; ``--only PREFIX`` reads only the files whose name
starts with PREFIX and keeps the other views.  This module imports gnubg only
in its child processes: the PyPI ``gnubg`` module (1.1) by default, or, with
``GNUBG=PROGRAM`` in the environment, Debian's gnubg program (1.07), which runs
the child's script itself::

    GNUBG=/usr/games/gnubg python3 tools/compare_mat_files.py --fixtures tests/data/mat_corpus \
        --only online_ < /dev/null
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from check_mat_with_gnubg import expected_view, gnubg_view  # noqa: E402
from game.errors import GameError  # noqa: E402
from game.formats.mat_read import MatFileError, _config, _parse, decode_mat, import_mats  # noqa: E402
from game.move import Move, Step  # noqa: E402
from game.position import Position  # noqa: E402

_CHILD = r"""
import json, os, sys
import gnubg
null = os.open(os.devnull, os.O_WRONLY)
saved = os.dup(1)
os.dup2(null, 1)
if "COMPARE_MAT_FILE" in os.environ:     # Debian's gnubg runs this script itself (-p)
    arguments = [os.environ["COMPARE_MAT_FILE"]] + os.environ["COMPARE_MAT_COMMANDS"].split(";")
else:
    arguments = sys.argv[1:]
for command in arguments[1:]:
    gnubg.command(command)
gnubg.command("import mat " + arguments[0])
data = gnubg.match()
os.dup2(saved, 1)
print("GNUBG-MATCH " + json.dumps(data, default=str), flush=True)
"""


def gnubg_settings(data):
    """gnubg commands for the rules the file's tags give (gnubg's import ignores them)."""
    jacoby, beavers, cube = False, False, True
    try:
        config = _config(_parse(data)[0])
        jacoby, beavers, cube = config.jacoby, config.beavers, config.cube
    except (GameError, IndexError):
        pass
    return ["set confirm new off", "set display off",
            "set jacoby " + ("on" if jacoby else "off"), "set beavers " + ("1" if beavers else "0"),
            "set cube use " + ("on" if cube else "off"), "set automatic doubles 0"]


def gnubg_read(path, data, timeout=120):
    """``gnubg.match()`` for the file at ``path`` (its bytes ``data``), or None when gnubg fails.

    gnubg's Python module cannot hand back names that are not UTF-8 (it
    fails on a Windows-1252 name): such a file is given to it in UTF-8,
    the same text otherwise.
    """
    try:
        data.decode("utf-8")
        folder = None
    except UnicodeDecodeError:
        folder = tempfile.TemporaryDirectory()
        path = Path(folder.name) / "utf8.mat"
        path.write_bytes(decode_mat(data).encode("utf-8"))
    program = os.environ.get("GNUBG")
    try:
        if program:
            # Debian's gnubg (the program, 1.07): the script in a file, the file in the environment
            with tempfile.TemporaryDirectory() as home:
                script = Path(home) / "child.py"
                script.write_text(_CHILD)
                env = dict(os.environ, HOME=home, COMPARE_MAT_FILE=str(path),
                           COMPARE_MAT_COMMANDS=";".join(gnubg_settings(data)))
                done = subprocess.run([program, "-t", "-q", "-r", "-s", home, "-p", str(script)],
                                      stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout,
                                      env=env)
        else:
            done = subprocess.run([sys.executable, "-c", _CHILD, str(path), *gnubg_settings(data)],
                                  stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    finally:
        if folder is not None:
            folder.cleanup()
    for line in done.stdout.decode("utf-8", "replace").splitlines():
        if line.startswith("GNUBG-MATCH "):
            found = json.loads(line[len("GNUBG-MATCH "):])
            return found if found else None
    return None


# --- one view for both readings ---------------------------------------------------------------

def _after(board_id, steps):
    """Position ID after ``steps`` (``[source, target]``, 25 bar, 0 off) from ``board_id``,
    each checker going straight to its target; None when a step has no checker to move."""
    position = Position.from_position_id(board_id)
    me, opp = position._boards()
    theirs = list(position.theirs)
    for source, target in steps:
        s = 24 if source == 25 else source - 1
        t = -1 if target == 0 else target - 1
        if not 0 <= s <= 24 or me[s] <= 0 or t >= s:
            return None
        me[s] -= 1
        if t >= 0:
            if opp[t] == 1:
                opp[t] = 0
                theirs[23 - t] -= 1
                theirs[24] += 1
            me[t] += 1
    try:
        return Position._trusted(tuple(theirs), tuple(me)).position_id()
    except (GameError, ValueError, TypeError):
        return None


def normal_view(view):
    """A view of :func:`expected_view` / :func:`gnubg_view` with each move as its result."""
    games = []
    for game in view["games"]:
        actions = []
        for action in game["actions"]:
            action = dict(action)
            if "dice" in action:
                action["dice"] = sorted(action["dice"])
            if action["action"] == "move":
                action["after"] = _after(action["board"], action.pop("move"))
            actions.append(action)
        games.append({**game, "actions": actions})
    return {**view, "games": games}


def illegal_play(view, both_dice=False):
    """The first play of a (normal) view that the rules do not allow, as text, or None:
    an illegal play, or a double as the opening roll (unless each player throws both dice)."""
    for number, game in enumerate(view["games"], 1):
        moves = [action for action in game["actions"] if action["action"] == "move"]
        if moves and not both_dice and moves[0]["dice"][0] == moves[0]["dice"][1] \
                and moves[0]["board"] == Position.start().position_id():
            return f"game {number}: the opening roll {moves[0]['dice']} is a double"
        for k, action in enumerate(game["actions"], 1):
            if action["action"] != "move":
                continue
            board = Position.from_position_id(action["board"])
            plays = board.legal_moves(tuple(action["dice"]))
            if plays:
                # the positions compared, not their IDs: one ID decoded, not one per legal play
                try:
                    after = Position.from_position_id(action["after"])
                except (GameError, TypeError):
                    after = None        # no play of the roll, or not a position at all
                legal = after in set(plays.results())
            else:
                legal = action["after"] == board.swapped().position_id()
            if not legal:
                return f"game {number} action {k}: {action['dice']} from {action['board']}"
    return None


def _forced(action_set, move):
    """Whether gnubg's ``move`` is the pass or only play of the roll ``action_set`` left unplayed."""
    board = Position.from_position_id(move["board"])
    plays = board.legal_moves(tuple(action_set["dice"]))
    if not plays:
        return move["after"] in (None, board.swapped().position_id())
    return len(plays) == 1 and move["after"] == plays.results()[0].position_id()


def compare_views(ours, theirs, same_line=()):
    """``(differences, known)`` between our normal view and gnubg's, lists of strings.

    ``same_line``: the numbers of the games whose result the file writes after the row's
    number again, on the line of the last play (gnubg cannot read that line)."""
    differences, known = [], []
    if ours["length"] != theirs["length"]:
        differences.append(f"match length {ours['length']} != {theirs['length']}")
    games = list(zip(ours["games"], theirs["games"]))
    for number, (a, b) in enumerate(games, 1):
        if a["score"] != b["score"]:
            differences.append(f"game {number}: score {a['score']} != {b['score']}")
        x_actions, y_actions = list(a["actions"]), list(b["actions"])
        # the file's next score line (gnubg may stop before it: see below)
        next_score = ours["games"][number]["score"] if number < len(ours["games"]) else None
        result_known = False
        if number in same_line and b["winner"] is None and a["winner"] is not None:
            known.append(f"game {number}: its result follows the row's number again; gnubg warns "
                         f"and records no result (the next score line has it)")
            x_actions, result_known = [x for x in x_actions if x["action"] != "resign"], True
            if x_actions and x_actions[-1]["action"] == "move" and x_actions[:-1] == y_actions:
                known.append(f"game {number}: gnubg does not read the last play, on the line of "
                             f"the row's number again")
                x_actions = x_actions[:-1]
        elif a["resigned"] and b["winner"] is None and not y_actions and \
                all(action["action"] == "resign" for action in x_actions):
            known.append(f"game {number}: a resignation before the first roll; gnubg records "
                         f"no result (the next score line has it)")
            x_actions, result_known = [], True
        elif a["resigned"] and b["resigned"] and a["winner"] != b["winner"]:
            if next_score is not None:
                said = next_score[a["winner"]] > a["score"][a["winner"]]
                why = "the next score line"
            else:
                # the last game: "and the match" takes only our winner to the length
                length = ours["length"]
                said = bool(length and ours["score"][a["winner"]] >= length
                            and theirs["score"][b["winner"]] < length)
                why = "'and the match'"
            if said:
                known.append(f"game {number}: gnubg gives the resignation to the column's player; "
                             f"{why} says player {a['winner']} won")
                x_actions = [x for x in x_actions if x["action"] != "resign"]
                y_actions = [y for y in y_actions if y["action"] != "resign"]
                result_known = True
        if not result_known:
            for key in ("winner", "points", "resigned"):
                if a[key] != b[key]:
                    differences.append(f"game {number}: {key} {a[key]!r} != {b[key]!r}")
        i = j = 0
        while i < len(x_actions) or j < len(y_actions):
            x = x_actions[i] if i < len(x_actions) else None
            y = y_actions[j] if j < len(y_actions) else None
            if x != y:
                if (x is not None and y is not None and x["action"] == "set" and y["action"] == "move"
                        and x["player"] == y["player"] and x["dice"] == y["dice"] and _forced(x, y)):
                    known.append(f"game {number} action {i + 1}: rolled {x['dice']}, no move written; "
                                 f"gnubg plays the pass or the only play")
                    i, j = i + 1, j + 1
                    continue
                if (y is not None and y["action"] == "double" and j >= 2
                        and y_actions[j - 1]["action"] == "take" and y_actions[j - 2] == y
                        and (x is None or x["action"] == "resign")):
                    known.append(f"game {number} action {i + 1}: a resignation right after a take; "
                                 f"gnubg records the double again before it")
                    j += 1
                    continue
                differences.append(f"game {number} action {i + 1}: ours {x!r} != gnubg {y!r}")
                break
            i, j = i + 1, j + 1
    stopped = False
    if len(ours["games"]) != len(theirs["games"]):
        # gnubg stops reading when its own count of the score ends the match: after it
        # gave a resignation to the wrong player, that can be before the file's end
        length = theirs["length"]
        misread = any("column's player" in line for line in known)
        if misread and length and max(theirs["score"]) >= length and len(theirs["games"]) < len(ours["games"]):
            known.append(f"gnubg stops after game {len(theirs['games'])}: its score, counted from "
                         f"the resignations it gave to the column's player, ends the match there")
            stopped = True
        else:
            differences.append(f"{len(ours['games'])} games != {len(theirs['games'])}")
    if ours["score"] != theirs["score"] and not stopped and not (
            known and len(ours["games"]) == len(theirs["games"]) and _last_known(ours, theirs, known)):
        differences.append(f"final score {ours['score']} != {theirs['score']}")
    return differences, known


def _last_known(ours, theirs, known):
    """Whether the final scores differ only by a known result of the last game."""
    last = len(ours["games"])
    return any(line.startswith(f"game {last}: ") for line in known)


def our_view(data):
    """Our normal view of a file's (first) match, or raises :class:`MatFileError`."""
    matches = import_mats(decode_mat(data))
    return normal_view(expected_view(matches[0]))


def gnubg_normal_view(found):
    """gnubg's ``match()`` data as a normal view, or None when it holds no game."""
    if not found or not found.get("games"):
        return None
    return normal_view(gnubg_view(found))


def classify(data, theirs):
    """``(read by us, read by gnubg, differences, known, why)`` for one file's bytes and
    gnubg's normal view of it (None when gnubg read nothing)."""
    try:
        ours = our_view(data)
        why = None
    except MatFileError as error:
        ours, why = None, str(error)
    gnubg_ok = theirs is not None
    if gnubg_ok:
        try:
            both_dice = _config(_parse(data)[0]).opening == "both_dice"
        except (GameError, IndexError):
            both_dice = False
        bad = illegal_play(theirs, both_dice)
        if bad is not None:
            gnubg_ok, why = False, (why or "") + f" [gnubg takes an illegal play: {bad}]"
    differences, known = ([], [])
    if ours is not None and gnubg_ok:
        games = _parse(data)[0].games
        same_line = {k for k, game in enumerate(games, 1) if any(item.same_line for item in game.items)}
        differences, known = compare_views(ours, theirs, same_line)
    return ours is not None, gnubg_ok, differences, known, why


def write_views(path, views):
    """The views as JSON, one action a line (readable diffs)."""
    lines = ["{"]
    for n, (name, view) in enumerate(sorted(views.items())):
        comma = "," if n + 1 < len(views) else ""
        if view is None:
            lines.append(f" {json.dumps(name)}: null{comma}")
            continue
        lines.append(f' {json.dumps(name)}: {{"length": {view["length"]}, '
                     f'"score": {json.dumps(view["score"])}, "games": [')
        for g, game in enumerate(view["games"]):
            head = {key: game[key] for key in ("score", "winner", "points", "resigned")}
            lines.append(f"  {json.dumps(head)[:-1]}, \"actions\": [")
            for a, action in enumerate(game["actions"]):
                lines.append(f"   {json.dumps(action, sort_keys=True)}"
                             f"{',' if a + 1 < len(game['actions']) else ''}")
            lines.append("  ]}" + ("," if g + 1 < len(view["games"]) else ""))
        lines.append(" ]}" + comma)
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == views
    path.write_text(text)


def files_of(arguments):
    out = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.suffix.lower() in (".mat", ".txt"))
        elif path.is_file():
            out.append(path)
    return out


def summary(counts):
    """The closing line."""
    n, a, g, d, w = counts
    return (f"{n} files, {a} read by us, {g} read by GNU Backgammon, {d} read differently, "
            f"{w} wrongly refused")


def main(argv):
    fixtures = None
    only = None
    if "--only" in argv:
        index = argv.index("--only")
        only = argv[index + 1]
        argv = argv[:index] + argv[index + 2:]
    if "--fixtures" in argv:
        index = argv.index("--fixtures")
        fixtures = Path(argv[index + 1])
        argv = argv[:index] + argv[index + 2:] + [str(fixtures)]
    files = [path for path in files_of(argv) if only is None or path.name.startswith(only)]
    if not files:
        print(__doc__)
        return 2
    counts = [0, 0, 0, 0, 0]
    views = {}
    for path in files:
        data = path.read_bytes()
        found = gnubg_read(path, data)
        theirs = gnubg_normal_view(found)
        ours_ok, gnubg_ok, differences, known, why = classify(data, theirs)
        counts[0] += 1
        counts[1] += ours_ok
        counts[2] += gnubg_ok
        counts[3] += bool(differences)
        counts[4] += gnubg_ok and not ours_ok
        if fixtures is not None and path.parent == fixtures:
            views[path.name] = theirs
        name = os.path.relpath(path)
        if differences:
            print(f"{name}: read differently")
            for line in differences[:5]:
                print("    ", line)
        elif gnubg_ok and not ours_ok:
            print(f"{name}: refused by us, read by gnubg: {why}")
        elif not ours_ok:
            print(f"{name}: refused by both: {why}")
        elif not gnubg_ok:
            print(f"{name}: read by us only{': ' + why if why else ''}")
        for line in known[:3]:
            print(f"{name}: known: {line}")
    if fixtures is not None:
        path = fixtures / "gnubg_views.json"
        if only is not None and path.exists():        # the other files' views are kept
            views = {**json.loads(path.read_text()), **views}
        write_views(path, views)
        print(f"wrote gnubg's view of {len(views)} files to {os.path.relpath(path)}")
    print(summary(counts))
    return 1 if counts[3] or counts[4] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
