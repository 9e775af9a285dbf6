"""Shared fixtures: the page served from this checkout, and Debian's browsers.

Every browser test runs in Chromium. The journeys of tests/browser/test_journeys.py
and tests/browser/test_upright_board.py run in every engine: Chromium, Firefox ESR
and WebKitGTK. Of the other browser tests, those of :data:`FIREFOX_MODULES` (the
page's layout on phones, the board's feel under the pointer, the board drawn as
an image, the themes, storage, offline, the security policy and the boot's
failures: where the engines differ) run in
Firefox ESR too; ``EVERY_ENGINE=1`` runs all of them in Firefox (about 10 more
minutes here). ``make test`` must stay well inside CI's 90 minutes on a 2-core
machine, and the Python code the page runs is the same in every engine.
pytest-playwright's ``--browser`` chooses the Playwright engines (``--browser
chromium`` narrows them). Ids name the engine: ``[chromium]``, ``[firefox]``,
``[webkit]``. tests/browser/engines.py says what differs in driving each.

Everything here is session-scoped and lazy: a test that asks for none of the
browser fixtures starts neither the server nor Chromium.

Tests under tests/browser/ are marked ``browser`` automatically; deselect them
with ``-m "not browser"``.
"""

import fcntl
import functools
import http.server
import os
import pathlib
import sys
import tempfile
import threading
import zlib

import pytest
from hypothesis import settings

# CI draws the same generated inputs on every run, so a red run is a change in
# the code, not a new draw. HYPOTHESIS_EXPLORE=1 draws fresh inputs (with
# FUZZ_EXAMPLES=10000 for the full-size fuzzing runs).
# No deadline: a Hypothesis example over 200 ms failed as "Unreliable test timings" on a
# loaded machine (tests/test_xgid.py, 341 ms, then 0.13 ms); timings live in benchmarks.
settings.register_profile("replay", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile("explore" if os.environ.get("HYPOTHESIS_EXPLORE") else "replay")

ROOT = pathlib.Path(__file__).resolve().parent.parent
BROWSER_DIR = pathlib.Path(__file__).resolve().parent / "browser"
# The engines Playwright drives when no --browser is given.
PLAYWRIGHT_ENGINES = ["chromium", "firefox"]
#: the browser test modules whose tests run in Firefox as well as Chromium (the journeys
#: run in every engine whatever this says); EVERY_ENGINE=1 runs every module in both
FIREFOX_MODULES = {"test_phone_layout", "test_board_feel", "test_storage", "test_offline",
                   "test_security", "test_boot_failure", "test_board_image", "test_theme"}

# tools/*.py are scripts, not a package; their tests import them by module name.
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(BROWSER_DIR))
import engines  # noqa: E402
import pack  # noqa: E402
import static_texts  # noqa: E402

# tools/bench_startup.py launches Chromium as the tests do
CHROMIUM, CHROMIUM_ARGS = engines.CHROMIUM, engines.CHROMIUM_ARGS


def pytest_configure(config):
    # pytest-playwright runs Chromium alone unless told; here both engines by default
    if hasattr(config.option, "browser") and not config.option.browser:
        config.option.browser = list(PLAYWRIGHT_ENGINES)


def pytest_runtest_setup(item):
    """``@pytest.mark.chromium_only("why")``: skipped in the other engines, with the reason."""
    marker = item.get_closest_marker("chromium_only")
    engine = getattr(item, "callspec", None) and item.callspec.params.get("browser_name")
    if marker and engine and engine != "chromium":
        pytest.skip(f"Chromium only: {marker.args[0]}")
    for marker in item.iter_markers("xfail_in"):
        if engine == marker.args[0]:
            item.add_marker(pytest.mark.xfail(strict=True, reason=marker.kwargs["reason"]))


def _firefox_left_out(item):
    """A Firefox run of a module outside :data:`FIREFOX_MODULES` (unless EVERY_ENGINE=1)."""
    engine = getattr(item, "callspec", None) and item.callspec.params.get("browser_name")
    return (engine == "firefox" and item.path.stem not in FIREFOX_MODULES
            and not os.environ.get("EVERY_ENGINE"))


def pytest_collection_modifyitems(config, items):
    left_out = {item for item in items if _firefox_left_out(item)}
    if left_out:
        config.hook.pytest_deselected(items=[item for item in items if item in left_out])
        items[:] = [item for item in items if item not in left_out]
    for item in items:
        if BROWSER_DIR in item.path.parents:
            item.add_marker(pytest.mark.browser)
        if _shares_a_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    # Browser tests last: Playwright's sync API leaves its event loop marked as
    # running in the main thread for the rest of the session, where
    # asyncio.run() (tests of game/ui/cooperative.py) would then refuse to start.
    # `make test` keeps this order in each of its two workers (--dist loadgroup
    # --no-loadscope-reorder); among the browser tests, the modules that share one page
    # come first, each as one unit of work, and the single tests after them even out the end.
    items.sort(key=lambda item: (BROWSER_DIR in item.path.parents,
                                 not _shares_a_module_fixture(item)))


def _shares_a_module_fixture(item):
    """Whether ``item`` uses a module-scoped fixture of its own module (a page booted once for
    the module, a trainer built once): pytest-xdist's loadgroup then keeps the module's tests
    in one worker (the ``xdist_group`` mark), so that the fixture is set up once, not once per
    worker. Python's stable sort keeps the collection's order inside each of the two kinds."""
    info = getattr(item, "_fixtureinfo", None)
    module = item.nodeid.split("::")[0]
    return bool(info) and any(
        definition.scope == "module" and definition.baseid == module
        for definitions in info.name2fixturedefs.values() for definition in definitions)


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
    # one writer at a time: `make test` runs two pytest workers (pytest-xdist), each with
    # its own session, and both may get here at once
    lock = pathlib.Path(tempfile.gettempdir()) / f"backgammon-tests-{zlib.crc32(bytes(ROOT))}.lock"
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        pack.write_zip()
        static_texts.write()
    return serve_directory(ROOT)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    """Debian's engine for ``browser_name``: a missing one fails, naming its package."""
    own = engines.launch_args(browser_name)
    args = [*browser_type_launch_args.get("args", []), *own.pop("args", [])]
    return {**browser_type_launch_args, **own, **({"args": args} if args else {})}


# --- the journeys in every engine (tests/browser/test_journeys.py) -------------------------------

def pytest_generate_tests(metafunc):
    """``engine``: the Playwright engines asked for (--browser; Chromium and Firefox by
    default) and WebKitGTK, always (driven by Selenium)."""
    if "engine" in metafunc.fixturenames:
        names = [*(metafunc.config.option.browser or PLAYWRIGHT_ENGINES), "webkit"]
        marker = metafunc.definition.get_closest_marker("engines")
        if marker:     # @pytest.mark.engines("firefox", "webkit"): the others check it elsewhere
            names = [name for name in names if name in marker.args]
        metafunc.parametrize("engine", names, scope="session")


@pytest.fixture(scope="session")
def playwright_browsers(playwright):
    """One browser per Playwright engine for the journeys, launched when first asked."""
    launched = {}

    def get(engine):
        if engine not in launched:
            launched[engine] = getattr(playwright, engine).launch(**engines.launch_args(engine))
        return launched[engine]

    yield get
    for browser in launched.values():
        browser.close()


@pytest.fixture(scope="session")
def xvfb():
    """The X display WebKitGTK's MiniBrowser draws on (it has no headless mode)."""
    import page_driver
    display = page_driver.Display()
    yield display
    display.stop()


@pytest.fixture
def open_page(engine, request):
    """``open_page(width, height, touch=False)``: a fresh page (own profile) in ``engine``,
    behind the page-driver interface of tests/browser/page_driver.py; closed after the test.
    ``touch``: a touch screen where the driver has one (Playwright's ``has_touch``)."""
    import page_driver
    opened = []

    def new(width=1280, height=800, touch=False):
        if engine == "webkit":
            driver = page_driver.WebKitPage(request.getfixturevalue("xvfb"), width, height)
        else:
            browser = request.getfixturevalue("playwright_browsers")(engine)
            driver = page_driver.PlaywrightPage(browser, width, height, touch=touch)
        opened.append(driver)
        return driver

    yield new
    for driver in opened:
        driver.close()
