"""A turn played checker by checker, with undo: what the board's clicks and drags need.

The legal plays of the roll are computed once (:func:`game.movegen.generate`).
A single step (one checker, one die) is allowed **iff** the hop itself is
legal and the turn can still be completed into one of those plays.  That one
test enforces every compulsory-move rule: play both dice when possible, the
higher die when only one can be played, as many of a double as possible.

>>> from game import Position
>>> turn = Turn(Position.start(), (3, 1))
>>> turn.max_dice, turn.remaining_dice
(2, (3, 1))
>>> turn.destinations(8)          # 8/5, 8/7, and 8/4 with both dice
(7, 5, 4)
>>> turn.step(8, 5)
[Step(source=8, target=5, hit=False)]
>>> turn.step(6, 5)
[Step(source=6, target=5, hit=False)]
>>> turn.is_complete, str(turn.move)
(True, '8/5 6/5')
>>> turn.result().position_id()
'sGfwATDgc/ABMA'
>>> turn.undo()
Step(source=6, target=5, hit=False)
>>> turn.remaining_dice
(1,)

A refused step names the rule it breaks and changes nothing:

>>> turn.step(24, 18)
Traceback (most recent call last):
...
game.errors.IllegalMoveError: step 24/18 in 4HPwATDgc/ABMA with 3-1 after 8/5: no_such_die
"""

from itertools import permutations

from .errors import GameError, IllegalActionError, IllegalMoveError
from .explain import hop_refusal
from .move import BAR, OFF, Move, Step, format_steps
from .movegen import generate, max_dice_used, steps_from
from .position import MoveList, check_dice
from .reasons import Reason

__all__ = ["Turn"]

_COMPULSORY = (Reason.MUST_USE_BOTH_DICE, Reason.MUST_USE_HIGHER_DIE, Reason.MUST_USE_MORE_DICE)


def _point(index):
    """Point number (25 = bar, 0 = off) of a board index (24 = bar, -1 = off)."""
    return BAR if index == 24 else OFF if index < 0 else index + 1


def _label(point):
    """``bar``, ``off`` or the point number, as in move notation (anything else: its repr)."""
    if isinstance(point, bool) or not isinstance(point, int):
        return repr(point)
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def _source_index(point):
    if isinstance(point, bool) or not isinstance(point, int) or not 1 <= point <= BAR:
        return None
    return point - 1


class Turn:
    """The turn of the player on roll in ``position`` with ``dice``, played step by step.

    Points are numbered as in :mod:`game.move`: 1–24 from the mover's side,
    25 for the bar, 0 for off.  Every method that moves checkers checks the
    rules; a refusal raises :class:`game.errors.IllegalMoveError` with a
    :class:`game.reasons.Reason` and leaves the turn as it was.
    """

    def __init__(self, position, dice):
        self.position = position
        self.dice = check_dice(dice)
        d1, d2 = self.dice
        me, opp = position._boards()
        self._legal = generate(me, opp, d1, d2)
        #: every legal play of the roll (a :class:`game.position.MoveList`)
        self.plays = MoveList(position, self.dice, self._legal)
        #: how many dice a complete play uses (0 to 4)
        self.max_dice = max((len(steps) for steps in self._legal.values()), default=0)
        self._me, self._opp = me, opp
        self._mask = 0
        self._left = [d1] * 4 if d1 == d2 else sorted(self.dice, reverse=True)
        self._played = []
        self._history = []
        self._memo = {}

    # --- state ---------------------------------------------------------------
    @property
    def played(self):
        """The steps played so far, in order (a tuple of :class:`game.move.Step`)."""
        return tuple(self._played)

    @property
    def remaining_dice(self):
        """Dice values not used yet, highest first (some may be unusable)."""
        return tuple(self._left)

    @property
    def is_complete(self):
        """True when as many dice as the rules require have been played."""
        return len(self._played) == self.max_dice

    @property
    def no_move(self):
        """True when the roll allows no play at all: the turn passes."""
        return self.max_dice == 0

    @property
    def forced(self):
        """The only legal play when there is exactly one, else None."""
        return self.plays[0] if len(self.plays) == 1 else None

    @property
    def move(self):
        """The steps played so far as a :class:`game.move.Move`."""
        return Move(tuple(self._played))

    @property
    def current(self):
        """The board after the steps so far, still seen from the player on roll."""
        if not self._played:
            return self.position
        return self.position._after(tuple(self._me), self._mask).swapped()

    def result(self):
        """The position after the complete play, with the opponent on roll.

        It is the very object ``position.play(legal_move)`` returns.  When no
        play is possible it is the same board with the opponent on roll.
        Raises :class:`game.errors.IllegalActionError` (``TURN_INCOMPLETE``)
        while dice remain to be played.
        """
        if not self.is_complete:
            d1, d2 = self.dice
            raise IllegalActionError(
                f"turn in {self.position.position_id()} with {d1}-{d2}: "
                f"{self.max_dice - len(self._played)} more dice to play",
                Reason.TURN_INCOMPLETE,
                {"played": len(self._played), "playable": self.max_dice})
        if self.no_move:
            return self.position.swapped()
        play = self.plays.find(self.move)
        assert play is not None, "a completed turn is always a legal play"
        return self.position.play(play)

    def __repr__(self):
        d1, d2 = self.dice
        return (f"<Turn {d1}-{d2} in {self.position.position_id()}: "
                f"{format_steps(self._played) or '-'} ({len(self._played)}/{self.max_dice} dice)>")

    # --- what is allowed now ---------------------------------------------------
    def legal_steps(self):
        """Every single-die :class:`Step` allowed now, from the back of the board."""
        if self.is_complete:
            return []
        steps = set()
        for d in sorted(set(self._left), reverse=True):
            for s in self._sources():
                if self._refusal(s, d) is None:
                    t = s - d
                    steps.add(Step(_point(s), _point(t), t >= 0 and self._opp[t] == 1))
        return sorted(steps, key=lambda step: (-step.source, -step.target))

    def destinations(self, source):
        """Points the checker on ``source`` can reach now, with one die or several.

        Each target is reachable through allowed single steps, so
        :meth:`step` accepts it.  Highest point first; 0 (off) last.
        """
        s = _source_index(source)
        if s is None or self.is_complete or not self._me[s]:
            return ()
        targets = set()
        self._reach(s, targets)
        return tuple(sorted(targets, reverse=True))

    def all_destinations(self):
        """``{source: destinations(source)}`` for every checker that can move now."""
        out = {}
        for s in self._sources():
            targets = self.destinations(_point(s))
            if targets:
                out[_point(s)] = targets
        return out

    # --- playing ---------------------------------------------------------------
    def step(self, source, target):
        """Move the checker on ``source`` to ``target``; returns the steps played.

        A distance covered by several dice is split into single steps, the
        first allowed split being taken (one die before two, larger die
        first).  Raises :class:`game.errors.IllegalMoveError` when no split
        is allowed.
        """
        what = f"step {_label(source)}/{_label(target)}"
        s = self._check_source(source, what)
        if isinstance(target, bool) or not isinstance(target, int) or not OFF <= target <= BAR:
            raise self._error(what, Reason.NO_SUCH_DIE, {"point": target})
        if target != OFF and target >= source:
            raise self._error(what, Reason.WRONG_DIRECTION, {"point": source, "target": target})
        t = target - 1 if target != OFF else -1
        ways = self._ways(s, t)
        if not ways:
            raise self._error(what, Reason.NO_SUCH_DIE,
                              {"distance": s - t, "dice": list(self._left)})
        best = None  # (hops that went well, refusal)
        for way in ways:
            at = s
            done = []
            for k, d in enumerate(way):
                refusal = self._refusal(at, d)
                if refusal is not None:
                    reason, details = refusal
                    if reason is Reason.POINT_BLOCKED and k < len(way) - 1:
                        refusal = (Reason.INTERMEDIATE_BLOCKED, details)
                    # Report the split that got furthest (a legal route that breaks a
                    # compulsory rule beats a blocked one); same reason: keep the first.
                    rank = (k, refusal[0] in _COMPULSORY)
                    if best is None or (rank > best[0] and refusal[0] is not best[1][0]):
                        best = (rank, refusal)
                    break
                done.append(self._push(at, d))
                at = done[-1].target - 1 if done[-1].target != OFF else -1
            else:
                return done
            for _ in done:
                self._pop()
        raise self._error(what, *best[1])

    def auto_step(self, source, use="high"):
        """One click: move the checker on ``source`` by one die; returns the :class:`Step`.

        ``use="high"`` takes the highest die allowed for that checker,
        ``use="low"`` the lowest (the same one when only one is allowed).
        """
        if use not in ("high", "low"):
            raise GameError(f"auto_step use={use!r}: expected 'high' or 'low'")
        what = f"click on {_label(source)}"
        s = self._check_source(source, what)
        dice = sorted(set(self._left), reverse=use == "high")
        for d in dice:
            if self._refusal(s, d) is None:
                return self._push(s, d)
        raise self._error(what, *self._refusal(s, dice[0]))

    def undo(self):
        """Take back the last single step and return it.

        Raises :class:`game.errors.IllegalActionError` (``NOTHING_TO_UNDO``)
        when no step has been played.
        """
        if not self._played:
            d1, d2 = self.dice
            raise IllegalActionError(
                f"undo in {self.position.position_id()} with {d1}-{d2}: nothing played yet",
                Reason.NOTHING_TO_UNDO)
        return self._pop()

    def undo_all(self):
        """Take back every step played; returns them in the order they were played."""
        undone = list(self._played)
        while self._played:
            self._pop()
        return undone

    # --- internals ---------------------------------------------------------------
    def _sources(self):
        me = self._me
        if me[24]:
            return (24,)
        return [s for s in range(23, -1, -1) if me[s]]

    def _check_source(self, source, what):
        """Index of ``source`` after the checks common to every move; raises otherwise."""
        if self.no_move:
            raise self._error(what, Reason.NO_LEGAL_MOVE, {})
        if self.is_complete:
            raise self._error(what, Reason.TURN_COMPLETE, {"played": len(self._played)})
        s = _source_index(source)
        if s is None or not self._me[s]:
            raise self._error(what, Reason.NO_CHECKER, {"point": source})
        if self._me[24] and s != 24:
            raise self._error(what, Reason.MUST_ENTER_FIRST,
                              {"point": source, "on_bar": self._me[24]})
        return s

    def _error(self, what, reason, details):
        d1, d2 = self.dice
        where = f"{what} in {self.position.position_id()} with {d1}-{d2}"
        if self._played:
            where += f" after {format_steps(self._played)}"
        return IllegalMoveError(f"{where}: {reason.value}", reason, details)

    def _ways(self, s, t):
        """Splits of the hop ``s`` → ``t`` into dice: one die first, exact before overshoot."""
        distance = s - t
        ways = []
        for k in range(1, len(self._left) + 1):
            found = []
            for way in dict.fromkeys(permutations(self._left, k)):
                total = sum(way)
                if total == distance or (t < 0 and total - way[-1] < distance < total):
                    found.append(way)
            found.sort(key=lambda way: sum(way) != distance)
            ways.extend(found)
        return ways

    def _refusal(self, s, d):
        """None when one checker may hop from index ``s`` by ``d`` now, else ``(reason, details)``."""
        key = (tuple(self._me), self._mask, tuple(self._left))
        memo = self._memo.setdefault(key, {})
        if (s, d) not in memo:
            memo[(s, d)] = self._compute_refusal(s, d)
        return memo[(s, d)]

    def _compute_refusal(self, s, d):
        if d not in self._left:
            return Reason.NO_SUCH_DIE, {"die": d, "dice": list(self._left)}
        refusal = hop_refusal(self._me, self._opp, s, d)
        if refusal is not None:
            return refusal
        me, opp = list(self._me), list(self._opp)
        mask = self._mask
        t = s - d
        me[s] -= 1
        if t >= 0:
            me[t] += 1
            if opp[t]:
                opp[t] = 0
                mask |= 1 << t
        rest = list(self._left)
        rest.remove(d)
        needed = tuple(rest[:self.max_dice - len(self._played) - 1])
        if steps_from(me, opp, needed, mask).keys() & self._legal.keys():
            return None
        # The hop is fine but no legal play follows: a compulsory-move rule.
        d1, d2 = self.dice
        if d1 == d2:
            could = len(self._played) + 1 + max_dice_used(me, opp, tuple(rest))
            return Reason.MUST_USE_MORE_DICE, {"playable": self.max_dice, "used": could, "die": d}
        if self.max_dice == 1:
            return Reason.MUST_USE_HIGHER_DIE, {"die": max(d1, d2)}
        return Reason.MUST_USE_BOTH_DICE, {"playable": 2, "used": 1, "die": d}

    def _push(self, s, d):
        """Play one hop known to be allowed; returns its Step."""
        self._history.append((list(self._me), list(self._opp), self._mask, list(self._left)))
        t = s - d
        hit = False
        self._me[s] -= 1
        if t >= 0:
            self._me[t] += 1
            if self._opp[t]:
                self._opp[t] = 0
                self._mask |= 1 << t
                hit = True
        self._left.remove(d)
        step = Step(_point(s), _point(t), hit)
        self._played.append(step)
        return step

    def _pop(self):
        self._me, self._opp, self._mask, self._left = self._history.pop()
        return self._played.pop()

    def _reach(self, s, targets):
        """Add to ``targets`` every point the checker on index ``s`` reaches by allowed steps."""
        if self.is_complete:
            return
        for d in sorted(set(self._left), reverse=True):
            if self._refusal(s, d) is None:
                step = self._push(s, d)
                targets.add(step.target)
                if step.target != OFF:
                    self._reach(step.target - 1, targets)
                self._pop()
