"""GNU Backgammon Position IDs: a position in 14 characters.

A position is two tuples of 25 counts, ``mine`` (the player on roll) and
``theirs``: index 0..23 is that player's own points 1..24, counted from
their own side (their home board is points 1-6), and index 24 is their bar.
Borne-off checkers are implied (15 minus the sum).

The ID is gnubg's 80-bit key written in base64 without padding.  The key is
a string of bits: first the player *not* on roll, then the player on roll;
for each, 25 slots (points 1..24, then the bar), each slot as many 1 bits
as there are checkers there, then a 0 bit.  Bits fill each byte from its
least significant bit up.  Unused bits at the end are 0.

>>> START = (0,) * 5 + (5, 0, 3) + (0,) * 4 + (5,) + (0,) * 10 + (2, 0)
>>> encode_position_id(START, START)
'4HPwATDgc/ABMA'
>>> decode_position_id('4HPwATDgc/ABMA') == (START, START)
True

Counts are checked, not the rules: two players on one point are left for
the position itself to refuse.

>>> decode_position_id('4HPwATDgc/AB')
Traceback (most recent call last):
...
game.errors.InvalidIdError: Position ID '4HPwATDgc/AB' must be 14 characters, not 12
"""

import base64

from game.errors import InvalidIdError, InvalidPositionError

POSITION_ID_LENGTH = 14
_KEY_BYTES = 10
_KEY_BITS = 8 * _KEY_BYTES
_SLOTS = 25
_CHECKERS = 15
_BASE64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def encode_position_id(mine, theirs):
    """Return the Position ID of ``mine`` (on roll) against ``theirs``.

    Raises InvalidPositionError if a side is not 25 non-negative counts
    summing to at most 15.

    >>> mine = (1,) + (0,) * 24                  # one checker on my 1-point
    >>> theirs = (0,) * 24 + (2,)                # two of theirs on the bar
    >>> encode_position_id(mine, theirs)
    'AAAACwAAAAAAAA'
    """
    _check_side("mine", mine, mine, theirs)
    _check_side("theirs", theirs, mine, theirs)
    key = 0
    bit = 0
    for side in (theirs, mine):
        for count in side:
            key |= ((1 << count) - 1) << bit
            bit += count + 1
    raw = key.to_bytes(_KEY_BYTES, "little")
    return base64.b64encode(raw).decode("ascii")[:POSITION_ID_LENGTH]


def decode_position_id(text):
    """Return ``(mine, theirs)``, two tuples of 25 ints, read from a Position ID.

    Surrounding whitespace is ignored.  Raises InvalidIdError, quoting the
    input, for a wrong length or alphabet, more than 15 checkers on a side,
    or stray bits that no encoder writes.

    >>> mine, theirs = decode_position_id(' AAAACwAAAAAAAA ')
    >>> mine[0], theirs[24], sum(mine), sum(theirs)
    (1, 2, 1, 2)
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"Position ID {text!r} is not a string")
    pid = text.strip()
    if len(pid) != POSITION_ID_LENGTH:
        raise InvalidIdError(
            f"Position ID {text!r} must be {POSITION_ID_LENGTH} characters, not {len(pid)}"
        )
    bad = sorted(set(pid) - _BASE64)
    if bad:
        raise InvalidIdError(f"Position ID {text!r} has characters outside base64: {''.join(bad)!r}")
    raw = base64.b64decode(pid + "==")
    if base64.b64encode(raw).decode("ascii")[:POSITION_ID_LENGTH] != pid:
        raise InvalidIdError(f"Position ID {text!r} has padding bits set in its last character")
    key = int.from_bytes(raw, "little")

    sides = []
    bit = 0
    for name in ("theirs", "mine"):
        side = []
        for _ in range(_SLOTS):
            count = 0
            while bit < _KEY_BITS and key >> bit & 1:
                count += 1
                bit += 1
            if bit >= _KEY_BITS:
                raise InvalidIdError(f"Position ID {text!r} has more than 30 checkers")
            bit += 1  # the 0 that closes the slot
            side.append(count)
        if sum(side) > _CHECKERS:
            raise InvalidIdError(
                f"Position ID {text!r} gives {sum(side)} checkers to {name}; the most is {_CHECKERS}"
            )
        sides.append(tuple(side))
    if key >> bit:
        raise InvalidIdError(f"Position ID {text!r} has bits set after the last point")
    theirs, mine = sides
    return mine, theirs


def _check_side(name, side, mine, theirs):
    try:
        counts = list(side)
    except TypeError:
        counts = None
    if (
        counts is None
        or len(counts) != _SLOTS
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
    ):
        raise InvalidPositionError(
            f"{name} must be {_SLOTS} non-negative ints (mine={mine!r}, theirs={theirs!r})"
        )
    if sum(counts) > _CHECKERS:
        raise InvalidPositionError(
            f"{name} has {sum(counts)} checkers, more than {_CHECKERS} "
            f"(mine={mine!r}, theirs={theirs!r})"
        )


__all__ = ["POSITION_ID_LENGTH", "decode_position_id", "encode_position_id"]
