"""A review weighed in the engine's pool of workers: its pieces spread over them.

:func:`weigh` cuts what is left of a review (:meth:`game.bot.analysis.Review.pieces`:
some decisions, or the luck of some rolls) into jobs (``"review"``,
:mod:`game.bot.jobs`), keeps a few more in flight than there are workers, and puts each
answer in as it comes (:meth:`game.app.review.panel.ReviewSession.put`), in any order.
When the review is closed (``wanted()`` False) the jobs left are cancelled: a piece is
the most that runs for nothing.
"""

import asyncio

from game.app.cooperative import Cancelled

__all__ = ["weigh", "piece_size"]

#: seconds between two looks at whether the review is still open
LOOK_S = 0.25
#: seconds between two paints of the review's progress (the whole panel is drawn again)
PAINT_S = 0.5


def piece_size(level, part):
    """How many items one job weighs: a deep review's decisions one by one (each takes a
    while), a quick one's eight at a time; the luck of two rolls (21 rankings each)."""
    if part == "luck":
        return 2
    return 1 if level != "0-ply" else 8


async def weigh(session, pool, wanted, paint):
    """Weigh what is left of ``session``'s review in ``pool``; ``paint()`` now and then."""
    from game.bot.jobs import request  # the bot: in the later zip, here long loaded (a review is open)

    review = session.review
    pieces = [p for part in ("decisions", "luck")
              for p in review.pieces(piece_size(review.level, part)) if p[0] == part]
    data = review.data
    limit = max(2, 2 * pool.size())
    running = set()
    loop = asyncio.get_event_loop()
    painted = loop.time()

    async def one(part, start, stop):
        job = request("review", match=data, level=review.level, part=part, start=start, stop=stop)
        answer = await pool.run(job, "review")
        if wanted():
            session.put(part, start, answer)

    try:
        while (pieces or running) and wanted():
            while pieces and len(running) < limit:
                running.add(asyncio.ensure_future(one(*pieces.pop(0))))
            done, running = await asyncio.wait(running, timeout=LOOK_S,
                                               return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                error = task.exception()
                if error is not None and not isinstance(error, Cancelled):
                    raise error
            if loop.time() - painted > PAINT_S:
                paint()
                painted = loop.time()
    finally:
        if running or pieces:
            pool.cancel("review")
            for task in running:
                task.cancel()
