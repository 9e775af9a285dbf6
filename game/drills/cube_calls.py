"""The cube drill: double or not, take or drop, by the bot's cube decisions.

Positions come from the bot's games (:mod:`.selfplay`), before a roll, the
cube in the middle at 1; money play, or (above easy) half the time a match
to :data:`MATCH_LENGTH` at a score drawn at random (no Crawford game).  Each
question asks one thing: the player on roll doubles or not (``double``), or
the opponent has doubled and the player takes or drops (``take``, the
position then seen from the doubler, as :meth:`game.bot.Bot.take_decision`
reads it).  The bot (:data:`JUDGE`) gives the equities: no double, double /
take, double / drop; "too good to double" counts as not doubling.

The level is how close the decision is: easy wants a gap of 0.10 or more
(in points, or in twice the match winning chance), hard one under 0.04.  The
explanation gives the equities in thousandths of a point (money) or the match
winning chances in thousandths (match).

>>> from game.drills.seeds import drill_random
>>> q = generate(drill_random(6, 0, "cube"), 1, "easy")[0]
>>> q.ask, q.choices in (("no_double", "double"), ("take", "drop")), q.context["match_length"]
('choice', True, 0)
"""

from ..bot import Bot, CubeContext
from .difficulty import fits
from .question import Question
from .selfplay import game_positions

__all__ = ["generate", "JUDGE", "MATCH_LENGTH", "cube_values"]

JUDGE = "expert"
MATCH_LENGTH = 7
CLEAR, CLOSE = 0.10, 0.04
#: the winning chances (of the player on roll) where a cube decision is worth asking
WINDOW = (0.55, 0.92)


def _context(rng, level):
    if level == "easy" or rng.random() < 0.5:
        return CubeContext()
    return CubeContext(match_length=MATCH_LENGTH, score_me=rng.randrange(MATCH_LENGTH - 1),
                       score_opponent=rng.randrange(MATCH_LENGTH - 1))


def cube_values(equities, ask):
    """``(choices, values)`` of a cube question from :class:`game.bot.cube.CubeEquities`,
    each value to the player who answers, on the scale of points (a match winning
    chance counts twice)."""
    scale = 2.0 if equities.unit == "mwc" else 1.0
    if ask == "double":
        doubled = min(equities.double_take, equities.double_drop)
        return ("no_double", "double"), (round(scale * equities.no_double, 6), round(scale * doubled, 6))
    return ("take", "drop"), (round(-scale * equities.double_take, 6), round(-scale * equities.double_drop, 6))


def generate(rng, count, level, tolerance=0):
    """``count`` cube decisions at ``level``, the positions drawn with ``rng``."""
    bot = Bot(level=JUDGE)
    out, seen = [], set()
    for position in game_positions(rng):
        if len(out) == count:
            break
        if position in seen or not WINDOW[0] <= bot.evaluate(position)[0] <= WINDOW[1]:
            continue
        ctx = _context(rng, level)
        equities = bot.cube_equities(position, ctx)
        ask = "take" if equities.action in ("double", "too_good") and rng.random() < 0.5 else "double"
        choices, values = cube_values(equities, ask)
        gap = abs(values[0] - values[1])
        if not fits(gap, level, CLEAR, CLOSE):
            continue
        seen.add(position)
        best = values.index(max(values))
        p = bot.evaluate(position)
        said = "too_good" if ask == "double" and equities.action == "too_good" else choices[best]
        out.append(Question(
            kind="cube", level=level, position_id=position.position_id(), dice=None, ask="choice",
            answer=(best,), tolerance=0, choices=choices, values=values,
            prompt=(f"drills.cube.prompt_{ask}_match", {"length": ctx.match_length, "me": ctx.score_me,
                                                         "opponent": ctx.score_opponent})
            if ctx.is_match else (f"drills.cube.prompt_{ask}", {}),
            explanation=(f"drills.cube.explain_{equities.unit}", {
                "answer": {"key": f"drills.cube.{said}"},
                "win": round(100 * p[0]), "gammon": round(100 * p[1]), "lose_gammon": round(100 * p[3]),
                "no_double": round(1000 * equities.no_double), "double_take": round(1000 * equities.double_take),
                "double_drop": round(1000 * equities.double_drop)}),
            context={"ask": ask, "match_length": ctx.match_length, "score_me": ctx.score_me,
                     "score_opponent": ctx.score_opponent, "cube_value": 1}))
    return out
