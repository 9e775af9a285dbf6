"""One game of a rollout: played from a candidate's position by the bot, with given dice.

Sides are absolute here: 0 is *me* (the player whose decision is rolled
out), 1 the opponent; a position is the raw pair ``(mine, theirs)`` seen from
the side on roll.  :func:`play_game` is a generator (it yields between plies,
and between the rolls weighed for the luck) that returns
``(equity, raw_equity, outcome)``: the game's result for me, the same with
the luck taken off (:data:`reduce`), and the five probabilities for me (0 or
1 each when the game was played out, the net's when it was cut short).

>>> from game.steps import finish
>>> start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
>>> rules = Rules(reduce=False)      # no luck taken off: the plain result
>>> dice = Dice(seed=1, game=0)
>>> eq, raw, outcome = finish(play_game(rules, (start, start), 0, dice))
>>> raw in (-3.0, -2.0, -1.0, 1.0, 2.0, 3.0), outcome[0] in (0.0, 1.0)
(True, True)
>>> won = ((0,) * 25, (1,) + (0,) * 24)     # I am on roll and have borne off everything
>>> finish(play_game(rules, won, 0, dice))[1:]
(1.0, (1.0, 0.0, 0.0, 0.0, 0.0))
"""

import random

from .bot import Bot
from .cube import (CUBE_LIFE, MATCH_CONTACT_LIFE, MATCH_TAKEN_LIFE, CubeContext, cube_equities, money_cubeful,
                   race_life)
from .evaluator import ROLLS, equity, evaluate, evaluate_plays, finished_probs, flip, is_race, play_results
from .match_equity import MatchCube, outcome_mwc
from .prune import rank
from game.levels import NO_LOOK_AHEAD
from game.position import Position

__all__ = ["Rules", "Dice", "play_game", "ORDERED_ROLLS", "LUCK_KEEP"]

#: the plays of each roll valued in full to weigh a roll's luck in contact (0: every play)
LUCK_KEEP = 2

#: the 36 rolls in order (1-1, 1-2, ..., 6-6): the strata of the first two rolls
ORDERED_ROLLS = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(1, 7))
_ROLL_INDEX = {(d1, d2): i for i, (d1, d2, _) in enumerate(ROLLS)}
_ROLL_INDEX.update({(d2, d1): i for (d1, d2), i in list(_ROLL_INDEX.items())})


class Dice:
    """The dice of game ``game``: the same for every candidate (duplicate dice).

    The first roll goes through the 36 rolls in order as the games go on, the
    second through them too, shifted so that any 1,296 games in a row (from a
    multiple of 1,296) meet each pair of first two rolls once and any 36 games
    in a row each second roll once; later rolls come from
    ``random.Random(seed * 2**32 + game)``.

    >>> [Dice(seed=5, game=g).roll(0) for g in (0, 1, 35)]
    [(1, 1), (1, 2), (6, 6)]
    >>> Dice(seed=5, game=7).roll(2) == Dice(seed=5, game=7).roll(2)
    True
    """

    def __init__(self, seed, game, stratify=True):
        self.game = game
        self.stratify = stratify
        self.rng = random.Random(seed * 4294967296 + game)
        self.rolls = []

    def roll(self, k):
        """The ``k``-th roll of the game (0 first), the same whenever asked."""
        while len(self.rolls) <= k:
            n = len(self.rolls)
            g = self.game
            if self.stratify and n == 0:
                self.rolls.append(ORDERED_ROLLS[g % 36])
            elif self.stratify and n == 1:
                self.rolls.append(ORDERED_ROLLS[(g // 36 + 7 * (g % 36)) % 36])
            else:
                self.rolls.append(ORDERED_ROLLS[self.rng.randrange(36)])
        return self.rolls[k]


class Rules:
    """How the games are played and scored (see :func:`game.bot.rollout.request`).

    ``cubeful``: the cube is turned by the bot's own cube decisions and the
    result is in points for a cube of ``cube`` (money) or in match winning
    chances (``match_length`` > 0); cubeless: in points per game, the cube
    never turned.  ``truncate``: plies after which the net's evaluation ends
    the game (0: played to the end).  ``reduce``: take each roll's luck off;
    ``luck_keep``: the plays of each roll valued in full for it (0: all).
    """

    def __init__(self, cubeful=False, truncate=0, reduce=True, level=NO_LOOK_AHEAD, cube=1,
                 match_length=0, score=(0, 0), crawford=False, jacoby=False, seed=0, luck_keep=LUCK_KEEP):
        self.luck_keep = luck_keep
        self.cubeful = cubeful
        self.truncate = truncate
        self.reduce = reduce
        self.level = level
        self.cube = cube
        self.match_length = match_length
        self.score = tuple(score)
        self.crawford = crawford
        self.jacoby = jacoby
        self.seed = seed
        self.match = cubeful and match_length > 0
        self.post = crawford or (match_length > 0 and 1 in (match_length - score[0], match_length - score[1]))

    def away(self, side):
        return self.match_length - self.score[side]

    def context(self, side, cube, owner):
        """The :class:`CubeContext` of ``side`` with the cube at ``cube`` owned by ``owner``."""
        return CubeContext(cube_value=cube, cube_owner=None if owner is None else ("me" if owner == side else "opponent"),
                           match_length=self.match_length if self.cubeful else 0, score_me=self.score[side],
                           score_opponent=self.score[1 - side], crawford=self.crawford, jacoby=self.jacoby)

    # values for me ----------------------------------------------------------------
    def result(self, winner, kind, cube, owner):
        """My result when ``winner`` wins a game of ``kind`` points (1, 2, 3) at ``cube``."""
        if not self.cubeful:
            return float(kind) if winner == 0 else -float(kind)
        if self.jacoby and owner is None and not self.match_length:
            kind = 1
        points = kind * cube
        if not self.match:
            return points / self.cube if winner == 0 else -points / self.cube
        a, b = self.away(0), self.away(1)
        return outcome_mwc(a - points, b, self.post) if winner == 0 else outcome_mwc(a, b - points, self.post)

    def estimate(self, p, side, cube, owner, position):
        """My value of a position where ``side`` is on roll with probabilities ``p`` (his)."""
        if not self.cubeful:
            e = equity(p)
            return e if side == 0 else -e
        ctx = self.context(side, cube, owner)
        x = self.life(position, ctx, taken=ctx.owner == "opponent")
        if not self.match:
            e = money_cubeful(p, ctx.owner, x, self.jacoby) * cube / self.cube
            return e if side == 0 else -e
        m = MatchCube(p, ctx.away_me, ctx.away_opponent, post=self.post, crawford=self.crawford, x=x)
        own = ctx.owner
        v = m.centered(cube) if own is None else m.owned(cube) if own == "me" else m.unavailable(cube)
        return v if side == 0 else 1.0 - v

    def life(self, position, ctx, taken=False):
        """:func:`game.bot.cube.cube_life` for ``(mine, theirs)`` counts."""
        if not ctx.is_match:
            return CUBE_LIFE
        mine = position[0]
        if is_race(*position):
            return race_life(sum((i + 1) * n for i, n in enumerate(mine)))
        return MATCH_TAKEN_LIFE if taken else MATCH_CONTACT_LIFE

    def play_value(self, side, cube):
        """How the mover ranks (and weighs the luck of) probabilities after his play:
        a function of his probabilities, in my units, from his side."""
        if not self.match:
            scale = 1.0 if not self.cubeful else cube / self.cube
            return lambda p: scale * equity(p)
        a, b = self.away(side), self.away(1 - side)
        post, crawford = self.post, self.crawford
        return lambda p: MatchCube(p, a, b, post=post, crawford=crawford, x=0.0).owned(cube)


def _me(p, side):
    """Probabilities of ``side`` seen from me."""
    return p if side == 0 else flip(p)


def _won(kind_probs):
    """Points won from the winner's probabilities of a finished game."""
    return 3 if kind_probs[2] else 2 if kind_probs[1] else 1


def _bearoff_exact(mine, theirs):
    """Both sides home and each has borne a checker off: the database is exact, no gammons."""
    return not any(mine[6:]) and not any(theirs[6:]) and sum(mine) < 15 and sum(theirs) < 15


def play_game(rules, position, side, dice, cube=None, owner=None, first_decision=True, bot=None):
    """Play one game from ``position`` (``side`` on roll), a generator; see the module."""
    cube = rules.cube if cube is None else cube
    mine, theirs = position
    luck_eq = 0.0
    luck = [0.0] * 5
    ply = 0
    may_double = first_decision
    while True:
        if not any(mine) or not any(theirs):      # finished already (a candidate may be)
            loser = theirs if not any(mine) else mine
            winner = side if not any(mine) else 1 - side
            fp = finished_probs(loser)
            raw = rules.result(winner, _won(fp), cube, owner)
            return _done(raw, luck_eq, luck, _me(fp, winner))
        if rules.truncate and (ply >= rules.truncate or (not rules.cubeful and _bearoff_exact(mine, theirs))):
            p = evaluate(mine, theirs)
            raw = rules.estimate(p, side, cube, owner, (mine, theirs))
            return _done(raw, luck_eq, luck, _me(p, side))
        # the cube, before the roll
        if rules.cubeful and may_double and (owner is None or owner == side):
            ctx = rules.context(side, cube, owner)
            p = evaluate(mine, theirs)
            here = (mine, theirs)
            ce = cube_equities(p, ctx, rules.life(here, ctx), rules.life(here, ctx, taken=True))
            if ce.action == "double":
                if ce.response == "drop":
                    raw = rules.result(side, 1, cube, owner)
                    return _done(raw, luck_eq, luck, _me((1.0, 0.0, 0.0, 0.0, 0.0), side))
                cube, owner = 2 * cube, 1 - side
        may_double = True
        d1, d2 = dice.roll(ply)
        value = rules.play_value(side, cube)
        if rules.reduce:
            weighed, mean, mean_v = yield from _all_rolls(mine, theirs, value, rules.luck_keep)
            chosen_p, chosen_v, after = weighed[_ROLL_INDEX[(d1, d2)]]
            if rules.luck_keep and bot is None:
                after = _best(mine, theirs, d1, d2, value)[2]   # the bot's own choice, every play valued
            sign = 1.0 if side == 0 else -1.0     # in a match too: my chance is 1 minus his
            luck_eq += sign * (chosen_v - mean_v)
            d = [chosen_p[k] - mean[k] for k in range(5)]
            if side == 1:
                d = [-d[0], d[3], d[4], d[1], d[2]]
            for k in range(5):
                luck[k] += d[k]
        elif bot is None:
            after = _best(mine, theirs, d1, d2, value)[2]
        if bot is not None:
            after = yield from _bot_play(bot, mine, theirs, (d1, d2), rules, side, cube, owner)
        mine, theirs = after
        side = 1 - side
        ply += 1
        yield True      # a ply played (the other yields come between the rolls weighed)


def _done(raw, luck_eq, luck, outcome):
    return raw - luck_eq, raw, tuple(outcome[k] - luck[k] for k in range(5))


def _best(mine, theirs, d1, d2, value, bases=None, keep=0):
    """``(probabilities, value, after)`` of the best play for the side on roll (his side);
    ``keep``: only that many plays, those the pruning net ranks best, valued in full."""
    afters = play_results(mine, theirs, d1, d2)
    if not afters:
        p = flip(evaluate(theirs, mine))
        return p, value(p), (theirs, mine)
    if keep:
        afters = rank(mine, theirs, afters, keep, bases)
    best = None
    for p, after in zip(evaluate_plays(mine, theirs, afters, bases), afters):
        v = value(p)
        if best is None or v > best[1]:
            best = (p, v, after)
    return best


def _all_rolls(mine, theirs, value, keep):
    """Each of the 21 rolls' best play, and the means over the 36 rolls (a generator).

    In contact only the ``keep`` plays of each roll that the pruning net ranks
    best are valued by the full nets (the luck needs a good value of each roll,
    not the bot's exact choice: any value minus its mean over the rolls has a
    mean of zero).
    """
    bases = {}
    out = []
    mean = [0.0] * 5
    mean_v = 0.0
    contact = keep and not is_race(mine, theirs)
    for d1, d2, w in ROLLS:
        best = _best(mine, theirs, d1, d2, value, bases, keep if contact else 0)
        out.append(best)
        p = best[0]
        for k in range(5):
            mean[k] += w * p[k]
        mean_v += w * best[1]
        yield
    return out, [m / 36.0 for m in mean], mean_v / 36.0


def _bot_play(bot, mine, theirs, dice, rules, side, cube, owner):
    """The play of a bot at a level other than 0-ply: the position it leaves."""
    position = Position._trusted(mine, theirs)
    ctx = rules.context(side, cube, owner) if rules.match else None
    move = yield from bot.think_move(position, dice, ctx)
    if move is None:
        return theirs, mine
    after = position.play(move)
    return after.mine, after.theirs


def level_bot(rules, game):
    """The bot that plays game ``game`` (None at 0-ply: the rollout's own fast path)."""
    if rules.level == NO_LOOK_AHEAD:
        return None
    return Bot(level=rules.level, seed=rules.seed * 4294967296 + game)
