"""Browser entry point (placeholder): the only module that touches `pyscript`.

It imports the `game` package when it is there, says so in #message, and marks
the page ready with <body data-ready="true"> (the browser tests and
tools/bench_startup.py wait for that attribute).
"""

import importlib.util
import sys

from pyscript import document

if importlib.util.find_spec("game") is not None:
    # Imported without a guard: a package that fails to import in Pyodide
    # must show as an error, not as a quiet fallback.
    import game  # noqa: F401

    status = "game package loaded"
else:
    status = "no game package yet"

document.querySelector("#message").textContent = (
    f"Python {sys.version.split()[0]} ready, {status}."
)
document.body.dataset.ready = "true"
