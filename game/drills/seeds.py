"""The random draws of a drill: the same seed gives everyone the same questions.

Each drill of an assignment draws from its own :class:`random.Random`, seeded
with a text naming the assignment's seed, the drill's place and its kind (a
text seed is hashed the same way by every CPython, Pyodide's included).

>>> a, b = drill_random(7, 0, "pips"), drill_random(7, 0, "pips")
>>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
True
>>> drill_random(7, 0, "pips").random() == drill_random(7, 1, "pips").random()
False
"""

import random

__all__ = ["drill_random", "roll"]


def drill_random(seed, place, kind):
    """The random source of the drill at ``place`` (0, 1, ...) of an assignment seeded ``seed``."""
    return random.Random(f"bg-drills/{seed}/{place}/{kind}")


def roll(rng):
    """Two dice thrown with ``rng``."""
    return (rng.randint(1, 6), rng.randint(1, 6))
