"""Short races with every checker home: boards to bear off, valued exactly.

A side's home board is six counts (points 1-6); the bear-off database
(:mod:`game.bot.bearoff`) gives the exact chance that the player on roll
bears off first.  The boards are drawn at random with ``rng``: a few checkers
for beginners, more (and gaps) for strong players.

>>> import random
>>> board = random_board(random.Random(1), 3, 5)
>>> len(board), 3 <= sum(board) <= 5
(6, True)
>>> win_chance((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 2))
1.0
"""

from ..bot.bearoff import win_probability
from ..position import Position

__all__ = ["CHECKERS", "random_board", "position_of", "win_chance", "home"]

#: how many checkers each side has left, per level (fewest, most)
CHECKERS = {"easy": (1, 4), "medium": (3, 8), "hard": (6, 12)}


def random_board(rng, fewest, most):
    """A home board of ``fewest`` to ``most`` checkers, spread at random, more on the high points."""
    board = [0] * 6
    for _ in range(rng.randint(fewest, most)):
        board[min(5, int(6 * rng.random() ** 0.7))] += 1
    return tuple(board)


def position_of(mine, theirs):
    """The :class:`Position` of two home boards, the first side's on roll."""
    return Position(tuple(mine) + (0,) * 19, tuple(theirs) + (0,) * 19)


def home(side):
    """The home board (points 1-6) of one side of a position."""
    return tuple(side[:6])


def win_chance(mine, theirs):
    """The exact chance that the side on roll, with home board ``mine``, bears off first."""
    if not any(mine):
        return 1.0
    if not any(theirs):
        return 0.0
    return win_probability(mine, theirs)
