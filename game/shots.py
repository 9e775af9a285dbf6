"""Shots: which of the 36 rolls hit a blot, and which bring a checker in from the bar.

What a teacher counts on the board: for the player on roll, each roll of the
dice (the 36 of a 6 × 6 grid, 1-2 and 2-1 apart) is a *hit* when some legal
play for it hits at least one opposing checker, and an *entry* when the
player has checkers on the bar and the roll brings one in. Legal means what
the rules allow for the whole roll: a hit the rules forbid (a die that must
be played another way) does not count.

>>> from game import Position
>>> blot = Position.from_counts({24: 1, 1: 14}, {7: 1})     # a lone blot 6 pips in front
>>> found = shots(blot)
>>> found.hits, found.hit_percent
(17, 47.2)
>>> found.hit[5][5], found.hit[0][1]                          # 6-6 hits, 1-2 does not
(True, False)
>>> on_bar = Position.from_counts({"bar": 1, 1: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2})
>>> shots(on_bar).entries                                     # only a 6 comes in
11
"""

from dataclasses import dataclass

from .movegen import generate

__all__ = ["Shots", "shots"]

ROLLS = 36


@dataclass(frozen=True)
class Shots:
    """Per roll, ``hit[d1 - 1][d2 - 1]`` and ``enter[d1 - 1][d2 - 1]``, and their counts."""

    hit: tuple
    enter: tuple
    on_bar: int

    @property
    def hits(self):
        return sum(map(sum, self.hit))

    @property
    def entries(self):
        return sum(map(sum, self.enter))

    @property
    def hit_percent(self):
        return round(100 * self.hits / ROLLS, 1)

    @property
    def enter_percent(self):
        return round(100 * self.entries / ROLLS, 1)


def shots(position):
    """The hits and entries of each of the 36 rolls for the player on roll in ``position``."""
    me, opp = position._boards()
    on_bar = position.mine[24]
    results = {}
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            plays = generate(me, opp, d1, d2)
            hit = any(mask for _, mask in plays)
            # with checkers on the bar nothing else moves first: any play brings one in
            enter = bool(on_bar and plays)
            results[d1, d2] = results[d2, d1] = (hit, enter)
    grid = [[results[d1, d2] for d2 in range(1, 7)] for d1 in range(1, 7)]
    return Shots(hit=tuple(tuple(h for h, _ in row) for row in grid),
                 enter=tuple(tuple(e for _, e in row) for row in grid),
                 on_bar=on_bar)
