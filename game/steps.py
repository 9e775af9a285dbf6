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

    A piece may instead yield a request for a job (``answer = yield job``, a
    :class:`game.bot.jobs.Job`: anything with a ``local()`` generator); it is run
    here and its answer sent back:

    >>> class Double:
    ...     def __init__(self, n): self.n = n
    ...     def local(self):
    ...         yield
    ...         return 2 * self.n
    >>> def asks():
    ...     twice = yield Double(21)
    ...     return twice
    >>> finish(asks())
    42
    """
    sent = None
    while True:
        try:
            asked = steps.send(sent)
        except StopIteration as done:
            return done.value
        # a job has a local() form; any other value yielded (a step's own mark) is a plain step
        sent = finish(asked.local()) if hasattr(asked, "local") else None
