"""The three engines the browser tests run in, and what differs in driving them.

Chromium and Firefox ESR are driven by Playwright (CDP and WebDriver BiDi), WebKitGTK
by Selenium (``page_driver.py``).  Playwright cannot download its own browsers here:
each engine is Debian's, installed by ``make browsers``; a missing one fails the tests
with the package's name, it never skips.

What Playwright over BiDi does not do in Firefox ESR 153, and the way round it used
here (measured: shared/notes/other-browsers.md):

- the context options ``reduced_motion`` and ``color_scheme`` are accepted and ignored:
  reduced motion is a Firefox preference instead (:data:`FIREFOX_PREFS`);
- the ``download`` event never fires: :func:`expect_download` reads the file the page
  saves from the page itself (the Blob behind the link it clicks);
- ``add_script_tag`` is refused by the page's CSP: :func:`inject_axe` evaluates
  axe-core's source (the CSP allows ``'unsafe-eval'``);
- a screenshot logs a CSP message about the style Playwright injects for it:
  :func:`page_errors` leaves exactly that message out;
- ``tap()`` sends no event: :func:`tap` clicks there.
"""

import base64
import contextlib
import json
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

CHROMIUM = pathlib.Path("/usr/bin/chromium")
FIREFOX = pathlib.Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = pathlib.Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = pathlib.Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = pathlib.Path("/usr/bin/Xvfb")

# program -> the Debian package that provides it (the Makefile's BROWSER_PACKAGES)
PACKAGES = {
    "chromium": [(CHROMIUM, "chromium")],
    "firefox": [(FIREFOX, "firefox-esr")],
    "webkit": [(WEBKIT_DRIVER, "webkit2gtk-driver"), (MINIBROWSER, "webkit2gtk-driver"),
               (XVFB, "xvfb")],
}

# The flags stop Chromium's own background traffic (update checks, sync, ...),
# which this machine's closed network would refuse anyway.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # live play (tests/browser/test_friend_live.py): WebRTC may gather 127.0.0.1 as a host candidate.
    # Inside tools/netns.py's namespace loopback is the only interface; without this flag Chromium
    # offers no candidate at all there (measured, Chromium 156, 2026-11-29). It changes nothing else.
    "--allow-loopback-in-peer-connection",
]
# Firefox ignores Playwright's reduced_motion over BiDi; the tests that ask for it
# get it from this preference (the others set the app's own `animate: false`).
FIREFOX_PREFS = {"ui.prefersReducedMotion": 1}

# Firefox logs this for every Playwright screenshot: the page's CSP blocks the
# style Playwright injects to take it. It is the tool's, not the app's.
SCREENSHOT_CSP = "settings blocked an inline style (style-src-elem)"   # "The page’s settings …"


def require(engine):
    """Fail (never skip) when a program of ``engine`` is missing, naming its package."""
    for program, package in PACKAGES[engine]:
        if not program.exists():
            pytest.fail(f"{program} is missing: install the Debian package {package} "
                        "(`make browsers` does; `make test` runs it)", pytrace=False)


#: The tests' Chromium compiles the runtime's WebAssembly with V8's baseline compiler only
#: (Liftoff), never tiering hot functions up to TurboFan; the tests' Firefox keeps to its
#: baseline compiler too (no Ion for WebAssembly). What a test checks does not depend on the
#: tier that compiled the interpreter, and the suite starts some two hundred pages, mostly to
#: click a few times. Measured 2026-11-29, on a loaded machine, alternated: a page started
#: from a fresh profile took 6.3 CPU seconds in Chromium to be ready and play four seconds
#: (against 9.2 with tier-up; medians of 4 and 8 starts), 7.4 in Firefox (against 8.3);
#: test_theme and test_board_image took 104 and 83 s in Chromium (128 and 117 s with
#: tier-up), 51 and 65 s in Firefox (55 and 71 s). The cost: Python runs slower where a
#: test plays long, e.g. a whole game against the computer in Chromium, 78 s against 63 s.
#: Players' browsers tier up as usual, and so do tools/bench_startup.py and tools/shots_predrawn.py
#: (:func:`launch_args`, and page_driver.WebKitPage without ``env``);
#: ``WASM_TIER_UP=1`` runs the tests with it too.
CHROMIUM_TEST_ARGS = ["--js-flags=--liftoff-only"]
FIREFOX_TEST_PREFS = {"javascript.options.wasm_optimizingjit": False}


#: WebKitGTK's WebAssembly without its optimizing tier (OMG), for the same reason: the four
#: upright-board tests in WebKitGTK took 53 s instead of 90 s (2026-11-29, loaded machine, one
#: run each, back to back). The environment reaches MiniBrowser's web process through the driver.
WEBKIT_TEST_ENV = {"JSC_useOMGJIT": "0"}


def _tiers_up():
    """``WASM_TIER_UP=1``: the tests' engines as players run them."""
    return bool(os.environ.get("WASM_TIER_UP"))


def webkit_test_env():
    """:data:`WEBKIT_TEST_ENV`, or nothing with ``WASM_TIER_UP=1``."""
    return {} if _tiers_up() else dict(WEBKIT_TEST_ENV)


def launch_args_for_tests(engine):
    """:func:`launch_args` with what spares the tests' CPU (:data:`CHROMIUM_TEST_ARGS`,
    :data:`FIREFOX_TEST_PREFS`)."""
    options = launch_args(engine)
    if engine == "chromium" and not _tiers_up():
        options["args"] = [*options["args"], *CHROMIUM_TEST_ARGS]
    if engine == "firefox" and not _tiers_up():
        options["firefox_user_prefs"] = {**options["firefox_user_prefs"], **FIREFOX_TEST_PREFS}
    return options


def launch_args(engine):
    """Playwright's launch options for ``engine`` ("chromium" or "firefox"), as players run it."""
    require(engine)
    if engine == "chromium":
        return {"executable_path": str(CHROMIUM), "args": list(CHROMIUM_ARGS)}
    if engine == "firefox":
        return {"channel": "moz-firefox", "executable_path": str(FIREFOX),
                "firefox_user_prefs": dict(FIREFOX_PREFS)}
    raise ValueError(f"Playwright does not drive {engine!r} here")


def engine_of(page):
    """"chromium" or "firefox": the engine a Playwright page runs in."""
    return page.context.browser.browser_type.name


def is_tool_noise(text):
    return SCREENSHOT_CSP in text


def page_errors(errors):
    """``errors`` less the messages the test tools cause (the screenshot's CSP message)."""
    return [e for e in errors if not is_tool_noise(e)]


def tap(locator, **kw):
    """A tap where the engine has touch events in Playwright (Chromium); a click elsewhere."""
    if engine_of(locator.page) == "chromium":
        locator.tap(**kw)
    else:
        locator.click(**kw)


def inject_axe(page):
    """Put axe-core in the page: evaluated, as the page's CSP refuses an added script tag
    in Firefox (and in any context that does not bypass the CSP)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (make vendor does)")
    page.evaluate("(src) => { (0, eval)(src); }", AXE.read_text(encoding="utf-8"))


# Every link the page clicks to save a file records the file (name and text) in
# window.__saved before the browser saves it (the Blob itself: WebKit refuses to
# fetch a blob: URL the page has handed to a download). Guarded: Firefox also runs init
# scripts in the first empty document.
RECORD_SAVES = """(() => {
  if (!location.protocol.startsWith('http') || window.__saved) return;
  window.__saved = [];
  const blobs = new Map();
  const create = URL.createObjectURL;
  URL.createObjectURL = function (blob) {
    const url = create.call(URL, blob);
    blobs.set(url, blob);
    return url;
  };
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    const blob = this.download && blobs.get(this.href);
    if (blob) {
      const name = this.download;
      window.__saved.push(blob.arrayBuffer().then(buffer => {
        const bytes = new Uint8Array(buffer);
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) {
          binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
        }
        return {name, text: new TextDecoder().decode(bytes), base64: btoa(binary)};
      }));
    }
    return click.call(this);
  };
})();"""


class Saved:
    """What :func:`expect_download` yields: the file's name, text and bytes (``data``), once
    the block is over."""

    name = None
    text = None
    data = None


@contextlib.contextmanager
def expect_download(page):
    """Like Playwright's ``page.expect_download()``, in every engine.

    Chromium: the browser's own download (its suggested name and the saved file).
    Firefox (no ``download`` event over BiDi): the file the page hands the browser,
    read from the page (:data:`RECORD_SAVES`, installed before the page's first load
    by :func:`record_saves`).
    """
    saved = Saved()
    if engine_of(page) == "chromium":
        with page.expect_download() as info:
            yield saved
        saved.name = info.value.suggested_filename
        saved.data = pathlib.Path(info.value.path()).read_bytes()
        saved.text = saved.data.decode("utf-8", errors="replace")
        return
    before = page.evaluate("window.__saved ? window.__saved.length : -1")
    assert before >= 0, "record_saves(page) must be called before the page loads"
    yield saved
    page.wait_for_function(f"window.__saved.length > {before}")
    found = page.evaluate(f"Promise.all(window.__saved.slice({before}))")
    saved.name, saved.text = found[0]["name"], found[0]["text"]
    saved.data = base64.b64decode(found[0]["base64"])


def record_saves(page):
    """Install the recorder :func:`expect_download` reads in engines without the event."""
    if engine_of(page) != "chromium":
        page.add_init_script(RECORD_SAVES)


def guarded(script):
    """An init script run only in the page's own documents (Firefox also runs init
    scripts in the first empty document, where localStorage throws SecurityError)."""
    return f"if (location.protocol.startsWith('http')) {{ {script} }}"


def prefs_json(prefs):
    return json.dumps(json.dumps({"schema": 1, "kind": "prefs", "data": prefs}))
