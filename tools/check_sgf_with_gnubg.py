"""Check game/formats/sgf.py against GNU Backgammon, both ways, over seeded matches and money sessions.

Needs Debian's gnubg (``apt-get install -y gnubg``; the PyPI gnubg cannot read
SGF).  Run with standard input closed::

    python3 tools/check_sgf_with_gnubg.py < /dev/null          (320 seeds, 96 games by gnubg)
    python3 tools/check_sgf_with_gnubg.py --matches 500 --gnubg-games 40 < /dev/null
    python3 tools/check_sgf_with_gnubg.py --write-fixtures --matches 0 --gnubg-games 0 < /dev/null

For each seed, :func:`check_mat_with_gnubg.random_match` plays a match or a
money session (random legal plays, random cube actions, beavers and
resignations, the configurations of ``CONFIGS``, and every eighth seed one
of ``EXTRA_CONFIGS``).  Then, in one gnubg process per file (gnubg keeps
global state, and a bad file can end it):

1. ours -> gnubg: ``export_sgf`` writes the file, gnubg ``load match`` reads
   it, and ``gnubg.match()`` (every action's Position ID before it, dice,
   checker steps, cube actions, resignations, results, scores) is compared
   with our event log;
2. gnubg -> ours: gnubg ``save match`` writes its own .sgf of what it read;
   gnubg loads that file again for its view, ``import_sgf`` reads it, and
   the two views are compared the same way.  This direction also reads
   matches and money sessions that gnubg plays against itself (seeded,
   0-ply, analysed: its files then hold ``A[]``, ``DA[]`` and ``GS[]``).

Views are compared with each roll's dice sorted and each move as the
position it leaves (see :func:`_normal`); everything else (the Position ID
before every action, cube actions, resignations and their value, each
game's winner, points and the score) as it is.

Each direction ends with the line ``N files, A read by us, G read by GNU
Backgammon, D read differently, W wrongly refused``; the exit status is 0
when D and W are 0 in both.

``--write-fixtures`` keeps a few of gnubg's own files as ``tests/data/
gnubg_*.sgf`` and gnubg's view of each as ``tests/data/gnubg_sgf_expected.json``
(read by ``tests/test_sgf.py`` without gnubg).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from check_mat_with_gnubg import _write_expected, compare, expected_view, gnubg_view, random_match  # noqa: E402,E501
from game.move import Move, Step  # noqa: E402
from game.position import Position  # noqa: E402
from game.formats.sgf import SgfFileError, export_sgf, import_sgf  # noqa: E402

GNUBG = os.environ.get("GNUBG", shutil.which("gnubg") or "/usr/games/gnubg")

#: run by gnubg's own Python (-p): load ours, dump, save gnubg's, load it, dump
_SCRIPT = r'''
import gnubg, json, os
def dump(path):
    try:
        data = gnubg.match()
    except Exception as error:
        data = {"error": repr(error)}
    with open(path, "w") as out:
        json.dump(data, out)
gnubg.command("set confirm new off")
for command in os.environ["CHECK_SGF_COMMANDS"].split(";"):
    if command:
        gnubg.command(command)
gnubg.command('load match "%s"' % os.environ["CHECK_SGF_IN"])
dump(os.environ["CHECK_SGF_VIEW"])
gnubg.command('save match "%s"' % os.environ["CHECK_SGF_SAVED"])
gnubg.command("new match 1")
gnubg.command('load match "%s"' % os.environ["CHECK_SGF_SAVED"])
dump(os.environ["CHECK_SGF_VIEW2"])
'''

#: run by gnubg's own Python (-p): gnubg plays itself (seeded), analyses at 0-ply, saves,
#: loads its file again and dumps its view
_PLAY_SCRIPT = r'''
import gnubg, json, os
gnubg.command("set confirm new off")
gnubg.command("set automatic game off")
for command in os.environ["CHECK_SGF_COMMANDS"].split(";"):
    if command:
        gnubg.command(command)
if os.environ["CHECK_SGF_LENGTH"] == "0":
    gnubg.command("new session")
    for k in range(int(os.environ["CHECK_SGF_GAMES"]) - 1):
        gnubg.command("new game")
else:
    gnubg.command("new match " + os.environ["CHECK_SGF_LENGTH"])
gnubg.command("analyse match")
gnubg.command('save match "%s"' % os.environ["CHECK_SGF_SAVED"])
gnubg.command("new match 1")
gnubg.command('load match "%s"' % os.environ["CHECK_SGF_SAVED"])
with open(os.environ["CHECK_SGF_VIEW2"], "w") as out:
    json.dump(gnubg.match(), out)
'''

#: the rules of gnubg's own games (``--gnubg-games``), cycled: (length, gnubg commands)
SELF_PLAY = (
    (5, []),
    (0, ["set jacoby on", "set beavers 1"]),
    (3, []),
    (0, ["set jacoby off", "set beavers 0"]),
    (7, ["set crawford off"]),
    (0, ["set cube use off"]),
    (1, []),
    (0, ["set jacoby on", "set beavers 0", "set automatic doubles 2"]),
)


def gnubg_plays(seed, folder, games=4):
    """A match or session that gnubg plays against itself: ``(length, saved text, view)``."""
    folder = Path(folder)
    saved, view = folder / "played.sgf", folder / "played.json"
    for path in (saved, view):
        if path.exists():
            path.unlink()
    length, rules = SELF_PLAY[seed % len(SELF_PLAY)]
    commands = [f"set seed {seed}", "set player 0 gnubg", "set player 1 gnubg"] + [
        f"set player {p} {what} evaluation plies 0" for p in (0, 1)
        for what in ("chequerplay", "cubedecision")] + [
        "set analysis chequerplay evaluation plies 0", "set analysis cubedecision evaluation plies 0"]
    (folder / "play.py").write_text(_PLAY_SCRIPT)
    home = folder / "home"
    home.mkdir(exist_ok=True)
    env = dict(os.environ, HOME=str(home), CHECK_SGF_SAVED=str(saved), CHECK_SGF_VIEW2=str(view),
               CHECK_SGF_LENGTH=str(length), CHECK_SGF_GAMES=str(games), 
               CHECK_SGF_COMMANDS=";".join(commands + rules))
    subprocess.run([GNUBG, "-t", "-q", "-r", "-s", str(home), "-p", str(folder / "play.py")],
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env, cwd=folder, timeout=300, check=False)
    text = saved.read_text(encoding="utf-8") if saved.exists() else None
    data = json.loads(view.read_text()) if view.exists() else None
    return length, text, (data if isinstance(data, dict) and data.get("games") else None)


#: every eighth seed plays one of these instead of check_mat_with_gnubg.CONFIGS: this engine's
#: options that gnubg reads from the file (automatic doubles as the game's CV[] cube)
EXTRA_CONFIGS = (
    {"length": 0, "automatic_doubles": 2, "jacoby": True, "names": ("Auto", "Doubles")},
    {"length": 0, "automatic_doubles": 1, "beavers": True, "opening": "both_dice"},
    {"length": 9, "max_cube": 16},
)

#: the matches kept as fixtures by --write-fixtures: name -> (seed, config, random_match options)
FIXTURES = {
    # gammons, passes, player 1 opening, cube taken and dropped, the Crawford game
    "gnubg_5_point": (84, {"length": 5, "names": ("Alice", "Bob")}, {"cube": 0.04, "resign": 0.003}),
    # money, Jacoby and beavers: beavers taken and dropped
    "gnubg_money": (270, {"length": 0, "jacoby": True, "beavers": True, "names": ("Cash", "Carry")},
                    {"games": 5, "cube": 0.15, "resign": 0.005}),
    # resignations before and after rolling, by both players
    "gnubg_resignations": (2, {"length": 7, "names": ("Ann Lee", "gnubg")}, {"resign": 0.05}),
    # a match left in play, a double waiting for an answer
    "gnubg_in_play": (10, {"length": 9}, {"stop": 185}),
}


#: gnubg's own play kept as fixtures by --write-fixtures: seed -> games (a 1-point match; one
#: game of a money session with Jacoby and beavers, a redouble dropped: its plays keep
#: gnubg's candidate lists, some 50 kB a game)
GNUBG_FIXTURES = {6: 4, 9: 1}


def _commands(config):
    """gnubg settings that the file cannot carry (beavers) or that gnubg takes from the session."""
    return ["set beavers " + ("1" if config.beavers else "0"), "set automatic doubles 0"]


def run_gnubg(text, config, folder):
    """gnubg's view of our text, gnubg's own save of it, and gnubg's view of that save.

    Returns ``(view, saved_text, view_again)``; a view is None when gnubg
    could not read the file (it crashed, or found no game).
    """
    folder = Path(folder)
    paths = {name: folder / name for name in ("ours.sgf", "view.json", "saved.sgf", "view2.json")}
    for path in paths.values():
        if path.exists():
            path.unlink()
    paths["ours.sgf"].write_text(text, encoding="utf-8")
    (folder / "script.py").write_text(_SCRIPT)
    home = folder / "home"
    home.mkdir(exist_ok=True)
    env = dict(os.environ, HOME=str(home), CHECK_SGF_IN=str(paths["ours.sgf"]),
               CHECK_SGF_VIEW=str(paths["view.json"]), CHECK_SGF_SAVED=str(paths["saved.sgf"]),
               CHECK_SGF_VIEW2=str(paths["view2.json"]), CHECK_SGF_COMMANDS=";".join(_commands(config)))
    subprocess.run([GNUBG, "-t", "-q", "-r", "-s", str(home), "-p", str(folder / "script.py")],
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env, cwd=folder, timeout=120, check=False)

    def view(path):
        if not path.exists():
            return None
        data = json.loads(path.read_text())
        if not isinstance(data, dict) or not data.get("games"):
            return None
        return data

    saved = paths["saved.sgf"].read_text(encoding="utf-8") if paths["saved.sgf"].exists() else None
    return view(paths["view.json"]), saved, view(paths["view2.json"])


class Tally:
    """The counts of one direction."""

    def __init__(self, name):
        self.name = name
        self.files = self.ours = self.theirs = self.different = self.refused = 0
        self.lines = []

    def summary(self):
        return (f"{self.files} files, {self.ours} read by us, {self.theirs} read by GNU Backgammon, "
                f"{self.different} read differently, {self.refused} wrongly refused")


def _after(board, dice, steps):
    """The Position ID after checker ``steps`` (gnubg's, from ``board``), or None if no legal play."""
    position = Position.from_position_id(board)
    if not steps:
        return position.swapped().position_id() if not position.legal_moves(dice) else None
    found = position.legal_moves(dice).find(Move(tuple(Step(a, b) for a, b in steps)))
    return None if found is None else position.play(found).position_id()


def _normal(view):
    """The view with each roll's dice sorted and each move as the position it leaves.

    The order of the dice says nothing about the play (gnubg writes the
    opening roll's either way); nor do the order of the checker steps or
    the path of a checker that moves twice without hitting (gnubg's own
    plays list them in its search order, our event log in the engine's).
    """
    for game in view["games"]:
        for action in game["actions"]:
            if "dice" in action:
                action["dice"] = sorted(action["dice"])
            if action["action"] == "move":
                after = _after(action["board"], action["dice"], action["move"])
                if after is not None:
                    action["move"] = after
    return view


def _compare(ours, theirs):
    found, known = compare(_normal(ours), _normal(theirs))
    return found + known   # what .mat cannot say (a roll before a resignation), .sgf can


def _read_theirs(direction, label, saved, view_again):
    """Count one file gnubg saved (``view_again``: gnubg's own view of it, None when gnubg
    cannot read it back) in the gnubg → ours ``direction``: read by us, refused, or read
    differently. Returns our reading (None when we refuse it)."""
    direction.files += 1
    if view_again is not None:
        direction.theirs += 1
    try:
        theirs_read = import_sgf(saved)
        direction.ours += 1
    except SgfFileError as error:
        if view_again is not None:
            direction.refused += 1
        direction.lines.append(f"{label}: our import refuses gnubg's file: {error}")
        return None
    if view_again is not None:
        found = _compare(expected_view(theirs_read), gnubg_view(view_again))
        if found:
            direction.different += 1
            direction.lines += [f"{label}: {line}" for line in found[:3]]
    return theirs_read


def _option(argv, name, default):
    return argv[argv.index(name) + 1] if name in argv[:-1] else default


def main(argv):
    if not Path(GNUBG).exists():
        print(f"GNU Backgammon not found at {GNUBG}: apt-get install -y gnubg")
        return 2
    write = "--write-fixtures" in argv
    seeds = range(int(_option(argv, "--matches", 320)))
    cases = [(f"seed {seed}", seed, EXTRA_CONFIGS[seed // 8 % len(EXTRA_CONFIGS)] if seed % 8 == 7
              else None, {"resign": 0.05}) for seed in seeds]
    if write:
        cases += [(name, seed, config, options) for name, (seed, config, options) in FIXTURES.items()]
    out_direction = Tally("ours -> GNU Backgammon")
    in_direction = Tally("GNU Backgammon -> ours")
    kinds = {"match": 0, "money": 0, "gnubg match": 0, "gnubg money": 0}
    moves = actions = 0
    expected_file = {}
    with tempfile.TemporaryDirectory() as folder:
        for label, seed, config, options in cases:
            match = random_match(seed, config, **options)
            kinds["money" if match.config.money else "match"] += 1
            ours = expected_view(match)
            moves += sum(a["action"] == "move" for g in ours["games"] for a in g["actions"])
            actions += sum(len(g["actions"]) for g in ours["games"])
            text = export_sgf(match, event=f"check {label}", date="2026-11-25")
            # ours -> gnubg
            out_direction.files += 1
            try:
                again = import_sgf(text)
                if expected_view(again) == ours and again.score == match.score:
                    out_direction.ours += 1
                else:
                    out_direction.lines.append(f"{label}: our own import reads our file differently")
            except SgfFileError as error:
                out_direction.lines.append(f"{label}: our import refuses our file: {error}")
            view, saved, view_again = run_gnubg(text, match.config, folder)
            if view is None:
                out_direction.refused += 1
                out_direction.lines.append(f"{label}: GNU Backgammon cannot read our file")
            else:
                out_direction.theirs += 1
                found = _compare(ours, gnubg_view(view))
                if found:
                    out_direction.different += 1
                    out_direction.lines += [f"{label}: {line}" for line in found[:3]]
            # gnubg -> ours
            if saved is None:
                continue
            theirs_read = _read_theirs(in_direction, label, saved, view_again)
            if theirs_read is not None and view_again is not None:
                if write and label in FIXTURES:
                    (ROOT / "tests" / "data" / f"{label}.sgf").write_text(saved, encoding="utf-8")
                    expected_file[label] = gnubg_view(view_again)
        for seed in range(int(_option(argv, "--gnubg-games", 96))):
            length, saved, view_again = gnubg_plays(seed, folder)
            label = f"gnubg plays {seed}"
            kinds["gnubg money" if length == 0 else "gnubg match"] += 1
            if saved is None:
                in_direction.lines.append(f"{label}: gnubg saved no file")
                continue
            _read_theirs(in_direction, label, saved, view_again)
    if write:
        with tempfile.TemporaryDirectory() as folder:
            for seed, games in GNUBG_FIXTURES.items():
                length, saved, view_again = gnubg_plays(seed, folder, games=games)
                fixture = f"gnubg_plays_{'money' if length == 0 else length}"
                (ROOT / "tests" / "data" / f"{fixture}.sgf").write_text(saved, encoding="utf-8")
                expected_file[fixture] = gnubg_view(view_again)
        path = ROOT / "tests" / "data" / "gnubg_sgf_expected.json"
        _write_expected(path, expected_file)
        print(f"wrote {len(expected_file)} fixtures and {path.relative_to(ROOT)}")
    print(f"{len(cases)} seeded files of ours: {kinds['match']} matches, {kinds['money']} money "
          f"sessions, {actions} actions ({moves} moves); gnubg saves each again after reading it")
    print(f"and gnubg's own play (seeded, analysed at 0-ply): {kinds['gnubg match']} matches, "
          f"{kinds['gnubg money']} money sessions")
    for tally in (out_direction, in_direction):
        print(f"{tally.name}:")
        for line in tally.lines[:30]:
            print("   ", line)
        print(f"  {tally.summary()}")
    bad = sum(t.different + t.refused for t in (out_direction, in_direction))
    return 1 if bad or out_direction.ours != out_direction.files else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
