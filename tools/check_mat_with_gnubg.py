"""Check game/formats/mat_write.py and mat_read.py against GNU Backgammon: gnubg reads what we write, as we meant it.

Run with standard input closed (gnubg may otherwise wait for an answer)::

    python3 tools/check_mat_with_gnubg.py < /dev/null
    python3 tools/check_mat_with_gnubg.py --matches 1000 < /dev/null    (400 by default)
    python3 tools/check_mat_with_gnubg.py --write-fixtures < /dev/null

For many seeded random matches (random legal plays, random cube actions and
resignations, matches and money sessions) it writes the .mat text with
``export_mat``, has gnubg ``import mat`` it, and compares gnubg's view
(``gnubg.match()``: every action's Position ID before it, dice, checker
steps, cube actions, resignations, each game's result and the final score)
with our event log.  It also asks gnubg to ``export match mat`` again and
compares that text with ours, line for line.  The exit status is 0 when
nothing differs but what the format or gnubg itself cannot do otherwise
(each such case is printed as known).

``--write-fixtures`` writes a few of these matches to ``tests/data/*.mat``
and gnubg's view of them to ``tests/data/gnubg_mat_expected.json``, which
``tests/test_matfile.py`` checks without gnubg.

The random matches come from :func:`random_match`, which the tests use too;
this module imports gnubg only when run.
"""

import json
import os
import re
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.dice import SeededDice  # noqa: E402
from game.errors import IllegalActionError  # noqa: E402
from game.match import Match, MatchConfig, Phase  # noqa: E402
from game.formats.mat_write import export_mat  # noqa: E402
from game.position import Position  # noqa: E402

#: configurations the random matches cycle through
CONFIGS = (
    {"length": 5, "names": ("Alice", "Bob")},
    {"length": 3},
    {"length": 7, "names": ("Ann Lee", "gnubg")},
    {"length": 1},
    {"length": 0, "names": ("Cash", "Carry")},
    {"length": 0, "jacoby": True},
    {"length": 0, "beavers": True},
    {"length": 11, "crawford": False},
    {"length": 5, "opening": "both_dice"},
    {"length": 3, "cube": False},
    {"length": 0, "max_cube": 8, "jacoby": True, "beavers": True},
)


def random_match(seed, config=None, *, games=4, cube=0.12, resign=0.02, stop=None):
    """A match played with seeded dice, random legal plays and random cube actions.

    ``cube`` is the chance to double when allowed (and to drop or beaver an
    offer), ``resign`` the chance to resign on a turn; money sessions stop
    after ``games`` games; ``stop`` (a number of actions) leaves the match
    in play.
    """
    rng = random.Random(seed)
    if config is None:
        config = CONFIGS[seed % len(CONFIGS)]
    match = Match(MatchConfig(**config), SeededDice(seed))
    actions = 0
    while match.match_winner is None:
        if stop is not None and actions >= stop:
            break
        actions += 1
        phase = match.phase
        if phase is Phase.OVER:
            if match.config.money and match.game_number >= games:
                break
            match.new_game()
        elif phase is Phase.OPENING:
            match.roll()
        elif phase is Phase.ROLL_OR_DOUBLE:
            chance = rng.random()
            if chance < cube and match.can_double():
                match.double()
            elif chance > 1 - resign and _try_resign(match, rng):
                pass
            else:
                match.roll()
        elif phase is Phase.DOUBLED:
            chance = rng.random()
            if chance < cube / 2 and match.refusal("beaver") is None:
                match.beaver()
            elif chance < cube * 2:
                match.drop()
            else:
                match.take()
        elif phase is Phase.RESIGNATION_OFFERED:
            if rng.random() < 0.7:
                match.accept_resignation()
            else:
                match.reject_resignation()
        else:  # moving
            turn = match.turn
            if rng.random() < resign / 2 and _try_resign(match, rng):
                continue
            if turn.no_move:
                match.done()
            else:
                match.play_move(rng.choice(list(turn.plays)))
    return match


def _try_resign(match, rng):
    """Resign a random kind if allowed (a declined offer cannot be repeated); True if done."""
    try:
        match.resign(rng.choice((1, 1, 2, 3)))
    except IllegalActionError:
        return False
    return True


def _config_commands(config):
    """gnubg settings the import takes from the session (the .mat tags are ignored)."""
    return [
        "set jacoby " + ("on" if config.jacoby else "off"),
        "set beavers " + ("1" if config.beavers else "0"),
        "set cube use " + ("on" if config.cube else "off"),
        "set automatic doubles 0",
    ]


# --- what gnubg should see ------------------------------------------------------------------

def _steps(position, dice, notation):
    """The move as gnubg lists it: (from, to) per die, 25 the bar, 0 off, in gnubg's order."""
    if not notation:
        return []
    move = position.parse_move(notation, dice)
    return sorted(([s.source, s.target] for s in move.steps), key=lambda st: (-st[0], -st[1]))


def expected_view(match):
    """Our match as plain data shaped like :func:`gnubg_view` (players 0 and 1, 0 = left).

    Games: ``{"score", "winner", "points", "resigned", "actions"}``; an action is
    ``{"action", "player", ...}`` with ``board`` (Position ID before it, seen from
    the player), ``dice`` and ``move`` where gnubg gives them.
    """
    games = []
    board = None
    rolled = None
    resignation = None
    offer = None
    for event in match.events:
        kind = event["type"]
        if kind == "game_start":
            game = {"score": list(event["score"]), "winner": None, "points": 0, "resigned": False,
                    "actions": []}
            games.append(game)
            actions = game["actions"]
            board = Position.start()
            rolled = resignation = offer = None
        elif kind == "opening_roll" and event["player"] is not None:
            dice = event["dice"] if match.config.opening == "standard" else event["dice"][event["player"]]
            rolled = (event["player"], list(dice))
        elif kind in ("roll", "reroll"):
            rolled = (event["player"], list(event["dice"]))
        elif kind in ("move", "pass"):
            dice = list(event["dice"])
            notation = event.get("move", "")
            assert board.position_id() == event["position_id"]
            actions.append({"action": "move", "player": event["player"], "board": event["position_id"],
                            "dice": dice, "move": _steps(board, dice, notation)})
            board = board.play(board.parse_move(notation, dice)) if notation else board.swapped()
            rolled = None
        elif kind in ("double", "beaver"):
            # gnubg records a beaver as a double by the taker (the board seen from the doubler)
            actions.append({"action": "double", "player": event["player"], "board": board.position_id()})
            offer = 1 - event["player"]           # who must answer
        elif kind in ("take", "drop"):
            actions.append({"action": kind, "player": event["player"]})
            offer = None
        elif kind in ("resign", "forfeit"):
            resignation = (event["player"], event["kind"])
        elif kind == "reject_resignation":
            resignation = None
        elif kind == "flag":
            if offer == event["player"]:            # written as a drop
                actions.append({"action": "drop", "player": event["player"]})
            else:
                resignation = (event["player"], 1)
        elif kind == "win":
            game["winner"] = event["player"]
            game["points"] = event["points"]
            if event["kind"] == "resign" or (event["kind"] == "time" and resignation is not None):
                game["resigned"] = True
                if rolled is not None:
                    actions.append({"action": "set", "player": rolled[0], "dice": rolled[1]})
                    rolled = None
                actions.append({"action": "resign", "player": resignation[0], "points": resignation[1]})
    if rolled is not None:
        actions.append({"action": "set", "player": rolled[0], "dice": rolled[1]})
    return {"length": match.config.length, "score": list(match.score), "games": games}


def compare(ours, theirs):
    """Differences between two views: ``(differences, known)``, lists of strings.

    ``known`` holds what the .mat format itself cannot say: a player who
    rolled and then resigned is read by gnubg as having played the roll when
    it allows no play (a pass) or only one (gnubg takes an empty move as
    the forced play).
    """
    differences = []
    known = []
    if ours["length"] != theirs["length"]:
        differences.append(f"match length {ours['length']} != {theirs['length']}")
    if len(ours["games"]) != len(theirs["games"]):
        differences.append(f"{len(ours['games'])} games != {len(theirs['games'])}")
    for number, (a, b) in enumerate(zip(ours["games"], theirs["games"]), 1):
        for key in ("score", "winner", "points", "resigned"):
            if a[key] != b[key]:
                differences.append(f"game {number}: {key} {a[key]!r} != {b[key]!r}")
        ours_actions = list(a["actions"])
        theirs_actions = list(b["actions"])
        k = 0
        while k < max(len(ours_actions), len(theirs_actions)):
            x = ours_actions[k] if k < len(ours_actions) else None
            y = theirs_actions[k] if k < len(theirs_actions) else None
            if x != y:
                if (x is not None and y is not None and x["action"] == "set" and y["action"] == "move"
                        and x["player"] == y["player"] and x["dice"] == y["dice"]):
                    board = Position.from_position_id(y["board"])
                    plays = board.legal_moves(x["dice"])
                    forced = [] if not plays else (
                        _steps(board, x["dice"], str(plays[0])) if len(plays) == 1 else None)
                    if forced is not None and sorted(y["move"]) == sorted(forced):
                        known.append(f"game {number} action {k + 1}: rolled {x['dice']}, no move written "
                                     f"(a resignation follows, or the file ends); gnubg reads "
                                     f"the {'pass' if not forced else 'forced play'}")
                        k += 1
                        continue
                differences.append(f"game {number} action {k + 1}: {x!r} != {y!r}")
                break
            k += 1
    if ours["score"] != theirs["score"]:
        differences.append(f"final score {ours['score']} != {theirs['score']}")
    return differences, known


def gnubg_view(data):
    """``gnubg.match()`` as plain data shaped like :func:`expected_view` (X is player 0)."""
    player = {"X": 0, "O": 1}
    games = []
    score = [0, 0]
    for entry in data.get("games", ()):
        info = entry["info"]
        actions = []
        for record in entry["game"]:
            action = {"action": record["action"], "player": player[record["player"]]}
            if "board" in record and record["action"] in ("move", "double"):
                action["board"] = record["board"]
            if "dice" in record:
                action["dice"] = list(record["dice"])
            if record["action"] == "move":
                action["move"] = [list(step) for step in record.get("move", ())]
            if record["action"] == "resign":
                action["points"] = record["points"]
            actions.append(action)
        winner = player.get(info.get("winner"))
        game_score = [info["score-X"], info["score-O"]]
        games.append({"score": game_score, "winner": winner, "points": info.get("points-won", 0),
                      "resigned": bool(info.get("resigned")), "actions": actions})
        score = list(game_score)
        if winner is not None:
            score[winner] += info.get("points-won", 0)
    return {"length": data["match-info"]["match-length"], "score": score, "games": games}


# --- running gnubg -------------------------------------------------------------------------

class _Quiet:
    """Send what gnubg prints (from C, on file descriptor 1) to /dev/null."""

    def __enter__(self):
        sys.stdout.flush()
        self.saved = os.dup(1)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)

    def __exit__(self, *exc):
        os.dup2(self.saved, 1)
        os.close(self.saved)


def gnubg_import(gnubg, text, config, folder):
    """gnubg's view of a .mat text, and gnubg's own export of it."""
    path = Path(folder) / "match.mat"
    path.write_text(text)
    again = Path(folder) / "again.mat"
    with _Quiet():
        for command in _config_commands(config):
            gnubg.command(command)
        gnubg.command(f"import mat {path}")
        data = gnubg.match()
        gnubg.command(f"export match mat {again}")
    return gnubg_view(data), again.read_text()


def _body(text):
    """The games of a .mat text, for comparing ours with gnubg's export of it."""
    lines = text.split("\n")
    start = next(k for k, line in enumerate(lines) if line.strip().endswith("point match"))
    return [line.replace(" and the match", "") for line in lines[start:]]


def _text_differences(ours, theirs):
    a, b = _body(ours), _body(theirs)
    out = []
    for k in range(max(len(a), len(b))):
        x = a[k] if k < len(a) else None
        y = b[k] if k < len(b) else None
        if x != y:
            # gnubg writes the roll of a player 1 who resigns at once in the left column
            if x is not None and y is not None and x.startswith("  1)" + " " * 29) \
                    and y.startswith("  1) ") and k + 1 < len(a) and a[k + 1].lstrip().startswith("Wins"):
                return out + [f"known: first row, gnubg writes {y.strip()!r} (its own layout slip)"]
            if x is not None and _EMPTY_ROLL.search(x):
                out.append(f"known: line {k + 1}, a roll not played: gnubg wrote {y!r}")
            elif x is not None and y is not None and "Beavers => ".join(x.rsplit("Doubles => ", 1)) == y:
                out.append(f"known: line {k + 1}, a dropped beaver is written 'Doubles': {y!r}")
            else:
                out.append(f"line {k + 1}: ours {x!r}, gnubg {y!r}")
    return out


_EMPTY_ROLL = re.compile(r"[1-6][1-6]: *(Wins.*)?$")


#: the matches written to tests/data/ by --write-fixtures: name -> (seed, config, random_match options)
FIXTURES = {
    # games to the last checker (gammons), passes, player 1 opening, cube taken and dropped
    "matfile_5_point": (84, {"length": 5, "names": ("Alice", "Bob")}, {"cube": 0.04, "resign": 0.003}),
    # money, Jacoby and beavers: beavers taken and dropped
    "matfile_money": (270, {"length": 0, "jacoby": True, "beavers": True, "names": ("Cash", "Carry")},
                      {"games": 5, "cube": 0.15, "resign": 0.005}),
    # resignations before and after rolling, by both players
    "matfile_resignations": (2, {"length": 7, "names": ("Ann Lee", "gnubg")}, {"resign": 0.05}),
    # a match left in play, a double waiting for an answer
    "matfile_in_play": (10, {"length": 9}, {"stop": 185}),
}


def _write_expected(path, expected):
    """The expected views as JSON, one action per line (readable diffs)."""
    lines = ["{"]
    for n, (name, view) in enumerate(sorted(expected.items())):
        score = json.dumps(view["score"])
        lines.append(f' "{name}": {{"length": {view["length"]}, "score": {score}, "games": [')
        for g, game in enumerate(view["games"]):
            head = {key: game[key] for key in ("score", "winner", "points", "resigned")}
            lines.append(f"  {json.dumps(head)[:-1]}, \"actions\": [")
            for a, action in enumerate(game["actions"]):
                comma = "," if a + 1 < len(game["actions"]) else ""
                lines.append(f"   {json.dumps(action)}{comma}")
            lines.append("  ]}" + ("," if g + 1 < len(view["games"]) else ""))
        lines.append(" ]}" + ("," if n + 1 < len(expected) else ""))
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == expected
    path.write_text(text)


def _option(argv, name, default):
    return argv[argv.index(name) + 1] if name in argv[:-1] else default


def main(argv):
    import gnubg

    with _Quiet():
        gnubg.command("set confirm new off")
        gnubg.command("set display off")
    write = "--write-fixtures" in argv
    seeds = range(int(_option(argv, "--matches", 400)))
    matches = moves = actions = 0
    differences = []
    known = []
    text_differences = []
    with tempfile.TemporaryDirectory() as folder:
        cases = [(f"seed {seed}", seed, None, {"resign": 0.05}) for seed in seeds]
        cases += [(name, seed, config, options) for name, (seed, config, options) in FIXTURES.items()]
        expected_file = {}
        for label, seed, config, options in cases:
            match = random_match(seed, config, **options)
            text = export_mat(match, event=f"check {label}", date="2026.11.21")
            ours = expected_view(match)
            theirs, again = gnubg_import(gnubg, text, match.config, folder)
            found, limits = compare(ours, theirs)
            matches += 1
            moves += sum(a["action"] == "move" for g in ours["games"] for a in g["actions"])
            actions += sum(len(g["actions"]) for g in ours["games"])
            differences += [f"{label}: {d}" for d in found]
            known += [f"{label}: {d}" for d in limits]
            text_differences += [f"{label}: {d}" for d in _text_differences(text, again)]
            if write and label in FIXTURES:
                (ROOT / "tests" / "data" / f"{label}.mat").write_text(text)
                expected_file[label] = theirs
                if label == "matfile_5_point":
                    (ROOT / "tests" / "data" / f"{label}_by_gnubg.mat").write_text(again)
        if write:
            path = ROOT / "tests" / "data" / "gnubg_mat_expected.json"
            _write_expected(path, expected_file)
            print(f"wrote {len(expected_file)} fixtures and {path.relative_to(ROOT)}")
    print(f"{matches} matches, {actions} actions ({moves} moves) compared with gnubg's import")
    print(f"{len(differences)} differences")
    for line in differences[:40]:
        print("  ", line)
    print(f"{len(known)} rolls not played (then a resignation, or the end of the file), which gnubg "
          f"reads as the only play or a pass")
    for line in known[:10]:
        print("  ", line)
    real = [line for line in text_differences if "known:" not in line]
    print(f"gnubg's own export of our files: {len(real)} lines differ, besides "
          f"{len(text_differences) - len(real)} known ones")
    for line in (real or text_differences)[:20]:
        print("  ", line)
    return 1 if differences or real else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
