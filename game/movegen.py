"""Legal-play generation on raw boards: the hot path of the engine and the bot.

A board here is two lists of 25 counts in the mover's coordinates:

* ``me[i]``: the mover's checkers on point ``i + 1`` (index 24 is the bar);
* ``opp[i]``: the opponent's checkers on the mover's point ``i + 1``
  (so ``opp[i] == theirs[23 - i]``); the opponent's bar is not needed.

A checker on index ``s`` moved by die ``d`` lands on ``s - d``; a negative
target means it is borne off.  The bar is index 24, so entering with ``d``
lands on index ``24 - d``, the mover's point ``25 - d``.

:func:`generate` returns one entry per distinct resulting position, keyed by
``(tuple(me_after), hit_mask)`` where bit ``t`` of ``hit_mask`` says the
opponent's blot on index ``t`` was hit.  The compulsory-move rules are
applied: as many dice as possible, and the higher die when only one of two
different dice can be played.

>>> from game.movegen import generate
>>> me = [0] * 25; me[23] = 2; me[12] = 5; me[7] = 3; me[5] = 5
>>> opp = list(reversed(me[:24])) + [0]
>>> len(generate(me, opp, 3, 1))
16
"""

__all__ = ["generate", "steps_from", "max_dice_used"]


def _walk(me, opp, dice, i, limit, steps, mask, levels, same):
    """Depth-first search over the dice in ``dice`` from position ``i``.

    Records every maximal sequence (one that cannot be extended) in
    ``levels[number_of_steps]``.  ``limit`` is the highest source index
    allowed: with ``same`` (doubles) sources never increase, so each set of
    moves is visited once in one order only.
    Returns True when at least one move was possible with ``dice[i]``.
    """
    d = dice[i]
    last = i + 1 == len(dice)
    if me[24]:
        sources = (24,)
    else:
        sources = range(limit if limit < 24 else 23, -1, -1)
    moved = False
    for s in sources:
        if not me[s]:
            continue
        t = s - d
        if t >= 0:
            o = opp[t]
            if o > 1:
                continue
            me[s] -= 1
            me[t] += 1
            if o:
                opp[t] = 0
                step = (s, t, True)
                new_mask = mask | (1 << t)
            else:
                step = (s, t, False)
                new_mask = mask
        else:
            # Bearing off: every checker must be home (indices 0-5) ...
            if any(me[6:24]):
                continue
            # ... and a die larger than needed only takes the highest checker.
            if t < -1 and any(me[s + 1:6]):
                continue
            me[s] -= 1
            step = (s, -1, False)
            new_mask = mask
            o = 0
        moved = True
        path = steps + (step,)
        if last or not _walk(me, opp, dice, i + 1, s if same else 24, path,
                             new_mask, levels, same):
            key = (tuple(me), new_mask)
            level = levels[len(path)]
            if key not in level:
                level[key] = path
        # undo
        if t >= 0:
            me[t] -= 1
            if o:
                opp[t] = 1
        me[s] += 1
    return moved


def _low_first(me, opp, lo, hi, levels):
    """The plays starting with the lower die that the higher-first search cannot find.

    Two hops by different checkers commute unless the first changes what the
    second may do: a checker entering from the bar, the last checker coming
    home (bearing off becomes possible), or a move inside the home board
    (which changes the highest occupied point).  Otherwise only the same
    checker going on with the higher die gives a new play.
    """
    twos, singles = levels[2], levels[1]
    outside = sum(me[6:25])
    on_bar = me[24]
    for s1 in ((24,) if on_bar else range(23, -1, -1)):
        if not me[s1]:
            continue
        t1 = s1 - lo
        if t1 >= 0:
            o1 = opp[t1]
            if o1 > 1:
                continue
        elif outside or (t1 < -1 and any(me[s1 + 1:6])):
            continue
        else:
            o1 = 0
        special = on_bar or s1 < 6 or (t1 < 6 and outside == 1)
        me[s1] -= 1
        if t1 >= 0:
            me[t1] += 1
            if o1:
                opp[t1] = 0
        step1 = (s1, t1 if t1 >= 0 else -1, bool(o1))
        mask1 = (1 << t1) if o1 else 0
        if special:
            seconds = (24,) if me[24] else range(23, -1, -1)
        else:
            seconds = (t1,)
        found = False
        for s2 in seconds:
            if not me[s2]:
                continue
            t2 = s2 - hi
            if t2 >= 0:
                o2 = opp[t2]
                if o2 > 1:
                    continue
                me[s2] -= 1
                me[t2] += 1
                key = (tuple(me), mask1 | (1 << t2) if o2 else mask1)
                me[t2] -= 1
                me[s2] += 1
                step2 = (s2, t2, bool(o2))
            else:
                if any(me[6:25]) or (t2 < -1 and any(me[s2 + 1:6])):
                    continue
                me[s2] -= 1
                key = (tuple(me), mask1)
                me[s2] += 1
                step2 = (s2, -1, False)
            found = True
            if key not in twos:
                twos[key] = (step1, step2)
        if not found and not special:
            # Another checker may still take the higher die (its legality did not change).
            found = any(me[s] and _hop_ok(me, opp, s, hi) for s in range(23, -1, -1))
        if not found:
            key = (tuple(me), mask1)
            if key not in singles:
                singles[key] = (step1,)
        if t1 >= 0:
            me[t1] -= 1
            if o1:
                opp[t1] = 1
        me[s1] += 1


def _hop_ok(me, opp, s, d):
    t = s - d
    if t >= 0:
        return opp[t] < 2
    return not any(me[6:25]) and (t == -1 or not any(me[s + 1:6]))


def _raw(me, opp, d1, d2):
    """Maximal step sequences by length: ``levels[n] = {key: steps}``."""
    if d1 == d2:
        levels = [{}, {}, {}, {}, {}]
        _walk(me, opp, (d1, d1, d1, d1), 0, 24, (), 0, levels, True)
        return levels, None
    hi, lo = (d1, d2) if d1 > d2 else (d2, d1)
    levels = [{}, {}, {}]
    _walk(me, opp, (hi, lo), 0, 24, (), 0, levels, False)
    high_singles = levels[1]
    levels[1] = {}
    _low_first(me, opp, lo, hi, levels)
    return levels, high_singles


def generate(me, opp, d1, d2):
    """Distinct legal results for the roll ``d1``-``d2``: ``{key: steps}``.

    ``steps`` is one sequence of ``(source, target, hit)`` index triples that
    reaches the result (target -1 means borne off).  ``me`` and ``opp`` are
    left as they were.  An empty dict means the mover cannot play at all.
    """
    levels, high_singles = _raw(me, opp, d1, d2)
    for n in range(len(levels) - 1, 1, -1):
        if levels[n]:
            return levels[n]
    if high_singles is not None and high_singles:
        # Only one die can be played: it must be the higher one when possible.
        return high_singles
    return levels[1]


def max_dice_used(me, opp, dice):
    """How many of ``dice`` (played in that order, or any order for one value) can be used.

    ``dice`` is a tuple of the dice still to play, e.g. ``(4,)`` or ``(3, 3)``.
    """
    if not dice:
        return 0
    if len(dice) == 2 and dice[0] != dice[1]:
        levels, _ = _raw(me, opp, dice[0], dice[1])
    else:
        levels = [{} for _ in range(len(dice) + 1)]
        _walk(me, opp, tuple(dice), 0, 24, (), 0, levels, True)
    for n in range(len(levels) - 1, 0, -1):
        if levels[n]:
            return n
    return 0


def steps_from(me, opp, dice, mask=0):
    """Every distinct result reachable with ``dice`` played fully in some order.

    Unlike :func:`generate`, no compulsory-move filtering is done: the caller
    asks for sequences of exactly ``len(dice)`` steps.  Used to check that a
    partly played turn can still be completed into a legal play.  ``mask`` is
    the hit mask of the steps already played, carried into the keys.
    """
    if not dice:
        return {(tuple(me), mask): ()}
    levels = [{} for _ in range(len(dice) + 1)]
    same = len(set(dice)) == 1
    _walk(me, opp, tuple(dice), 0, 24, (), mask, levels, same)
    if not same:
        _walk(me, opp, tuple(reversed(dice)), 0, 24, (), mask, levels, False)
    return levels[len(dice)]
