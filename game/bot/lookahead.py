"""Looking ahead: the value of a play one or two rolls deeper than the nets see.

Every function here is a *step by step* generator: it yields (None) between
small pieces of work and returns its answer, so a browser page can paint and
answer clicks while the bot thinks (:func:`finish` runs one to its end).

Positions are raw pairs ``(mine, theirs)`` of 25-count tuples, and the plays
of a roll are the positions they lead to, seen from the opponent, as
:func:`game.bot.evaluator.play_results` gives them.  Values are the five
probabilities of :mod:`game.bot.evaluator`.

* 1-ply (:func:`one_ply_steps`): for each of the opponent's 21 rolls he plays
  the reply his nets like best, and the values are averaged over the rolls.
* 2-ply (:func:`two_ply_steps`): the same, but each reply is itself valued
  one roll deeper, by the player's own best answer to each of his 21 rolls
  (441 rolls in all).  GNU Backgammon calls these depths 1-ply and 2-ply too.

``prune``: in contact, only that many plays of each roll, those the small
pruning net (:mod:`game.bot.prune`) ranks best, are valued by the full nets.

>>> start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
>>> afters = play_results(start, start, 3, 1)[:2]
>>> deep = one_ply(afters)
>>> len(deep), all(0.4 < p[0] < 0.6 for p in deep)
(2, True)
>>> deeper = finish(two_ply_steps(afters[:1], prune=2))
>>> 0.4 < deeper[0][0] < 0.6
True
"""

from .evaluator import ROLLS, equity, evaluate, evaluate_plays, flip, is_race, play_results
from .prune import rank
from ..steps import finish

__all__ = ["CHUNK", "finish", "evaluate_steps", "best_play_steps", "rolled_steps",
           "one_ply_steps", "one_ply", "two_ply_steps"]

#: plays evaluated between two yields of the step-by-step forms (a few ms in Pyodide)
CHUNK = 64


def evaluate_steps(mine, theirs, afters, bases=None):
    """:func:`evaluate_plays` in chunks of :data:`CHUNK` plays, yielding between them.

    A generator that returns the same list as ``evaluate_plays``.
    """
    if bases is None:
        bases = {}
    if len(afters) <= CHUNK:
        return evaluate_plays(mine, theirs, afters, bases)
    out = []
    for i in range(0, len(afters), CHUNK):
        if i:
            yield
        out.extend(evaluate_plays(mine, theirs, afters[i:i + CHUNK], bases))
    return out


def best_play_steps(mine, theirs, d1, d2, prune=None, bases=None):
    """The best play of the player on roll at 0-ply: ``(probabilities for him, after)``,
    or None when no play is legal.  ``bases``: shared between the rolls of one
    position, as :func:`evaluate_plays` shares them."""
    plays = play_results(mine, theirs, d1, d2)
    if not plays:
        return None
    if bases is None:
        bases = {}
    if prune and len(plays) > prune and not is_race(mine, theirs):
        plays = rank(mine, theirs, plays, prune, bases)
    best, best_e, best_after = None, -9.0, None
    for p, after in zip((yield from evaluate_steps(mine, theirs, plays, bases)), plays):
        e = equity(p)
        if e > best_e:
            best, best_e, best_after = p, e, after
    return best, best_after


def rolled_steps(mine, theirs, prune=None):
    """Probabilities for the player on roll, averaged over his 21 rolls, each played
    best at 0-ply (a dance leaves the opponent on roll); yields after each roll."""
    if not any(mine) or not any(theirs):
        return evaluate(mine, theirs)
    total = [0.0] * 5
    bases = {}
    for d1, d2, w in ROLLS:
        best = yield from best_play_steps(mine, theirs, d1, d2, prune, bases)
        p = flip(evaluate(theirs, mine)) if best is None else best[0]
        for k in range(5):
            total[k] += w * p[k]
        yield
    return tuple(t / 36.0 for t in total)


def one_ply_steps(afters, prune=None):
    """Probabilities for the mover of each after-position, looking one roll ahead.

    For each of the opponent's 21 rolls the opponent plays his best 0-ply
    reply; the mover's probabilities are averaged over the rolls.  Yields
    after each roll (and within a roll with many replies), returns the list.
    """
    out = []
    for a_mine, a_theirs in afters:
        out.append(flip((yield from rolled_steps(a_mine, a_theirs, prune))))
    return out


def one_ply(afters):
    """:func:`one_ply_steps` in one call."""
    return finish(one_ply_steps(afters))


def two_ply_steps(afters, prune=None):
    """Probabilities for the mover of each after-position, looking two rolls ahead.

    For each of the opponent's 21 rolls he plays his best 0-ply reply, and
    the position it leaves is valued for the mover at 1-ply
    (:func:`rolled_steps`); the values are averaged over the opponent's rolls.
    """
    out = []
    for a_mine, a_theirs in afters:
        if not any(a_theirs) or not any(a_mine):
            out.append(flip(evaluate(a_mine, a_theirs)))
            continue
        total = [0.0] * 5
        bases = {}
        for d1, d2, w in ROLLS:
            best = yield from best_play_steps(a_mine, a_theirs, d1, d2, prune, bases)
            if best is None:   # the opponent dances: the mover rolls again
                p = yield from rolled_steps(a_theirs, a_mine, prune)
            elif not any(best[1][1]):   # the opponent's reply bore off his last checker
                p = flip(best[0])
            else:
                p = yield from rolled_steps(best[1][0], best[1][1], prune)
            for k in range(5):
                total[k] += w * p[k]
        out.append(tuple(t / 36.0 for t in total))
    return out
