"""Moves (plays) and their standard notation, in both directions.

A :class:`Move` is the whole play of one turn: a tuple of :class:`Step`,
each one checker moved by one die.  Points are numbered from the mover's
side, 1 to 24; ``25`` is the bar and ``0`` is off the board.

>>> move = Move((Step(24, 18), Step(13, 11)))
>>> str(move)
'24/18 13/11'
>>> str(Move((Step(13, 7), Step(13, 7))))
'13/7(2)'
>>> str(Move((Step(8, 5, True), Step(5, 3))))
'8/5*/3'
>>> str(Move((Step(25, 22, True),)))
'bar/22*'
>>> parse_notation("bar/22* 6/off")
((25, 22, 1, (22,)), (6, 0, 1, ()))
"""

import re
from dataclasses import dataclass

from .errors import InvalidNotationError

__all__ = ["Step", "Move", "format_steps", "parse_notation", "BAR", "OFF"]

BAR = 25
OFF = 0


@dataclass(frozen=True, order=True)
class Step:
    """One checker moved by one die: ``source`` → ``target`` (25 = bar, 0 = off)."""

    source: int
    target: int
    hit: bool = False

    def __str__(self):
        return f"{_point(self.source)}/{_point(self.target)}{'*' if self.hit else ''}"


@dataclass(frozen=True)
class Move:
    """A whole play: the steps in the order they are made.

    Two moves compare equal when their steps are the same; to ask whether a
    move is legal in a position use ``move in position.legal_moves(dice)``,
    which compares resulting positions.
    """

    steps: tuple = ()

    def __str__(self):
        return format_steps(self.steps)

    def __repr__(self):
        return f"Move.from_str({str(self)!r})" if self.steps else "Move(())"

    def __len__(self):
        return len(self.steps)

    def __iter__(self):
        return iter(self.steps)

    @property
    def hits(self):
        """How many opposing checkers this play sends to the bar."""
        return sum(step.hit for step in self.steps)

    @classmethod
    def from_str(cls, text):
        """Build a move from unambiguous notation where every hop is a die.

        Compound hops such as ``24/13`` need dice to be split; use
        :meth:`game.Position.parse_move` for those.

        >>> Move.from_str("13/7(2)").steps
        (Step(source=13, target=7, hit=False), Step(source=13, target=7, hit=False))
        """
        steps = []
        for source, target, count, touched in parse_notation(text):
            for _ in range(count):
                steps.append(Step(source, target, target in touched))
        return cls(tuple(steps))


def _point(number):
    if number == BAR:
        return "bar"
    if number == OFF:
        return "off"
    return str(number)


def _chains(steps):
    """Join the steps of one checker into chains ``[source, hop, ..., target]``."""
    chains = []  # each: [points list, hit flags list]
    for step in steps:
        for chain in chains:
            if chain[0][-1] == step.source:
                chain[0].append(step.target)
                chain[1].append(step.hit)
                break
        else:
            chains.append([[step.source, step.target], [False, step.hit]])
    return chains


def format_steps(steps):
    """Standard notation for a sequence of steps.

    Hops of one checker are joined (``24/13``); an intermediate point is shown
    only when a blot was hit there (``8/5*/3``); identical parts are counted
    (``13/7(2)``); parts are listed from the back of the board.

    >>> format_steps((Step(24, 18), Step(18, 13)))
    '24/13'
    >>> format_steps(())
    ''
    """
    parts = []
    for points, hits in _chains(steps):
        text = _point(points[0])
        for k in range(1, len(points)):
            if hits[k] or k == len(points) - 1:
                text += "/" + _point(points[k]) + ("*" if hits[k] else "")
        parts.append((points[0], points[-1], text))
    parts.sort(key=lambda part: (-part[0], -part[1]))
    out = []
    i = 0
    while i < len(parts):
        j = i
        while j + 1 < len(parts) and parts[j + 1][2] == parts[i][2]:
            j += 1
        count = j - i + 1
        out.append(parts[i][2] + (f"({count})" if count > 1 else ""))
        i = j + 1
    return " ".join(out)


_TOKEN = re.compile(
    r"^(bar|b|\d{1,2})((?:/(?:off|o|\d{1,2})\*?)+)(?:\((\d)\))?$")
_HOP = re.compile(r"/(off|o|\d{1,2})(\*?)")


def parse_notation(text):
    """Read move notation into ``(source, target, count, touched)`` parts.

    ``touched`` lists the points written between source and target, and
    the target when it is marked with ``*``.  The checker touches down on
    each of them and on the target of every part (``18/14 14/11`` touches
    14 and 11, as ``18/14/11`` does); a blot on a point touched is hit,
    asterisk or not (:meth:`game.position.MoveList.from_parts`), so these
    points tell apart plays that differ only in what they hit.  The
    text is only checked for form here; whether it is a legal play is the
    position's business.  Malformed text raises
    :class:`game.errors.InvalidNotationError`.

    >>> parse_notation("24/18 13/11")
    ((24, 18, 1, ()), (13, 11, 1, ()))
    >>> parse_notation("8/5*/3")
    ((8, 3, 1, (5,)),)
    >>> parse_notation("24/18/13")
    ((24, 13, 1, (18,)),)
    >>> parse_notation("13/7(2)")
    ((13, 7, 2, ()),)
    >>> parse_notation("24/x")
    Traceback (most recent call last):
    ...
    game.errors.InvalidNotationError: notation '24/x': cannot read '24/x'
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"notation {text!r}: not a string")
    cleaned = text.strip().lower().replace(",", " ")
    if not cleaned:
        raise InvalidNotationError(f"notation {text!r}: empty")
    parts = []
    for token in cleaned.split():
        match = _TOKEN.match(token)
        if not match:
            raise InvalidNotationError(f"notation {text!r}: cannot read {token!r}")
        source = BAR if match.group(1) in ("bar", "b") else int(match.group(1))
        if not 1 <= source <= BAR:
            raise InvalidNotationError(f"notation {text!r}: no point {source}")
        points = [source]
        hits = []
        for hop, star in _HOP.findall(match.group(2)):
            point = OFF if hop in ("off", "o") else int(hop)
            if not 0 <= point <= 24 or (point == 0 and hop not in ("off", "o")):
                raise InvalidNotationError(f"notation {text!r}: no point {hop}")
            if point >= points[-1]:
                raise InvalidNotationError(
                    f"notation {text!r}: {token!r} does not move forward")
            if points[-1] == OFF:
                raise InvalidNotationError(f"notation {text!r}: nothing moves after off")
            if star and point == OFF:
                raise InvalidNotationError(f"notation {text!r}: nothing is hit off the board")
            if points[-1] != source:
                hits.append(points[-1])  # an intermediate point written out
            points.append(point)
            if star:
                hits.append(point)
        count = int(match.group(3)) if match.group(3) else 1
        if not 1 <= count <= 4:
            raise InvalidNotationError(f"notation {text!r}: bad count in {token!r}")
        parts.append((source, points[-1], count, tuple(sorted(set(hits), reverse=True))))
    return tuple(parts)
