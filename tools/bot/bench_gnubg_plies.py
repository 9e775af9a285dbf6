"""GNU Backgammon against itself at another depth: the yardstick behind issue 12's target.

Issue 12 asks the strongest level for +0.10 ppg against GNU Backgammon 0-ply,
"about where GNU Backgammon's own 1-ply is".  This plays GNU Backgammon at
``--plies`` against GNU Backgammon at ``--against`` plies on the same dice
and in the same duplicate pairs as ``bench_strength.py`` (cubeless money,
the same seeds), so that claim is measured here rather than assumed.

Development only: needs ``pip install gnubg-nn==1.1.0a11``.

Usage:
    python3 tools/bot/bench_gnubg_plies.py --games 6000 --plies 1 --against 0 --test --jobs 2
"""

import argparse
import functools
import multiprocessing
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import bench_strength as bench  # noqa: E402  (tools/bot, beside this file)


def pair_points(plies, against, seed, pair):
    """Points per game of GNU Backgammon at ``plies`` in pair ``pair`` (both seats, the same dice).

    >>> pair_points(0, 0, 7, 3)  # the same player in both seats: every pair is level
    0.0
    """
    me = functools.partial(bench.gnubg_player, plies=plies)
    them = functools.partial(bench.gnubg_player, plies=against)
    s = seed * 1_000_003 + pair
    return (bench.play_game(me, them, s) - bench.play_game(them, me, s)) / 2


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games (even: duplicate pairs)")
    parser.add_argument("--plies", type=int, default=1, choices=[0, 1, 2], help="the player's depth")
    parser.add_argument("--against", type=int, default=0, choices=[0, 1, 2], help="the opponent's depth")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play the pairs in (fork)")
    bench.add_dice_options(parser)
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even (duplicate pairs)")
    kind, seed = bench.parsed_dice(parser, args)
    print(bench.dice_line(kind, seed, args.games), flush=True)
    if kind == "test" and args.games < bench.REPORT_GAMES:
        print(f"note: fewer than {bench.REPORT_GAMES} games: not a report figure", flush=True)
    play = functools.partial(pair_points, args.plies, args.against, seed)
    t0 = time.time()
    pairs = range(args.games // 2)
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            means = pool.map(play, pairs, chunksize=50)
    else:
        means = [play(i) for i in pairs]
    mean, se = bench.mean_se(means)
    print(f"GNU Backgammon {args.plies}-ply vs {args.against}-ply: {mean:+.3f} ± {se:.3f} ppg "
          f"over {args.games} games ({kind} seed {seed}, {time.time() - t0:.0f} s)", flush=True)
    return mean, se


if __name__ == "__main__":
    main()
