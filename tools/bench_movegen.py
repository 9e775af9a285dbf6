"""Benchmark: legal-play generation, ours vs GNU Backgammon's, on the same positions.

Development only (needs ``pip install gnubg-nn==1.1.0a11``).  Positions come
from seeded random self-play; every position is asked all 21 rolls by both
generators in alternating rounds, and the script prints calls per second for
each, the median over rounds and the ratio ours/gnubg.

    python3 tools/bench_movegen.py [--positions 2000] [--rounds 5] [--seed 7]
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gnubg_nn  # noqa: E402  (development-only oracle)

from game import Position  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle import ROLLS, random_game_positions as sample_positions  # noqa: E402


def time_ours(positions):
    start = time.perf_counter()
    total = 0
    for pos in positions:
        for roll in ROLLS:
            total += len(pos.legal_moves(roll))
    return time.perf_counter() - start, total


def time_gnubg(boards):
    start = time.perf_counter()
    total = 0
    moves = gnubg_nn.moves
    for board in boards:
        for d1, d2 in ROLLS:
            total += len(moves(board, d1, d2))
    return time.perf_counter() - start, total


def time_ours_from_ids(ids):
    start = time.perf_counter()
    for pid in ids:
        pos = Position.from_position_id(pid)
        for roll in ROLLS:
            pos.legal_moves(roll)
    return time.perf_counter() - start


def time_gnubg_from_ids(ids):
    start = time.perf_counter()
    moves, from_id = gnubg_nn.moves, gnubg_nn.board_from_position_id
    for pid in ids:
        board = from_id(pid)
        for d1, d2 in ROLLS:
            moves(board, d1, d2)
    return time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    positions = sample_positions(args.positions, args.seed)
    boards = [[list(p.theirs), list(p.mine)] for p in positions]
    calls = len(positions) * len(ROLLS)
    ids = [p.position_id() for p in positions]
    ours, theirs, ours_ids, gnubg_ids = [], [], [], []
    for _ in range(args.rounds):
        seconds, ours_total = time_ours(positions)
        ours.append(calls / seconds)
        seconds, gnubg_total = time_gnubg(boards)
        theirs.append(calls / seconds)
        ours_ids.append(calls / time_ours_from_ids(ids))
        gnubg_ids.append(calls / time_gnubg_from_ids(ids))
    if ours_total != gnubg_total:
        print(f"warning: plays counted differ: ours {ours_total}, gnubg {gnubg_total}")
    ours_median, gnubg_median = statistics.median(ours), statistics.median(theirs)
    print(f"positions {len(positions)} x 21 rolls = {calls} calls per round, {args.rounds} rounds")
    print(f"plays found: ours {ours_total}, gnubg {gnubg_total}")
    print(f"ours  (Position.legal_moves): median {ours_median:,.0f} calls/s  {[round(x) for x in ours]}")
    print(f"gnubg (gnubg_nn.moves):       median {gnubg_median:,.0f} calls/s  {[round(x) for x in theirs]}")
    print(f"ratio ours/gnubg: {ours_median / gnubg_median:.2f}")
    ours_id, gnubg_id = statistics.median(ours_ids), statistics.median(gnubg_ids)
    print("starting from a Position ID each time (decode once per position, then 21 rolls):")
    print(f"  ours {ours_id:,.0f} calls/s, gnubg {gnubg_id:,.0f} calls/s, ratio {ours_id / gnubg_id:.2f}")


if __name__ == "__main__":
    main()
