"""One-sided bear-off database: how many rolls a home board needs to bear off.

Built by ``tools/bot/make_bearoff.py`` (every position of up to 15 checkers
on the six home points, 54,264 of them), shipped as ``bearoff.bin``.

>>> rolls_distribution((1, 0, 0, 0, 0, 0))   # one checker on the 1-point
[0.0, 1.0]
>>> round(expected_rolls((0, 0, 0, 0, 0, 15)), 2)   # fifteen on the 6-point
12.27
>>> win_probability((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1))   # on roll, one checker left
1.0
"""

import pathlib
import struct
import zlib
from array import array
from itertools import accumulate
from math import comb

__all__ = ["N_POSITIONS", "index", "positions", "rolls_distribution", "expected_rolls",
           "win_probability"]

N_POSITIONS = comb(21, 6)  # 54,264: up to 15 checkers on 6 points
_C = [[comb(n, k) for k in range(7)] for n in range(22)]
_PATH = pathlib.Path(__file__).with_name("bearoff.bin")
_db = None


def index(counts):
    """Rank of a home board ``counts[0..5]`` (points 1-6) among the 54,264.

    >>> index((0, 0, 0, 0, 0, 0)), index((0, 0, 0, 0, 0, 15))
    (0, 38760)
    """
    rank = 0
    position = -1
    for k in range(6):
        position += counts[k] + 1
        rank += _C[position][k + 1]
    return rank


def positions():
    """Every home board of 0-15 checkers, as 6-tuples."""
    def rec(prefix, left):
        if len(prefix) == 6:
            yield tuple(prefix)
            return
        for n in range(left + 1):
            yield from rec(prefix + [n], left - n)
    return rec([], 15)


def _load():
    global _db
    if _db is None:
        data = zlib.decompress(_PATH.read_bytes())
        if data[:6] != b"BGBO1\0":
            raise ValueError(f"{_PATH}: not a bear-off database")
        (n,) = struct.unpack_from("<I", data, 6)
        heads = data[10:10 + 2 * n]
        firsts = heads[0::2]
        counts = heads[1::2]
        values = array("H")
        values.frombytes(data[10 + 2 * n:])
        if values.itemsize != 2:  # pragma: no cover
            raise ValueError("unsigned short is not 2 bytes here")
        import sys
        if sys.byteorder == "big":  # pragma: no cover
            values.byteswap()
        offsets = [0, *accumulate(counts)]
        _db = (firsts, counts, offsets, values, {})
    return _db


def rolls_distribution(counts):
    """``P[k]`` = probability of needing exactly ``k`` rolls to bear ``counts`` off."""
    firsts, lengths, offsets, values, cache = _load()
    i = index(counts)
    found = cache.get(i)
    if found is None:
        start = offsets[i]
        raw = values[start:start + lengths[i]]
        total = sum(raw)
        found = [0.0] * firsts[i] + [v / total for v in raw]
        if len(cache) > 20000:
            cache.clear()
        cache[i] = found
    return found


def expected_rolls(counts):
    """Mean number of rolls to bear ``counts`` off."""
    return sum(k * p for k, p in enumerate(rolls_distribution(counts)))


def win_probability(mine, theirs):
    """Chance that the player on roll bears off first (both boards all home).

    ``mine`` and ``theirs`` are the counts on points 1-6 of each side.
    """
    a = rolls_distribution(mine)
    b = rolls_distribution(theirs)
    # I win when I need k rolls and the opponent needs k or more.
    tail = 1.0
    win = 0.0
    for k, p in enumerate(a):
        if k and k - 1 < len(b):
            tail -= b[k - 1]
        if p:
            win += p * tail
    return max(0.0, min(1.0, win))
