"""The computer player: chooses plays, gives hints, takes cube decisions.

Levels (``Bot(level=...)``):

* ``"novice"`` ("First steps", for young children): as the beginner below,
  with a standard deviation of 1.0 point: it often plays a poor move and now
  and then a bad blunder, but only ever one of the legal plays.
* ``"beginner"``: misjudges every play it weighs by a random amount (normal,
  standard deviation 0.15 of a point) and takes the one that looks best to
  it, as GNU Backgammon's weaker levels do: it often misses the best play
  when others are close, and now and then blunders.  Its cube decisions
  misjudge the position the same way.
* ``"intermediate"``: the same with a standard deviation of 0.05.
* ``"expert"`` (the default): the net's best plays (at most 4) within 0.10
  of its best are scored again at 1-ply (below), the opponent choosing each
  reply among the 3 that a small pruning net ranks best for that roll, and
  each such play's value is 0.3 of its 1-ply value and 0.7 of its 0-ply one
  (``blend``: the 1-ply alone chose worse on the nets of 2026-12-02); with
  no other play that close, the net's best play.
* ``"master"``: 0-ply picks its best 6 plays within 0.16, the opponent's
  replies (pruned as the expert's) value them one roll deeper (1-ply), and
  the best 2 of those within 0.08 are valued two rolls deeper (2-ply: each
  reply's position valued by the master's own best answer to each of its
  21 rolls; :mod:`game.bot.lookahead`); its cube decisions look one roll
  ahead.
* ``"0-ply"`` (:data:`NO_LOOK_AHEAD`, not offered in the app): the net's best
  play, never looking ahead; the review ranks plays with it.

Random choices come from ``random.Random(seed)``: the same seed gives the
same plays.

>>> from game import Position
>>> bot = Bot()
>>> pos = Position.start()
>>> play = bot.choose_move(pos, (3, 1))
>>> play in pos.legal_moves((3, 1)), str(play)
(True, '8/5 6/5')
>>> hints = bot.hints(pos, (6, 5), n=2)
>>> str(hints[0].move), hints[0].equity > hints[1].equity
('24/13', True)
>>> round(sum(bot.evaluate(Position.from_counts({1: 1}, {6: 1}))), 3)   # exact bear-off odds
1.0

Every decision also has a *step by step* form, a generator that yields (None)
between small pieces of work and returns the answer: a browser page runs one
piece, lets the page paint and answer clicks, then runs the next, so a long
think never freezes it (``game/app/cooperative.py`` drives them).  The answers
are the same as the plain calls':

>>> steps = Bot(level="master").think_move(pos, (2, 1))
>>> pieces = 0
>>> while True:
...     try:
...         next(steps)
...     except StopIteration as done:
...         play = done.value
...         break
...     pieces += 1
>>> str(play), pieces > 21
('24/23 13/11', True)
"""

import random
from dataclasses import dataclass

from . import cube as _cube
from . import resign as _resign
from .evaluator import equity, evaluate, evaluate_plays, flip, is_race, play_results
from .lookahead import evaluate_steps, finish, one_ply_steps, rolled_steps, two_ply_steps
from game.levels import DEFAULT_LEVEL, LEVELS, NO_LOOK_AHEAD
from .match_equity import MatchCube

__all__ = ["Bot", "Hint", "finish"]

_SETTINGS = dict(LEVELS, **{NO_LOOK_AHEAD: {}})


@dataclass(frozen=True)
class Hint:
    """One candidate play with its value for the player on roll.

    ``equity``: cubeless money equity (points per game), or with a match
    :class:`CubeContext` the match winning chance rescaled to -1..+1
    (``2 * mwc - 1``).  ``probabilities``: win, win gammon, win backgammon,
    lose gammon, lose backgammon.
    """

    move: object
    equity: float
    probabilities: tuple
    mwc: float = None


def mixed(zero, deep, share):
    """Probabilities ``share`` of ``deep`` and the rest of ``zero``, output by output.

    >>> [round(x, 3) for x in mixed((0.5, 0.1, 0.0, 0.2, 0.0), (0.6, 0.2, 0.0, 0.1, 0.0), 0.3)]
    [0.53, 0.13, 0.0, 0.17, 0.0]
    """
    return tuple(share * d + (1.0 - share) * z for z, d in zip(zero, deep))


def misjudged(p, shift):
    """Probabilities ``p`` with the chance of winning moved by ``shift`` (kept within 0..1),
    the gammons and backgammons of each side scaled with that side's chances.

    How a noisy level sees a position before a cube decision: moving the
    winning chance by ``s`` moves the cubeless equity by about ``2 s``, so the
    levels move it by half their ``noise``.

    >>> [round(x, 4) for x in misjudged((0.6, 0.2, 0.02, 0.1, 0.0), 0.1)]
    [0.7, 0.2333, 0.0233, 0.075, 0.0]
    >>> misjudged((0.9, 0.0, 0.0, 0.0, 0.0), 0.3)[0]
    1.0
    """
    win = min(1.0, max(0.0, p[0] + shift))
    up = win / p[0] if p[0] > 0 else 0.0
    down = (1.0 - win) / (1.0 - p[0]) if p[0] < 1 else 0.0
    return (win, p[1] * up, p[2] * up, p[3] * down, p[4] * down)


class Bot:
    """A backgammon player.  ``Bot()`` plays at the default level, ``"expert"``."""

    def __init__(self, level=DEFAULT_LEVEL, seed=None, cube_life=None):
        if level not in _SETTINGS:
            raise ValueError(f"level {level!r}: one of {', '.join(_SETTINGS)} expected")
        self.level = level
        self.settings = _SETTINGS[level]
        self.rng = random.Random(seed)
        self.cube_life = cube_life

    def __repr__(self):
        return f"Bot(level={self.level!r})"

    # --- evaluation -------------------------------------------------------------
    def evaluate(self, position):
        """The five probabilities for the player on roll, before rolling."""
        return evaluate(position.mine, position.theirs)

    def _ranked(self, position, dice, ctx=None, ply=0, keep=6, window=0.16, prune=None, keep2=2,
                window2=0.04, also=None, blend=1.0, blend2=1.0):
        """``[(value, probabilities, (mine_after, theirs_after))]``, best first (a generator).

        The plays valued deepest come first, then the others, each part best first.
        ``also``: the result of one play (an after-position) valued as deep as the best
        whatever its rank, as a review weighs the play made. ``blend``: the share of the
        1-ply probabilities in a play's value at 1-ply, the 0-ply's making up the rest;
        ``blend2`` the same for the 2-ply over the value of the tier below.
        """
        mine, theirs = position.mine, position.theirs
        afters = play_results(mine, theirs, dice[0], dice[1])
        if not afters:
            return []
        probs = yield from evaluate_steps(mine, theirs, afters)
        best_first = lambda t: -t[0]  # noqa: E731
        tiers = [sorted(zip(map(equity, probs), probs, afters), key=best_first)]   # deepest first
        for depth, look, how_many, how_close in ((1, one_ply_steps, keep, window),
                                                 (2, two_ply_steps, keep2, window2)):
            front = tiers[0]
            head = [t[2] for t in front[:how_many] if t[0] >= front[0][0] - how_close]
            if ply >= depth and also is not None and also not in head and any(t[2] == also for t in front):
                head.append(also)           # valued one depth less so far: it comes along
                front = [t for t in front if t[2] in head] + [t for t in front if t[2] not in head]
            if ply < depth or len(head) < 2:
                break
            yield
            deeper = yield from look(head, prune=prune)
            share = blend if depth == 1 else blend2
            if share != 1.0:                    # front starts with the head's plays, in order
                deeper = [mixed(t[1], p, share) for t, p in zip(front, deeper)]
            tiers[:1] = [sorted(((equity(p), p, a) for p, a in zip(deeper, head)), key=best_first),
                         front[len(head):]]
        if ctx is not None and ctx.is_match:
            tiers = [sorted(((self._mwc(p, ctx), p, a) for _, p, a in tier), key=best_first) for tier in tiers]
        return [t for tier in tiers for t in tier]

    def _scored(self, position, dice, ctx, also=None):
        s = self.settings
        return self._ranked(position, dice, ctx, s.get("ply", 0), s.get("keep", 6), s.get("window", 0.16),
                            s.get("prune"), s.get("keep2", 2), s.get("window2", 0.04), also, s.get("blend", 1.0),
                            s.get("blend2", 1.0))

    def _mwc(self, p, ctx):
        post = ctx.crawford or ctx.post_crawford
        cube = MatchCube(p, ctx.away_me, ctx.away_opponent, post=post, crawford=ctx.crawford, x=0.0)
        return cube.owned(ctx.cube_value)  # with x = 0: the dead-cube (cubeless) value

    @staticmethod
    def _move_for(position, dice, after):
        plays = position.legal_moves(dice)
        for move, result in zip(plays, plays.results()):
            if result.mine == after[0] and result.theirs == after[1]:
                return move
        raise AssertionError("the bot's play is not among the legal plays")  # pragma: no cover

    # --- plays ----------------------------------------------------------------------
    def choose_move(self, position, dice, ctx=None):
        """One of ``position.legal_moves(dice)``, or None when no play is legal."""
        return finish(self.think_move(position, dice, ctx))

    def think_move(self, position, dice, ctx=None):
        """:meth:`choose_move` step by step: a generator that returns the play."""
        scored = yield from self._scored(position, dice, ctx)
        return self.pick(position, dice, ctx, scored)

    def pick(self, position, dice, ctx, scored):
        """The play :meth:`think_move` chooses from ``scored`` (what :meth:`_scored` ranks,
        best first): the best, or at a noisy level the best as this bot misjudges them
        (one draw of its random numbers per play). The ranking is a pure function of the
        position, the dice, the context and the level (:mod:`game.bot.jobs` works it out
        elsewhere); only this choice draws from ``self.rng``."""
        if not scored:
            return None
        s = self.settings
        noise = s.get("noise")
        if noise and len(scored) > 1:
            # a match value is a winning chance: twice it is on the scale of money equity
            scale = 2.0 if ctx is not None and ctx.is_match else 1.0
            gauss = self.rng.gauss
            after = max(scored, key=lambda t: scale * t[0] + gauss(0.0, noise))[2]
        else:
            after = scored[0][2]
        return self._move_for(position, dice, after)

    def hints(self, position, dice, n=None, ctx=None):
        """The legal plays ranked best first, as :class:`Hint` (``n`` best only if given).

        The levels that look ahead put the plays they valued deepest first: the
        master its best 2-ply plays, then its other 1-ply plays, then the rest at 0-ply.
        """
        return finish(self.think_hints(position, dice, n, ctx))

    def think_hints(self, position, dice, n=None, ctx=None, played=None):
        """:meth:`hints` step by step: a generator that returns the list. ``played``: a legal
        play valued as deep as the best, whatever its rank (a review's play made)."""
        also = None
        if played is not None:
            plays = position.legal_moves(dice)
            also = next(((r.mine, r.theirs) for m, r in zip(plays, plays.results()) if m == played), None)
        scored = yield from self._scored(position, dice, ctx, also)
        return self.hints_from(position, dice, n, ctx, scored)

    def hints_from(self, position, dice, n, ctx, scored):
        """:meth:`hints` from ``scored`` (what :meth:`_scored` ranks, best first)."""
        if n is not None:
            scored = scored[:n]
        plays = position.legal_moves(dice)
        by_result = {(r.mine, r.theirs): m for m, r in zip(plays, plays.results())}
        match = ctx is not None and ctx.is_match
        return [Hint(by_result[a], 2.0 * v - 1.0 if match else v, p, v if match else None)
                for v, p, a in scored]

    # --- cube -------------------------------------------------------------------------
    def cube_view(self, position):
        """The probabilities cube decisions start from (a generator), before any
        misjudging: a pure function of the position and the level."""
        if self.settings.get("cube_ply"):
            # average over the rolls of the player on roll, each played best at 0-ply
            p = yield from rolled_steps(position.mine, position.theirs)
        else:
            p = self.evaluate(position)
        return p

    def _cube_probs(self, position):
        """The probabilities cube decisions use (a generator)."""
        p = yield from self.cube_view(position)
        return self.misjudge(p)

    def misjudge(self, p):
        """``p`` as this bot sees it before a cube decision (a noisy level draws once)."""
        noise = self.settings.get("noise")
        if noise:
            p = misjudged(p, self.rng.gauss(0.0, noise / 2.0))
        return p

    def think_cube(self, position, ctx=None):
        """:meth:`cube_equities` step by step: a generator that returns them."""
        p = yield from self._cube_probs(position)
        return self.cube_from(position, ctx, p)

    def cube_from(self, position, ctx, p):
        """The :class:`game.bot.cube.CubeEquities` of probabilities ``p`` (already misjudged)."""
        if self.cube_life is None:
            life, taken = _cube.cube_life(position, ctx), _cube.cube_life(position, ctx, taken=True)
        else:
            life = taken = self.cube_life
        return _cube.cube_equities(p, ctx, life, taken)

    def cube_equities(self, position, ctx=None):
        """:class:`game.bot.cube.CubeEquities` for the player on roll in ``position``
        (at a noisy level, as that level misjudges it: drawn afresh at each call)."""
        return finish(self.think_cube(position, ctx))

    def cube_action(self, position, ctx=None):
        """``"double"``, ``"no_double"`` or ``"too_good"`` for the player on roll."""
        return self.cube_equities(position, ctx).action

    def take_decision(self, position, ctx=None):
        """``"take"``, ``"drop"`` or ``"beaver"`` against a double.

        ``position`` and ``ctx`` are seen from the doubler, as in :meth:`cube_action`
        (``ctx.cube_value`` is the value before the double).
        """
        return self.cube_equities(position, ctx).response

    # --- resignations -----------------------------------------------------------------
    def resignation_probs(self, position, dice=None):
        """The resigner's probabilities: ``position`` before rolling, or after ``dice``
        rolled (then the best play's result, or the opponent's roll after a dance)."""
        mine, theirs = position.mine, position.theirs
        if dice is None:
            p = self.evaluate(position)
        else:
            afters = play_results(mine, theirs, dice[0], dice[1])
            if afters:
                p = max(evaluate_plays(mine, theirs, afters), key=equity)
            else:
                p = flip(evaluate(theirs, mine))
        return _resign.settled(p, mine, theirs, is_race(mine, theirs))

    def resignation_decision(self, position, kind, ctx=None, dice=None):
        """``"accept"`` or ``"reject"`` a resignation of ``kind`` (1, 2, 3 or its name).

        ``position`` and ``ctx`` are the resigner's, as in :meth:`take_decision`;
        ``dice`` are the resigner's roll when he resigns after rolling.  See
        :mod:`game.bot.resign` for the rule.
        """
        return _resign.resignation_decision(self.resignation_probs(position, dice), kind, ctx)

    def resignation_offer(self, position):
        """The resignation the player on roll offers before rolling, or None: only in a race
        (no contact left) he cannot win, when the kind he loses is settled (1, 2 or 3)."""
        if not is_race(position.mine, position.theirs):
            return None
        return _resign.hopeless_kind(self.resignation_probs(position))
