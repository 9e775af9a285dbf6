"""Run step-by-step work without freezing the page.

The bot's decisions have a step-by-step form (generators that yield between
small pieces of work, see :mod:`game.bot.bot`).  :func:`drive` runs such a
generator inside an asyncio task: it runs pieces until about ``slice_s``
seconds have gone by, then awaits ``asyncio.sleep(0)``, which in the browser
hands the main thread back to the page (it paints, answers clicks) before
the next slice.  In CPython it is a plain coroutine, which ``run`` below steps
as an event loop would (``asyncio.run`` works too, where no loop is running):

>>> def work():
...     for _ in range(3):
...         yield
...     return "done"
>>> def run(coroutine):
...     try:
...         while True:
...             coroutine.send(None)
...     except StopIteration as end:
...         return end.value
>>> run(drive(work()))
'done'
>>> slices = []
>>> run(drive(work(), slice_s=0.0, on_slice=slices.append))
'done'
>>> len(slices)    # with no time to spare it yields after every piece
4

A piece may yield a job (anything with a ``local()`` generator) and get its answer back:
from ``runner`` when one is given (the page's pool of workers), else the job run here:

>>> class Half:
...     def local(self):
...         yield
...         return 21
>>> def asks():
...     return 2 * (yield Half())
>>> run(drive(asks()))
42
>>> async def runner(job):
...     return 50
>>> run(drive(asks(), runner=runner))
100
"""

import asyncio
import time

from game.steps import finish

__all__ = ["drive", "finish", "SLICE_S", "Cancelled"]

#: how long the page may be held before it gets the hand back (well under a 50 ms "long task")
SLICE_S = 0.025


class Cancelled(Exception):
    """A job's answer is no longer wanted (a new position, a closed review): the work stops."""


async def drive(steps, slice_s=SLICE_S, clock=time.perf_counter, on_slice=None, runner=None):
    """Run the generator ``steps`` to its end, yielding to the event loop between slices.

    Returns the generator's return value.  ``on_slice(seconds)`` (optional)
    is told how long each slice held the thread.  A piece that yields a job
    (:class:`game.bot.jobs.Job`) gets its answer back: ``await runner(job)`` (the
    page's pool of workers, ``game/web/pool.py``) or, without a runner, the job
    run here in slices too (examples in the module's text).
    """
    start = clock()
    sent = None
    while True:
        try:
            asked = steps.send(sent)
            sent = None
            if hasattr(asked, "local"):     # a job (other values yielded are plain steps)
                if on_slice is not None:
                    on_slice(clock() - start)
                if runner is not None:
                    sent = await runner(asked)
                else:
                    sent = await drive(asked.local(), slice_s, clock, on_slice)
                start = clock()
                continue
        except StopIteration as done:
            if on_slice is not None:
                on_slice(clock() - start)
            return done.value
        now = clock()
        if now - start >= slice_s:
            if on_slice is not None:
                on_slice(now - start)
            await asyncio.sleep(0)
            start = clock()
