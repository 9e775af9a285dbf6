"""The shots drill: how many of the 36 rolls hit the opponent's blot.

Positions come from the bot's games (:mod:`.selfplay`) where the opponent has
one blot and the player on roll, with no checker on the bar, hits it with some
rolls and not all; the answer is :func:`game.shots.shots`' count, exact.
Easy: a direct shot (a checker within 6 pips of the blot) hit by about as
many rolls as the plain table says (:data:`DIRECT`, at most 3 more); hard: only
indirect shots (7 pips or more), or a count that blocks or other shooters
change from that table; medium: any.

>>> from game.drills.seeds import drill_random
>>> q = generate(drill_random(2, 0, "shots"), 1, "easy")[0]
>>> q.ask, 0 < q.answer[0] < 36, q.explanation[1]["hits"] == q.answer[0]
('count', True, True)
"""

from ..shots import shots
from .question import Question
from .selfplay import game_positions

__all__ = ["generate", "DIRECT", "blot_point", "distances"]

#: the rolls that hit a lone blot 1 to 6 pips away on an open board (a die, or a sum)
DIRECT = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17}


def blot_point(position):
    """The point (the player on roll's numbering, 1-24) of the opponent's only blot, or None."""
    blots = [i for i in range(24) if position.theirs[i] == 1]
    return 24 - blots[0] if len(blots) == 1 else None


def distances(position, point):
    """How far each of the player's points (and the bar, 25) above ``point`` is from it."""
    return [i + 1 - point for i in range(point, 25) if position.mine[i]]


def _suits(level, hits, near):
    if level == "easy":
        return near <= 6 and hits <= DIRECT[near] + 3
    if level == "hard":
        return near > 6 or hits != DIRECT[near]
    return True


def generate(rng, count, level, tolerance=0):
    """``count`` shot-counting questions at ``level``, the positions drawn with ``rng``."""
    out, seen = [], set()
    for position in game_positions(rng):
        if len(out) == count:
            break
        if position in seen or position.mine[24]:
            continue
        point = blot_point(position)
        near = min(distances(position, point), default=None) if point else None
        if near is None:
            continue
        found = shots(position)
        if not 0 < found.hits < 36 or not _suits(level, found.hits, near):
            continue
        seen.add(position)
        rolls = [[a, b] for a in range(1, 7) for b in range(a, 7) if found.hit[a - 1][b - 1]]
        out.append(Question(
            kind="shots", level=level, position_id=position.position_id(), dice=None, ask="count",
            answer=(found.hits,), tolerance=0,
            prompt=("drills.shots.prompt", {"point": point}),
            explanation=("drills.shots.explain", {"hits": found.hits, "percent": round(100 * found.hits / 36),
                                                  "point": point, "rolls": rolls})))
    return out
