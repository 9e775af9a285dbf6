"""The race drill: the chance of winning a short race with every checker home.

The answer is the exact chance (:mod:`.home_boards`) that the player on roll
bears off first, in whole percent; right within the tolerance the teacher set
(5 points unless told).  Easy: up to 4 checkers a side; hard: 6 to 12.

>>> from game.drills.seeds import drill_random
>>> q = generate(drill_random(5, 0, "race"), 1, "easy", tolerance=5)[0]
>>> q.ask, 0 <= q.answer[0] <= 100, q.tolerance
('percent', True, 5)
"""

from .home_boards import CHECKERS, home, position_of, random_board, win_chance
from .question import Question

__all__ = ["generate", "TOLERANCE"]

#: the tolerance a teacher may set, in points of percent
TOLERANCE = (0, 25)


def generate(rng, count, level, tolerance=5):
    """``count`` races at ``level``: the chance of winning, for the player on roll."""
    fewest, most = CHECKERS[level]
    out, seen = [], set()
    while len(out) < count:
        position = position_of(random_board(rng, fewest, most), random_board(rng, fewest, most))
        if position in seen:
            continue
        seen.add(position)
        chance = round(100 * win_chance(home(position.mine), home(position.theirs)))
        out.append(Question(
            kind="race", level=level, position_id=position.position_id(), dice=None, ask="percent",
            answer=(chance,), tolerance=tolerance,
            prompt=("drills.race.prompt", {"tolerance": tolerance}),
            explanation=("drills.race.explain", {"chance": chance, "pips": list(position.pips())})))
    return out
