"""A rollout in Pyodide (headless Chromium) and in CPython: the same piece, its speed and its numbers.

The same request (the opening 3-1, 8/5 6/5, at 0-ply) is played as one piece of
``--games`` games in this CPython process and in Pyodide in a page that loads the vendored
Pyodide and the game package (as tools/bot/bench_browser.py does), after ``--warm-up``
seconds of rollout games there (Chromium optimises wasm in the background). Prints games
per second in each (CPU time: this process's, and the page's main thread's from DevTools'
``Performance.getMetrics`` ThreadTime, so that other work on a shared machine does not inflate
them), their ratio, whether the two pieces are the same to the last bit (their JSON text
compared), and if not, how far apart the results are and whether the games were the same (the
same plies played).

    python3 tools/bot/bench_rollout_page.py [--games 36] [--truncate 10] [--warm-up 10]
"""

import argparse
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "tools", ROOT / "tools" / "bot"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import pack  # noqa: E402
from bench_browser import BENCH_PAGE, CHROMIUM, CHROMIUM_ARGS, LOAD_PYODIDE, serve  # noqa: E402
from game import Position  # noqa: E402
from bench_browser import thread_time  # noqa: E402
from game.bot.rollout import combine, request, rollout_piece  # noqa: E402

RUN = """(input) => {
  const py = window.benchPy;
  py.globals.set('BENCH_INPUT', input);
  return py.runPython(`
import json, time
from game.bot.rollout import rollout_piece
_a = json.loads(BENCH_INPUT)
_t = time.perf_counter()
_piece = rollout_piece(_a["request"], _a["first"], _a["count"])
json.dumps([time.perf_counter() - _t, _piece])
`);
}"""


def cases(truncate):
    start = Position.start()
    plays = [start.parse_move("8/5 6/5", (3, 1))]
    return [(f"truncated at {truncate}, luck taken off", request(start, (3, 1), plays, truncate=truncate, seed=5)),
            (f"truncated at {truncate}, luck left in", request(start, (3, 1), plays, truncate=truncate, seed=5,
                                                           reduce=False)),
            ("to the end, luck left in", request(start, (3, 1), plays, seed=5, reduce=False))]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=36)
    parser.add_argument("--truncate", type=int, default=10)
    parser.add_argument("--warm-up", type=float, default=10.0)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    pack.write_zip()
    server, base = serve(ROOT)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.route(f"{base}{BENCH_PAGE}", lambda route: route.fulfill(
                content_type="text/html", body="<!doctype html><meta charset=utf-8><title>bench</title>"))
            page.goto(f"{base}{BENCH_PAGE}")
            page.evaluate(LOAD_PYODIDE)
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable")
            warm = cases(args.truncate)[0][1]
            end = time.perf_counter() + args.warm_up
            first = 1000
            while time.perf_counter() < end:
                page.evaluate(RUN, json.dumps({"request": warm, "first": first, "count": 2}))
                first += 2
            print(f"Chromium {browser.version}; {args.games} games a case, one candidate", flush=True)
            for name, req in cases(args.truncate):
                t0 = time.process_time()
                here = rollout_piece(req, 0, args.games)
                cpython = time.process_time() - t0
                c0 = thread_time(cdp)
                _wall, there = json.loads(page.evaluate(RUN, json.dumps({"request": req, "first": 0,
                                                                         "count": args.games})))
                seconds = thread_time(cdp) - c0
                same = json.dumps(here, sort_keys=True) == json.dumps(there, sort_keys=True)
                a, b = combine([here])["candidates"][0], combine([there])["candidates"][0]
                apart = "" if same else (f" (equity apart by {abs(a['equity'] - b['equity']):.1e}, "
                                         f"the same plies played: {here['plies'] == there['plies']})")
                print(f"{name:36}: CPython {args.games / cpython:6.2f} games/s, Pyodide {args.games / seconds:6.2f} "
                      f"games/s (x{seconds / cpython:.2f}); the same to the last bit: {same}{apart}", flush=True)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
