"""Check game/sgf.py against GNU Backgammon, both ways, over seeded matches and money sessions.

Needs Debian's gnubg (``apt-get install -y gnubg``; the PyPI gnubg cannot read
SGF).  Run with standard input closed::

    python3 tools/check_sgf_with_gnubg.py < /dev/null                 (320 seeds)
    python3 tools/check_sgf_with_gnubg.py --matches 500 < /dev/null
    python3 tools/check_sgf_with_gnubg.py --write-fixtures < /dev/null

For each seed, :func:`check_mat_with_gnubg.random_match` plays a match or a
money session (random legal plays, random cube actions, beavers and
resignations, the configurations of ``CONFIGS``).  Then, in one gnubg
process per file (gnubg keeps global state, and a bad file can end it):

1. ours -> gnubg: ``export_sgf`` writes the file, gnubg ``load match`` reads
   it, and ``gnubg.match()`` (every action's Position ID before it, dice,
   checker steps, cube actions, resignations, results, scores) is compared
   with our event log;
2. gnubg -> ours: gnubg ``save match`` writes its own .sgf of what it read;
   gnubg loads that file again for its view, ``import_sgf`` reads it, and
   the two views are compared the same way.

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

from check_mat_with_gnubg import compare, expected_view, gnubg_view, random_match  # noqa: E402
from game.sgf import SgfFileError, export_sgf, import_sgf  # noqa: E402

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


def _unordered_dice(view):
    """The view with each roll's two dice sorted: their order says nothing about the play.

    (gnubg writes the opening roll's dice in either order.)
    """
    for game in view["games"]:
        for action in game["actions"]:
            if "dice" in action:
                action["dice"] = sorted(action["dice"])
    return view


def _compare(ours, theirs):
    found, known = compare(_unordered_dice(ours), _unordered_dice(theirs))
    return found + known   # what .mat cannot say (a roll before a resignation), .sgf can


def _option(argv, name, default):
    return argv[argv.index(name) + 1] if name in argv[:-1] else default


def main(argv):
    if not Path(GNUBG).exists():
        print(f"GNU Backgammon not found at {GNUBG}: apt-get install -y gnubg")
        return 2
    write = "--write-fixtures" in argv
    seeds = range(int(_option(argv, "--matches", 320)))
    cases = [(f"seed {seed}", seed, None, {"resign": 0.05}) for seed in seeds]
    if write:
        cases += [(name, seed, config, options) for name, (seed, config, options) in FIXTURES.items()]
    out_direction = Tally("ours -> GNU Backgammon")
    in_direction = Tally("GNU Backgammon -> ours")
    kinds = {"match": 0, "money": 0}
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
            in_direction.files += 1
            if view_again is not None:
                in_direction.theirs += 1
            try:
                theirs_read = import_sgf(saved)
                in_direction.ours += 1
            except SgfFileError as error:
                theirs_read = None
                if view_again is not None:
                    in_direction.refused += 1
                in_direction.lines.append(f"{label}: our import refuses gnubg's file: {error}")
            if theirs_read is not None and view_again is not None:
                found = _compare(expected_view(theirs_read), gnubg_view(view_again))
                if found:
                    in_direction.different += 1
                    in_direction.lines += [f"{label}: {line}" for line in found[:3]]
                if write and label in FIXTURES:
                    (ROOT / "tests" / "data" / f"{label}.sgf").write_text(saved, encoding="utf-8")
                    expected_file[label] = gnubg_view(view_again)
    if write:
        path = ROOT / "tests" / "data" / "gnubg_sgf_expected.json"
        path.write_text(json.dumps(expected_file, indent=0, sort_keys=True) + "\n")
        print(f"wrote {len(expected_file)} fixtures and {path.relative_to(ROOT)}")
    print(f"{len(cases)} seeded files: {kinds['match']} matches, {kinds['money']} money sessions, "
          f"{actions} actions ({moves} moves)")
    for tally in (out_direction, in_direction):
        print(f"{tally.name}:")
        for line in tally.lines[:30]:
            print("   ", line)
        print(f"  {tally.summary()}")
    bad = sum(t.different + t.refused for t in (out_direction, in_direction))
    return 1 if bad or out_direction.ours != out_direction.files else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
