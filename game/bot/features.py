"""Hand-made inputs of the contact net: shots, escapes, primes, the bar, pip loss, anchors.

The raw inputs (:mod:`game.bot.net`) describe each point on its own; these
describe how the points work together, which a small net learns slowly.
Every one is a small whole number ("code") that :func:`values` turns into
the input.  The first group, six per side (the player on roll first, then
the opponent), inputs 0-11:

0. *shots*: of the opponent's 36 rolls, how many hit at least one of this
   side's blots (direct and combination shots, landing points that are
   blocked stop a combination; a checker on the bar must be the one that
   hits).  Input ``code / 36``.
1. *escape*: of the 36 rolls, how many carry this side's rearmost checker
   past the opponent's made points among the 10 points in front of it
   (every landing open).  Input ``code / 36``.
2. *containment*: the fewest such rolls for a checker on any of this
   side's points 15-24 (the opponent's blockade seen from anywhere in his
   half).  Input ``code / 36``.
3. *prime*: the longest run of this side's made points, at most 6.
   Input ``code / 6``.
4. *dance*: with a checker on the bar, the chance that both dice are
   blocked, ``(c/6)²`` with ``c`` the opponent's made home points.
5. *stay out*: with two or more on the bar, the chance that at least one
   stays out, ``1 − ((6−c)/6)²``.

A second group of three per side (inputs 12-17, again the player on roll
first) is read by nets with 226 inputs (:data:`NF_ALL`):

6. *pip loss*: over the opponent's 36 rolls, the pips this side loses to
   the most costly hit each roll makes (a blot on this side's point ``p``
   loses ``25 - p`` pips when sent back), summed; code ``(total + 6) // 12``,
   input ``code / 72``.
7. *double shots*: how many of the 36 rolls hit two or more of this side's
   blots (each blot's hitting rolls found as for *shots*; a roll counts when
   it is among the hitting rolls of two blots).  Input ``code / 36``.
8. *back anchor*: this side's rearmost point held with two or more checkers
   among its points 13-24: code ``point - 12`` (0 when none), input
   ``code / 12``.

A third group of three per side (inputs 18-23) is read by nets with 232
inputs (:data:`NF3`):

9. *break contact*: the pips this side must play to bring every checker
   past the opponent's rearmost one (a checker on index ``i``, behind the
   opponent's rearmost checker on index ``q`` of this side's numbering,
   needs ``i - q``), at most 225; input ``code / 150``.
10. *mobility*: over this side's checkers on its points 13-24 and the bar
    that are still behind the opponent's rearmost checker, the sum of each
    one's *escape* rolls; code ``(total + 3) // 6``, input ``code / 90``.
11. *second escape*: the *escape* rolls of a checker on this side's
    rearmost occupied point but one, when that point is still behind the
    opponent's rearmost checker (36 otherwise).  Input ``code / 36``.

The C trainer (tools/bot/td_train.c) computes the same values;
tests/test_bot_train.py checks that both agree.

>>> start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
>>> codes(start, start)[:18]
(0, 16, 4, 1, 0, 0, 0, 16, 4, 1, 0, 0, 0, 0, 12, 0, 0, 12)
>>> codes(start, start)[18:]    # the pip count less 15; only 1-1 is stopped from the 13-point
(152, 35, 35, 152, 35, 35)
>>> blot = (0, 0, 0, 0, 0, 5, 1, 2, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
>>> codes(blot, start)[0]       # the 7-point blot: 6s, 5-1, 4-2, 3-3, 2-2 from the 24-point
17
"""

__all__ = ["NF", "NF_ALL", "NF3", "PER_SIDE", "EXTRA", "codes", "values", "shots", "hits", "escapes",
           "SIZES", "size"]

PER_SIDE = 6                  # first group, per side
EXTRA = 3                     # second group, per side
NF = 2 * PER_SIDE             # a net with 220 inputs reads the first group
NF_ALL = NF + 2 * EXTRA       # a net with 226 inputs reads both
THIRD = 3                     # third group, per side
NF3 = NF_ALL + 2 * THIRD      # a net with 232 inputs reads all three
# number of distinct codes of each feature (for lookup tables)
SIZES = (37, 37, 37, 7, 7, 7)
EXTRA_SIZES = (73, 37, 13)
THIRD_SIZES = (226, 91, 37)

# the 21 rolls (high die first) with their weights out of 36
_ROLLS = tuple((d1, d2, 1 if d1 == d2 else 2) for d1 in range(1, 7) for d2 in range(1, d1 + 1))
_WEIGHT = tuple(w for _, _, w in _ROLLS)


def _build_shots():
    direct = [0] * 25           # rolls with a die equal to the distance
    combos = [[] for _ in range(25)]  # (bit, double, steps, alternatives of landing offsets)
    for r, (d1, d2, _) in enumerate(_ROLLS):
        bit = 1 << r
        if d1 == d2:
            direct[d1] |= bit
            for k in range(2, 5):
                combos[k * d1].append((bit, True, k, (tuple(d1 * i for i in range(1, k)),)))
        else:
            direct[d1] |= bit
            direct[d2] |= bit
            combos[d1 + d2].append((bit, False, 2, ((d1,), (d2,))))
    return tuple(direct), tuple(tuple(c) for c in combos)


_DIRECT, _COMBOS = _build_shots()
_COUNT7 = tuple(tuple(sum(_WEIGHT[base + i] for i in range(7) if m >> i & 1) for m in range(128))
                for base in (0, 7, 14))


def _weight(mask):
    return _COUNT7[0][mask & 127] + _COUNT7[1][(mask >> 7) & 127] + _COUNT7[2][mask >> 14]


def _made(board):
    """Bit ``i`` set when ``board`` holds two or more checkers on its index ``i`` (0-23)."""
    m = 0
    bit = 1
    for n in board[:24]:
        if n >= 2:
            m |= bit
        bit <<= 1
    return m


def _reverse24(m):
    """The same points seen from the other side (index ``i`` becomes ``23 - i``)."""
    return int(format(m, "024b")[::-1], 2)


def _blot_masks(att, dfn, block):
    """``[(blot, mask)]``: each blot of ``dfn`` (``att``'s numbering, nearest
    ``att``'s home first) with the set of rolls (bits of ``_ROLLS``) that hit it."""
    blots = [23 - j for j in range(23, -1, -1) if dfn[j] == 1]
    if not blots:
        return []
    if block is None:
        block = _reverse24(_made(dfn))
    bar = att[24]
    if bar:
        sources = (24,)
        nd_max = 2 if bar == 1 else 1
        d_max = max(1, 5 - bar)
    else:
        sources = [i for i in range(24) if att[i] and i > blots[0]]
        nd_max, d_max = 2, 4
    out = []
    for b in blots:
        mask = 0
        for s in sources:
            if s <= b:
                continue
            dist = s - b
            if dist <= 6:
                mask |= _DIRECT[dist]
            for bit, double, steps, alts in _COMBOS[dist]:
                if mask & bit or steps > (d_max if double else nd_max):
                    continue
                for alt in alts:
                    for o in alt:
                        if block >> (s - o) & 1:
                            break
                    else:
                        mask |= bit
                        break
        out.append((b, mask))
    return out


def hits(att, dfn, block=None):
    """``(shots, pip loss, double shots)`` of ``dfn``'s blots against ``att`` (on roll).

    *shots*: rolls (of 36) that hit at least one blot; *pip loss*: over the
    36 rolls, the pips of the most costly blot each roll hits (a blot ``k``
    pips from ``att``'s side of the board, ``att``'s index ``k - 1``, loses
    ``k``), summed; *double shots*: rolls among the hitting rolls of two
    blots or more (a roll whose one die alone reaches either counts too).  Both
    boards are in their owner's numbering; ``block``: ``dfn``'s made points
    in ``att``'s numbering (computed when not given).

    >>> me = (0,) * 5 + (1,) + (0,) * 19             # a blot on my 6-point
    >>> them = (0,) * 23 + (1, 0)                    # a checker on their 24-point: 5 away
    >>> hits(them, me)                               # 15 rolls, each costs 19 pips
    (15, 285, 0)
    """
    once = twice = loss = 0
    for b, mask in reversed(_blot_masks(att, dfn, block)):   # most costly first
        loss += _weight(mask & ~once) * (b + 1)
        twice |= once & mask
        once |= mask
    return _weight(once), loss, _weight(twice)


def shots(att, dfn, block=None):
    """Rolls (of 36) with which ``att`` (on roll) hits at least one blot of ``dfn``.

    Both boards are in their owner's numbering.  ``block``: ``dfn``'s made
    points in ``att``'s numbering (computed when not given).

    >>> me = (0,) * 5 + (1,) + (0,) * 19             # a blot on my 6-point
    >>> them = (0,) * 23 + (1, 0)                    # a checker on their 24-point: 5 away
    >>> shots(them, me)                              # any 5, 4-1, 3-2
    15
    """
    mask = 0
    for _, m in _blot_masks(att, dfn, block):
        mask |= m
    return _weight(mask)


WINDOW = 10   # how far ahead a blocking point counts for the escape inputs


def _escape_count(mask):
    # mask bit k: the point WINDOW - k pips ahead is blocked (k = 0..WINDOW-1)
    if not mask:
        return 36
    far = WINDOW - (mask & -mask).bit_length() + 1   # distance of the farthest block

    def open_(d):
        return d > WINDOW or not mask >> (WINDOW - d) & 1

    total = 0
    for d1, d2, w in _ROLLS:
        ok = False
        if d1 == d2:
            for k in range(1, 5):
                if not open_(k * d1):
                    break
                if k * d1 > far:
                    ok = True
                    break
        else:
            ok = (d1 > far or d2 > far
                  or (d1 + d2 > far and (open_(d1) or open_(d2)) and open_(d1 + d2)))
        if ok:
            total += w
    return total


_ESCAPES = [None] * (1 << WINDOW)
_FULL = (1 << WINDOW) - 1


def escapes(block, p):
    """Rolls (of 36) that carry a checker on index ``p`` (24: the bar) past ``block``.

    ``block``: the opponent's made points in the checker's owner's numbering;
    only those less than ``WINDOW`` pips ahead count.

    >>> escapes(0, 20)
    36
    >>> escapes(0b111111 << 12, 20)     # a full prime on indices 12-17
    0
    >>> escapes(0b1011 << 14, 20)       # blocks 3, 5 and 6 pips ahead: 6-1 6-2 6-4 5-2 5-4 4-3 4-4
    13
    """
    m = (block >> (p - WINDOW)) & _FULL if p >= WINDOW else (block << (WINDOW - p)) & _FULL
    n = _ESCAPES[m]
    if n is None:
        n = _ESCAPES[m] = _escape_count(m)
    return n


def _longest(m):
    n = 0
    while m:
        m &= m >> 1
        n += 1
    return n


#: containment by blockade (it depends on the opponent's made points only)
_CONTAIN = {}


def _rearmost(board):
    back = 24
    while back >= 0 and not board[back]:
        back -= 1
    return back


def _third(me, block, back, their_back):
    """The third group's codes of the side ``me`` (``back``: its rearmost index;
    ``their_back``: the opponent's, in the opponent's numbering)."""
    q = 23 - their_back            # the opponent's rearmost checker, my numbering
    if back <= q:
        return 0, 0, 36
    pips = mob = 0
    for i in range(q + 1, 25):
        n = me[i]
        if n:
            pips += n * (i - q)
            if i >= 12:
                mob += n * escapes(block, i)
    second = back - 1
    while second > q and not me[second]:
        second -= 1
    return min(pips, 225), (mob + 3) // 6, escapes(block, second) if second > q else 36


def _side(me, them, my_made, their_made, my_back, their_back, third=False):
    """The codes of the side ``me`` by group (``their_made``: the opponent's made points, own numbering;
    ``my_back``, ``their_back``: each side's rearmost index, :func:`_rearmost`)."""
    block = _reverse24(their_made)   # the opponent's points in my numbering
    back = max(my_back, 0)
    esc = escapes(block, back)
    contain = _CONTAIN.get(block)
    if contain is None:
        if len(_CONTAIN) > 50000:
            _CONTAIN.clear()
        contain = _CONTAIN[block] = min(escapes(block, p) for p in range(14, 24))
    prime = min(_longest(my_made), 6)
    bar = me[24]
    c = bin(their_made & 63).count("1")
    hit, loss, double = hits(them, me, _reverse24(my_made))
    anchor = my_made >> 12
    return ((hit, esc, contain, prime, c if bar else 0, c if bar >= 2 else 0),
            ((loss + 6) // 12, double, anchor.bit_length()),
            _third(me, block, back, their_back) if third else ())


def codes(mine, theirs, count=NF3):
    """The feature codes of a position, group by group, each group for the
    player on roll first: 18 codes, or 24 when ``count`` is more than 18."""
    mm = _made(mine)
    tm = _made(theirs)
    third = count > NF_ALL
    mb = _rearmost(mine)
    tb = _rearmost(theirs)
    a1, a2, a3 = _side(mine, theirs, mm, tm, mb, tb, third)
    b1, b2, b3 = _side(theirs, mine, tm, mm, tb, mb, third)
    return a1 + b1 + a2 + b2 + a3 + b3


_SCALE = (lambda c: c / 36.0, lambda c: c / 36.0, lambda c: c / 36.0, lambda c: c / 6.0,
          lambda c: c * c / 36.0, lambda c: 1.0 - (6 - c) * (6 - c) / 36.0)
_EXTRA_SCALE = (lambda c: c / 72.0, lambda c: c / 36.0, lambda c: c / 12.0)
_THIRD_SCALE = (lambda c: c / 150.0, lambda c: c / 90.0, lambda c: c / 36.0)


def size(k):
    """How many codes input ``k`` (0-23) takes.

    >>> size(0), size(12), size(17), size(18)
    (37, 73, 13, 226)
    """
    if k < NF:
        return SIZES[k % PER_SIDE]
    if k < NF_ALL:
        return EXTRA_SIZES[(k - NF) % EXTRA]
    return THIRD_SIZES[(k - NF_ALL) % THIRD]


def value(k, code):
    """The value of input ``k`` (0-23: the first group, the second, the third) for ``code``.

    >>> value(4, 3), value(5, 0), value(14, 6)
    (0.25, 0.0, 0.5)
    """
    if k < NF:
        return _SCALE[k % PER_SIDE](code)
    if k < NF_ALL:
        return _EXTRA_SCALE[(k - NF) % EXTRA](code)
    return _THIRD_SCALE[(k - NF_ALL) % THIRD](code)


def values(mine, theirs, count=NF):
    """The first ``count`` inputs (12, 18 or 24) as floats."""
    return [value(k, c) for k, c in enumerate(codes(mine, theirs, count)[:count])]
