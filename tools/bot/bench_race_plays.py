r"""Race checker plays against GNU Backgammon 2-ply: the race net or the bear-off database? (development only)

The race positions of ``tools/bot/bench_race.py`` (the 0-ply bot's games
against itself, dice of a development or test seed, every third race
position of a game), each with dice of ``random.Random(SEED * 1_000_003 +
i)`` for the ``i``-th position; rolls with fewer than two legal plays are
skipped.  For each decision, the play rated best at 0-ply by

* ``app``: the game's evaluator (bear-off database where both sides are
  home after the play, the race net elsewhere);
* ``race net only``: the same nets with the database left out (the race
  net values every race, home boards included);
* GNU Backgammon 0-ply and 1-ply;

against GNU Backgammon 2-ply's best play (``gnubg_nn.best_move(…, 2)``):
how often the same, and the equity lost by GNU Backgammon 2-ply's values of
both plays' results.  Decisions are split by where the app's choice comes
from: ``bear-off`` (every play's result has both sides home: the database
decides) and ``race net`` (the others).

With several weights files, each one's ``app`` choice is judged on the same
decisions (the games are played by the first file's nets, ``race net only``
is the first file's) and each file's figures less the first's are printed,
paired decision by decision.

    python3 tools/bot/bench_race_plays.py --decisions 600 --dev 33 --weights game/bot/weights.bin
    python3 tools/bot/bench_race_plays.py --decisions 1000 --dev 34 --weights OLD.bin NEW.bin
"""

import argparse
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "bot"))

from bench_race import race_positions  # noqa: E402
from bench_strength import add_dice_options, mean_se, parsed_dice, read_weights  # noqa: E402
from bench_teacher import gnubg_choice, gnubg_value  # noqa: E402
from game.bot import evaluator, net  # noqa: E402


def home(board):
    return not any(board[6:25])


def app_choice(mine, theirs, d1, d2, database=True):
    """The 0-ply best play, as ``(mine_after, theirs_after)``; ``database=False``: race net only."""
    afters = evaluator.play_results(mine, theirs, d1, d2)
    if len(afters) < 2:
        return None, afters
    if database:
        values = [evaluator.equity(p) for p in evaluator.evaluate_plays(mine, theirs, afters)]
    else:
        race = net.race_net()
        values = []
        for a_mine, a_theirs in afters:
            if not any(a_theirs):
                p = evaluator.finished_probs(a_mine)
            else:
                p = evaluator.flip(race.evaluate(a_mine, a_theirs))
            values.append(evaluator.equity(p))
    best = max(range(len(afters)), key=values.__getitem__)
    return tuple(map(tuple, afters[best])), afters


def paired(a, b):
    """Mean and standard error of ``a[i] - b[i]``.

    >>> m, se = paired([1.0, 0.0, 1.0], [0.0, 0.0, 1.0])
    >>> round(m, 4), round(se, 4)
    (0.3333, 0.3333)
    """
    return mean_se([x - y for x, y in zip(a, b)])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=600)
    parser.add_argument("--weights", nargs="+", default=[str(net.WEIGHTS)],
                        help="weights files (the first plays the games and is the reference of the paired figures)")
    parser.add_argument("--save", help="write each decision's figures to this JSON file")
    add_dice_options(parser)
    args = parser.parse_args(argv)
    kind, seed = parsed_dice(parser, args)
    weight_sets = [tuple(read_weights(w)) for w in args.weights]
    names = [pathlib.Path(w).name if args.weights.count(w) == 1 else f"{k}:{w}" for k, w in enumerate(args.weights)]
    apps = ["app" if len(names) == 1 else f"app {n}" for n in names]
    net._nets = weight_sets[0]
    positions = race_positions(3 * args.decisions, seed)
    players = apps + ["race net only", "gnubg 0-ply", "gnubg 1-ply"]
    got = {c: {p: ([], []) for p in players} for c in ("bear-off", "race net")}
    used = 0
    for i, (mine, theirs) in enumerate(positions):
        if used >= args.decisions:
            break
        rng = random.Random(seed * 1_000_003 + i)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        net._nets = weight_sets[0]
        choice, afters = app_choice(mine, theirs, d1, d2)
        if choice is None:
            continue
        used += 1
        cls = "bear-off" if all(home(a) and home(b) for a, b in afters) else "race net"
        choices = {apps[0]: choice, "race net only": app_choice(mine, theirs, d1, d2, database=False)[0],
                   "gnubg 0-ply": gnubg_choice(mine, theirs, d1, d2, 0),
                   "gnubg 1-ply": gnubg_choice(mine, theirs, d1, d2, 1)}
        for app, nets in zip(apps[1:], weight_sets[1:]):
            net._nets = nets
            choices[app] = app_choice(mine, theirs, d1, d2)[0]
        net._nets = weight_sets[0]
        best = gnubg_choice(mine, theirs, d1, d2, 2)
        cache = {}
        for p in players:
            same = choices[p] == best
            got[cls][p][0].append(1.0 if same else 0.0)
            got[cls][p][1].append(0.0 if same else gnubg_value(best, cache) - gnubg_value(choices[p], cache))
    print(f"{used} race decisions ({kind} seed {seed}, every third race position of the 0-ply bot's games), "
          f"judged by gnubg 2-ply; nets {', '.join(names)} (games played by {names[0]})")
    if args.save:
        import json
        pathlib.Path(args.save).write_text(json.dumps({"kind": kind, "seed": seed, "weights": args.weights,
                                                       "got": got}))
    for cls, rows in got.items():
        n = len(rows[apps[0]][0])
        print(f"{cls} ({n} decisions):")
        for p in players:
            if n:
                sm, ss = mean_se(rows[p][0]) if n > 1 else (rows[p][0][0], 0.0)
                lm, ls = mean_se(rows[p][1]) if n > 1 else (rows[p][1][0], 0.0)
                print(f"  {p}: same play as gnubg 2-ply {100 * sm:.1f} ± {100 * ss:.1f} %, "
                      f"equity lost {1000 * lm:.2f} ± {1000 * ls:.2f} millipoints a decision")
        for p in apps[1:] if n else []:
            sm, ss = paired(rows[p][0], rows[apps[0]][0])
            lm, ls = paired(rows[p][1], rows[apps[0]][1])
            print(f"  {p} less {apps[0]}, paired: same play {100 * sm:+.1f} ± {100 * ss:.1f} points, "
                  f"equity lost {1000 * lm:+.2f} ± {1000 * ls:.2f} millipoints a decision")


if __name__ == "__main__":
    main()
