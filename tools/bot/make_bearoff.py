"""Build game/bot/bearoff.bin: the one-sided bear-off database.

For every way to place up to 15 checkers on the six home points (54,264
positions) it stores the probability distribution of the number of rolls
needed to bear them all off, when each roll is played to minimise the
expected number of rolls (the usual one-sided approximation: it ignores the
opponent).  The database is built from the empty board upwards: every play
lowers the pip count, so the positions a play can reach are already known.

File format (little-endian), zlib-compressed as a whole:
    b"BGBO1\\0"                    magic
    uint32 N                        number of positions (54,264)
    N x (uint8 first, uint8 count)  the rolls k with a stored probability
    uint16 values                   count values per position, P(k) * 65535

The index of a position is its rank in the combinatorial number system (see
game/bot/bearoff.py, ``index``).  Run time: a few minutes in CPython.

Usage: python3 tools/bot/make_bearoff.py [OUT]
"""

import pathlib
import struct
import sys
import time
import zlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.bot.bearoff import N_POSITIONS, index, positions  # noqa: E402
from game.movegen import generate  # noqa: E402

ROLLS = [(d1, d2, 1 if d1 == d2 else 2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]
TAIL = 0.5 / 65535  # probabilities below this round to zero and are dropped


def build():
    """Return (mean rolls, distribution) lists indexed like ``index``."""
    order = sorted(positions(), key=lambda c: sum((i + 1) * n for i, n in enumerate(c)))
    mean = [0.0] * N_POSITIONS
    dist = [None] * N_POSITIONS
    dist[index((0,) * 6)] = [1.0]
    opp = [0] * 25
    for counts in order:
        i = index(counts)
        if dist[i] is not None:
            continue
        me = list(counts) + [0] * 19
        acc = [0.0]
        m = 0.0
        for d1, d2, w in ROLLS:
            best = None
            for (after, _mask) in generate(me, opp, d1, d2):
                j = index(after[:6])
                if best is None or mean[j] < mean[best]:
                    best = j
            p = w / 36.0
            m += p * (1.0 + mean[best])
            sub = dist[best]
            while len(acc) < len(sub) + 1:
                acc.append(0.0)
            for k, q in enumerate(sub):
                acc[k + 1] += p * q
        mean[i] = m
        dist[i] = acc
    return mean, dist


def encode(dist):
    heads = bytearray()
    values = []
    for d in dist:
        ks = [k for k, q in enumerate(d) if q >= TAIL]
        first, last = ks[0], ks[-1]
        part = [min(65535, round(q * 65535)) for q in d[first:last + 1]]
        heads += bytes((first, len(part)))
        values.extend(part)
    body = b"BGBO1\0" + struct.pack("<I", len(dist)) + bytes(heads) + struct.pack(f"<{len(values)}H", *values)
    return zlib.compress(body, 9)


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "game" / "bot" / "bearoff.bin"
    t0 = time.time()
    mean, dist = build()
    data = encode(dist)
    out.write_bytes(data)
    print(f"{out}: {N_POSITIONS} positions, {len(data)} bytes, {time.time() - t0:.0f} s; "
          f"15 on the 6-point: {mean[index((0, 0, 0, 0, 0, 15))]:.4f} rolls")


if __name__ == "__main__":
    main()
