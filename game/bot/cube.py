"""Cube decisions from the five cubeless probabilities.

Money play uses Janowski's cubeful equities: with cube efficiency ``x``
(0.68 here, "cube life"), the cubeful equity is ``x`` times the fully live
cube's equity plus ``1 - x`` times the dead cube's (the cubeless equity).
Match play does the same in match winning chances (MWC), with the match
equity table of :mod:`game.bot.match_equity`; the Crawford game has no cube,
and post-Crawford the trailer doubles at once while the leader never does.

A :class:`CubeContext` is always seen from the player who decides: for
:func:`cube_action` the player on roll, for :func:`take_decision` the doubler
too (the position is the one the double was offered in, ``cube_value`` the
value before the double).

>>> race = (0.75, 0.0, 0.0, 0.0, 0.0)   # a race with 75% and no gammons
>>> cube_action(race, CubeContext())
'double'
>>> take_decision(race, CubeContext())
'take'
>>> take_decision((0.85, 0.0, 0.0, 0.0, 0.0), CubeContext())
'drop'
>>> cube_action((0.70, 0.0, 0.0, 0.0, 0.0), CubeContext(match_length=7, score_me=6, crawford=True))
'no_double'
"""

from dataclasses import dataclass, replace

from .evaluator import equity
from .match_equity import MatchCube, outcome_mwc

__all__ = ["CubeContext", "CubeEquities", "cube_action", "take_decision", "cube_equities",
           "money_cubeful", "cube_life", "race_life", "CUBE_LIFE", "MATCH_CONTACT_LIFE",
           "MATCH_TAKEN_LIFE"]

#: the cube life of money play (and the default where no position is known)
CUBE_LIFE = 0.68
#: the cube life of a match game while contact lasts, for no double (the cube centred or mine):
#: chosen on development positions against GNU Backgammon's cubeful 2-ply decisions
#: (tools/bot/bench_cube.py, docs/bot.md "## Cube")
MATCH_CONTACT_LIFE = 0.78
#: the same, for double/take (the opponent then owns the cube), chosen with it
MATCH_TAKEN_LIFE = 0.72


def cube_life(position, ctx=None, taken=False):
    """How live the cube is in ``position`` (the player on roll's side), as Janowski's ``x``:
    for no double, or with ``taken`` for double/take (the opponent then owns the cube).

    Money play keeps :data:`CUBE_LIFE`. In a match, a contact game uses
    :data:`MATCH_CONTACT_LIFE` (:data:`MATCH_TAKEN_LIFE` once taken), and a race a life that
    grows with the pips the player on roll has left (a long race leaves more rolls in which the
    cube can be turned): 0.55 plus 0.00125 a pip, kept within 0.60 and 0.70, the figures of GNU
    Backgammon's evaluation settings.

    >>> from game import Position
    >>> match = CubeContext(match_length=7)
    >>> start = Position.start()
    >>> cube_life(start), cube_life(start, match), cube_life(start, match, taken=True)
    (0.68, 0.78, 0.72)
    >>> race = Position.from_counts({1: 5, 2: 5, 3: 5}, {20: 15})
    >>> cube_life(race, match), cube_life(race, match, taken=True)   # 30 pips left: the shortest life
    (0.6, 0.6)
    """
    if ctx is None or not ctx.is_match:
        return CUBE_LIFE
    if position.is_race():
        return race_life(position.pips()[0])
    return MATCH_TAKEN_LIFE if taken else MATCH_CONTACT_LIFE


def race_life(pips):
    """A match race's cube life for the player on roll with ``pips`` left.

    >>> race_life(30), race_life(100), race_life(140)
    (0.6, 0.675, 0.7)
    """
    return min(0.70, max(0.60, 0.55 + 0.00125 * pips))


@dataclass(frozen=True)
class CubeContext:
    """Cube and score, seen from the player who decides.

    ``cube_owner``: ``None`` (centered), ``"me"``/``0`` or ``"opponent"``/``1``.
    ``match_length`` 0 means money play.  ``crawford`` is True during the
    Crawford game itself.  ``jacoby`` and ``beavers`` apply to money play.
    """

    cube_value: int = 1
    cube_owner: object = None
    match_length: int = 0
    score_me: int = 0
    score_opponent: int = 0
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False

    @property
    def owner(self):
        """``None``, ``"me"`` or ``"opponent"``."""
        owner = self.cube_owner
        if owner in (None, "center", "centered"):
            return None
        if owner in ("me", 0):
            return "me"
        if owner in ("opponent", 1):
            return "opponent"
        raise ValueError(f"cube_owner {owner!r}: None, 'me', 'opponent', 0 or 1 expected")

    @property
    def is_match(self):
        return self.match_length > 0

    @property
    def away_me(self):
        return self.match_length - self.score_me

    @property
    def away_opponent(self):
        return self.match_length - self.score_opponent

    @property
    def post_crawford(self):
        """A game after the Crawford game (someone is 1-away, and this is not Crawford)."""
        return self.is_match and not self.crawford and (self.away_me == 1 or self.away_opponent == 1)

    def swapped(self):
        """The same context from the other player's side."""
        owner = self.owner
        return replace(self, cube_owner=None if owner is None else ("opponent" if owner == "me" else "me"),
                       score_me=self.score_opponent, score_opponent=self.score_me)


@dataclass(frozen=True)
class CubeEquities:
    """What each cube action is worth to the player on roll.

    ``unit`` is ``"equity"`` (money: points per game, normalised to the cube
    value before the double, so a double/drop is +1.0) or ``"mwc"`` (match:
    match winning chances 0..1).  ``action`` is the right cube action,
    ``response`` the right answer to a double.
    """

    no_double: float
    double_take: float
    double_drop: float
    unit: str
    action: str
    response: str


def _w_l(p):
    win = p[0]
    w = 1.0 + (p[1] + p[2]) / win if win > 1e-7 else 1.0
    l = 1.0 + (p[3] + p[4]) / (1.0 - win) if win < 1.0 - 1e-7 else 1.0
    return w, l


def _money_live(p, owner):
    """Janowski's fully live cube equity (cube 1) for the player on roll."""
    w, l = _w_l(p)
    win = p[0]
    tp = (l - 0.5) / (w + l + 0.5)
    cp = (l + 1.0) / (w + l + 0.5)
    if owner is None:
        if win < tp:
            return -l + (l - 1.0) * win / tp
        if win < cp:
            return -1.0 + 2.0 * (win - tp) / (cp - tp)
        return 1.0 + (w - 1.0) * (win - cp) / (1.0 - cp)
    if owner == "me":
        if win < cp:
            return -l + (1.0 + l) * win / cp
        return 1.0 + (w - 1.0) * (win - cp) / (1.0 - cp)
    if win < tp:
        return -l + (l - 1.0) * win / tp
    return -1.0 + (w + 1.0) * (win - tp) / (1.0 - tp)


def money_cubeful(p, owner=None, x=CUBE_LIFE, jacoby=False):
    """Cubeful money equity for cube value 1 (multiply by the cube value).

    >>> abs(money_cubeful((0.5, 0.0, 0.0, 0.0, 0.0))) < 1e-9
    True
    """
    if jacoby and owner is None:
        p = (p[0], 0.0, 0.0, 0.0, 0.0)
    return x * _money_live(p, owner) + (1.0 - x) * equity(p)


def decide(nd, dt, dp):
    """``(action, response)`` from the three values of the player on roll (higher is better for
    him): ``"double"``, ``"too_good"`` or ``"no_double"``, and ``"take"`` or ``"drop"``.

    >>> decide(0.60, 0.70, 1.0), decide(0.60, 0.55, 1.0), decide(1.10, 1.20, 1.0)
    (('double', 'take'), ('no_double', 'take'), ('too_good', 'drop'))
    """
    if min(dt, dp) > nd:
        action = "double"
    elif dt >= dp and nd >= dp:
        action = "too_good"
    else:
        action = "no_double"
    return action, ("take" if dt <= dp else "drop")


def cube_equities(p, ctx=None, x=CUBE_LIFE, taken_x=None):
    """:class:`CubeEquities` for the player on roll with probabilities ``p``: no double valued
    with cube life ``x``, a cube the opponent owns (double/take, or no double when he owns it
    already) with ``taken_x`` (``x`` unless given).

    >>> race = (0.70, 0.0, 0.0, 0.0, 0.0)
    >>> same, apart = cube_equities(race), cube_equities(race, taken_x=0.60)
    >>> same.no_double == apart.no_double and apart.double_take > same.double_take
    True
    """
    ctx = ctx or CubeContext()
    owner = ctx.owner
    c = ctx.cube_value
    taken_x = x if taken_x is None else taken_x
    if not ctx.is_match:
        nd = money_cubeful(p, owner, taken_x if owner == "opponent" else x, ctx.jacoby)
        dt = 2.0 * money_cubeful(p, "opponent", taken_x)
        dp = 1.0
        action, response = decide(nd, dt, dp)
        if owner == "opponent":
            action = "no_double"
        if response == "take" and ctx.beavers and dt < 0.0:
            response = "beaver"
        return CubeEquities(nd, dt, dp, "equity", action, response)
    a, b = ctx.away_me, ctx.away_opponent
    post = ctx.crawford or ctx.post_crawford
    cube = MatchCube(p, a, b, post=post, crawford=ctx.crawford, x=x)
    nd = cube.centered(c) if owner is None else cube.owned(c) if owner == "me" else cube.unavailable(c, taken_x)
    dt = cube.unavailable(2 * c, taken_x)
    dp = outcome_mwc(a - c, b, post)
    action, response = decide(nd, dt, dp)
    if ctx.crawford or owner == "opponent" or a <= c or (ctx.post_crawford and a == 1):
        action = "no_double"       # no cube, or a double that cannot help
    elif ctx.post_crawford and b == 1 and action != "too_good":
        action = "double"          # the trailer doubles at once, unless playing on for a gammon pays more
    return CubeEquities(nd, dt, dp, "mwc", action, response)


def cube_action(p, ctx=None, x=CUBE_LIFE):
    """``"double"``, ``"no_double"`` or ``"too_good"`` (play on for the gammon)."""
    return cube_equities(p, ctx, x).action


def take_decision(p, ctx=None, x=CUBE_LIFE):
    """``"take"``, ``"drop"`` or (money with beavers) ``"beaver"``.

    ``p`` and ``ctx`` are seen from the *doubler* (on roll, before the double).
    """
    return cube_equities(p, ctx, x).response
