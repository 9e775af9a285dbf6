"""Error rate per checker play of each level, judged by GNU Backgammon (2-ply by default).

Development only (needs ``pip install gnubg-nn==1.1.0a11``).  The positions
are those of ``bench_levels.py``: checker plays with more than one distinct
result, from the expert's games against itself with the dice of a
development or a test seed.  At each, every player chooses a play: our
levels, and GNU Backgammon itself at the depths given by ``--gnubg``
(``gnubg-0`` is its 0-ply, ``gnubg-1`` its 1-ply).  The judge, GNU
Backgammon at ``--judge`` plies, values every legal result (cubeless money,
from the mover's side); a player's loss is the best value less its play's.

Prints, per player: the mean loss in millipoints per decision ± its
standard error, the share of plays losing 0.08 or more, the mean think time;
then each player's mean loss less the first player's, over the same
decisions (± the standard error of the paired difference).  ``--save FILE``
keeps every loss, to pair any two players afterwards.

The judge is a program of its own, not ours, so these figures test our
levels against the world; it still favours plays like its own, most of all
those of its own lower depths (its 0-ply and 1-ply plays are judged by the
same nets).

Usage:
    python3 tools/bot/judge_gnubg.py --decisions 400 --dev 61 --level expert master
    python3 tools/bot/judge_gnubg.py --decisions 1000 --test --level 0-ply expert master --gnubg 0 1
"""

import argparse
import json
import math
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "bot"))

from bench_levels import ERROR, decisions  # noqa: E402
from bench_strength import add_dice_options, gnubg_player, parsed_dice  # noqa: E402
from where_lost import gnubg_values  # noqa: E402
from game.bot import Bot  # noqa: E402


def players(levels, gnubg_plies, seed):
    """``[(name, choose)]``: ``choose(position, dice)`` gives the result (a Position, opponent on roll)."""
    out = []
    for i, level in enumerate(levels):
        bot = Bot(level=level, seed=seed * 7919 + i)
        out.append((level, lambda position, dice, bot=bot: position.play(bot.choose_move(position, dice))))
    for plies in gnubg_plies:
        out.append((f"gnubg-{plies}", lambda position, dice, plies=plies: gnubg_player(position, dice, plies)))
    return out


def judged_losses(picks, chosen_by, judge=2, progress=None):
    """``{name: ([loss per decision], total think seconds)}`` over ``picks`` ((position, dice) pairs).

    >>> from bench_levels import decisions
    >>> out = judged_losses(decisions(5, 2), players(["0-ply"], [0], 5), judge=0)
    >>> sorted(out), all(x >= 0 for x in out["0-ply"][0]), len(out["gnubg-0"][0])
    (['0-ply', 'gnubg-0'], True, 2)
    >>> sum(out["gnubg-0"][0])   # GNU Backgammon 0-ply judged by itself loses nothing
    0.0
    """
    out = {name: ([], 0.0) for name, _ in chosen_by}
    for n, (position, dice) in enumerate(picks, 1):
        values = gnubg_values(position, dice, judge)
        best = max(values.values())
        for name, choose in chosen_by:
            start = time.perf_counter()
            after = choose(position, dice)
            spent = time.perf_counter() - start
            lost, seconds = out[name]
            lost.append(best - values[(after.theirs, after.mine)])
            out[name] = (lost, seconds + spent)
        if progress and n % progress == 0:
            print(f"  {n} decisions: " + ", ".join(f"{k} {1000 * sum(v[0]) / n:.1f}" for k, v in out.items()),
                  flush=True)
    return out


def mean_se(values):
    """Mean and its standard error.

    >>> mean_se([1.0, 3.0])
    (2.0, 1.0)
    """
    n = len(values)
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--level", nargs="*", default=["expert", "master"])
    parser.add_argument("--gnubg", type=int, nargs="*", default=[0], metavar="PLIES",
                        help="GNU Backgammon's own plays at these depths, judged beside ours")
    parser.add_argument("--judge", type=int, default=2, metavar="PLIES", help="the judge's depth (default 2)")
    parser.add_argument("--progress", type=int, default=0)
    parser.add_argument("--save", metavar="FILE", help="write each player's loss per decision (JSON)")
    add_dice_options(parser)
    args = parser.parse_args(argv)
    kind, seed = parsed_dice(parser, args)
    name = "TEST" if kind == "test" else "development"
    print(f"dice: {name} seed {seed}, {args.decisions} checker plays of expert self-play; "
          f"judge: GNU Backgammon {args.judge}-ply", flush=True)
    start = time.perf_counter()
    picks = decisions(seed, args.decisions)
    out = judged_losses(picks, players(args.level, args.gnubg, seed), args.judge, args.progress)
    print(f"({time.perf_counter() - start:.0f} s)")
    if args.save:
        pathlib.Path(args.save).write_text(json.dumps({"seed": seed, "kind": kind, "judge": args.judge,
                                                       "losses": {k: v[0] for k, v in out.items()}}))
    first = None
    for who, (lost, seconds) in out.items():
        mean, se = mean_se(lost)
        big = sum(x >= ERROR for x in lost) / len(lost)
        line = (f"{who:>14}: {1000 * mean:6.2f} ± {1000 * se:4.2f} millipoints per play, "
                f"{100 * big:4.1f}% lose {ERROR} or more, {1000 * seconds / len(lost):6.1f} ms a play")
        if first is None:
            first = lost
        else:
            d, dse = mean_se([a - b for a, b in zip(lost, first)])
            line += f"; less the first: {1000 * d:+6.2f} ± {1000 * dse:4.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
