"""Position evaluation: finished games, bear-off database, race net, contact net.

Positions here are raw pairs ``(mine, theirs)`` of 25-count tuples seen from
the player on roll (the fields of :class:`game.Position`).  Probabilities are
5-tuples for the player on roll: ``(win, win_gammon, win_backgammon,
lose_gammon, lose_backgammon)``, gammons counting backgammons too.

>>> start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
>>> abs(equity(evaluate(start, start))) < 0.2
True
>>> evaluate((0,) * 25, start)   # borne off while the loser is still on the 24-point
(1.0, 1.0, 1.0, 0.0, 0.0)
>>> len(play_results(start, start, 3, 1))
16
"""

from . import bearoff
from .net import load
from ..movegen import generate
from ..position import theirs_after_hits

__all__ = ["evaluate", "equity", "flip", "play_results", "evaluate_plays", "is_race",
           "finished_probs", "ROLLS"]

# the 21 distinct rolls and their weights out of 36
ROLLS = tuple((d1, d2, 1 if d1 == d2 else 2) for d1 in range(1, 7) for d2 in range(1, d1 + 1))


def equity(p):
    """Cubeless money equity of probabilities ``p`` (points per game)."""
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def flip(p):
    """The same probabilities from the other player's side."""
    return (1.0 - p[0], p[3], p[4], p[1], p[2])


def is_race(mine, theirs):
    """No contact left: every checker has passed every opposing checker."""
    back_mine = 24
    while back_mine >= 0 and not mine[back_mine]:
        back_mine -= 1
    back_theirs = 24
    while back_theirs >= 0 and not theirs[back_theirs]:
        back_theirs -= 1
    return back_mine + back_theirs < 23


def finished_probs(loser):
    """Probabilities for the winner, given the loser's board (25 counts)."""
    if sum(loser) < 15:
        return (1.0, 0.0, 0.0, 0.0, 0.0)
    if loser[24] or any(loser[18:24]):
        return (1.0, 1.0, 1.0, 0.0, 0.0)
    return (1.0, 1.0, 0.0, 0.0, 0.0)


def _bearoff(mine, theirs, race_probs):
    """Both sides all home: exact race odds from the database."""
    win = bearoff.win_probability(mine[:6], theirs[:6])
    if sum(mine) < 15 and sum(theirs) < 15:
        return (win, 0.0, 0.0, 0.0, 0.0)
    p = race_probs()
    return (win, min(p[1], win), 0.0, min(p[3], 1.0 - win), 0.0)


def _home(board):
    return not any(board[6:25])


def evaluate(mine, theirs):
    """The five probabilities for the player on roll (before the roll)."""
    if not any(mine):
        return finished_probs(theirs)
    if not any(theirs):
        return flip(finished_probs(mine))
    contact, race = load()
    if is_race(mine, theirs):
        if _home(mine) and _home(theirs):
            return _bearoff(mine, theirs, lambda: race.evaluate(mine, theirs))
        return race.evaluate(mine, theirs)
    return contact.evaluate(mine, theirs)


def play_results(mine, theirs, d1, d2):
    """The positions after each legal play, seen from the opponent (now on roll).

    Returns a list of ``(mine_after, theirs_after)``; empty when no play is legal.
    """
    me = list(mine)
    opp = [theirs[23 - i] for i in range(24)]
    opp.append(0)
    out = []
    for me_after, mask in generate(me, opp, d1, d2):
        out.append((theirs_after_hits(theirs, mask), me_after))
    return out


def evaluate_plays(mine, theirs, afters, bases=None):
    """Probabilities *for the mover* of each position in ``afters``.

    ``afters`` are positions after a play of (mine, theirs), seen from the
    opponent (as :func:`play_results` gives them).  The hidden sums of the
    position before the play are computed once (pass the same dict as
    ``bases`` to share them between rolls); each play then only adds and
    removes the vectors of the slots it changed.
    """
    contact, race = load()
    if bases is None:
        bases = {}
    out = []
    for a_mine, a_theirs in afters:
        if not any(a_theirs):  # the mover bore off his last checker
            out.append(finished_probs(a_mine))
            continue
        if is_race(a_mine, a_theirs):
            net = race
            if _home(a_mine) and _home(a_theirs):
                p = _bearoff(a_mine, a_theirs, lambda: race.evaluate(a_mine, a_theirs))
                out.append(flip(p))
                continue
        else:
            net = contact
        base = bases.get(net)
        if base is None:
            # the position before the play, from the opponent's side
            base = bases[net] = net.slot_sums(theirs, mine)
        acc = net.with_features(net.moved(base, theirs, mine, a_mine, a_theirs), a_mine, a_theirs)
        out.append(flip(net.output(acc)))
    return out
