"""A review weighed in the engine's pool of workers: its pieces spread over them.

:func:`weigh` cuts what is left of a review (:meth:`game.bot.analysis.Review.pieces`:
some decisions, or the luck of some rolls) into jobs (``"review"``,
game.bot.jobs) and hands them to :meth:`game.web.pool.Pool.spread`, which puts each
answer in as it comes (:meth:`game.app.review.panel.ReviewSession.put`), in any order.
When the review is closed (``wanted()`` False) the jobs left are cancelled: a piece is
the most that runs for nothing.
"""

import asyncio

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
    jobs = [request("review", match=review.data, level=review.level, part=part, start=start, stop=stop)
            for part, start, stop in pieces]
    loop = asyncio.get_event_loop()
    painted = [loop.time()]

    def put(i, answer):
        part, start, _ = pieces[i]
        session.put(part, start, answer)

    def now_and_then():
        if loop.time() - painted[0] > PAINT_S:
            paint()
            painted[0] = loop.time()

    await pool.spread(jobs, "review", put, wanted, now_and_then, LOOK_S)
