"""GNU Backgammon as the oracle for legal plays (development only).

Positions come from two kinds of self-play: random legal plays, and GNU
Backgammon's own 0-ply choices ("sensible" games, with races, bear-offs,
primes and checkers on the bar).  For each position and each of the 21
rolls, the set of distinct resulting positions is compared with
``gnubg_nn.moves``.

    python3 tools/oracle.py --random 20000 --sensible 20000   # prints the figures
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gnubg_nn  # noqa: E402  (development-only oracle)

from game import Position  # noqa: E402

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def board_of(position):
    """gnubg_nn's board: ``[theirs, mine]`` lists of 25."""
    return [list(position.theirs), list(position.mine)]


def random_game_positions(count, seed):
    rng = random.Random(seed)
    pos, out = Position.start(), []
    while len(out) < count:
        out.append(pos)
        plays = pos.legal_moves((rng.randint(1, 6), rng.randint(1, 6)))
        pos = pos.play(rng.choice(list(plays))) if plays else pos.swapped()
        if pos.winner() is not None:
            pos = Position.start()
    return out


def sensible_game_positions(count, seed):
    """Positions from games where both sides play GNU Backgammon's 0-ply choice."""
    rng = random.Random(seed)
    pos, out = Position.start(), []
    while len(out) < count:
        out.append(pos)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        keys = gnubg_nn.moves(board_of(pos), d1, d2)
        if not keys:
            pos = pos.swapped()
            continue
        best = gnubg_nn.best_move(board_of(pos), d1, d2, 0)
        key = _key_after(pos, best) if best else None
        if key not in keys:  # fall back to a random play if the steps do not map
            key = rng.choice(keys)
        theirs, mine = gnubg_nn.board_from_position_key(key)
        pos = Position(theirs, mine)  # opponent now on roll
        if pos.winner() is not None:
            pos = Position.start()
    return out


def _key_after(pos, steps):
    theirs, mine = [list(side) for side in board_of(pos)]
    for source, target in steps:
        mine[source - 1] -= 1
        if target > 0:
            mine[target - 1] += 1
            if theirs[24 - target] == 1:
                theirs[24 - target] = 0
                theirs[24] += 1
    return gnubg_nn.key_of_board([theirs, mine])


def ours_as_keys(position, dice):
    return {gnubg_nn.key_of_board([list(after.mine), list(after.theirs)])
            for after in position.legal_moves(dice).results()}


def compare(positions):
    """Yields (position, dice, ours, gnubg's) for every difference."""
    for pos in positions:
        board = board_of(pos)
        for d1, d2 in ROLLS:
            ours = ours_as_keys(pos, (d1, d2))
            theirs = set(gnubg_nn.moves(board, d1, d2))
            if ours != theirs:
                yield pos, (d1, d2), ours, theirs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=5000)
    parser.add_argument("--sensible", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    positions = (random_game_positions(args.random, args.seed)
                 + sensible_game_positions(args.sensible, args.seed + 1))
    distinct = len(set(positions))
    differences = list(compare(positions))
    for pos, dice, ours, theirs in differences[:10]:
        print(f"DIFFERENCE {pos.position_id()} {dice}: ours {len(ours)}, gnubg {len(theirs)}")
    print(f"positions {len(positions)} ({distinct} distinct) x 21 rolls = "
          f"{len(positions) * 21} comparisons; differences: {len(differences)}; "
          f"{time.perf_counter() - started:.0f} s")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
