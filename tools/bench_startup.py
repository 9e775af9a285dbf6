"""Start-up benchmark: navigation until <body data-ready="true">, app against bare PyScript.

Serves the checkout on 127.0.0.1, starts Debian's Chromium through Playwright
(the flags of the browser tests) and loads two pages in turn, each time in a
fresh browser context (empty cache, as a first visit):

- app:  index.html, the real page (main.py, game.zip, app.css);
- bare: tools/bare/index.html, the same vendored runtime with a one-line script.

The time is read inside the page: an init script records performance.now(),
which counts from the start of the navigation, when data-ready turns "true".
Runs alternate app, bare, bare, app, ... so both see the same machine load
and neither always goes first. One discarded
warm-up of each comes first (the browser process itself starting).

``--engine chromium firefox webkit`` compares engines instead, in one run: for each run
and each engine in turn, a fresh browser profile opens the app (first visit) and reloads
it (the files now in the browser's cache), each timed in wall clock from the navigation
to ``data-ready`` (polled every 50 ms; the reload waits in the driver, polled every 0.1 s;
through the tests' page drivers,
tests/browser/page_driver.py: Playwright for Chromium and Firefox ESR, Selenium for
WebKitGTK under Xvfb); medians and ratios to Chromium.

Usage: python3 tools/bench_startup.py [--runs N] [--engine chromium firefox webkit]
       (make bench-startup; needs `make vendor`)
"""

import argparse
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

from pack import ROOT, write_zip

sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402  (the tests' launch setup)

PAGES = {"app": "/", "bare": "/tools/bare/"}
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""
TIMEOUT_MS = 120_000


def load_once(browser, url: str) -> tuple[float, float]:
    """Load url in a fresh context; return (in-page ms, wall-clock ms) until ready."""
    context = browser.new_context()
    try:
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=10)
        wall = (time.perf_counter() - start) * 1000
        return page.evaluate("window.__readyAt"), wall
    finally:
        context.close()


ENGINES = ("chromium", "firefox", "webkit")


def ready_after(driver, action) -> float:
    """ms from ``action()`` (a navigation) until the page says it is ready."""
    start = time.perf_counter()
    action()
    while not driver.evaluate("document.body && document.body.dataset.ready === 'true'"
                              " && !window.__old"):
        if time.perf_counter() - start > TIMEOUT_MS / 1000:
            raise SystemExit(f"{driver.engine}: not ready after {TIMEOUT_MS / 1000:.0f} s")
        time.sleep(0.05)
    return (time.perf_counter() - start) * 1000


def compare_engines(names, runs) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    import engines
    import page_driver

    names = ["chromium"] + [n for n in names if n != "chromium"]
    write_zip()
    server, base = serve(ROOT)
    first = {n: [] for n in names}
    again = {n: [] for n in names}
    display = None
    try:
        with sync_playwright() as playwright:
            browsers = {n: getattr(playwright, n).launch(**engines.launch_args(n)) for n in names if n != "webkit"}
            if "webkit" in names:
                display = page_driver.Display()

            def fresh(name):
                if name == "webkit":
                    return page_driver.WebKitPage(display)
                return page_driver.PlaywrightPage(browsers[name])

            print(f"engines {', '.join(names)}: {runs} runs each, fresh profile per run, interleaved; "
                  f"wall clock to data-ready, polled every 50 ms")
            for run in range(runs + 1):                 # run 0: warm-up, discarded
                for name in names if run % 2 == 0 else reversed(names):
                    driver = fresh(name)
                    try:
                        visit = ready_after(driver, lambda: driver.goto(base + "/"))
                        driver.evaluate("window.__old = true")
                        reload = ready_after(driver, driver.reload)
                    finally:
                        driver.close()
                    if run:
                        first[name].append(visit)
                        again[name].append(reload)
            for browser in browsers.values():
                browser.close()
    finally:
        if display is not None:
            display.stop()
        server.shutdown()
        server.server_close()
    for label, table in (("first visit", first), ("reload", again)):
        base_median = statistics.median(table["chromium"])
        for name in names:
            median = statistics.median(table[name])
            runs_text = " ".join(f"{v:.0f}" for v in table[name])
            print(f"{label:11} {name:8} median {median:7.0f} ms  {median / base_median:5.2f}x Chromium"
                  f"   runs (ms): {runs_text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="measured loads of each page (default 5)")
    parser.add_argument("--engine", nargs="+", choices=ENGINES,
                        help="time to ready in these engines, side by side (Chromium always first)")
    args = parser.parse_args()
    if args.engine:
        return compare_engines(args.engine, args.runs)

    write_zip()
    server, base = serve(ROOT)
    times = {name: [] for name in PAGES}
    walls = {name: [] for name in PAGES}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version}, {args.runs} runs each, fresh context per run, interleaved")
            for path in PAGES.values():
                load_once(browser, base + path)  # warm-up, discarded
            for run in range(args.runs):
                order = list(PAGES.items())
                for name, path in order if run % 2 == 0 else reversed(order):
                    in_page, wall = load_once(browser, base + path)
                    times[name].append(in_page)
                    walls[name].append(wall)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, values in times.items():
        runs = " ".join(f"{v:.0f}" for v in values)
        print(
            f"{name:5} median {medians[name]:7.0f} ms   runs (ms): {runs}"
            f"   [wall-clock median {statistics.median(walls[name]):.0f} ms]"
        )
    print(f"ratio app/bare: {medians['app'] / medians['bare']:.2f}")


if __name__ == "__main__":
    main()
