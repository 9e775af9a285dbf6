"""Time the bot in the browser (Pyodide in headless Chromium) and in CPython, side by side.

Part 1, think time: the same positions (sampled once, in CPython, from
seeded self-play; ``game.bot.timing.sample_positions``) are timed first in
this CPython process, then in Pyodide in a headless Chromium page that loads
the vendored Pyodide (static/vendor/pyodide) and the game package
(static/vendor/game.zip, rebuilt first by tools/pack.py).  Per level:
``Bot.choose_move`` and the cube decision (``Bot.cube_action``, money,
centred cube) in CPU time, so that other jobs on a shared machine do not
inflate them: CPython's process CPU time, and in Chromium the CPU time of
the page's main thread (the DevTools ``Performance.getMetrics`` ThreadTime,
read before and after each call, less the cost of an empty call).  Then the
longest stretch between two yields of the step-by-step ``Bot.think_move``
(what holds the page's main thread when the app lets the bot think in
slices), in wall-clock time (``time.perf_counter``), the shortest of
``--repeat`` runs per case.  ``--wall`` times everything in wall-clock time.
Median / p95 / max per level.

Part 2, the app: for each level the real page (``/?mode=watch&level=...``,
the computer against itself, "fast computer" on) runs for ``--app-seconds``;
a PerformanceObserver records the main thread's long tasks (over 50 ms), a
requestAnimationFrame loop the longest gap between two frames (both wall
clock), and a Chromium trace the CPU time of each task of the page's main
thread (its "tdur"), which the load of a shared machine does not inflate.
"first 3 s" is the longest task in the first 3 s after the page is ready
(the first use of the bot, which loads the nets, usually falls there),
"later" the longest after that.

Chromium runs wasm with a baseline compiler first and optimises it in the
background, so Pyodide plays the master bot for ``--warm-up`` seconds before
the timing (the app's first moves after a load are slower than these figures).

Usage: python3 tools/bot/bench_browser.py [--positions 200] [--level expert master ...]
                                          [--wall] [--repeat 1] [--warm-up 10] [--app-seconds 30] [--no-app] [--root DIR]

``--engine chromium firefox webkit`` times the think time in each engine instead, side by
side in one run: the same positions, Pyodide loaded in a page of each engine (Chromium
and Firefox ESR through Playwright, WebKitGTK through Selenium under Xvfb, the
drivers of the browser tests: tests/browser/page_driver.py), warmed up for
``--warm-up`` seconds, then ``Bot.choose_move`` per level in wall-clock time (no
engine but Chromium gives a page's CPU time), median / p95 and each engine's median
as a ratio to Chromium's.  Parts 1 and 2 above are not run then.  Firefox and WebKit
give pages a clock rounded to the millisecond (measured: every figure a whole ms), so
the ratios of levels that think a few ms are within that rounding; the master's are not.

``--root`` serves another checkout (for instance main before a change) for
part 2.  Needs /usr/bin/chromium, Python playwright and ``make vendor``.
"""

import argparse
import functools
import http.server
import json
import os
import pathlib
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "tools"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import pack  # noqa: E402
from game.bot import LEVELS  # noqa: E402
from game.bot.timing import cases_to_data, measure, sample_positions, summary  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
# as in tests/conftest.py: no background traffic from Chromium itself
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
BENCH_PAGE = "/__bench__.html"

LOAD_PYODIDE = """async () => {
  const t0 = performance.now();
  const {loadPyodide} = await import('/static/vendor/pyodide/pyodide.mjs');
  const py = await loadPyodide({indexURL: '/static/vendor/pyodide/'});
  const zip = await (await fetch('/static/vendor/game.zip')).arrayBuffer();
  py.unpackArchive(zip, 'zip');
  const later = await fetch('/static/vendor/game-later.zip');   // the bot and the rest (tools/pack.py)
  if (later.ok) py.unpackArchive(await later.arrayBuffer(), 'zip');
  py.runPython("import sys, os; sys.path.insert(0, os.getcwd())");
  window.benchPy = py;
  const loaded = performance.now() - t0;
  const t1 = performance.now();
  py.runPython("from game import Position; from game.bot import Bot; Bot().evaluate(Position.start())");
  return [loaded, performance.now() - t1, py.runPython("import sys; sys.version.split()[0]")];
}"""

# the first use of the bot in a fresh interpreter: import, read the weights, build the tables
FIRST_USE = ("import time; t0 = time.perf_counter(); from game import Position; from game.bot import Bot; "
             "Bot().evaluate(Position.start()); print(1000 * (time.perf_counter() - t0))")

# Chromium first runs wasm with its baseline compiler and optimises it in the background:
# the first seconds of Python are slower.  Play the bot for a while before timing.
WARM_UP = """(seconds) => window.benchPy.runPython(`
import time
from game.bot import Bot
from game.bot.timing import sample_positions
_end = time.perf_counter() + ${seconds}
_n = 0
_bot = Bot(level="master")
while time.perf_counter() < _end:
    for _position, _dice in sample_positions(20, seed=99):
        _bot.choose_move(_position, _dice)
        _n += 1
        if time.perf_counter() >= _end:
            break
_n
`)"""

RUN_LEVEL = """(input) => {
  const py = window.benchPy;
  py.globals.set('BENCH_INPUT', input);
  return py.runPython(`
import json
from game.bot.timing import cases_from_data, measure
_args = json.loads(BENCH_INPUT)
json.dumps(measure(_args["levels"], cases_from_data(_args["cases"]), repeat=_args["repeat"],
                   kinds=_args["kinds"]))
`);
}"""

# one call at a time, for CPU-time readings around each
SETUP_CALLS = """(input) => {
  const py = window.benchPy;
  py.globals.set('BENCH_INPUT', input);
  py.runPython(`
import json
from game.bot import Bot, CubeContext
from game.bot.timing import cases_from_data
BENCH_CASES = cases_from_data(json.loads(BENCH_INPUT))
_bench_bots = {}
def bench_one(level, kind, i):
    if kind == "none":
        return
    bot = _bench_bots.get((level, kind))
    if bot is None:
        bot = _bench_bots[(level, kind)] = Bot(level=level, seed=1)
    position, dice = BENCH_CASES[i]
    if kind == "move":
        bot.choose_move(position, dice)
    else:
        bot.cube_action(position, CubeContext())
`);
  window.benchOne = py.globals.get('bench_one');
}"""
ONE_CALL = "([level, kind, i]) => { window.benchOne(level, kind, i); }"

# installed before the app's own scripts: long tasks and frame gaps, with their times
WATCH_MAIN_THREAD = """
window.benchLong = [];
window.benchGaps = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.benchLong.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) { window.benchLong = null; }
(function frame(last) {
  requestAnimationFrame((t) => { if (last) window.benchGaps.push([t, t - last]); frame(t); });
})(0);
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(directory):
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}"


def thread_time(cdp):
    """CPU seconds of the page's main thread so far (DevTools Performance metrics)."""
    for metric in cdp.send("Performance.getMetrics")["metrics"]:
        if metric["name"] == "ThreadTime":
            return metric["value"]
    raise SystemExit("this Chromium reports no ThreadTime metric: use --wall")


def cpu_times(page, cdp, level, kind, count, overhead=0.0):
    """Main-thread CPU seconds of each call of ``bench_one(level, kind, i)``."""
    out = []
    for i in range(count):
        t0 = thread_time(cdp)
        page.evaluate(ONE_CALL, [level, kind, i])
        out.append(max(0.0, thread_time(cdp) - t0 - overhead))
    return out


def fmt(seconds):
    median, p95 = summary(seconds)
    return f"{median:7.1f} {p95:7.1f} {1000 * max(seconds):7.1f}"


def print_side_by_side(title, key, levels, cpython, pyodide):
    print(f"\n{title} (ms; {len(cpython[levels[0]][key])} positions)")
    print(f"{'level':>12} | {'CPython median    p95     max':>30} | {'Pyodide median    p95     max':>30} | ratio")
    for level in levels:
        a, b = cpython[level][key], pyodide[level][key]
        ratio = summary(b)[0] / summary(a)[0] if summary(a)[0] else float("nan")
        print(f"{level:>12} | {fmt(a):>30} | {fmt(b):>30} | {ratio:5.2f}")


#: the text of the match on the board in localStorage (game/app/keep/storage.py: the root names its key)
CURRENT_MATCH = """() => {
  try {
    return localStorage.getItem(JSON.parse(localStorage.getItem("backgammon.root")).data.current);
  } catch (error) {
    return null;
  }
}"""


def match_events(saved):
    """The events of the match the app keeps in localStorage (the key ``backgammon.root`` names)."""
    if not saved:
        return []
    return json.loads(saved)["data"]["match"].get("events", [])


def main_thread_tasks(trace):
    """``[(start s, wall ms, CPU ms)]`` of the tasks run on the renderers' main threads, from a
    Chromium trace; start in seconds from the first of them."""
    events = json.loads(trace)
    events = events.get("traceEvents", events) if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name"
            and e.get("args", {}).get("name") == "CrRendererMain"}
    tasks = [(e["ts"], e.get("dur", 0) / 1000, e.get("tdur", 0) / 1000) for e in events
             if e.get("ph") == "X" and e.get("name") in ("ThreadControllerImpl::RunTask", "RunTask")
             and (e["pid"], e["tid"]) in main]
    first = min((ts for ts, _, _ in tasks), default=0)
    return [((ts - first) / 1e6, wall, cpu) for ts, wall, cpu in tasks]


def app_run(browser, base, level, seconds):
    """Watch the computer play itself at ``level`` in the app; the main thread's figures."""
    # no service worker: each run loads the served checkout as it is
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    prefs = json.dumps({"schema": 1, "kind": "prefs", "data": {"fast_bot": True}})
    context.add_init_script(f"localStorage.setItem('backgammon.prefs', {json.dumps(prefs)});")
    context.add_init_script(WATCH_MAIN_THREAD)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/?mode=watch&length=25&seed=bench-{level}&level={level}")
    page.wait_for_selector('body[data-ready="true"], .py-error', state="attached", timeout=120_000)
    ready = page.evaluate("performance.now()")
    renders0 = int(page.evaluate("document.body.dataset.renders || '0'"))
    saved0 = page.evaluate(CURRENT_MATCH)
    moves0 = sum(e.get("type") == "move" for e in match_events(saved0))
    browser.start_tracing(page=page, categories=["toplevel"])
    page.wait_for_timeout(seconds * 1000)
    tasks = main_thread_tasks(browser.stop_tracing())
    longs, gaps, renders, saved = page.evaluate(
        "[window.benchLong, window.benchGaps, document.body.dataset.renders,"
        f" ({CURRENT_MATCH})()]")
    context.close()
    events = match_events(saved)
    moves = sum(e.get("type") == "move" for e in events) - moves0
    if longs is None:
        raise SystemExit("this Chromium has no longtask PerformanceObserver")
    after = [d for t, d in longs if t >= ready]
    first = [d for t, d in longs if ready <= t < ready + 3000]
    gaps_after = [g for t, g in gaps if t >= ready]
    return {
        "tasks": len(after), "longest": max(after, default=0.0), "over_100": sum(d > 100 for d in after),
        "longest_first_3s": max(first, default=0.0),
        "longest_later": max((d for t, d in longs if t >= ready + 3000), default=0.0),
        "frame_gap": max(gaps_after, default=0.0), "frames": len(gaps_after),
        "renders": int(renders or 0) - renders0, "errors": errors, "moves": moves,
        "cpu_first_3s": max((cpu for t, _, cpu in tasks if t < 3), default=0.0),
        "cpu_later": max((cpu for t, _, cpu in tasks if t >= 3), default=0.0),
        "cpu_over_50": sum(cpu > 50 for _, _, cpu in tasks),
    }


ENGINES = ("chromium", "firefox", "webkit")


def engines_side_by_side(args):
    """Think time per level in each engine, wall clock, one run; ratios to Chromium."""
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    import page_driver  # the browser tests' drivers, one per engine

    names = ["chromium"] + [e for e in args.engine if e != "chromium"]
    print(f"bench_browser --engine: {args.positions} positions, levels {', '.join(args.level)}, "
          f"engines {', '.join(names)}; wall clock, shortest of {args.repeat}; "
          f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs", flush=True)
    pack.write_zip()
    server, base = serve(ROOT)
    data = cases_to_data(sample_positions(args.positions))
    medians = {}
    display = playwright = None
    try:
        from playwright.sync_api import sync_playwright
        import engines as launch
        playwright = sync_playwright().start()
        for name in names:
            if name == "webkit":
                display = display or page_driver.Display()
                page = page_driver.WebKitPage(display)
            else:
                browser = getattr(playwright, name).launch(**launch.launch_args(name))
                page = page_driver.PlaywrightPage(browser)
            try:
                page.goto(f"{base}{BENCH_PAGE}")          # the server's 404 page: a bare document
                load_ms, first_ms, version = page.evaluate(f"({LOAD_PYODIDE})()")
                warm = page.evaluate(f"({WARM_UP})(arg)", args.warm_up)
                print(f"{name}: Pyodide (Python {version}) with the game in {load_ms:.0f} ms, "
                      f"first use of the bot {first_ms:.0f} ms, warmed up with {warm} master moves",
                      flush=True)
                for level in args.level:
                    request = {"levels": [level], "cases": data, "repeat": args.repeat, "kinds": ["move"]}
                    result = json.loads(page.evaluate(f"({RUN_LEVEL})(arg)", json.dumps(request)))
                    median, p95 = summary(result[level]["move"])
                    medians[name, level] = median
                    ratio = median / medians["chromium", level]
                    print(f"  {level:<13} choose_move median {median:8.1f} ms  p95 {p95:8.1f} ms  "
                          f"{ratio:5.2f}x Chromium", flush=True)
            finally:
                page.close()
                if name != "webkit":
                    browser.close()
    finally:
        if playwright is not None:
            playwright.stop()
        if display is not None:
            display.stop()
        server.shutdown()
    print("median think time as a ratio to Chromium (same run):")
    for level in args.level:
        print(f"  {level:<13}" + "".join(f"  {name} {medians[name, level] / medians['chromium', level]:.2f}x"
                                          for name in names))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--level", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument("--app-seconds", type=float, default=30.0)
    parser.add_argument("--repeat", type=int, default=1,
                        help="wall-clock timings: time each case this many times and keep the shortest")
    parser.add_argument("--wall", action="store_true",
                        help="time choose_move and cube_action in wall-clock time, not CPU time")
    parser.add_argument("--warm-up", type=float, default=10.0,
                        help="seconds of bot play in Pyodide before timing (wasm tier-up)")
    parser.add_argument("--no-app", action="store_true", help="skip part 2 (the app page)")
    parser.add_argument("--no-bench", action="store_true", help="skip part 1 (think times)")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT, help="the checkout to serve for part 2")
    parser.add_argument("--engine", nargs="+", choices=ENGINES,
                        help="think times in these engines, side by side (Chromium always first)")
    args = parser.parse_args(argv)
    if args.engine:
        return engines_side_by_side(args)

    from playwright.sync_api import sync_playwright

    levels = args.level
    print(f"bench_browser: {args.positions} positions, levels {', '.join(levels)}; "
          f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs", flush=True)
    pack.write_zip()
    server, base = serve(ROOT)
    app_server, app_base = serve(args.root) if args.root.resolve() != ROOT else (None, base)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version}", flush=True)
            if not args.no_bench:
                cases = sample_positions(args.positions)
                data = cases_to_data(cases)
                t0 = time.perf_counter()
                if args.wall:
                    cpython = measure(levels, cases, repeat=args.repeat)
                else:
                    cpython = measure(levels, cases, clock=time.process_time, kinds=("move", "cube"))
                    pieces = measure(levels, cases, repeat=args.repeat, kinds=("piece",))
                    for level in levels:
                        cpython[level].update(pieces[level])
                print(f"CPython {sys.version.split()[0]}: timed in {time.perf_counter() - t0:.1f} s", flush=True)
                page = browser.new_page()
                page.route(f"{base}{BENCH_PAGE}", lambda route: route.fulfill(
                    content_type="text/html", body="<!doctype html><meta charset=utf-8><title>bench</title>"))
                page.goto(f"{base}{BENCH_PAGE}")
                load_ms, first_ms, version = page.evaluate(LOAD_PYODIDE)
                print(f"Pyodide (Python {version}) loaded with the game in {load_ms:.0f} ms", flush=True)
                cpython_first = float(subprocess.run([sys.executable, "-c", FIRST_USE], cwd=ROOT, check=True,
                                                     capture_output=True, text=True).stdout)
                print(f"First use of the bot (import, weights, tables; one task): "
                      f"CPython {cpython_first:.0f} ms, Pyodide {first_ms:.0f} ms", flush=True)
                t0 = time.perf_counter()
                warm = page.evaluate(WARM_UP, args.warm_up)
                print(f"Pyodide: warmed up with {warm} master moves in {time.perf_counter() - t0:.1f} s", flush=True)
                pyodide = {}
                kinds = ["move", "cube", "piece"] if args.wall else ["piece"]
                t0 = time.perf_counter()
                for level in levels:
                    request = {"levels": [level], "cases": data, "repeat": args.repeat, "kinds": kinds}
                    result = page.evaluate(RUN_LEVEL, json.dumps(request))
                    pyodide.update(json.loads(result))
                if not args.wall:
                    cdp = page.context.new_cdp_session(page)
                    cdp.send("Performance.enable")
                    page.evaluate(SETUP_CALLS, json.dumps(data))
                    empty = cpu_times(page, cdp, "expert", "none", 50)
                    overhead = summary(empty)[0] / 1000
                    print(f"Pyodide: an empty call costs {1000 * overhead:.2f} ms of main-thread CPU "
                          f"(median of 50; taken off each reading)", flush=True)
                    for level in levels:
                        for kind in ("move", "cube"):
                            pyodide[level][kind] = cpu_times(page, cdp, level, kind, len(cases), overhead)
                print(f"Pyodide: timed in {time.perf_counter() - t0:.1f} s; load average now "
                      f"{os.getloadavg()[0]:.2f}", flush=True)
                page.close()
                clock = ("wall clock" if args.wall else "CPU time") + (
                    f", shortest of {args.repeat}" if args.wall and args.repeat > 1 else "")
                print_side_by_side(f"Bot.choose_move, {clock}", "move", levels, cpython, pyodide)
                print_side_by_side(f"Bot.cube_action (money, centred cube), {clock}", "cube", levels, cpython,
                                   pyodide)
                print_side_by_side(f"Longest stretch between two yields of Bot.think_move, wall clock, shortest "
                                   f"of {args.repeat}", "piece", levels, cpython, pyodide)
            if not args.no_app:
                print(f"\nThe app ({app_base}, {args.root}): the computer against itself, fast computer on, "
                      f"{args.app_seconds:.0f} s per level after the page is ready")
                print(f"{'level':>12} | long tasks | longest ms | first 3 s | later | >100 ms | "
                      f"longest frame gap ms | moves | CPU: first 3 s | later | tasks over 50 ms")
                for level in levels:
                    r = app_run(browser, app_base, level, args.app_seconds)
                    print(f"{level:>12} | {r['tasks']:10d} | {r['longest']:10.0f} | {r['longest_first_3s']:9.0f} | "
                          f"{r['longest_later']:5.0f} | {r['over_100']:7d} | {r['frame_gap']:20.0f} | "
                          f"{r['moves']:5d} | {r['cpu_first_3s']:14.0f} | {r['cpu_later']:5.0f} | {r['cpu_over_50']:17d}" + (f"  ERRORS: {r['errors']}" if r["errors"] else ""), flush=True)
            browser.close()
    finally:
        server.shutdown()
        if app_server is not None:
            app_server.shutdown()


if __name__ == "__main__":
    main()
