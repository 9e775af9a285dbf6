"""Measure the bot's think time per move, per level (median and 95th percentile).

The positions come from games the expert bot plays against itself with
seeded dice, so every run times the same positions.  Importable: the browser
app can run the same measurement in Pyodide::

    from tools.bot.bench_speed import sample_positions, time_moves
    cases = sample_positions(200)
    seconds = time_moves(Bot(level="expert"), cases)

Usage: python3 tools/bot/bench_speed.py [--positions 200] [--level expert master ...]
"""

import argparse
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import Position  # noqa: E402
from game.bot import LEVELS, Bot  # noqa: E402


def sample_positions(n=200, seed=7):
    """``n`` (position, dice) pairs with at least one legal play, from seeded self-play."""
    rng = random.Random(seed)
    bot = Bot(level="intermediate", seed=seed)
    cases = []
    while len(cases) < n:
        position = Position.start()
        while position.winner() is None and len(cases) < n:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = position.legal_moves(dice)
            if not plays:
                position = position.swapped()
                continue
            cases.append((position, dice))
            position = position.play(bot.choose_move(position, dice))
    return cases


def time_moves(bot, cases, clock=time.perf_counter):
    """Seconds ``bot.choose_move`` takes on each ``(position, dice)`` case."""
    out = []
    for position, dice in cases:
        t0 = clock()
        bot.choose_move(position, dice)
        out.append(clock() - t0)
    return out


def summary(seconds):
    """``(median, p95)`` in milliseconds."""
    s = sorted(seconds)
    median = s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2
    p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
    return 1000 * median, 1000 * p95


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--level", nargs="+", default=list(LEVELS))
    args = parser.parse_args(argv)
    cases = sample_positions(args.positions)
    Bot().evaluate(Position.start())  # load the weights before timing
    for level in args.level:
        seconds = time_moves(Bot(level=level, seed=1), cases)
        median, p95 = summary(seconds)
        print(f"{level:>12}: median {median:7.1f} ms  p95 {p95:7.1f} ms  max {1000 * max(seconds):7.1f} ms "
              f"({len(cases)} positions)", flush=True)


if __name__ == "__main__":
    main()
