"""The engine's pool of Web Workers, measured: the page's thread, the review's speed, memory, start-up.

Serves the checkout on 127.0.0.1 and opens the app in Chromium (Playwright, players'
flags: the engine tiers up) and, with ``--engine firefox``, Firefox ESR, each page in a
fresh browser so that its memory can be read apart. For each setting of the pool
(``?workers=N``; 0 is the page alone, as before the pool), side by side in the same run,
alternating the order:

- **the computer plays** (``?mode=watch``, the master level, fast computer) for
  ``--play-s`` seconds once the pool is ready (or the page playable);
- **a hint** (the master's) on a hot-seat match: the time from the click to the plays shown;
- **a review** of a finished match of the computer against itself (``--length`` points,
  3 by default; made in CPython, seeded): the time from the click to the last decision
  weighed, quick and (with ``--deep``) deep;
- **a rollout** (with ``--rollout-s S``): the hint's plays of a hot-seat match rolled out
  with the app's own settings (truncated at 10 plies, the luck taken off) until stopped,
  for S seconds once the first piece is in: the games a second, and the time 1,296
  games would take at that pace.

During each the page's own thread is watched three ways (an init script): long tasks
(PerformanceObserver ``longtask``, where the engine has it: Chromium), animation frames
(requestAnimationFrame: frames per second and the longest gap between two), and a timer
probe (a 10 ms setInterval: its worst lateness). Then, per setting:

- memory: the sum of the browser's processes' PSS (``/proc/<pid>/smaps_rollup``, Linux),
  after the review, and each worker's wasm heap (its buffer's byteLength, the worker says);
- start-up: first board and playable (the page's marks, as tools/bench_startup.py reads them)
  and, with workers, when the pool was ready.

Usage: python3 tools/bench_workers.py [--runs N] [--workers 0 1 2] [--engine chromium firefox]
       [--play-s S] [--deep] [--length 7] [--games 7] [--rollout-s S] [--phases play hint review]
       (needs `make vendor`)
"""

import argparse
import functools
import http.server
import json
import os
import pathlib
import statistics
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

TIMEOUT_MS = 600_000
FAST = {"fast_bot": True, "animate": False}
PROBE = """
window.backgammonJobs = [];
(() => {
  const probe = window.__probe = {long: [], frames: [], late: []};
  try {
    if (!(PerformanceObserver.supportedEntryTypes || []).includes("longtask")) throw new Error("no longtask");
    new PerformanceObserver((list) => { for (const e of list.getEntries()) probe.long.push([e.startTime, e.duration]); })
      .observe({type: "longtask", buffered: true});
    probe.longtasks = true;
  } catch (e) { probe.longtasks = false; }
  const frame = (t) => { probe.frames.push(performance.now()); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  let last = performance.now();
  setInterval(() => { const now = performance.now(); probe.late.push([now, now - last - 10]); last = now; }, 10);
})();
"""
WINDOW = """([from, to]) => {
  const p = window.__probe;
  const long = p.long.filter(([s, d]) => s >= from && s < to);
  const frames = p.frames.filter((t) => t >= from && t < to);
  let gap = 0;
  for (let i = 1; i < frames.length; i += 1) gap = Math.max(gap, frames[i] - frames[i - 1]);
  const late = p.late.filter(([t]) => t >= from && t < to).map(([, l]) => l);
  return {longtasks: p.longtasks ? long.length : null,
          long_ms: p.longtasks ? long.reduce((a, [, d]) => a + d, 0) : null,
          blocking_ms: p.longtasks ? long.reduce((a, [, d]) => a + Math.max(0, d - 50), 0) : null,
          longest_ms: p.longtasks ? long.reduce((a, [, d]) => Math.max(a, d), 0) : null,
          fps: frames.length / ((to - from) / 1000), frame_gap_ms: gap,
          timer_late_ms: late.length ? Math.max(...late) : null};
}"""
START = """(() => {
  const mark = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : null; };
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {board: fcp ? fcp.startTime : mark('backgammon:board'), playable: mark('backgammon:playable'),
          pool: mark('backgammon:pool-ready')};
})()"""
POOL_SETTLED = ("['ready', 'failed', 'off'].includes(document.documentElement.dataset.pool)"
                " && (document.documentElement.dataset.pool !== 'ready'"
                " || backgammonPool.info().ready === backgammonPool.size)")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def finished_items(length=3, games=0):
    """The localStorage texts of a finished match of the computer against itself, and its
    number of games: with ``games``, the first of the seeds ``bench-workers``,
    ``bench-workers-1``, ... whose match has that many games (at most 200 tried)."""
    for n in range(200):
        seed = "bench-workers" + (f"-{n}" if n else "")
        items, played = _finished_items(length, seed)
        if not games or played == games:
            print(f"the reviewed match: seed {seed}")
            return items, played
    raise SystemExit(f"no {length}-point match of {games} games in 200 seeds")


def _finished_items(length, seed):
    from game.app.controller import Controller
    from game.app.keep import storage

    store = storage.MemoryStore()
    app = Controller(store)
    app.boot(f"?mode=watch&length={length}&seed={seed}&level=intermediate")
    for _ in range(200000):
        if not app.bot_to_act():
            break
        app.bot_act()
    return {key: text for key, text in store.items.items() if key != storage.PREFS}, len(app.match.games)


def pids():
    return {int(name) for name in os.listdir("/proc") if name.isdigit()}


def pss_mb(processes):
    total = 0
    for pid in processes:
        try:
            for line in pathlib.Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


class Session:
    """One fresh browser of ``engine`` (its processes known, for their memory)."""

    def __init__(self, playwright, engine):
        from engines import launch_args

        before = pids()
        self.browser = getattr(playwright, engine).launch(**launch_args(engine))
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        self.context.add_init_script(PROBE)
        self.page = self.context.new_page()
        self.processes = pids() - before
        self.cdp = None
        if engine == "chromium":       # the page's main thread's own CPU time (ThreadTime)
            self.cdp = self.context.new_cdp_session(self.page)
            self.cdp.send("Performance.enable")

    def thread_s(self):
        """CPU seconds the page's main thread has used (Chromium), else None."""
        if self.cdp is None:
            return None
        metrics = {m["name"]: m["value"] for m in self.cdp.send("Performance.getMetrics")["metrics"]}
        return metrics.get("ThreadTime")

    def memory(self):
        self.processes |= {pid for pid in pids() - self.processes if _child_of(pid, self.processes)}
        return pss_mb(self.processes)

    def close(self):
        self.browser.close()


def _child_of(pid, parents):
    try:
        stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
        return int(stat.rsplit(")", 1)[1].split()[1]) in parents
    except (OSError, ValueError, IndexError):
        return False


def cpu_share(session, cpu_before, began_ms, ended_ms):
    """The page's main thread's CPU time over a window, in ms and as a share of it."""
    after = session.thread_s()
    if cpu_before is None or after is None:
        return {"thread_ms": None, "thread_share": None}
    spent = (after - cpu_before) * 1000
    return {"thread_ms": spent, "thread_share": spent / max(1.0, ended_ms - began_ms)}


def now(page):
    return page.evaluate("performance.now()")


def open_page(page, url, prefs, items=None):
    base = url.split("?")[0]
    page.goto(base + "__prefs__")
    page.evaluate("(t) => localStorage.setItem('backgammon.prefs', t)",
                  json.dumps({"schema": 1, "kind": "prefs", "data": prefs}))
    if items is not None:
        page.evaluate("(items) => { for (const [k, t] of Object.entries(items)) localStorage.setItem(k, t); }", items)
    page.goto(url)
    page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=TIMEOUT_MS)
    start = page.evaluate(START)
    page.wait_for_function(POOL_SETTLED, timeout=TIMEOUT_MS)
    return start


GAMES_DONE = "Number(document.getElementById('rollout-games')?.dataset.games || 0)"


def one_setting(playwright, engine, base, workers, items, play_s, deep, rollout_s=0.0,
                phases=("play", "hint", "review")):
    out = {"workers": workers}
    session = Session(playwright, engine)
    page = session.page
    try:
        # the computer plays
        out["start"] = open_page(page, f"{base}/?mode=watch&length=5&seed=bench-play&level=master&workers={workers}",
                                 FAST)
        out["start"]["pool"] = page.evaluate(START)["pool"]
        out["load"] = os.getloadavg()[0]
        if "play" in phases:
            began, cpu = now(page), session.thread_s()
            moves = page.evaluate("backgammonJobs.length")
            time.sleep(play_s)
            ended = now(page)
            out["play"] = page.evaluate(WINDOW, [began, ended]) | cpu_share(session, cpu, began, ended)
            out["play"]["jobs"] = page.evaluate("backgammonJobs.length") - moves
        # a hint, then (with rollout_s) its plays rolled out until stopped
        if "hint" in phases or rollout_s:
            open_page(page, f"{base}/?mode=hotseat&length=5&seed=bench-hint&workers={workers}", FAST)
            page.click("#roll")
            page.wait_for_selector("#hint:not([disabled])", timeout=TIMEOUT_MS)
            began, cpu = now(page), session.thread_s()
            page.click("#hint")
            page.wait_for_selector("#hint-panel [data-play]", timeout=TIMEOUT_MS)
            ended = now(page)
            out["hint"] = page.evaluate(WINDOW, [began, ended]) | {"ms": ended - began} | \
                cpu_share(session, cpu, began, ended)
        if rollout_s:
            page.click("#rollout-open")
            page.wait_for_selector("#rollout-stop:not([hidden])", timeout=TIMEOUT_MS)
            page.click("#rollout-stop")
            page.wait_for_selector("#rollout-start:not([hidden])", timeout=TIMEOUT_MS)
            page.select_option("select[data-rollout-setting=games]", "0")      # until stopped
            page.click("#rollout-start")
            page.wait_for_function(f"{GAMES_DONE} > 0", timeout=TIMEOUT_MS)   # the first piece is in
            began, cpu, first = now(page), session.thread_s(), page.evaluate(GAMES_DONE)
            time.sleep(rollout_s)
            ended, games = now(page), page.evaluate(GAMES_DONE)
            page.click("#rollout-stop")
            plays = page.evaluate("document.querySelectorAll('#rollout-rows tr[data-play]').length")
            rate = (games - first) / ((ended - began) / 1000)
            out["rollout"] = page.evaluate(WINDOW, [began, ended]) | cpu_share(session, cpu, began, ended) | {
                "plays": plays, "games_per_s": rate, "ms": 1296 / rate * 1000 if rate else None}
        # a review (and a deep one)
        if "review" in phases:
            open_page(page, f"{base}/?workers={workers}", FAST, items)
            for kind in ("quick", "deep") if deep else ("quick",):
                began, cpu = now(page), session.thread_s()
                page.click("#review-game" if kind == "quick" else "#review-deep")
                page.wait_for_function("document.getElementById('review-progress').textContent !== ''", timeout=TIMEOUT_MS)
                page.wait_for_function("document.getElementById('review-progress').textContent === ''", timeout=TIMEOUT_MS)
                ended = now(page)
                out[f"review_{kind}"] = page.evaluate(WINDOW, [began, ended]) | {"ms": ended - began} | \
                    cpu_share(session, cpu, began, ended)
        out["pss_mb"] = session.memory()
        info = page.evaluate("backgammonPool.info()")
        out["worker_heap_mb"] = [m / 2 ** 20 for m in info["memory"] if m]
        out["worker_start_ms"] = [m for m in info["startMs"] if m]
    finally:
        session.close()
    return out


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, digits=0):
    return "-" if value is None else f"{value:.{digits}f}"


def report(engine, results, settings):
    print(f"\n== {engine}: medians of {len(results[settings[0]])} run(s); workers = " +
          " / ".join(map(str, settings)))
    rows = [("first board (ms)", lambda r: r["start"]["board"], 0),
            ("playable (ms)", lambda r: r["start"]["playable"], 0),
            ("pool ready (ms from navigation)", lambda r: r["start"]["pool"], 0),
            ("one worker's start (ms, in the worker)", lambda r: min(r["worker_start_ms"], default=None), 0),
            ("worker wasm heap (MB, each)", lambda r: max(r["worker_heap_mb"], default=None), 1),
            ("browser PSS after the review (MB)", lambda r: r["pss_mb"], 0),
            ("machine load (1 min) at the start", lambda r: r["load"], 1)]
    for phase in ("play", "hint", "rollout", "review_quick", "review_deep"):
        if phase not in results[settings[0]][0]:
            continue
        if phase == "rollout":
            rows += [("rollout: plays rolled out", lambda r: r["rollout"]["plays"], 0),
                     ("rollout: games a second (each play)", lambda r: r["rollout"]["games_per_s"], 2),
                     ("rollout: 1,296 games at that pace (ms)", lambda r: r["rollout"]["ms"], 0)]
        elif phase != "play":
            rows.append((f"{phase}: time (ms)", lambda r, p=phase: r[p]["ms"], 0))
        else:
            rows.append(("play: jobs done", lambda r: r["play"]["jobs"], 0))
        rows += [(f"{phase}: main thread CPU (ms)", lambda r, p=phase: r[p]["thread_ms"], 0),
                 (f"{phase}: main thread busy (% of the time)",
                  lambda r, p=phase: None if r[p]["thread_share"] is None else 100 * r[p]["thread_share"], 0),
                 (f"{phase}: long tasks", lambda r, p=phase: r[p]["longtasks"], 0),
                 (f"{phase}: long-task ms", lambda r, p=phase: r[p]["long_ms"], 0),
                 (f"{phase}: blocking ms (>50 ms)", lambda r, p=phase: r[p]["blocking_ms"], 0),
                 (f"{phase}: longest task (ms)", lambda r, p=phase: r[p]["longest_ms"], 0),
                 (f"{phase}: frames/s", lambda r, p=phase: r[p]["fps"], 1),
                 (f"{phase}: longest frame gap (ms)", lambda r, p=phase: r[p]["frame_gap_ms"], 0),
                 (f"{phase}: worst timer lateness (ms)", lambda r, p=phase: r[p]["timer_late_ms"], 0)]
    width = max(len(name) for name, _, _ in rows)
    for name, get, digits in rows:
        cells = []
        for s in settings:
            try:
                cells.append(fmt(median(get(r) for r in results[s]), digits))
            except (KeyError, TypeError):
                cells.append("-")
        print(f"{name:<{width}}  " + "  ".join(f"{c:>9}" for c in cells))
    for kind in ("quick", "deep"):
        key = f"review_{kind}"
        if key in results[settings[0]][0] and 1 in results and 2 in results:
            one, two = median(r[key]["ms"] for r in results[1]), median(r[key]["ms"] for r in results[2])
            print(f"review ({kind}) speed-up, 2 workers against 1: {one / two:.2f}x")
    if "rollout" in results[settings[0]][0] and 1 in results and 2 in results:
        one, two = (median(r["rollout"]["games_per_s"] for r in results[w]) for w in (1, 2))
        print(f"rollout speed-up, 2 workers against 1: {two / one:.2f}x")
        if key in results[settings[0]][0] and 0 in results and 1 in results:
            alone, one = median(r[key]["ms"] for r in results[0]), median(r[key]["ms"] for r in results[1])
            print(f"review ({kind}), 1 worker against the page alone: {alone / one:.2f}x faster")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--workers", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--engine", nargs="+", default=["chromium"], choices=("chromium", "firefox"))
    parser.add_argument("--play-s", type=float, default=15.0)
    parser.add_argument("--deep", action="store_true", help="a deep review too (minutes on 2 cores)")
    parser.add_argument("--length", type=int, default=3, help="the reviewed match's length (points)")
    parser.add_argument("--games", type=int, default=0, help="the reviewed match has this many games")
    parser.add_argument("--rollout-s", type=float, default=0.0,
                        help="roll the hint's plays out for this long (seconds; 0: no rollout)")
    parser.add_argument("--phases", nargs="+", default=["play", "hint", "review"],
                        choices=("play", "hint", "review"))
    parser.add_argument("--start-only", type=int, metavar="N", default=0,
                        help="only the start-up: N first visits per setting, alternated")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    base = serve()
    items, games = finished_items(args.length, args.games)
    print(f"machine: {os.cpu_count()} cores; pool settings (workers): {args.workers}; "
          f"the reviewed match: {args.length} points, {games} games")
    with sync_playwright() as playwright:
        if args.start_only:
            for engine in args.engine:
                starts = {w: [] for w in args.workers}
                for run in range(args.start_only):
                    for workers in args.workers if run % 2 == 0 else list(reversed(args.workers)):
                        session = Session(playwright, engine)
                        try:
                            start = open_page(session.page, f"{base}/?mode=hotseat&length=5&seed=bench-start"
                                                            f"&workers={workers}", FAST)
                            start["pool"] = session.page.evaluate(START)["pool"]
                            starts[workers].append(start)
                        finally:
                            session.close()
                print(f"\n== {engine}: start-up, median of {args.start_only} first visits (ms from navigation)")
                for name in ("board", "playable", "pool"):
                    print(f"{name:<10}" + "".join(f"  workers={w}: {fmt(median(s[name] for s in starts[w])):>6}"
                                                  for w in args.workers))
            return
        for engine in args.engine:
            results = {w: [] for w in args.workers}
            for run in range(args.runs):
                order = args.workers if run % 2 == 0 else list(reversed(args.workers))
                for workers in order:
                    results[workers].append(one_setting(playwright, engine, base, workers, items,
                                                        args.play_s, args.deep, args.rollout_s, args.phases))
                    print(f"  {engine} run {run + 1}, workers={workers}: done", flush=True)
            report(engine, results, args.workers)


if __name__ == "__main__":
    main()
