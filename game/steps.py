"""Step-by-step work: generators that yield (None) between small pieces and return an answer.

The bot thinks this way so that a browser page can paint and answer clicks
between the pieces (``game/app/cooperative.py`` drives them there); anywhere
else :func:`finish` runs one to its end.
"""

__all__ = ["finish"]


def finish(steps):
    """Run the generator ``steps`` to its end at once (no yielding); return its value.

    >>> def work():
    ...     yield
    ...     return 5
    >>> finish(work())
    5
    """
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
