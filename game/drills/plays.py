"""A checker-play question: the legal plays of a roll ranked by the bot, and the margin.

Shared by the opening and reply drills: every legal play (one per distinct
result) is an option, valued by the bot's hints at :data:`JUDGE` (the app's
default level: its best plays looked at one roll deeper); a play is right
when it loses no more than the margin of the level against the best.

>>> from game import Position
>>> choices, values = ranked_plays(Position.start(), (3, 1))
>>> choices[values.index(max(values))]
'8/5 6/5'
>>> len(choices) == len(Position.start().legal_moves((3, 1)))
True
"""

from functools import lru_cache

from ..bot import Bot
from ..position import Position
from .difficulty import fits
from .question import Question

__all__ = ["JUDGE", "MARGIN", "CLEAR", "CLOSE", "ranked_plays", "play_question", "gap"]

#: the level whose hints judge the plays
JUDGE = "expert"
#: the equity a play may lose against the best and still be right, per level
MARGIN = {"easy": 0.06, "medium": 0.04, "hard": 0.02}
#: a decision is clear (easy) when the best play leads the next by CLEAR or more, close (hard)
#: when by less than CLOSE
CLEAR, CLOSE = 0.08, 0.03


@lru_cache(maxsize=512)
def _hints(position_id, dice):
    position = Position.from_position_id(position_id)
    by_play = {str(h.move): h.equity for h in Bot(level=JUDGE).hints(position, dice)}
    choices = tuple(sorted(str(m) for m in position.legal_moves(dice)))
    return choices, tuple(round(by_play[c], 6) for c in choices)


def ranked_plays(position, dice):
    """``(choices, values)``: every legal play's notation, in the order of the texts (an
    answer is an index into it, so it must not hang on the move generator's order), and
    its equity for the player on roll (rounded to a millionth, so every machine agrees)."""
    return _hints(position.position_id(), tuple(dice))


def gap(values):
    """How far the best value leads the next (1.0 when there is only one)."""
    top = sorted(values, reverse=True)
    return top[0] - top[1] if len(top) > 1 else 1.0


def play_question(kind, level, position, dice, context=None, choosy=True):
    """The question "what is the best play of ``dice`` here", or None when there is
    nothing to choose or (when ``choosy``) the plays do not suit ``level``."""
    choices, values = ranked_plays(position, dice)
    if len(choices) < 2 or choosy and not fits(gap(values), level, CLEAR, CLOSE):
        return None
    best = values.index(max(values))
    ranked = sorted(range(len(choices)), key=lambda i: -values[i])
    return Question(
        kind=kind, level=level, position_id=position.position_id(), dice=tuple(dice), ask="play",
        answer=(best,), tolerance=MARGIN[level], choices=choices, values=values,
        prompt=(f"drills.{kind}.prompt", {"dice": list(dice)}),
        explanation=("drills.play.explain", {"best": choices[best], "second": choices[ranked[1]],
                                             "gap": round(1000 * gap(values)),
                                             "margin": round(1000 * MARGIN[level])}),
        context=dict(context or {}))
