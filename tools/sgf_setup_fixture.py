"""Have GNU Backgammon write a set-up file with a score set, and keep its view (issue 44, point 10).

A board edited in GNU Backgammon (or in Gibbon, which writes the same SGF) before
play: ``set score 6 3`` in a 7-point match, the board, the player on roll, his dice
and the cube (2, owned by Black) set, then a few plays.  gnubg saves the match
(``MI[length:7][game:0][ws:6][bs:3]`` in the root, ``PL``/``AE``/``AW``/``AB``,
``DI``, ``CV``, ``CP`` in the nodes after it), loads its own file again and hands
back ``gnubg.match()``.  Both are kept in ``tests/data``::

    GNUBG=/usr/games/gnubg python3 tools/sgf_setup_fixture.py < /dev/null

writes ``tests/data/gnubg_setup_score.sgf`` and ``gnubg_setup_score.json``, which
``tests/test_sgf.py`` reads without gnubg.  The plays are chosen by this engine
(the first legal play of each roll), so the file is the same on every run but for
its date, which the script fixes.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.dice import ManualDice  # noqa: E402
from game.match import Match, MatchConfig  # noqa: E402
from game.position import Position  # noqa: E402

GNUBG = os.environ.get("GNUBG", shutil.which("gnubg") or "/usr/games/gnubg")
#: the board set (seen from White, gnubg's player 0, on roll), the score and the rolls after it
BOARD = "T1TkQSBKT/ABSA"
SCORE = (6, 3)
ROLLS = ((5, 2), (3, 1), (6, 4), (2, 2), (4, 1), (6, 5))

_SCRIPT = r'''
import gnubg, json, os
for command in os.environ["SETUP_COMMANDS"].split(";"):
    gnubg.command(command)
gnubg.command("new match 1")
gnubg.command('load match "%s"' % os.environ["SETUP_SAVED"])
with open(os.environ["SETUP_VIEW"], "w") as out:
    json.dump(gnubg.match(), out)
'''


def _step_text(source, target):
    return f"{'bar' if source == 25 else source}/{'off' if target == 0 else target}"


def commands(saved):
    """gnubg's commands: the set-up, then each roll set and played (our engine's first play)."""
    out = ["set confirm new off", "set seed 44", "set automatic roll off", "set player 0 human",
           "set player 1 human", "new match 7",
           f"set score {SCORE[0]} {SCORE[1]}", "set turn 0", f"set board {BOARD}",
           f"set dice {ROLLS[0][0]} {ROLLS[0][1]}", "set cube value 2", "set cube owner 1"]
    dice = ManualDice([die for roll in ROLLS[1:] for die in roll])
    match = Match(MatchConfig(length=7), dice, score=SCORE)
    match.setup(Position.from_position_id(BOARD), 0, cube_value=2, cube_owner=1, dice=ROLLS[0])
    for k in range(len(ROLLS)):
        if k:
            match.roll()
            out.append(f"set dice {ROLLS[k][0]} {ROLLS[k][1]}")
        play = sorted(match.turn.plays, key=str)[0]
        out.append("move " + " ".join(_step_text(s.source, s.target) for s in play.steps))
        match.play_move(play)
    return out + [f'save match "{saved}"']


def main():
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        saved, view = folder / "saved.sgf", folder / "view.json"
        (folder / "script.py").write_text(_SCRIPT)
        (folder / "home").mkdir()
        env = dict(os.environ, HOME=str(folder / "home"), SETUP_SAVED=str(saved), SETUP_VIEW=str(view),
                   SETUP_COMMANDS=";".join(commands(saved)))
        subprocess.run([GNUBG, "-t", "-q", "-r", "-s", str(folder / "home"), "-p", str(folder / "script.py")],
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=env, cwd=folder, timeout=120, check=False)
        text = re.sub(r"DT\[[^]]*\]", "DT[2026-12-02]", saved.read_text(encoding="utf-8"))
        data = json.loads(view.read_text())
    data["match-info"].pop("date", None)
    (ROOT / "tests" / "data" / "gnubg_setup_score.sgf").write_text(text, encoding="utf-8")
    (ROOT / "tests" / "data" / "gnubg_setup_score.json").write_text(json.dumps(data, indent=1) + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
