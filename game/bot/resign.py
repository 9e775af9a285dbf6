"""Answering a resignation: accept when the points offered are worth at least playing on.

The question is asked from the resigner's side, like a take decision from the
doubler's: ``probs`` are the resigner's five cubeless probabilities (win, win
gammon, win backgammon, lose gammon, lose backgammon) and the
:class:`game.bot.cube.CubeContext` is the resigner's.  The answer is the
opponent's, ``"accept"`` or ``"reject"``.

Money play compares the points offered (``kind`` times the cube) with the
cube times the opponent's cubeless equity; with Jacoby and a centered cube
gammons do not count, so playing on is worth at most a single game.  A match
compares match winning chances: winning ``kind`` times the cube now, against
the cubeless mean over the game's outcomes.  The opponent is a little
generous (``MARGIN``, a tenth of a point per cube, or its worth in match
winning chances): a hopeless game resigned as a single is accepted when the
gammon chances are small, as people do, rather than played out for a few
hundredths of a point.

>>> lost_race = (0.0, 0.0, 0.0, 0.02, 0.0)          # the resigner cannot win, 2% gammon
>>> resignation_decision(lost_race, 1)
'accept'
>>> crushed = (0.02, 0.0, 0.0, 0.70, 0.05)          # a gammon is likely
>>> resignation_decision(crushed, 1), resignation_decision(crushed, 2)
('reject', 'accept')
>>> resignation_decision(crushed, 1, CubeContext(jacoby=True))   # gammons do not count
'accept'
>>> resignation_decision(crushed, 1, CubeContext(match_length=5, score_me=0, score_opponent=4))
'accept'
"""

from ..match import RESIGN_KINDS
from .cube import CubeContext
from .evaluator import equity, flip
from .match_equity import outcome_mwc

__all__ = ["resignation_decision", "resignation_values", "settled", "hopeless_kind", "MARGIN", "KINDS",
           "CERTAIN"]

#: how much (in points per cube) the opponent gives away to end a hopeless game at once
MARGIN = 0.1

#: how close to 0 or 1 a chance must be for the bot to call it certain when it resigns
CERTAIN = 0.002

#: the kinds of resignation, by their names (:data:`game.match.RESIGN_KINDS`, the one table)
KINDS = RESIGN_KINDS


def _kind(kind):
    value = KINDS.get(kind, kind)
    if value not in (1, 2, 3):
        raise ValueError(f"resignation kind {kind!r}: 1, 2, 3, 'single', 'gammon' or 'backgammon' expected")
    return value


def settled(probs, mine, theirs, race):
    """``probs`` with the gammons and backgammons the position already rules out set to 0.

    A side with a checker off cannot lose a gammon; in a race, a side with no
    checker on the bar or in the other's home board cannot lose a backgammon.
    The nets know this only roughly, and a resignation turns on it.

    >>> settled((0.0, 0.0, 0.0, 0.3, 0.1), [0] * 5 + [14] + [0] * 19, [2] + [0] * 24, True)
    (0.0, 0.0, 0.0, 0.0, 0.0)
    """
    win, wg, wbg, lg, lbg = probs
    if sum(mine) < 15:
        lg = lbg = 0.0
    if sum(theirs) < 15:
        wg = wbg = 0.0
    if race and not any(mine[18:25]):
        lbg = 0.0
    if race and not any(theirs[18:25]):
        wbg = 0.0
    return (win, min(wg, win), min(wbg, wg, win), min(lg, 1.0 - win), min(lbg, lg, 1.0 - win))


def resignation_values(probs, kind, ctx=None):
    """``(offered, play_on, margin)`` for the opponent of the resigner, in one unit.

    Points per game in money play, match winning chances in a match.

    >>> resignation_values((0.0, 0.0, 0.0, 0.5, 0.0), 1)
    (1, 1.5, 0.1)
    >>> resignation_values((0.0, 0.0, 0.0, 0.5, 0.0), "gammon", CubeContext(cube_value=2))
    (4, 3.0, 0.2)
    """
    kind = _kind(kind)
    ctx = ctx or CubeContext()
    p = flip(probs)                                  # the opponent's view: he answers
    cube = ctx.cube_value
    if not ctx.is_match:
        if ctx.jacoby and ctx.owner is None:
            play_on = 2.0 * p[0] - 1.0               # gammons count as single games
        else:
            play_on = equity(p)
        return kind * cube, play_on * cube, MARGIN * cube
    # the opponent is ctx.away_opponent away, the resigner ctx.away_me
    a, b = ctx.away_opponent, ctx.away_me
    post = ctx.crawford or ctx.post_crawford

    def won(points):
        return outcome_mwc(a - points, b, post)

    def lost(points):
        return outcome_mwc(a, b - points, post)

    win, wg, wbg, lg, lbg = p
    play_on = ((win - wg) * won(cube) + (wg - wbg) * won(2 * cube) + wbg * won(3 * cube)
               + (1.0 - win - lg) * lost(cube) + (lg - lbg) * lost(2 * cube) + lbg * lost(3 * cube))
    # a point of equity is worth half the swing between winning and losing a single game
    margin = MARGIN * (won(cube) - lost(cube)) / 2.0
    return won(kind * cube), play_on, margin


def resignation_decision(probs, kind, ctx=None):
    """``"accept"`` or ``"reject"``: the answer of the resigner's opponent (see the module)."""
    offered, play_on, margin = resignation_values(probs, kind, ctx)
    return "accept" if offered >= play_on - margin - 1e-9 else "reject"


def hopeless_kind(probs, eps=CERTAIN):
    """The resignation a player with ``probs`` can offer at once, or None: he cannot win,
    and whether he loses a single game, a gammon or a backgammon is settled.

    >>> hopeless_kind((0.0, 0.0, 0.0, 0.0, 0.0)), hopeless_kind((0.0, 0.0, 0.0, 1.0, 0.0))
    (1, 2)
    >>> hopeless_kind((0.0, 0.0, 0.0, 1.0, 1.0)), hopeless_kind((0.0, 0.0, 0.0, 0.4, 0.0))
    (3, None)
    >>> hopeless_kind((0.01, 0.0, 0.0, 0.0, 0.0)) is None      # a 1% chance is worth playing for
    True
    """
    win, _wg, _wbg, lg, lbg = probs
    if win > eps:
        return None
    if lg < eps:
        return 1
    if lg > 1.0 - eps and lbg < eps:
        return 2
    if lbg > 1.0 - eps:
        return 3
    return None
