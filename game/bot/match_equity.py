"""Match equity: the table, and cubeful match winning chances for cube decisions.

The match equity table (MET) is the Kazaross-XG2 table (Neil Kazaross's
rollouts with eXtreme Gammon to 9 points, GNU Backgammon rollouts to 15,
extended to 25 points), the figures in :mod:`game.bot.met_table`, written
from GNU Backgammon's copy by ``tools/bot/make_met.py``.  Matches go up to
25 points, the size of the table.

``met(a, b)`` is the chance that the player ``a`` points away wins a match
against one ``b`` away, at the start of a game before the Crawford game
(``a == 1`` or ``b == 1`` *is* the Crawford game); ``post_crawford(n)`` is
the trailer's chance ``n`` away against a 1-away leader after it.

>>> met(1, 1), met(3, 3)
(0.5, 0.5)
>>> met(2, 4), met(4, 2)     # 2-away against 4-away, and the other way round
(0.6687, 0.3313)
>>> met(1, 2)                # Crawford game, leader 1-away against 2-away
0.67736
>>> post_crawford(1), post_crawford(2), post_crawford(3)
(0.5, 0.48803, 0.32264)
>>> met(26, 1)
Traceback (most recent call last):
...
ValueError: met(26, 1): the table covers 1 to 25 away
"""

from .met_table import LENGTH, POST, PRE

__all__ = ["met", "post_crawford", "outcome_mwc", "MatchCube", "LENGTH"]


def _away(name, *aways):
    for n in aways:
        if n > LENGTH:
            raise ValueError(f"{name}({', '.join(map(str, aways))}): the table covers 1 to {LENGTH} away")


def post_crawford(n):
    """Winning chance of the trailer ``n`` away against a 1-away leader, post-Crawford."""
    if n <= 0:
        return 1.0
    _away("post_crawford", n)
    return POST[n - 1]


def met(a, b):
    """Match winning chance at ``a``-away vs ``b``-away, before/at the Crawford game."""
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    _away("met", a, b)
    return PRE[a - 1][b - 1]


def outcome_mwc(a, b, post):
    """Match winning chance after a game that leaves the players ``a`` and ``b`` away.

    ``post`` tells that the game just played was the Crawford game or a later
    one, so a player at 1-away plays post-Crawford games from now on.
    """
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    if post:
        if a == 1:
            return 1.0 - post_crawford(b)
        if b == 1:
            return post_crawford(a)
    return met(a, b)


def _at(line, p):
    """Value of a piecewise-linear ``[(p, v), ...]`` at ``p``."""
    for (p0, v0), (p1, v1) in zip(line, line[1:]):
        if p <= p1:
            if p1 <= p0:
                return v1
            return v0 + (v1 - v0) * (p - p0) / (p1 - p0)
    return line[-1][1]


def _solve(line, target):
    """Smallest ``p`` where an increasing piecewise-linear line reaches ``target``."""
    if line[0][1] >= target:
        return 0.0
    for (p0, v0), (p1, v1) in zip(line, line[1:]):
        if v1 >= target:
            if v1 <= v0:
                return p1
            return p0 + (p1 - p0) * (target - v0) / (v1 - v0)
    return 1.0


class MatchCube:
    """Cubeful match winning chances of the player on roll (Janowski's model in MWC).

    ``probs`` are the five cubeless probabilities of the player on roll, who
    is ``a`` away; the opponent is ``b`` away.  ``x`` is the cube efficiency:
    the result is ``x`` times the fully live value plus ``1 - x`` times the
    dead-cube value.
    """

    def __init__(self, probs, a, b, post, crawford, x):
        self.a, self.b, self.post, self.crawford, self.x = a, b, post, crawford, x
        pw = probs[0]
        pl = 1.0 - pw
        self.p = pw
        if pw > 1e-9:
            self.win_shares = ((pw - probs[1]) / pw, (probs[1] - probs[2]) / pw, probs[2] / pw)
        else:
            self.win_shares = (1.0, 0.0, 0.0)
        if pl > 1e-9:
            self.lose_shares = ((pl - probs[3]) / pl, (probs[3] - probs[4]) / pl, probs[4] / pl)
        else:
            self.lose_shares = (1.0, 0.0, 0.0)
        self._lines = {}

    # outcomes --------------------------------------------------------------------
    def won(self, points):
        return outcome_mwc(self.a - points, self.b, self.post)

    def lost(self, points):
        return outcome_mwc(self.a, self.b - points, self.post)

    def W(self, c):
        """Mean winning chance after a win with the cube at ``c``."""
        return sum(s * self.won(k * c) for k, s in enumerate(self.win_shares, 1) if s)

    def L(self, c):
        """Mean winning chance after a loss with the cube at ``c``."""
        return sum(s * self.lost(k * c) for k, s in enumerate(self.lose_shares, 1) if s)

    def me_can(self, c):
        """A double from ``c`` can help the player on roll."""
        return not self.crawford and self.a > c and c < 64

    def opp_can(self, c):
        return not self.crawford and self.b > c and c < 64

    # live-cube lines, as functions of p = the cubeless winning chance ---------------
    def dead(self, c):
        return [(0.0, self.L(c)), (1.0, self.W(c))]

    def cash_point(self, c):
        """The ``p`` above which the opponent drops a double from ``c``."""
        return _solve(self.opp_owns(2 * c), self.won(c))

    def take_point(self, c):
        """The ``p`` below which the player on roll drops a double from ``c``."""
        return _solve(self.me_owns(2 * c), self.lost(c))

    def me_owns(self, c):
        key = ("me", c)
        line = self._lines.get(key)
        if line is None:
            if not self.me_can(c):
                line = self.dead(c)
            else:
                cp = self.cash_point(c)
                line = [(0.0, self.L(c)), (cp, self.won(c)), (1.0, self.W(c))] if cp < 1.0 else self.dead(c)
            self._lines[key] = line
        return line

    def opp_owns(self, c):
        key = ("opp", c)
        line = self._lines.get(key)
        if line is None:
            if not self.opp_can(c):
                line = self.dead(c)
            else:
                tp = self.take_point(c)
                line = [(0.0, self.L(c)), (tp, self.lost(c)), (1.0, self.W(c))] if tp > 0.0 else self.dead(c)
            self._lines[key] = line
        return line

    def centered_line(self, c):
        points = [(0.0, self.L(c))]
        lo = self.take_point(c) if self.opp_can(c) else None
        hi = self.cash_point(c) if self.me_can(c) else None
        if lo is not None and hi is not None and lo >= hi:
            lo = hi = (lo + hi) / 2
        if lo is not None and lo > 0.0:
            points.append((lo, self.lost(c)))
        if hi is not None and hi < 1.0:
            points.append((hi, self.won(c)))
        points.append((1.0, self.W(c)))
        return points

    def _mix(self, line, c, x=None):
        x = self.x if x is None else x
        return x * _at(line, self.p) + (1 - x) * _at(self.dead(c), self.p)

    # the values a cube decision compares --------------------------------------------
    def centered(self, c):
        """Cube in the middle at ``c`` (only at 1 in practice)."""
        return self._mix(self.centered_line(c), c)

    def owned(self, c):
        """The player on roll owns the cube at ``c``."""
        return self._mix(self.me_owns(c), c)

    def unavailable(self, c, x=None):
        """The opponent owns the cube at ``c`` (with cube life ``x``, the cube's own unless given)."""
        return self._mix(self.opp_owns(c), c, x)
