"""The neural-net evaluator: inputs, weights file and pure-Python inference.

A position is seen from the player on roll, as in :class:`game.Position`:
``mine`` and ``theirs`` are 25 counts (points 1-24, then the bar).  The net
answers five probabilities for the player on roll: win, win a gammon (or
more), win a backgammon, lose a gammon (or more), lose a backgammon.

Raw inputs (208): for each side, mine first, 26 slots of 4 units.  Slots
0-23 are the points, 24 the bar, 25 the borne-off checkers.

* a point or the bar with ``n`` checkers: ``[n>=1, n>=2, n>=3, (n-3)/2 if n>3]``
* ``n`` checkers borne off: ``[n>=1, n/15, (n-7)/8 if n>7, (n-12)/3 if n>12]``

Every raw input depends on the count of one slot only.  So the first
layer's contribution of "slot s holds n checkers" is one precomputed vector,
and the raw part of the hidden sums of a position is the sum of at most 52
such vectors; a play changes a few slots, so the candidates of one roll are
evaluated by adding and removing a few vectors from the sums of the
position before the play.

A net with 220 inputs also reads the 12 hand-made inputs of
:mod:`game.bot.features` (its first group), one with 226 inputs all 18 (the
second group too); each takes a few dozen values, so each value's
contribution is precomputed too, and they are added last
(:meth:`Net.with_features`).

>>> net = contact_net()
>>> start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
>>> p = net.evaluate(start, start)
>>> len(p), 0.4 < p[0] < 0.6
(5, True)
"""

import pathlib
import struct
import sys
from array import array
from math import exp
from operator import add, mul, sub

from . import features as _features

__all__ = ["Net", "NIN", "NOUT", "load", "contact_net", "race_net", "slot_table", "table_moved", "table_sums", "units"]

NIN = 208                      # raw inputs
NF = _features.NF              # hand-made inputs, first group (a 220-input net)
NF_ALL = _features.NF_ALL      # two groups (a 226-input net)
NF3 = _features.NF3            # three groups (a 232-input net)
WIDTHS = (NIN, NIN + NF, NIN + NF_ALL, NIN + NF3)
NOUT = 5
SLOTS = 26
WEIGHTS = pathlib.Path(__file__).with_name("weights.bin")
MAGIC = b"BGNN1\0"


def units(slot, n):
    """The non-zero inputs of one slot holding ``n`` checkers: ``[(unit, value)]``.

    >>> units(5, 5)
    [(0, 1.0), (1, 1.0), (2, 1.0), (3, 1.0)]
    >>> units(25, 15)
    [(0, 1.0), (1, 1.0), (2, 1.0), (3, 1.0)]
    """
    if n <= 0:
        return []
    if slot < 25:
        out = [(0, 1.0)]
        if n >= 2:
            out.append((1, 1.0))
        if n >= 3:
            out.append((2, 1.0))
        if n > 3:
            out.append((3, (n - 3) / 2.0))
        return out
    out = [(0, 1.0), (1, n / 15.0)]
    if n > 7:
        out.append((2, (n - 7) / 8.0))
    if n > 12:
        out.append((3, (n - 12) / 3.0))
    return out


def encode(mine, theirs, features=False):
    """The 208 raw inputs, then the hand-made ones if asked, as a dense list.

    ``features``: False (none), True (the first group, 12) or a count (12, 18 or 24).
    """
    x = [0.0] * NIN
    for side, board in enumerate((mine, theirs)):
        counts = list(board[:25]) + [15 - sum(board[:25])]
        for slot, n in enumerate(counts):
            for unit, value in units(slot, n):
                x[side * 104 + slot * 4 + unit] = value
    if features:
        x += _features.values(mine, theirs, NF if features is True else features)
    return x


def slot_table(rows, h):
    """``table[side][slot][n]``: the first-layer contribution of ``n`` checkers
    on that slot, from the first layer's ``rows`` (one list of ``h`` weights per raw input)."""
    table = []
    for side in range(2):
        slots = []
        for slot in range(SLOTS):
            vectors = [None]
            for n in range(1, 16):
                vector = [0.0] * h
                for unit, value in units(slot, n):
                    row = rows[side * 104 + slot * 4 + unit]
                    vector = [a + value * w for a, w in zip(vector, row)]
                vectors.append(vector)
            slots.append(vectors)
        table.append(slots)
    return table


def table_sums(table, bias, mine, theirs):
    """``bias`` plus the vectors of :func:`slot_table` for each slot of a position."""
    acc = bias
    for side, board in zip(table, (mine, theirs)):
        total = 0
        for slot in range(25):
            n = board[slot]
            if n:
                total += n
                acc = list(map(add, acc, side[slot][n]))
        if total < 15:
            acc = list(map(add, acc, side[25][15 - total]))
    return acc


def table_moved(table, acc, mine0, theirs0, mine1, theirs1):
    """The sums ``acc`` of (mine0, theirs0) (:func:`table_sums`) turned into those of
    (mine1, theirs1), adding and removing the vectors of the slots that differ."""
    for side, old, new in ((table[0], mine0, mine1), (table[1], theirs0, theirs1)):
        if old is new:
            continue
        for slot in range(25):
            a = old[slot]
            b = new[slot]
            if a != b:
                vectors = side[slot]
                if not a:
                    acc = list(map(add, acc, vectors[b]))
                elif not b:
                    acc = list(map(sub, acc, vectors[a]))
                else:
                    acc = [x + y - z for x, y, z in zip(acc, vectors[b], vectors[a])]
        a = 15 - sum(old)
        b = 15 - sum(new)
        if a != b:
            vectors = side[25]
            if not a:
                acc = list(map(add, acc, vectors[b]))
            elif not b:
                acc = list(map(sub, acc, vectors[a]))
            else:
                acc = [x + y - z for x, y, z in zip(acc, vectors[b], vectors[a])]
    return acc


def _sigmoid(x):
    if x < -60.0:
        return 0.0
    return 1.0 / (1.0 + exp(-x))


class Net:
    """One net: 208 inputs (or 220, 226 or 232 with hand-made ones), ``h`` sigmoid hidden units, 5 sigmoid outputs."""

    def __init__(self, h, w1, b1, w2, b2, nin=NIN):
        if nin not in WIDTHS:
            raise ValueError(f"net with {nin} inputs: one of {WIDTHS} expected")
        if len(w1) != nin * h or len(b1) != h or len(w2) != NOUT * h or len(b2) != NOUT:
            raise ValueError(f"net with {h} hidden units: wrong weight counts")
        self.nin = nin
        self.h = h
        self.w1 = w1
        self.b1 = list(b1)
        self.w2 = [list(w2[k * h:(k + 1) * h]) for k in range(NOUT)]
        self.b2 = list(b2)
        rows = [list(w1[i * h:(i + 1) * h]) for i in range(nin)]
        self.table = slot_table(rows, h)
        # ftable[k][code]: contribution of hand-made input k (None when its value is 0)
        self.ftable = []
        for k in range(nin - NIN):
            row = rows[NIN + k]
            vectors = []
            for code in range(_features.size(k)):
                value = _features.value(k, code)
                vectors.append([value * w for w in row] if value else None)
            self.ftable.append(vectors)

    # --- hidden sums ------------------------------------------------------------
    def sums(self, mine, theirs):
        """First-layer sums (before the sigmoid) of a position, every input counted."""
        return self.with_features(self.slot_sums(mine, theirs), mine, theirs)

    def with_features(self, acc, mine, theirs):
        """``acc`` (the raw inputs' sums) plus the hand-made inputs' part, if the net has them."""
        if not self.ftable:
            return acc
        codes = _features.codes(mine, theirs, len(self.ftable))
        parts = [vectors[code] for vectors, code in zip(self.ftable, codes)]
        parts = [v for v in parts if v is not None]
        if not parts:
            return acc
        # one pass over the hidden units (faster than one pass per input; map is faster than
        # a list comprehension here, with the very same sums)
        return list(map(sum, zip(acc, *parts)))

    def slot_sums(self, mine, theirs):
        """The raw inputs' part of the first-layer sums (see :meth:`moved`)."""
        return table_sums(self.table, self.b1, mine, theirs)

    def moved(self, acc, mine0, theirs0, mine1, theirs1):
        """Raw sums of (mine1, theirs1) from the raw sums ``acc`` of (mine0, theirs0)."""
        return table_moved(self.table, acc, mine0, theirs0, mine1, theirs1)

    def output(self, acc):
        """The five probabilities from the hidden sums, made consistent."""
        hidden = [1.0 / (1.0 + exp(-x)) if x > -60.0 else 0.0 for x in acc]
        out = [_sigmoid(b + sum(map(mul, w, hidden)))
               for w, b in zip(self.w2, self.b2)]
        win, wg, wbg, lg, lbg = out
        if wg > win:
            wg = win
        if wbg > wg:
            wbg = wg
        if lg > 1.0 - win:
            lg = 1.0 - win
        if lbg > lg:
            lbg = lg
        return (win, wg, wbg, lg, lbg)

    def evaluate(self, mine, theirs):
        """The five probabilities for the player on roll."""
        return self.output(self.sums(mine, theirs))


def _read(data, offset, count):
    values = array("f")
    values.frombytes(data[offset:offset + 4 * count])
    if sys.byteorder == "big":  # pragma: no cover
        values.byteswap()
    return values, offset + 4 * count


def parse(data):
    """``[Net, ...]`` from the bytes of a weights file (see tools/bot/train.py)."""
    if data[:6] != MAGIC:
        raise ValueError("not a bot weights file")
    (count,) = struct.unpack_from("<I", data, 6)
    offset = 10
    nets = []
    for _ in range(count):
        nin, h = struct.unpack_from("<II", data, offset)
        offset += 8
        if nin not in WIDTHS:
            raise ValueError(f"weights for {nin} inputs, one of {WIDTHS} expected")
        w1, offset = _read(data, offset, nin * h)
        b1, offset = _read(data, offset, h)
        w2, offset = _read(data, offset, NOUT * h)
        b2, offset = _read(data, offset, NOUT)
        nets.append(Net(h, w1, b1, w2, b2, nin))
    return nets


_nets = None


def load(path=None):
    """The (contact, race) nets, read once from ``weights.bin``."""
    global _nets
    if path is not None:
        return parse(pathlib.Path(path).read_bytes())
    if _nets is None:
        _nets = parse(WEIGHTS.read_bytes())
    return _nets


def contact_net():
    """The net for positions where the checkers can still meet."""
    return load()[0]


def race_net():
    """The net for races (no contact left)."""
    return load()[1]

