"""Measure the bot's think time per move, per level (median and 95th percentile).

The positions come from seeded games of the bot against itself, so every run
times the same positions.  The functions live in ``game/bot/timing.py``
(shipped with the game) so the browser app can run the same measurement in
Pyodide::

    from game.bot import Bot
    from game.bot.timing import sample_positions, time_moves, summary
    median_ms, p95_ms = summary(time_moves(Bot(level="expert"), sample_positions(200)))

Usage: python3 tools/bot/bench_speed.py [--positions 200] [--level expert master ...] [--cpu]
"""

import argparse
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import Position  # noqa: E402
from game.bot import LEVELS, Bot  # noqa: E402
from game.bot.timing import sample_positions, summary, time_moves  # noqa: E402

__all__ = ["sample_positions", "time_moves", "summary", "main"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--level", nargs="+", default=list(LEVELS))
    parser.add_argument("--cpu", action="store_true",
                        help="time with the process's CPU clock: fair on a machine shared with other jobs")
    args = parser.parse_args(argv)
    clock = time.process_time if args.cpu else time.perf_counter
    cases = sample_positions(args.positions)
    Bot().evaluate(Position.start())  # load the weights before timing
    for level in args.level:
        seconds = time_moves(Bot(level=level, seed=1), cases, clock)
        median, p95 = summary(seconds)
        print(f"{level:>12}: median {median:7.1f} ms  p95 {p95:7.1f} ms  max {1000 * max(seconds):7.1f} ms "
              f"({len(cases)} positions)", flush=True)


if __name__ == "__main__":
    main()
