"""The board as seen from the player on roll, and the plays it allows.

>>> pos = Position.start()
>>> pos.position_id()
'4HPwATDgc/ABMA'
>>> plays = pos.legal_moves((3, 1))
>>> len(plays)
16
>>> best = pos.parse_move("8/5 6/5", (3, 1))
>>> best in plays
True
>>> after = pos.play(best)
>>> after.position_id()
'sGfwATDgc/ABMA'
>>> after.pips()
(167, 163)
"""

from .errors import IllegalActionError, IllegalMoveError, InvalidPositionError
from .move import BAR, OFF, Move, Step, format_steps, parse_notation
from .movegen import generate
from game.ids.position_id import decode_position_id, encode_position_id
from .reasons import Reason

__all__ = ["Position", "MoveList", "check_dice", "START"]

#: the starting position: one side's checkers on its points 1-24 (its own numbering), then its bar
START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def check_dice(dice):
    """Return ``dice`` as a tuple of two ints 1..6, or raise IllegalActionError (INVALID_DICE).

    >>> check_dice([6, 5])
    (6, 5)
    """
    try:
        d1, d2 = dice
    except (TypeError, ValueError):
        raise IllegalActionError(f"dice {dice!r}: expected two dice",
                                 Reason.INVALID_DICE) from None
    if not (isinstance(d1, int) and isinstance(d2, int)) or isinstance(d1, bool) \
            or isinstance(d2, bool) or not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise IllegalActionError(f"dice {dice!r}: each die is a whole number from 1 to 6",
                                 Reason.INVALID_DICE)
    return (d1, d2)


def theirs_after_hits(theirs, mask):
    """The opponent's counts once the blots in ``mask`` are hit (see :mod:`game.movegen`).

    Bit ``t`` of ``mask`` is the mover's index ``t``, the opponent's ``23 - t``.

    >>> theirs_after_hits((0,) * 17 + (1,) + (0,) * 7, 1 << 6)[17:]
    (0, 0, 0, 0, 0, 0, 0, 1)
    """
    if not mask:
        return theirs
    theirs = list(theirs)
    t = 0
    while mask:
        if mask & 1:
            theirs[23 - t] -= 1
            theirs[24] += 1
        mask >>= 1
        t += 1
    return tuple(theirs)


def _validate(mine, theirs):
    for name, side in (("mine", mine), ("theirs", theirs)):
        if len(side) != 25:
            raise InvalidPositionError(f"{name}: 25 counts expected (24 points and the bar), got {len(side)}")
        for count in side:
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise InvalidPositionError(f"{name}: counts must be whole numbers ≥ 0, got {count!r}")
        if sum(side) > 15:
            raise InvalidPositionError(f"{name}: {sum(side)} checkers, at most 15 allowed")
    for i in range(24):
        if mine[i] and theirs[23 - i]:
            raise InvalidPositionError(
                f"point {i + 1} (of the player on roll) holds checkers of both players")
    if sum(mine) == 0 and sum(theirs) == 0:
        raise InvalidPositionError("both players have borne off all their checkers")



def _at_stake(checkers):
    """What a side with ``checkers`` (its numbering, the bar at 25) loses if the other finishes
    now: 1 with a checker off, 3 with one on the bar or in the other's home board, else 2."""
    if sum(checkers) < 15:
        return 1
    if checkers[24] or any(checkers[18:24]):
        return 3
    return 2


class Position:
    """An immutable backgammon position from the point of view of the player on roll.

    ``mine`` and ``theirs`` are tuples of 25 counts: index 0–23 are that
    player's own points 1–24 (home board 1–6), index 24 is the bar.
    Borne-off checkers are the rest of the fifteen.
    """

    __slots__ = ("mine", "theirs", "_hash")

    def __init__(self, mine, theirs):
        mine = tuple(mine)
        theirs = tuple(theirs)
        _validate(mine, theirs)
        self.mine = mine
        self.theirs = theirs
        self._hash = None

    @classmethod
    def _trusted(cls, mine, theirs):
        pos = object.__new__(cls)
        pos.mine = mine
        pos.theirs = theirs
        pos._hash = None
        return pos

    # --- construction and identity ------------------------------------------
    @classmethod
    def start(cls):
        """The starting position: 2 on the 24-point, 5 on 13, 3 on 8, 5 on 6."""
        return cls._trusted(START, START)

    @classmethod
    def from_position_id(cls, position_id):
        """Decode a GNU Backgammon Position ID (raises InvalidIdError / InvalidPositionError)."""
        mine, theirs = decode_position_id(position_id)
        return cls(mine, theirs)

    @classmethod
    def from_counts(cls, mine, theirs):
        """Build a position from ``{point: count}`` dicts (``"bar"`` or 25 for the bar).

        >>> Position.from_counts({6: 2, "bar": 1}, {24: 1}).mine[24]
        1
        """
        sides = []
        for name, counts in (("mine", mine), ("theirs", theirs)):
            try:
                items = dict(counts).items()
            except (TypeError, ValueError):
                raise InvalidPositionError(
                    f"{name}: {counts!r} is not a mapping of points to counts") from None
            side = [0] * 25
            for point, count in items:
                if point in ("bar", BAR) and not isinstance(point, bool):
                    index = 24
                elif isinstance(point, int) and not isinstance(point, bool) and 1 <= point <= 24:
                    index = point - 1
                else:
                    raise InvalidPositionError(f"{name}: no point {point!r}")
                if not isinstance(count, int) or isinstance(count, bool):
                    raise InvalidPositionError(f"{name}: count {count!r} on {point!r} is not a whole number")
                side[index] += count
            sides.append(side)
        return cls(*sides)

    def position_id(self):
        """The GNU Backgammon Position ID (14 characters)."""
        return encode_position_id(self.mine, self.theirs)

    def swapped(self):
        """The same board seen from the other player."""
        return Position._trusted(self.theirs, self.mine)

    def __eq__(self, other):
        return isinstance(other, Position) and self.mine == other.mine and self.theirs == other.theirs

    def __hash__(self):
        if self._hash is None:
            self._hash = hash((self.mine, self.theirs))
        return self._hash

    def __repr__(self):
        return f"Position.from_position_id({self.position_id()!r})"

    # --- facts about the board ------------------------------------------------
    def pips(self):
        """Pip counts ``(mine, theirs)``; the bar counts 25."""
        return (sum(i * n for i, n in enumerate(self.mine, 1)),
                sum(i * n for i, n in enumerate(self.theirs, 1)))

    def borne_off(self):
        """Checkers borne off ``(mine, theirs)``."""
        return (15 - sum(self.mine), 15 - sum(self.theirs))

    def on_bar(self):
        """Checkers on the bar ``(mine, theirs)``."""
        return (self.mine[24], self.theirs[24])

    def is_race(self):
        """True when no more contact is possible: the checkers have passed each other."""
        back_mine = max((i for i in range(25) if self.mine[i]), default=-1)
        back_theirs = max((i for i in range(25) if self.theirs[i]), default=-1)
        # my rearmost checker on index a meets their points up to 23 - b
        return back_mine + back_theirs < 23

    def all_home(self):
        """True when every checker of the player on roll is in the home board or off."""
        return not any(self.mine[6:])

    def winner(self):
        """``0`` when the player on roll has borne off all, ``1`` when the other has, else None."""
        if not any(self.mine):
            return 0
        if not any(self.theirs):
            return 1
        return None

    def result_points(self):
        """Points won (1 single, 2 gammon, 3 backgammon) by the side that finished, else 0.

        >>> Position.from_counts({}, {1: 15}).result_points()
        2
        """
        winner = self.winner()
        if winner is None:
            return 0
        return _at_stake(self.theirs if winner == 0 else self.mine)

    def at_stake(self):
        """The most the player on roll could still lose: 1 single (a checker of his is off),
        2 gammon, 3 backgammon (one is also on the bar or in the opponent's home board).

        >>> Position.start().at_stake(), Position.from_counts({6: 14}, {6: 15}).at_stake()
        (3, 1)
        """
        return _at_stake(self.mine)

    # --- plays ---------------------------------------------------------------
    def _boards(self):
        theirs = self.theirs
        return list(self.mine), [theirs[23 - i] for i in range(24)] + [0]

    def _after(self, me_after, mask):
        """The position after a play, with the opponent on roll."""
        return Position._trusted(theirs_after_hits(self.theirs, mask), me_after)

    def legal_moves(self, dice):
        """Every legal play for ``dice``, one per distinct resulting position."""
        d1, d2 = check_dice(dice)
        me, opp = self._boards()
        return MoveList(self, (d1, d2), generate(me, opp, d1, d2))

    def play(self, move, dice=None):
        """The position after ``move``, seen from the opponent (who is now on roll).

        A move taken from :meth:`legal_moves` is trusted.  Any other move is
        checked: pass ``dice`` to have it checked against that roll.
        Illegal moves raise :class:`game.errors.IllegalMoveError`.
        """
        origin = getattr(move, "_origin", None)
        if origin is not None and origin[0] == self and (dice is None or tuple(dice) == origin[1]):
            return move._after
        if dice is None:
            raise IllegalMoveError(
                f"move {str(move)!r} in {self.position_id()}: dice are needed to check it")
        plays = self.legal_moves(dice)
        found = plays.find(move)
        if found is None:
            raise plays.refusal(move)
        return found._after

    def parse_move(self, text, dice):
        """Read notation (``24/18 13/11``, ``bar/22*``, ``13/7(2)``) as a legal play.

        Malformed text raises InvalidNotationError; a well-formed play that the
        rules do not allow raises IllegalMoveError with a :class:`Reason`.
        """
        parts = parse_notation(text)
        return self.legal_moves(dice).from_parts(parts, text)


class MoveList:
    """The legal plays of a position for one roll; behaves like a read-only sequence.

    ``len``, indexing, iteration and ``in`` (a move is *in* the list when it
    leads to the same position as one of the plays).
    """

    def __init__(self, position, dice, results):
        self.position = position
        self.dice = dice
        self._results = results
        self._moves = None
        self._made = {}

    def _move(self, key):
        """The play leading to ``key`` (a key of the results), made once and kept."""
        move = self._made.get(key)
        if move is None:
            me_after, mask = key
            move = Move(tuple(Step(s + 1, t + 1 if t >= 0 else OFF, hit) if s < 24 else
                              Step(BAR, t + 1, hit) for s, t, hit in self._results[key]))
            object.__setattr__(move, "_origin", (self.position, self.dice))
            object.__setattr__(move, "_after", self.position._after(me_after, mask))
            object.__setattr__(move, "_key", key)
            self._made[key] = move
        return move

    def _build(self):
        if self._moves is None:
            self._moves = [self._move(key) for key in self._results]
        return self._moves

    def __len__(self):
        return len(self._results)

    def __bool__(self):
        return bool(self._results)

    def __iter__(self):
        return iter(self._build())

    def __getitem__(self, index):
        return self._build()[index]

    def __repr__(self):
        return f"<MoveList {self.dice[0]}-{self.dice[1]}: {', '.join(map(str, self._build()))}>"

    def results(self):
        """The distinct positions reachable (opponent on roll), in the order of the plays."""
        return [move._after for move in self._build()]

    # --- matching a move given from outside ------------------------------------
    def _key_of(self, move):
        """Resulting key of ``move`` applied step by step, or None if a step is impossible."""
        me, opp = self.position._boards()
        mask = 0
        for step in move:
            s = 24 if step.source == BAR else step.source - 1
            t = -1 if step.target == OFF else step.target - 1
            if not 0 <= s <= 24 or not me[s] or t >= s:
                return None
            me[s] -= 1
            if t >= 0:
                if opp[t] > 1:
                    return None
                if opp[t] == 1:
                    opp[t] = 0
                    mask |= 1 << t
                me[t] += 1
        return (tuple(me), mask)

    def find(self, move):
        """The play of this list equal in result to ``move``, or None."""
        key = getattr(move, "_key", None)
        if key is None or getattr(move, "_origin", (None,))[0] != self.position:
            key = self._key_of(move)
        if key is None or key not in self._results:
            return None
        return self._move(key)

    def __contains__(self, move):
        return isinstance(move, Move) and self.find(move) is not None

    def from_parts(self, parts, text):
        """The legal play matching parsed notation parts (see :func:`parse_notation`)."""
        from .explain import explain_refusal

        me, opp = self.position._boards()
        # the parts in any order: ``14/11 18/14`` is ``18/14 14/11``
        for source, target, count, _hits in parts:
            me[24 if source == BAR else source - 1] -= count
            if target != OFF:
                me[target - 1] += count
        if min(me) < 0:
            raise explain_refusal(self.position, self.dice, parts, text)
        me_after = tuple(me)
        candidates = [self._move(key) for key in self._results if key[0] == me_after]
        if not candidates:
            raise explain_refusal(self.position, self.dice, parts, text)
        if len(candidates) > 1:
            # The plays differ only in the blots they hit on the way.  Every
            # point the text writes as a landing point (the target of each
            # part, each point written between, each ``*``) is touched, and a
            # blot touched is hit, asterisk or not: keep the plays hitting
            # every blot the text touches.  Among them the one that hits no
            # other is what the text says (GNU Backgammon reads it so: the
            # checker goes straight to each written point); when several
            # remain, the text leaves a real choice and is refused.
            blots = {t for t in range(24) if opp[t] == 1}
            touched = {point - 1 for _source, target, _count, points in parts
                       for point in (*points, target) if point != OFF} & blots
            hit_sets = {id(play): {t for t in range(24) if play._key[1] >> t & 1}
                        for play in candidates}
            fitting = [play for play in candidates if hit_sets[id(play)] >= touched]
            fewest = min((len(hit_sets[id(play)]) for play in fitting), default=None)
            best = [play for play in fitting if len(hit_sets[id(play)]) == fewest]
            if len(best) == 1:
                return best[0]
            candidates = best or candidates
            names = [str(c) for c in candidates]
            raise IllegalMoveError(
                f"move {text!r} in {self.position.position_id()} with {self.dice[0]}-{self.dice[1]}: "
                f"ambiguous, it could be {' or '.join(names)}",
                Reason.AMBIGUOUS_MOVE, {"candidates": names, "first": names[0], "second": names[1]})
        return candidates[0]

    def refusal(self, move):
        """The IllegalMoveError (with its reason) for a move that is not in this list."""
        from .explain import explain_refusal

        parts = tuple((step.source, step.target, 1, (step.target,) if step.hit else ())
                      for step in move)
        return explain_refusal(self.position, self.dice, parts, format_steps(tuple(move)))
