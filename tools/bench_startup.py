"""Start-up benchmark: the app against a bare PyScript page, per engine, first visit and reload.

Serves the checkout on 127.0.0.1 (counting the bytes it sends) and opens two pages in
each engine (Chromium and Firefox ESR through Playwright, WebKitGTK through Selenium
under Xvfb: the tests' page drivers, tests/browser/page_driver.py), each time in a
fresh profile (a first visit), then reloads it (the files in the browser's cache, and
for the app, its service worker in charge):

- app:  index.html, the real page;
- bare: tools/bare/index.html, the same vendored runtime with a one-line script.

Every time is read from the page's own clock (``performance``, from the start of the
navigation):

- first board: when the board is on screen. The app puts its board in place before its
  first paint (static/js/boot-board.js marks ``backgammon:board``), so this is the first
  contentful paint where the engine reports one (Chromium, Firefox), else that mark; when
  the page had no board to show before Python (a saved match with no fitting copy of its
  last drawing), it is the playable time;
- playable: ``<body data-ready="true">`` (the mark ``backgammon:playable``); for the bare
  page, its script's mark, which is the bare runtime ready.

The transfer of a first visit is what the server sent for the requests the page made
before it was playable (its resource timing; not the service worker's precache nor the
later zips, which come after), split into the runtime
(static/vendor/pyodide/, static/vendor/pyscript/, and static/vendor/stdlib/: the app's
stdlib zip, the start's modules compiled) and the rest.

Runs alternate the order of the engines and of the two pages, so that all see the same
machine load; one discarded warm-up of each engine comes first. The medians, their ratios
to the bare page and the issue's targets (met, or missed by how much) are printed:

- first board <= 0.20x the bare page's ready time, first visit and reload;
- playable <= 1.00x the bare page's ready time, first visit and reload;
- first-visit transfer <= the bare page's runtime + 0.5 MB: the app's runtime (its stdlib
  zip is not Pyodide's: the start's modules only, compiled) and its own files together.

``--before DIR`` adds a third page, another build of the app served from DIR on its own
origin (for instance main's, exported with ``git archive`` and built with its own
``make vendor``, with one line appended to its main.py:
``from js import performance; performance.mark("backgammon:playable")``), timed in the
same interleaved runs: its first board is its playable time, as it draws nothing before.

Usage: python3 tools/bench_startup.py [--runs N] [--engine chromium firefox webkit] [--before DIR]
       (make bench-startup; needs `make vendor`)
"""

import argparse
import functools
import http.server
import pathlib
import statistics
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

PAGES = {"app": "/", "bare": "/tools/bare/"}
ENGINES = ("chromium", "firefox", "webkit")
TIMEOUT_S = 240
#: the runtime: Pyodide, PyScript, and the app's stdlib zip (the start's modules, compiled)
RUNTIME_PREFIXES = ("/static/vendor/pyodide/", "/static/vendor/pyscript/", "/static/vendor/stdlib/")
TARGETS = {"board": 0.20, "playable": 1.00}
TRANSFER_ALLOWANCE = 0.5e6
READY = ("document.body && document.body.dataset.ready === 'true' && !window.__old"
         " && performance.getEntriesByName('backgammon:playable').length > 0")
TIMES = """(() => {
  const mark = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : null; };
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const playable = mark('backgammon:playable');
  const early = [location.pathname].concat(performance.getEntriesByType('resource')
      .filter(e => e.startTime <= playable).map(e => new URL(e.name).pathname));
  return {board: mark('backgammon:board'), playable: playable,
          fcp: fcp ? fcp.startTime : null, drawing: document.body.dataset.drawing || null, early: early};
})()"""


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the checkout and adds what it sends to ``server.sent``: [(path, bytes)]."""

    def log_message(self, *args):
        pass

    def copyfile(self, source, outputfile):
        before = source.tell()
        super().copyfile(source, outputfile)
        self.server.sent.append((self.path.split("?")[0], source.tell() - before))


def serve(directory=ROOT):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(directory)))
    server.sent = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def wait_ready(driver):
    end = time.monotonic() + TIMEOUT_S
    while True:
        try:
            if driver.evaluate(READY):
                return
        except Exception as error:  # noqa: BLE001 - WebKit: the page changed under the call
            if "unload" not in str(error) and "frame" not in str(error).lower():
                raise
        if time.monotonic() > end:
            raise SystemExit(f"{driver.engine}: not playable after {TIMEOUT_S} s")
        time.sleep(0.05)


def first_board(times):
    if times["drawing"] == "none" or times["board"] is None:
        return times["playable"]
    return max(times["board"], times["fcp"] or 0)


def load(driver, url, server):
    """First visit and reload of ``url``: ({board, playable} x2, first visit's bytes)."""
    sent_from = len(server.sent)
    driver.goto(url)
    wait_ready(driver)
    first = driver.evaluate(TIMES)
    # what the page asked for before it was playable, as the server sent it (not the service
    # worker's precache, nor game-later.zip, both after)
    sent, log = [], list(server.sent[sent_from:])
    for path in first["early"]:
        found = next((i for i, (p, _) in enumerate(log) if p == path), None)
        if found is not None:
            sent.append(log.pop(found))
    time.sleep(1.0)   # the service worker's install starts now, as after a real first visit
    driver.evaluate("window.__old = true")
    if driver.engine == "webkit":
        driver.driver.refresh()
    else:
        driver.page.reload()
    wait_ready(driver)
    again = driver.evaluate(TIMES)
    runtime = sum(n for path, n in sent if path.startswith(RUNTIME_PREFIXES))
    own = sum(n for path, n in sent if not path.startswith(RUNTIME_PREFIXES))
    return ({"board": first_board(first), "playable": first["playable"]},
            {"board": first_board(again), "playable": again["playable"]},
            (runtime, own))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="measured loads of each page (default 5)")
    parser.add_argument("--engine", nargs="+", choices=ENGINES, default=list(ENGINES))
    parser.add_argument("--before", type=pathlib.Path, help="another build of the site, timed alongside")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    import engines
    import page_driver

    server, base = serve()
    sites = {name: (server, base + path) for name, path in PAGES.items()}
    if args.before:
        before_server, before_base = serve(args.before.resolve())
        sites["before"] = (before_server, before_base + "/")
    # results[engine][page][visit][what] -> [ms]; transfer[engine][page] -> [(runtime, own)]
    results = {e: {p: {v: {"board": [], "playable": []} for v in ("first", "reload")} for p in sites}
               for e in args.engine}
    transfer = {e: {p: [] for p in sites} for e in args.engine}
    display = None
    try:
        with sync_playwright() as playwright:
            browsers = {n: getattr(playwright, n).launch(**engines.launch_args(n))
                        for n in args.engine if n != "webkit"}
            if "webkit" in args.engine:
                display = page_driver.Display()
            print(f"{args.runs} runs of each engine and page, fresh profile each, interleaved; "
                  f"the page's own clock from the navigation", flush=True)
            for run in range(args.runs + 1):                       # run 0: warm-up
                order = args.engine if run % 2 == 0 else list(reversed(args.engine))
                for name in order:
                    pages = list(sites.items())
                    pages = pages[run % len(pages):] + pages[:run % len(pages)]     # each goes first in turn
                    for page, (page_server, url) in pages:
                        driver = (page_driver.WebKitPage(display) if name == "webkit"
                                  else page_driver.PlaywrightPage(browsers[name]))
                        try:
                            first, again, sent = load(driver, url, page_server)
                        finally:
                            driver.close()
                        if run:
                            for visit, times in (("first", first), ("reload", again)):
                                for what, value in times.items():
                                    results[name][page][visit][what].append(value)
                            transfer[name][page].append(sent)
                print(f"run {run}/{args.runs} done{' (warm-up)' if not run else ''}", flush=True)
            for browser in browsers.values():
                browser.close()
    finally:
        if display is not None:
            display.stop()
        for page_server, _ in {id(v[0]): v for v in sites.values()}.values():
            page_server.shutdown()
            page_server.server_close()
    report(results, transfer, args.runs)


def report(results, transfer, runs):
    med = statistics.median
    print(f"\nmedians of {runs} runs (ms from the navigation); ratios to the bare page's ready time\n")
    before = "before" in next(iter(results.values()))
    print("| engine | visit | app: first board | app: playable | bare: ready | board / bare | playable / bare |"
          + (" before: board = playable | before / bare |" if before else ""))
    print("|---|---|---:|---:|---:|---:|---:|" + ("---:|---:|" if before else ""))
    verdicts = []
    for engine, pages in results.items():
        for visit in ("first", "reload"):
            app, bare = pages["app"][visit], pages["bare"][visit]
            board, playable, ready = med(app["board"]), med(app["playable"]), med(bare["playable"])
            extra = ""
            if before:
                old = med(pages["before"][visit]["playable"])
                extra = f" {old:.0f} | {old / ready:.2f}x |"
            print(f"| {engine} | {visit} | {board:.0f} | {playable:.0f} | {ready:.0f} | "
                  f"{board / ready:.2f}x | {playable / ready:.2f}x |" + extra)
            for what, value in (("board", board), ("playable", playable)):
                target = TARGETS[what]
                ratio = value / ready
                verdicts.append(
                    f"{engine} {visit:6} {'first board' if what == 'board' else 'playable':11} "
                    f"{ratio:.2f}x (target <= {target:.2f}x): "
                    + ("met" if ratio <= target else
                       f"MISSED by {ratio - target:.2f}x ({value - target * ready:.0f} ms)"))
    print("\nruns (ms), app first board / app playable / bare ready" + (" / before playable:" if before else ":"))
    for engine, pages in results.items():
        for visit in ("first", "reload"):
            app, bare = pages["app"][visit], pages["bare"][visit]
            columns = [app["board"], app["playable"], bare["playable"]]
            if before:
                columns.append(pages["before"][visit]["playable"])
            print(f"  {engine} {visit}: " + " | ".join(" ".join(f"{v:.0f}" for v in values) for values in columns))
    print("\nfirst-visit transfer until playable (the server's bytes), medians:")
    for engine, pages in transfer.items():
        runtime = med([r for r, _ in pages["app"]])
        own = med([o for _, o in pages["app"]])
        bare_runtime = med([r for r, _ in pages["bare"]])
        if "before" in pages:
            print(f"  {engine} before: runtime {med([r for r, _ in pages['before']]) / 1e6:.2f} MB, "
                  f"own files {med([o for _, o in pages['before']]) / 1e6:.2f} MB")
        above = runtime + own - bare_runtime
        verdict = ("met" if above <= TRANSFER_ALLOWANCE else
                   f"MISSED by {(above - TRANSFER_ALLOWANCE) / 1e6:.2f} MB")
        print(f"  {engine}: the app {(runtime + own) / 1e6:.2f} MB (its runtime {runtime / 1e6:.2f} MB "
              f"+ its own files {own / 1e6:.2f} MB), the bare page's runtime {bare_runtime / 1e6:.2f} MB: "
              f"{above / 1e6:+.2f} MB (target <= +0.50 MB): {verdict}")
    print("\ntargets:")
    for line in verdicts:
        print("  " + line)


if __name__ == "__main__":
    main()
