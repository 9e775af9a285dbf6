"""When a puzzle comes back: spaced repetition, with the clock given.

A new puzzle is due at once. Solved, it comes back after the next interval of
:data:`LADDER` (1 day, then 3, 7, 16, 35 days), then after twice the last interval
each time (70, 140 days…); missed, it starts the ladder again and comes back in
:data:`AGAIN` (10 minutes). Times are seconds since 1970 (the app's ``wall`` clock).

>>> DAY = 86400
>>> puzzle = {"due": 0, "step": 0, "seen": 0, "right": 0}
>>> solved(puzzle, now=100)["due"] - 100 == 1 * DAY
True
>>> [solved(puzzle, now=0)["due"] // DAY for _ in range(7)]
[3, 7, 16, 35, 70, 140, 280]
>>> missed(puzzle, now=0)["due"], puzzle["step"], puzzle["seen"], puzzle["right"]
(600, 0, 9, 8)
>>> due_count([{"due": 5}, {"due": 50}], now=10), next_due([{"due": 5}, {"due": 50}], now=10)
(1, 50)
"""

__all__ = ["LADDER", "AGAIN", "DAY", "interval", "solved", "missed", "due_count", "due", "next_due"]

DAY = 86400
#: the first intervals after a puzzle is solved, in days; then each doubles
LADDER = (1, 3, 7, 16, 35)
#: seconds before a missed puzzle comes back
AGAIN = 600


def interval(step):
    """The days before the puzzle comes back when solved for the ``step``-th time in a row (0:
    the first).

    >>> [interval(n) for n in range(8)]
    [1, 3, 7, 16, 35, 70, 140, 280]
    """
    if step < len(LADDER):
        return LADDER[step]
    return LADDER[-1] * 2 ** (step - len(LADDER) + 1)


def solved(puzzle, now):
    """``puzzle`` solved at ``now``: due after the next interval; returns it (changed in place)."""
    puzzle["due"] = now + interval(puzzle["step"]) * DAY
    puzzle["step"] += 1
    puzzle["seen"] += 1
    puzzle["right"] += 1
    return puzzle


def missed(puzzle, now):
    """``puzzle`` missed at ``now``: back to the ladder's start, due in :data:`AGAIN` seconds."""
    puzzle["due"] = now + AGAIN
    puzzle["step"] = 0
    puzzle["seen"] += 1
    return puzzle


def due(puzzles, now):
    """The puzzles due at ``now``, the longest due first."""
    return sorted((p for p in puzzles if p["due"] <= now), key=lambda p: p["due"])


def due_count(puzzles, now):
    return sum(1 for p in puzzles if p["due"] <= now)


def next_due(puzzles, now):
    """When the next puzzle not yet due comes due (None: none)."""
    return min((p["due"] for p in puzzles if p["due"] > now), default=None)
