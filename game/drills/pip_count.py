"""The pip count drill: count both sides' pips in positions from real games.

The positions come from the bot's games against itself (:mod:`.selfplay`);
the answer is both counts, the player's own first, right when each is within
the tolerance the teacher set.  Easy: races (no contact left), with fewer
pips to add up; medium: any position past the opening; hard: middle games
with contact.

>>> from game.drills.seeds import drill_random
>>> qs = generate(drill_random(3, 0, "pips"), 2, "easy", tolerance=2)
>>> [q.ask for q in qs], all(q.position.is_race() for q in qs)
(['pips', 'pips'], True)
>>> qs[0].answer == qs[0].position.pips(), qs[0].tolerance
(True, 2)
"""

from .question import Question
from .selfplay import game_positions

__all__ = ["generate", "TOLERANCE"]

#: the tolerance a teacher may set: 0 (exact) to 20 pips
TOLERANCE = (0, 20)
#: one position in this many of a game is taken, so a set spreads over many games
SPREAD = 5


def _suits(position, level):
    if level == "easy":
        return position.is_race() and sum(position.pips()) <= 200
    if level == "hard":
        return not position.is_race() and sum(position.borne_off()) == 0 and sum(position.pips()) < 290
    return sum(position.pips()) < 300


def breakdown(side):
    """The non-empty points of one side as ``[point, checkers, pips]`` (the bar is 25).

    >>> breakdown((0, 2) + (0,) * 22 + (1,))
    [[2, 2, 4], [25, 1, 25]]
    """
    return [[i, n, i * n] for i, n in enumerate(side, 1) if n]


def generate(rng, count, level, tolerance=0):
    """``count`` pip count questions at ``level``, the positions drawn with ``rng``."""
    out, seen = [], set()
    for position in game_positions(rng):
        if len(out) == count:
            break
        if position in seen or rng.randrange(SPREAD) or not _suits(position, level):
            continue
        seen.add(position)
        mine, theirs = position.pips()
        out.append(Question(
            kind="pips", level=level, position_id=position.position_id(), dice=None, ask="pips",
            answer=(mine, theirs), tolerance=tolerance,
            prompt=("drills.pips.prompt", {"tolerance": tolerance}),
            explanation=("drills.pips.explain", {"mine": mine, "theirs": theirs,
                                                 "mine_points": breakdown(position.mine),
                                                 "theirs_points": breakdown(position.theirs)})))
    return out
