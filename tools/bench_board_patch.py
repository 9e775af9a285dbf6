"""Time drawing the board: the whole <svg> replaced (innerHTML) against patched in place.

The boards of a hotseat match played at random (seeded) in CPython are drawn one
after the other in headless Chromium, in Pyodide with the game package
(static/vendor/game.zip: run `make vendor` first), into two containers side by side
in the same page: one gets ``innerHTML = svg`` (what main.py did), the other
``game.web.board_dom.BoardDom.show(svg)`` (what it does now: parse, diff, patch).
Each update is timed in wall-clock time up to a forced layout (``offsetHeight``),
so the browser's parsing and style work count on both sides; the Python part of
the patch (``BoardPatch.update``: parse and diff, no DOM) is timed alone too.
The sequence is drawn once to warm up, then ``--rounds`` times; medians and p95
over all updates.

Usage: python3 tools/bench_board_patch.py [--seed 1] [--rounds 3] [--limit 200]
"""

import argparse
import pathlib
import random
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools" / "bot"))

from bench_browser import BENCH_PAGE, CHROMIUM, CHROMIUM_ARGS, LOAD_PYODIDE, serve  # noqa: E402
from ui_helpers import make, play_randomly  # noqa: E402

TIME_IN_PAGE = """(args) => window.benchPy.runPython(`
import json, time
from js import document
from game.app.view.board_patch import BoardPatch
from game.web.board_dom import BoardDom
svgs = json.loads(document.benchSvgs)
def run():
    whole, patched, python = [], [], []
    a = document.createElement("div"); document.body.appendChild(a)
    b = document.createElement("div"); document.body.appendChild(b)
    dom, alone = BoardDom(b), BoardPatch()
    for svg in svgs:
        t = time.perf_counter(); a.innerHTML = svg; a.offsetHeight; whole.append(time.perf_counter() - t)
        t = time.perf_counter(); dom.show(svg); b.offsetHeight; patched.append(time.perf_counter() - t)
        t = time.perf_counter(); alone.update(svg); python.append(time.perf_counter() - t)
    a.remove(); b.remove()
    return whole[1:], patched[1:], python[1:]
run()
out = [[], [], []]
for _ in range(${args.rounds}):
    for kept, new in zip(out, run()):
        kept.extend(new)
json.dumps(out)
`)"""


def svgs_of_a_match(seed, limit):
    app = make(mode="hotseat", length=1, seed=f"bench-patch-{seed}")
    svgs = [app.view().board_svg]

    def keep(_name):
        if len(svgs) < limit:
            svg = app.view().board_svg
            if svg != svgs[-1]:
                svgs.append(svg)

    play_randomly(app, random.Random(seed), on_action=keep)
    return svgs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=200)
    args = parser.parse_args(argv)
    import json

    from playwright.sync_api import sync_playwright

    svgs = svgs_of_a_match(args.seed, args.limit)
    print(f"{len(svgs)} boards of a hotseat match (seed {args.seed}), {args.rounds} rounds after a warm-up")
    server, base = serve(ROOT)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.route(f"{base}{BENCH_PAGE}", lambda route: route.fulfill(
                content_type="text/html", body="<!doctype html><meta charset=utf-8><title>bench</title>"))
            page.goto(f"{base}{BENCH_PAGE}")
            page.evaluate(LOAD_PYODIDE)
            page.evaluate("(text) => { document.benchSvgs = text; }", json.dumps(svgs))
            whole, patched, python = json.loads(page.evaluate(TIME_IN_PAGE, {"rounds": args.rounds}))
            browser.close()
    finally:
        server.shutdown()
    for name, values in (("innerHTML (whole <svg>)", whole), ("patched in place (BoardDom.show)", patched),
                         ("  of which parse + diff (Python)", python)):
        ms = sorted(1000 * v for v in values)
        print(f"{name:34} median {statistics.median(ms):6.2f} ms   p95 {ms[int(0.95 * (len(ms) - 1))]:6.2f} ms"
              f"   ({len(ms)} updates)")


if __name__ == "__main__":
    main()
