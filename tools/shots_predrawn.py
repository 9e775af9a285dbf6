"""Screenshots of the board the page shows before Python, in the three engines.

Serves the checkout on 127.0.0.1 with the page's main.py held back (the server answers
it only when this tool ends), so that every shot shows what static/js/boot-board.js put
in place: the opening position drawn at build time (tools/predraw.py), inert, with the
progress line. Phone (375x667, the board upright) and desktop (1280x800), English and
French (``?lang=fr``, which every engine honours), in Chromium and Firefox ESR
(Playwright) and WebKitGTK (Selenium, under Xvfb).

Writes docs/img/startup/<engine>-<width>x<height>-<lang>.png.

Usage: python3 tools/shots_predrawn.py [--engine chromium firefox webkit]
"""

import argparse
import functools
import http.server
import pathlib
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

OUT = ROOT / "docs" / "img" / "startup"
SIZES = ((375, 667), (1280, 800))
LANGUAGES = ("en", "fr")
DRAWN = "document.body && document.body.classList.contains('drawn')"


class HoldingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the checkout; a request for main.py waits until the server stops."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.split("?")[0].endswith("/main.py"):
            self.server.stopping.wait(300)
            return
        super().do_GET()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", nargs="+", default=["chromium", "firefox", "webkit"])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    import engines
    import page_driver

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(HoldingHandler, directory=str(ROOT)))
    server.daemon_threads = True
    server.stopping = threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    OUT.mkdir(parents=True, exist_ok=True)
    display = None
    try:
        with sync_playwright() as playwright:
            for engine in args.engine:
                browser = None
                if engine == "webkit":
                    display = display or page_driver.Display()
                else:
                    browser = getattr(playwright, engine).launch(**engines.launch_args(engine))
                for width, height in SIZES:
                    for language in LANGUAGES:
                        driver = (page_driver.WebKitPage(display, width, height) if engine == "webkit"
                                  else page_driver.PlaywrightPage(browser, width, height))
                        try:
                            driver.goto(base + ("?lang=fr" if language == "fr" else ""))
                            driver.wait_for(DRAWN, timeout=60)
                            time.sleep(0.5)
                            state = driver.evaluate("[document.body.dataset.ready || null, "
                                                    "document.body.dataset.drawing, document.documentElement.lang]")
                            assert state == [None, "predrawn", language], state
                            path = OUT / f"{engine}-{width}x{height}-{language}.png"
                            driver.shot(path)
                            print(f"{path.relative_to(ROOT)}: {state}")
                        finally:
                            driver.close()
                if browser is not None:
                    browser.close()
    finally:
        if display is not None:
            display.stop()
        server.stopping.set()
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
