"""The modules the next clicks need, imported ahead while the page waits for the player.

Opening a review, the computer's first move and the first hint all import the bot and
the review's panel: sixteen modules from the later zip (``game.web.later``), about 25 ms
in CPython and three times that in Pyodide, all of it inside the click's own task.
:func:`ahead` imports them beforehand, once the later zips are in, one module a task with
a pause between, and the click then finds them in ``sys.modules``.

:data:`AHEAD` goes leaves first (``python -X importtime`` gives the order), so that no step
imports more than its own module, or its package's: ``tests/test_warm.py`` checks that, and
that the clicks import nothing of ``game`` the list lacks.

>>> import asyncio, sys
>>> asyncio.run(ahead(asyncio.sleep(0, False)))    # the later zips did not come
0
>>> asyncio.run(ahead(asyncio.sleep(0, True), pause=0)) <= len(AHEAD)
True
>>> all(name in sys.modules for name in AHEAD)
True
"""

import asyncio
import importlib
import sys

AHEAD = (
    "game.bot",              # the package imports the whole bot: 10 ms in CPython
    "game.bot.analysis",
    "game.app.view.chances_graph",
    "game.app.review.graph",
    "game.app.review.panel",  # 13 ms of its own
)
#: seconds between two imports: a click or a frame waiting meanwhile goes first
PAUSE = 0.05


async def ahead(ready, pause=PAUSE, names=AHEAD):
    """After ``ready`` (an awaitable, true once the later zips are in), import ``names`` one
    by one; the number imported here (those imported already do not count). After a failed
    fetch (offline, nothing cached) it imports nothing: an import would fetch the zip there
    and then, holding the page."""
    if not await ready:
        return 0
    imported = 0
    for name in names:
        await asyncio.sleep(pause)
        if name not in sys.modules:
            importlib.import_module(name)
            imported += 1
    return imported


def soon(fetched):
    """In the page: :func:`ahead` once ``fetched`` (``later.fetch_soon()``), in the
    background; ``<body data-warmed>`` then says how many modules it imported."""
    import js

    async def run():
        js.document.body.dataset.warmed = str(await ahead(fetched))

    return asyncio.ensure_future(run())
