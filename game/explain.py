"""Why a play is refused: turns an illegal play into one machine-readable reason.

The legal plays are computed by :mod:`game.movegen`; this module only runs
when a play is *not* among them, replays it hop by hop and names the first
rule it breaks, or the compulsory-move rule when every hop was fine.

>>> from game.position import Position
>>> pos = Position.from_counts({24: 1, 6: 14}, {6: 2, 13: 2})   # their 6 is my 19
>>> error = explain_refusal(pos, (5, 2), ((24, 19, 1, ()),), "24/19")
>>> error.reason.value, error.details["point"]
('point_blocked', 19)
"""

from itertools import permutations

from .errors import IllegalMoveError
from .move import BAR, OFF
from .movegen import generate
from .reasons import Reason

__all__ = ["explain_refusal", "hop_refusal"]


def hop_refusal(me, opp, s, d):
    """Why one checker on index ``s`` cannot move by die ``d`` (None when it can).

    Returns ``(reason, details)``; indices as in :mod:`game.movegen`.
    """
    if not me[s]:
        return Reason.NO_CHECKER, {"point": _point(s)}
    if me[24] and s != 24:
        return Reason.MUST_ENTER_FIRST, {"point": _point(s), "on_bar": me[24]}
    t = s - d
    if t >= 0:
        if opp[t] > 1:
            reason = Reason.ENTRY_BLOCKED if s == 24 else Reason.POINT_BLOCKED
            return reason, {"point": t + 1, "blockers": opp[t], "die": d}
        return None
    outside = [i + 1 for i in range(6, 24) if me[i]]
    if outside:
        return Reason.BEAR_OFF_NOT_ALL_HOME, {"point": _point(s), "outside": outside}
    if t < -1:
        higher = [i + 1 for i in range(s + 1, 6) if me[i]]
        if higher:
            return Reason.BEAR_OFF_HIGHER_CHECKER, {"point": s + 1, "die": d, "higher": higher}
    return None


def _point(index):
    return BAR if index == 24 else index + 1


def _apply(me, opp, s, d):
    t = s - d
    me[s] -= 1
    if t >= 0:
        me[t] += 1
        if opp[t] == 1:
            opp[t] = 0
    return t


def _splits(distance, to_off, dice_left):
    """Ways to cover ``distance`` with the dice left, single die first."""
    ways = []
    values = sorted(set(dice_left), reverse=True)
    if len(values) == 1:
        d = values[0]
        for k in range(1, len(dice_left) + 1):
            if d * k == distance or (to_off and d * k > distance >= d * (k - 1) + 1):
                ways.append((d,) * k)
    else:
        for d in values:
            if d == distance or (to_off and d > distance):
                ways.append((d,))
        a, b = values
        for first, second in ((a, b), (b, a)):
            if first + second == distance or (to_off and first < distance < first + second):
                ways.append((first, second))
    return ways


def _play_segment(me, opp, source, target, dice_left):
    """Play one part ``source``/``target`` with the dice left; returns None or a refusal."""
    s = 24 if source == BAR else source - 1
    if not me[s]:
        return Reason.NO_CHECKER, {"point": source}
    if me[24] and s != 24:
        return Reason.MUST_ENTER_FIRST, {"point": source, "on_bar": me[24]}
    if not dice_left:
        return Reason.TOO_MANY_MOVES, {}
    to_off = target == OFF
    distance = s - (target - 1) if not to_off else s + 1
    # Name the plainest rule first: a closed destination, or bearing off
    # while another checker is still outside the home board.
    if not to_off and opp[target - 1] > 1:
        if s == 24 and distance <= 6:       # the entering die is the distance: its sentence names it
            return Reason.ENTRY_BLOCKED, {"point": target, "blockers": opp[target - 1], "die": distance}
        return Reason.POINT_BLOCKED, {"point": target, "blockers": opp[target - 1]}
    if to_off:
        others = [i + 1 for i in range(6, 24) if me[i] - (i == s) > 0]
        if others:
            return Reason.BEAR_OFF_NOT_ALL_HOME, {"point": source, "outside": others}
    ways = _splits(distance, to_off, dice_left)
    if not ways:
        return Reason.NO_SUCH_DIE, {"distance": distance, "dice": sorted(dice_left, reverse=True)}
    first_refusal = None
    for way in ways:
        trial_me, trial_opp = list(me), list(opp)
        at = s
        refusal = None
        for k, d in enumerate(way):
            refusal = hop_refusal(trial_me, trial_opp, at, d)
            if refusal:
                reason, details = refusal
                if reason is Reason.POINT_BLOCKED and k < len(way) - 1:
                    refusal = (Reason.INTERMEDIATE_BLOCKED, details)
                break
            at = _apply(trial_me, trial_opp, at, d)
        if refusal is None:
            me[:] = trial_me
            opp[:] = trial_opp
            for d in way:
                dice_left.remove(d)
            return None
        first_refusal = first_refusal or refusal
    return first_refusal


def _replay(position, dice, segments):
    """Play the segments in order; returns (refusal or None, dice used)."""
    me, opp = position._boards()
    dice_left = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    start = len(dice_left)
    for source, target in segments:
        refusal = _play_segment(me, opp, source, target, dice_left)
        if refusal:
            return refusal, start - len(dice_left), dice_left
    return None, start - len(dice_left), dice_left


def explain_refusal(position, dice, parts, text):
    """The :class:`IllegalMoveError` explaining why ``parts`` is not a legal play.

    ``parts`` are ``(source, target, count, hits)`` tuples as returned by
    :func:`game.move.parse_notation`.
    """
    d1, d2 = dice
    where = f"move {text!r} in {position.position_id()} with {d1}-{d2}"
    me, opp = position._boards()
    legal = generate(me, opp, d1, d2)
    if not legal:
        return IllegalMoveError(f"{where}: no legal move, the turn passes", Reason.NO_LEGAL_MOVE, {})
    most = max(len(steps) for steps in legal.values())
    segments = [(source, target) for source, target, count, _ in parts for _ in range(count)]
    refusal, used, dice_left = _replay(position, dice, segments)
    if refusal and len(segments) <= (4 if d1 == d2 else 2):
        # Another order of the same parts may be legal: then the trouble is
        # compulsory play.  (More parts than dice can never all be played.)
        for order in permutations(segments):
            other, other_used, other_left = _replay(position, dice, list(order))
            if other is None:
                refusal, used, dice_left = None, other_used, other_left
                break
    if refusal:
        reason, details = refusal
        return IllegalMoveError(f"{where}: {reason.value}", reason, details)
    if used < most:
        if d1 == d2:
            reason = Reason.MUST_USE_MORE_DICE
        else:
            reason = Reason.MUST_USE_BOTH_DICE
        return IllegalMoveError(f"{where}: {reason.value}", reason, {"playable": most, "used": used})
    if d1 != d2 and most == 1 and dice_left and dice_left[0] == max(d1, d2):
        return IllegalMoveError(f"{where}: {Reason.MUST_USE_HIGHER_DIE.value}",
                                Reason.MUST_USE_HIGHER_DIE, {"die": max(d1, d2)})
    return IllegalMoveError(f"{where}: {Reason.NO_SUCH_DIE.value}", Reason.NO_SUCH_DIE,
                            {"dice": [d1, d2]})
