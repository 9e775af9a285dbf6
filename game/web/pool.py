"""The page's side of the engine's pool of Web Workers (``static/js/engine-pool.mjs``).

:class:`Pool` starts the workers once the page is playable (:meth:`Pool.start`) and is
the ``runner`` that :func:`game.app.cooperative.drive` hands a job to
(:class:`game.bot.jobs.Job`): sent to a worker when one is ready, else run here, on the
page's thread, in slices, exactly as before the pool, with the same answer. A job sent
and no longer wanted is cancelled by its tag (:meth:`Pool.cancel`): its answer is
dropped and the waiting caller gets :class:`~game.app.cooperative.Cancelled`.

Where the page has a ``window.backgammonJobs`` array (the tests and the benchmark put one
there before the page loads), every job's request and answer are kept in it (the last
:data:`LOG_KEPT`), with where it ran: the tests compare a worker's answers with the page's
own. A player's page keeps none.
"""

import asyncio
import json

import js
from pyodide.ffi import JsException

from game.app.cooperative import Cancelled, drive

__all__ = ["Pool"]

#: how many jobs ``window.backgammonJobs`` remembers
LOG_KEPT = 400


class Pool:
    """The workers, or None of them (no ``Worker``, ``?workers=0``, none could start)."""

    def __init__(self):
        self.js = getattr(js.window, "backgammonPool", None)
        self.log = getattr(js.window, "backgammonJobs", None)
        self.allowed = False        # the page is playable: the workers may start
        self.started = False

    def allow(self):
        """The page is playable. The workers start at the first job the engine is asked for
        (:meth:`wake`): a page that never asks one (two people on one device, the lessons, a
        friend's match) never pays for them. An address that asks for a size (``?workers=N``,
        the tests and the benchmark) starts them now."""
        self.allowed = True
        js.document.documentElement.dataset.poolAllowed = "1"
        if self.js is not None and bool(self.js.asked):
            self.start()

    def wake(self):
        """Start the workers if the page is playable and they are not started yet."""
        if self.allowed and not self.started:
            self.start()

    def start(self):
        """Start the workers (once; the pool decides how many). The number asked for."""
        self.started = True
        if self.js is None:
            js.document.documentElement.dataset.pool = "failed"
            return 0
        return int(self.js.start())

    def ready(self):
        """True when a worker can take a job now."""
        return self.js is not None and bool(self.js.ready())

    def size(self):
        return 0 if self.js is None else int(self.js.size)

    def runner(self, tag):
        """A ``runner`` for :func:`game.app.cooperative.drive`: jobs of ``tag`` to the pool."""
        async def run(job):
            return await self.run(job, tag)
        return run

    async def run(self, job, tag=""):
        """The answer of ``job``: a worker's, or (no worker ready, or it refused) the page's."""
        args = job.to_json()
        self.wake()
        if self.ready():
            try:
                text = await self.js.run(job.name, args, tag)
            except JsException as error:
                if "cancelled" in str(error):
                    raise Cancelled(tag) from None
                js.console.warn(f"engine pool: {job.name}: {error}; run on the page")
            else:
                self._log(job.name, args, text, "worker")
                return json.loads(text)
        answer = await drive(job.local())
        self._log(job.name, args, json.dumps(answer), "page")
        return answer

    async def spread(self, jobs, tag, on_answer, wanted=lambda: True, on_wait=None, look_s=0.25):
        """Run the list ``jobs`` over the workers, a few more in flight than there are workers,
        and call ``on_answer(i, answer)`` as each comes back (in any order). While
        ``wanted()`` goes False the rest are cancelled and it returns False; True when every
        answer is in. ``on_wait()`` is called between looks (every ``look_s`` seconds at most
        an answer): a progress bar. Without workers they run here, one after the other."""
        waiting = list(enumerate(jobs))
        limit = max(2, 2 * self.size())
        running = set()

        async def one(i, job):
            answer = await self.run(job, tag)
            if wanted():
                on_answer(i, answer)

        try:
            while (waiting or running) and wanted():
                while waiting and len(running) < limit:
                    running.add(asyncio.ensure_future(one(*waiting.pop(0))))
                done, running = await asyncio.wait(running, timeout=look_s,
                                                   return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    error = task.exception()
                    if error is not None and not isinstance(error, Cancelled):
                        raise error
                if on_wait is not None:
                    on_wait()
            return not waiting and not running
        finally:
            if running or waiting:
                self.cancel(tag)
                for task in running:
                    task.cancel()

    def cancel(self, tag):
        """Drop the jobs of ``tag`` (waiting or running): their answers are not wanted."""
        if self.js is not None:
            self.js.cancel(tag)

    def _log(self, kind, args, result, where):
        log = self.log
        if log is None:
            return
        entry = js.Object.new()
        entry.kind, entry.args, entry.result, entry.where = kind, args, result, where
        log.push(entry)
        if log.length > LOG_KEPT:
            log.shift()
