"""The click that opens a review, measured in Chromium: the page's longest task meanwhile.

Opening a review reads the match (replays and checks every event) and lists its
decisions before the first one is weighed. This benchmark serves one or more builds of
the app (``--roots``: checkouts after ``make vendor``; the first by default this one),
opens each on the same finished match (the computer against itself, made in CPython as
``tools/bench_workers.py`` makes it), clicks **Review this game**, and reads the Long
Tasks API (players' flags, as bench_workers):

- *click task*: the longest task that began within 250 ms of the click;
- *to weighing*: the time from the click until the panel says the analysis runs
  ("Analysing… N of M"), and the longest task in that span;
- *before*: the longest task from the later zips' arrival to the click, 1.5 s later (what
  the page does meanwhile: game/web/warm.py's imports ahead).

The roots are alternated run by run, in the same browser build, so that a noisy machine
weighs on each alike. Medians are printed per root.

Usage: python3 tools/bench_review_open.py [--roots DIR ...] [--runs 5] [--length 7] [--games 7]
       [--workers 2]
"""

import argparse
import functools
import http.server
import os
import pathlib
import statistics
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from bench_workers import FAST, Quiet, Session, finished_items, now, open_page  # noqa: E402

WAIT_MS = 120_000
SETTLE_MS = 1500
MARKS = "['backgammon:later', 'backgammon:stdlib-later']"
LATER_IN = f"{MARKS}.every((name) => performance.getEntriesByName(name).length > 0)"
LATER_AT = f"Math.max(...{MARKS}.map((name) => performance.getEntriesByName(name)[0].startTime))"
WEIGHING = "document.getElementById('review-progress').textContent.startsWith('Analysing')"
LONGEST = """([from, to]) => window.__probe.long.filter(([s]) => s >= from && s < to)
                                    .reduce((a, [, d]) => Math.max(a, d), 0)"""


def serve(root):
    handler = functools.partial(Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def one_click(playwright, base, items, workers):
    session = Session(playwright, "chromium")
    page = session.page
    try:
        open_page(page, f"{base}/?workers={workers}&lang=en", FAST, items)
        page.wait_for_function(LATER_IN, timeout=WAIT_MS)
        later = page.evaluate(LATER_AT)
        page.wait_for_timeout(SETTLE_MS)         # the page settles (and imports ahead)
        clicked = now(page)
        page.click("#review-game")
        page.wait_for_function(WEIGHING, timeout=WAIT_MS)
        weighing = now(page)
        page.wait_for_timeout(300)               # the last task's entry reaches the observer
        return {"click_ms": page.evaluate(LONGEST, [clicked - 5, clicked + 250]),
                "before_ms": page.evaluate(LONGEST, [later, clicked - 5]),
                "to_weighing_ms": weighing - clicked,
                "longest_ms": page.evaluate(LONGEST, [clicked - 5, weighing + 1])}
    finally:
        session.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roots", nargs="+", default=[str(ROOT)])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--length", type=int, default=7)
    parser.add_argument("--games", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    items, games = finished_items(args.length, args.games)
    bases = {root: serve(root) for root in args.roots}
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; a {args.length}-point match "
          f"of {games} games; workers={args.workers}; {args.runs} runs a root, alternated")
    found = {root: [] for root in args.roots}
    with sync_playwright() as playwright:
        for run in range(args.runs):
            order = args.roots if run % 2 == 0 else list(reversed(args.roots))
            for root in order:
                found[root].append(one_click(playwright, bases[root], items, args.workers))
                print(f"  run {run + 1} {root}: {found[root][-1]}", flush=True)
    print(f"load at the end {os.getloadavg()[0]:.1f}")
    for root, runs in found.items():
        cells = "  ".join(f"{name} {statistics.median(r[name] for r in runs):.0f} ms"
                          for name in ("click_ms", "longest_ms", "to_weighing_ms", "before_ms"))
        print(f"{root}: median of {len(runs)}: {cells}")


if __name__ == "__main__":
    main()
