"""How far our review's checker-play losses agree with GNU Backgammon's, at 0- or 2-ply (development only).

Plays seeded games of the bot against itself (intermediate level, money
play: tools/bench_analysis.py), analyses them with :func:`game.bot.analysis.analyse`,
then weighs every played checker move again with ``gnubg_nn``: each legal play's
resulting position is evaluated by GNU Backgammon's net (cubeless money equity, as ours),
the loss is its best minus the played one. With ``--judge-plies 2`` the plays GNU
Backgammon's 0-ply ranks best (``--keep``, 8 by default, as its analysis filters them) and
the play made are evaluated again at 2-ply (GNU Backgammon's "2-ply": the position after the
play, two rolls deep). ``--review-level`` is the depth of our review (``0-ply``, the page's).
``--play-weights FILE`` plays the games with another weights file's nets (the review still
uses the shipped ones), so that two nets' reviews can be compared on the same plays.
Prints how often both pick the same best play and give the same mark, the
mean and largest difference of the losses, their correlation, and each
player's error rate by both.

Usage: python3 tools/compare_analysis_gnubg.py [--games 10] [--level intermediate]
       [--judge-plies 2] [--review-level expert] [--first 500] [--play-weights OLD.bin]
"""

import argparse
import math
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "tools"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import gnubg_nn  # noqa: E402  (development-only oracle)

from bench_analysis import self_play  # noqa: E402
sys.path.insert(0, str(ROOT / "tools" / "bot"))
from bench_strength import level_bot, read_weights  # noqa: E402
from game import Position  # noqa: E402
from game.bot import net  # noqa: E402
from game.bot.analysis import analyse, mark  # noqa: E402


def gnubg_equity_after(after, plies=0):
    """The mover's cubeless money equity after his play, by GNU Backgammon at ``plies``."""
    if after.winner() is not None:
        return float(after.result_points())           # the mover has borne off his last checker
    p = gnubg_nn.probabilities([list(after.theirs), list(after.mine)], plies)   # the opponent on roll
    return -(2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4])


def gnubg_loss(entry, plies=0, keep=8):
    """(gnubg's loss of the played move, gnubg's best play) for one of our move entries; above
    0-ply, only the ``keep`` plays its 0-ply ranks best and the one played are looked at again."""
    before = Position.from_position_id(entry["position_id"])
    dice = tuple(entry["dice"])
    plays = before.legal_moves(dice)
    results = {str(move): after for move, after in zip(plays, plays.results())}
    values = {name: gnubg_equity_after(after) for name, after in results.items()}
    if plies:
        kept = sorted(values, key=values.get, reverse=True)[:keep]
        values = {name: gnubg_equity_after(results[name], plies) for name in {*kept, entry["played"]}}
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
    parser.add_argument("--judge-plies", type=int, default=0, help="GNU Backgammon's depth (0, 1 or 2)")
    parser.add_argument("--keep", type=int, default=8, help="plays looked at again above 0-ply")
    parser.add_argument("--review-level", default="0-ply",
                        help="our review's depth (0-ply, expert, master; a level's settings changed after "
                             "a colon, as bench_strength.py takes them: master:blend=0.3)")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed (games are seeded in a row)")
    parser.add_argument("--play-weights", help="a weights file whose nets play the games (the review's are the shipped)")
    args = parser.parse_args(argv)
    ours, theirs, same_best, same_mark = [], [], 0, 0
    rates = []
    started = time.process_time()
    shipped = tuple(net.load())
    players = shipped if not args.play_weights else tuple(read_weights(args.play_weights))
    for seed in range(args.first, args.first + args.games):
        net._nets = players
        match = self_play(seed, level=args.level)
        net._nets = shipped
        level = args.review_level.partition(":")[0]
        review = analyse(match, level, level_bot(args.review_level) if ":" in args.review_level else None)
        per_player = {0: [[], []], 1: [[], []]}
        for entry in review["entries"]:
            if entry["kind"] != "move" or not entry["counted"]:
                continue
            loss, best = gnubg_loss(entry, args.judge_plies, args.keep)
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
    print(f"{args.games} games from seed {args.first}, {n} unforced checker plays ({args.level} level against "
          f"itself, money{', played by ' + args.play_weights if args.play_weights else ''}); "
          f"our review at {args.review_level}, GNU Backgammon at {args.judge_plies}-ply; "
          f"{time.process_time() - started:.0f} s of CPU")
    print(f"same best play: {same_best} ({100 * same_best / n:.1f}%); same mark: {same_mark} ({100 * same_mark / n:.1f}%)")
    print(f"loss: ours mean {statistics.fmean(ours):.4f}, gnubg {args.judge_plies}-ply mean {statistics.fmean(theirs):.4f}; "
          f"|difference| mean {statistics.fmean(diffs):.4f}, median {statistics.median(diffs):.4f}, "
          f"max {max(diffs):.3f}; correlation {pearson(ours, theirs):.3f}")
    ours_marked = sum(1 for x in ours if mark(x))
    gnubg_marked = sum(1 for x in theirs if mark(x))
    both = sum(1 for a, b in zip(ours, theirs) if mark(a) and mark(b))
    print(f"plays marked (>= 0.04): by us {ours_marked}, by gnubg {gnubg_marked}, by both {both}")
    errors = [(a >= 0.08, b >= 0.08) for a, b in zip(ours, theirs)]
    print(f"errors (>= 0.08): by us {sum(a for a, _ in errors)}, by gnubg {sum(b for _, b in errors)}, "
          f"by both {sum(a and b for a, b in errors)}")
    print("checker-play error rate per player and game (millipoints per unforced play), ours / gnubg:")
    print("  " + ", ".join(f"{a:.1f}/{b:.1f}" for a, b in rates))
    print(f"  mean |difference| {statistics.fmean(abs(a - b) for a, b in rates):.1f} mp; "
          f"correlation {pearson([a for a, _ in rates], [b for _, b in rates]):.3f}")


if __name__ == "__main__":
    main()
