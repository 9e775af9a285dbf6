"""The table of drills: each kind's generator, its tolerance, and its code in tokens.

>>> list(KINDS)
['pips', 'opening', 'reply', 'shots', 'bearoff', 'race', 'cube']
>>> KINDS["race"].tolerance, KINDS["race"].tolerances, KINDS["opening"].most
(5, (0, 25), 15)
"""

from dataclasses import dataclass

from . import bear_off, cube_calls, openings, pip_count, race_odds, shot_count

__all__ = ["Kind", "KINDS", "MOST_QUESTIONS"]

#: the most questions of one drill (the opening drill has only its 15 rolls)
MOST_QUESTIONS = 30


@dataclass(frozen=True)
class Kind:
    """A drill: ``generate(rng, count, level, tolerance)`` makes its questions; ``tolerance``
    is the default one, ``tolerances`` the range a teacher may set ((0, 0): none); ``most``
    the most questions; ``numbers`` how many numbers an answer holds (two pip counts)."""

    generate: object
    tolerance: int = 0
    tolerances: tuple = (0, 0)
    most: int = MOST_QUESTIONS
    numbers: int = 1


#: the drills, in the order of their codes in an assignment's token: append, never reorder
KINDS = {
    "pips": Kind(pip_count.generate, 0, pip_count.TOLERANCE, numbers=2),
    "opening": Kind(openings.generate_openings, most=len(openings.OPENING_ROLLS)),
    "reply": Kind(openings.generate_replies),
    "shots": Kind(shot_count.generate),
    "bearoff": Kind(bear_off.generate),
    "race": Kind(race_odds.generate, 5, race_odds.TOLERANCE),
    "cube": Kind(cube_calls.generate),
}
