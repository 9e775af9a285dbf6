"""How far our review's checker-play losses agree with GNU Backgammon's 0-ply (development only).

Plays seeded games of the bot against itself (intermediate level, money
play: tools/bench_analysis.py), analyses them with :func:`game.bot.analysis.analyse`,
then weighs every played checker move again with ``gnubg_nn`` at 0-ply: each
legal play's resulting position is evaluated by GNU Backgammon's net
(cubeless money equity, as ours), the loss is its best minus the played one.
Prints how often both pick the same best play and give the same mark, the
mean and largest difference of the losses, their correlation, and each
player's error rate by both.

Usage: python3 tools/compare_analysis_gnubg.py [--games 10] [--level intermediate]
"""

import argparse
import math
import pathlib
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "tools"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import gnubg_nn  # noqa: E402  (development-only oracle)

from bench_analysis import self_play  # noqa: E402
from game import Position  # noqa: E402
from game.bot.analysis import analyse, mark  # noqa: E402


def gnubg_equity_after(after):
    """The mover's cubeless money equity after his play, by GNU Backgammon's 0-ply net."""
    if after.winner() is not None:
        return float(after.result_points())           # the mover has borne off his last checker
    p = gnubg_nn.probabilities([list(after.theirs), list(after.mine)], 0)   # the opponent on roll
    return -(2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4])


def gnubg_loss(entry):
    """(gnubg's loss of the played move, gnubg's best play) for one of our move entries."""
    before = Position.from_position_id(entry["position_id"])
    dice = tuple(entry["dice"])
    plays = before.legal_moves(dice)
    values = {str(move): gnubg_equity_after(after) for move, after in zip(plays, plays.results())}
    best = max(values, key=values.get)
    return values[best] - values[entry["played"]], best


def pearson(xs, ys):
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    return sxy / (sx * sy) if sx and sy else float("nan")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--level", default="intermediate", help="the level of the bot playing both sides")
    args = parser.parse_args(argv)
    ours, theirs, same_best, same_mark = [], [], 0, 0
    rates = []
    for seed in range(args.games):
        review = analyse(self_play(seed, level=args.level))
        per_player = {0: [[], []], 1: [[], []]}
        for entry in review["entries"]:
            if entry["kind"] != "move" or not entry["counted"]:
                continue
            loss, best = gnubg_loss(entry)
            ours.append(entry["loss"])
            theirs.append(loss)
            same_best += best == entry["best"]
            same_mark += mark(loss) == entry["mark"]
            per_player[entry["player"]][0].append(entry["loss"])
            per_player[entry["player"]][1].append(loss)
        for player, (a, b) in per_player.items():
            if a:
                rates.append((1000 * statistics.fmean(a), 1000 * statistics.fmean(b)))
    n = len(ours)
    diffs = [abs(a - b) for a, b in zip(ours, theirs)]
    print(f"{args.games} games, {n} unforced checker plays ({args.level} level against itself, money)")
    print(f"same best play: {same_best} ({100 * same_best / n:.1f}%); same mark: {same_mark} ({100 * same_mark / n:.1f}%)")
    print(f"loss: ours mean {statistics.fmean(ours):.4f}, gnubg 0-ply mean {statistics.fmean(theirs):.4f}; "
          f"|difference| mean {statistics.fmean(diffs):.4f}, median {statistics.median(diffs):.4f}, "
          f"max {max(diffs):.3f}; correlation {pearson(ours, theirs):.3f}")
    ours_marked = sum(1 for x in ours if mark(x))
    gnubg_marked = sum(1 for x in theirs if mark(x))
    both = sum(1 for a, b in zip(ours, theirs) if mark(a) and mark(b))
    print(f"plays marked (>= 0.04): by us {ours_marked}, by gnubg {gnubg_marked}, by both {both}")
    print("checker-play error rate per player and game (millipoints per unforced play), ours / gnubg 0-ply:")
    print("  " + ", ".join(f"{a:.1f}/{b:.1f}" for a, b in rates))
    print(f"  mean |difference| {statistics.fmean(abs(a - b) for a, b in rates):.1f} mp; "
          f"correlation {pearson([a for a, _ in rates], [b for _, b in rates]):.3f}")


if __name__ == "__main__":
    main()
