"""The Python side of one engine worker (``static/js/engine-worker.mjs``): answer jobs.

The worker has unpacked game.zip and game-later.zip into its working directory and put
the standard library's later zip beside the first one; :func:`setup` lets the later
modules be imported from it (as :mod:`game.web.later` does on the page, but with the zip
already there), and :func:`answer` runs a job of :mod:`game.bot.jobs` on JSON text. No
DOM, no storage: a worker only computes.
"""

import sys

from game.bot import jobs
from game.web import later


def setup():
    """Make the standard library's later modules importable (the zip is in place)."""
    stdlib = later.stdlib_later()
    if stdlib is not None and stdlib not in sys.meta_path:
        stdlib.done = True
        sys.meta_path.insert(0, stdlib)


def answer(kind, args_json):
    """The JSON text of job ``kind``'s answer on ``args_json``."""
    return jobs.run_json(kind, args_json)
