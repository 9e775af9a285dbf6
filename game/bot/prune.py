"""The pruning net: ranks a roll's plays cheaply, so the look-ahead values only the best few in full.

At 1-ply the bot values a play by the opponent's best reply to each of his
21 rolls; finding that reply with the contact net and its hand-made inputs
costs about 80 µs a reply in CPython.  This net reads the 208 raw inputs
only (:func:`game.bot.net.units`), has a few rectified hidden units and one
linear output, an estimate of the cubeless equity of the player on roll.
Its sums are updated per play from the position before it, as the contact
net's are (:meth:`game.bot.net.Net.moved`), so ranking a play costs a few
µs.  ``tools/bot/make_prune.py`` builds ``prune.bin`` from the contact net's
own values and prints how often the full nets' best reply is among its best
``k``.

File format: ``BGPR1\\0``, then ``nin`` and ``h`` (little-endian uint32), then
float32 ``w1`` (``nin × h``, row by input), ``b1`` (``h``), ``w2`` (``h``), ``b2`` (1).

>>> from game.bot.evaluator import play_results
>>> start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
>>> afters = play_results(start, start, 6, 5)
>>> best = rank(start, start, afters, 1)[0]   # the best 6-5 at the start is to run a back checker
>>> best[1][23], best[1][12]
(1, 6)
"""

import pathlib
import struct
from array import array
from operator import mul

from .net import NIN, slot_table, table_moved, table_sums

__all__ = ["Pruner", "MAGIC", "parse", "pruner", "rank"]

MAGIC = b"BGPR1\0"
PATH = pathlib.Path(__file__).with_name("prune.bin")


class Pruner:
    """``nin`` (208) raw inputs → ``h`` rectified units → one linear output (equity)."""

    def __init__(self, h, w1, b1, w2, b2):
        if len(w1) != NIN * h or len(b1) != h or len(w2) != h:
            raise ValueError(f"pruning net with {h} hidden units: wrong weight counts")
        self.h = h
        self.b1 = list(b1)
        self.w2 = list(w2)
        self.b2 = float(b2)
        self.table = slot_table([list(w1[i * h:(i + 1) * h]) for i in range(NIN)], h)

    def sums(self, mine, theirs):
        """The hidden sums of a position (before the rectifier)."""
        return table_sums(self.table, self.b1, mine, theirs)

    def value(self, acc):
        """The equity estimate for the player on roll from the hidden sums."""
        return self.b2 + sum(map(mul, self.w2, [x if x > 0.0 else 0.0 for x in acc]))

    def scores(self, mine, theirs, afters, base=None):
        """For each position of ``afters`` (after a play of ``mine``, seen from the
        opponent, as :func:`game.bot.evaluator.play_results` gives them): the
        mover's estimated equity (higher is better for the mover).  ``base``:
        ``self.sums(theirs, mine)``, when already known."""
        if base is None:
            base = self.sums(theirs, mine)
        table, w2, b2 = self.table, self.w2, self.b2
        out = []
        for a_mine, a_theirs in afters:
            if not any(a_theirs):   # the mover bore off his last checker: nothing is better
                out.append(9.0)
                continue
            acc = table_moved(table, base, theirs, mine, a_mine, a_theirs)
            out.append(-(b2 + sum(map(mul, w2, [x if x > 0.0 else 0.0 for x in acc]))))
        return out


def parse(data):
    """A :class:`Pruner` from the bytes of a ``prune.bin`` file."""
    if data[:6] != MAGIC:
        raise ValueError("not a pruning net file")
    nin, h = struct.unpack_from("<II", data, 6)
    if nin != NIN:
        raise ValueError(f"pruning net for {nin} inputs, {NIN} expected")
    sizes = (nin * h, h, h, 1)
    if len(data) != 14 + 4 * sum(sizes):
        raise ValueError("pruning net file of the wrong size")
    values = array("f")
    values.frombytes(data[14:])
    if struct.pack("=I", 1) != struct.pack("<I", 1):  # pragma: no cover
        values.byteswap()
    parts, offset = [], 0
    for size in sizes:
        parts.append(values[offset:offset + size])
        offset += size
    return Pruner(h, parts[0], parts[1], parts[2], parts[3][0])


_pruner = None


def pruner():
    """The shipped pruning net, read once."""
    global _pruner
    if _pruner is None:
        _pruner = parse(PATH.read_bytes())
    return _pruner


def rank(mine, theirs, afters, keep, bases=None):
    """The ``keep`` positions of ``afters`` the pruning net ranks best for the mover,
    best first (``afters`` itself when there are no more).  ``bases``: a dict
    shared between calls for the same ``(mine, theirs)`` (as
    :func:`game.bot.evaluator.evaluate_plays` shares its own), so the sums of
    the position before the play are made once."""
    if len(afters) <= keep:
        return afters
    net = pruner()
    if bases is None:
        bases = {}
    base = bases.get(net)
    if base is None:
        base = bases[net] = net.sums(theirs, mine)
    scores = net.scores(mine, theirs, afters, base)
    order = sorted(range(len(afters)), key=scores.__getitem__, reverse=True)
    return [afters[i] for i in order[:keep]]
