"""Exact sums of floats, so that a rollout's pieces add up the same whatever the split.

A sum is kept as an *expansion*: a short list of floats whose exact (real)
total is the exact total of every float added so far (Shewchuk's method:
each addition splits into the rounded sum and its rounding error, and the
error is kept instead of lost).  Two expansions of the same numbers, added in
any order or grouping, have the same exact total, and :func:`value` rounds it
once (``math.fsum``), so the result is the same to the last bit.  Expansions
are plain lists of floats: JSON carries them exactly.

>>> a = add(add([], 0.1), 0.2)
>>> b = add(add([], 0.2), 0.1)
>>> value(a) == value(b) == 0.30000000000000004
True
>>> value(add(add(add([], 1e16), 1.0), -1e16))    # a plain float sum gives 0.0
1.0
>>> value(merge(add([], 0.1), add(add([], 0.2), 0.3))) == value(add(add(add([], 0.3), 0.1), 0.2))
True
"""

import math

__all__ = ["add", "merge", "value"]


def add(expansion, x):
    """A new expansion: ``expansion`` plus the float ``x`` (exactly)."""
    out = []
    for y in expansion:
        if abs(x) < abs(y):
            x, y = y, x
        high = x + y
        low = y - (high - x)
        if low:
            out.append(low)
        x = high
    out.append(x)
    return out


def merge(a, b):
    """The expansion of the sum of two expansions."""
    for x in b:
        a = add(a, x)
    return a


def value(expansion):
    """The exact total, rounded once to the nearest float."""
    return math.fsum(expansion)
