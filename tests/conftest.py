"""Shared fixtures: the page served from this checkout, and Debian's Chromium for Playwright.

Everything here is session-scoped and lazy: a test that asks for none of the
browser fixtures starts neither the server nor Chromium.

Tests under tests/browser/ are marked ``browser`` automatically; deselect them
with ``-m "not browser"``.
"""

import functools
import http.server
import os
import pathlib
import sys
import threading

import pytest
from hypothesis import settings

# CI draws the same generated inputs on every run, so a red run is a change in
# the code, not a new draw. HYPOTHESIS_EXPLORE=1 draws fresh inputs (with
# FUZZ_EXAMPLES=10000 for the full-size fuzzing runs).
settings.register_profile("replay", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("explore" if os.environ.get("HYPOTHESIS_EXPLORE") else "replay")

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = pathlib.Path("/usr/bin/chromium")
# Debian's Chromium: `playwright install` cannot download a browser here. The
# flags stop Chromium's own background traffic (update checks, sync, ...),
# which this machine's closed network would refuse anyway.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BROWSER_DIR = pathlib.Path(__file__).resolve().parent / "browser"

# tools/*.py are scripts, not a package; their tests import them by module name.
sys.path.insert(0, str(ROOT / "tools"))
import pack  # noqa: E402
import static_texts  # noqa: E402


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER_DIR in item.path.parents:
            item.add_marker(pytest.mark.browser)
    # Browser tests last: Playwright's sync API leaves its event loop marked as
    # running in the main thread for the rest of the session, where
    # asyncio.run() (tests of game/ui/cooperative.py) would then refuse to start.
    items.sort(key=lambda item: BROWSER_DIR in item.path.parents)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(directory: pathlib.Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a static server for directory on a free loopback port, in a daemon thread."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}"


@pytest.fixture(scope="session")
def serve_directory():
    """Start a loopback static server for a folder; returns its URL. Stopped at session end."""
    servers = []

    def start(directory: pathlib.Path) -> str:
        server, url = serve(directory)
        servers.append(server)
        return url

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def base_url(serve_directory):
    """The URL of this checkout served over HTTP, as the page would be in production.

    game.zip and the page's texts for before Python runs are rebuilt first (each
    only written when it changed), so running pytest directly after editing game/
    or a translation tests the current code.
    """
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("static/vendor/ is missing: run `make vendor` (or `make test`)")
    pack.write_zip()
    static_texts.write()
    return serve_directory(ROOT)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    args = [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": args}
