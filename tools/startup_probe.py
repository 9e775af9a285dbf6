"""Where the start-up time goes, per engine: the built site with an instrumented start.

Builds the site as ``make dist`` does into a temporary folder, then changes two things
there, nothing else:

- pyscript.toml's ``interpreter`` points at a small module that wraps Pyodide's
  ``loadPyodide`` and ``WebAssembly.instantiate(Streaming)`` with performance marks
  (``probe:wasm``: fetching and compiling the wasm, as the engine overlaps the two;
  ``probe:runtime``: the rest of ``loadPyodide``, the interpreter and its stdlib);
- main.py marks each step of the app's own start: PyScript's setup after the runtime
  (its storage, fetching and unpacking game.zip) until main.py runs, the imports of the
  rules engine, of the rest of the app, building the controller (``Page()``), the
  first render and the page turning ready (``start()``), then, after ready, what the
  first visit does not pay before play: reading the bot's nets and tables.

Each engine (fresh profile) loads it, then reloads it; every figure is read from the
page's own clock (``performance``, from the start of the navigation): resource timing
for the downloads, the marks for the rest. Runs are interleaved across engines; the
medians go to docs/startup.md.

``--stdlib`` instead writes tools/stdlib_first.txt: the standard library modules the page
has imported once it is playable (Chromium), which tools/vendor.py puts, compiled, in the
stdlib zip Pyodide loads (the others go in the later one).

``--before DIR`` probes another build of the app alongside (for instance main's, exported
and built as tools/bench_startup.py --before says), interleaved, one table per engine.

Usage: python3 tools/startup_probe.py [--runs N] [--engine chromium firefox webkit] [--before DIR]
       python3 tools/startup_probe.py --stdlib
"""

import argparse
import pathlib
import re
import shutil
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

PROBE_MODULE = """\
// startup_probe.py: Pyodide's loadPyodide, with performance marks around its parts
import { loadPyodide as realLoad } from "./pyodide.mjs";
export * from "./pyodide.mjs";
// the longest WebAssembly compile or instantiate is the runtime's (the others are tiny)
window.__wasmCalls = [];
for (const name of ["instantiateStreaming", "instantiate", "compileStreaming", "compile"]) {
  const real = WebAssembly[name];
  WebAssembly[name] = async function (...args) {
    const start = performance.now();
    const result = await real.apply(WebAssembly, args);
    window.__wasmCalls.push([name, start, performance.now()]);
    return result;
  };
}
export async function loadPyodide(options) {
  performance.mark("probe:load:start");
  const pyodide = await realLoad(options);
  performance.mark("probe:load:end");
  return pyodide;
}
"""

PROBE_MAIN = """\
from js import performance
performance.mark("probe:main")
try:
    from game.web import later
    later.install()
except ImportError:
    later = None
import game.position, game.movegen, game.match, game.dice  # noqa: E401,F401  the rules engine
performance.mark("probe:engine")
from {module} import Page
performance.mark("probe:imports")
page = Page()
performance.mark("probe:page")
page.start()
performance.mark("probe:ready")
if later is not None and later._later is not None:
    await later._later.fetch()
performance.mark("probe:later")
import game.bot.net, game.bot.bearoff, game.bot.prune  # noqa: E401
performance.mark("probe:bot_code")
game.bot.net.load()
game.bot.prune.pruner() if hasattr(game.bot.prune, "pruner") else None
performance.mark("probe:weights")
"""

COLLECT = """(() => {
  const marks = {};
  for (const m of performance.getEntriesByType('mark')) marks[m.name] = m.startTime;
  const calls = (window.__wasmCalls || []).slice().sort((a, b) => (b[2] - b[1]) - (a[2] - a[1]));
  if (calls.length) { marks['probe:wasm:start'] = calls[0][1]; marks['probe:wasm:end'] = calls[0][2]; }
  const res = {};
  for (const r of performance.getEntriesByType('resource')) {
    const name = r.name.split('/').pop().split('?')[0];
    res[name] = {start: r.startTime, end: r.responseEnd, size: r.transferSize};
  }
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {marks, res, html: nav ? nav.responseEnd : null, fcp: fcp ? fcp.startTime : null,
          sw: !!navigator.serviceWorker && !!navigator.serviceWorker.controller};
})()"""

#: the rows of the table: (label, how to compute it from one load's record, in ms)
def _span(marks, a, b):
    return marks[b] - marks[a] if a in marks and b in marks else None


def rows(record):
    m, res = record["marks"], record["res"]
    wasm = res.get("pyodide.asm.wasm", {})
    return {
        "HTML received": record["html"],
        "pyodide.asm.wasm: last byte": res.get("pyodide.asm.wasm", {}).get("end"),
        "python_stdlib.zip: last byte": res.get("python_stdlib.zip", {}).get("end"),
        "game.zip: requested": res.get("game.zip", {}).get("start"),
        "game.zip: last byte": res.get("game.zip", {}).get("end"),
        "until loadPyodide is called (PyScript's own JS)": m.get("probe:load:start"),
        "wasm fetched and compiled (from the first WebAssembly call to its result)": _span(m, "probe:wasm:start", "probe:wasm:end"),
        "  of which the wasm download (resource timing)": (wasm["end"] - wasm["start"]) if wasm else None,
        "runtime start after the wasm (interpreter, stdlib)": _span(m, "probe:wasm:end", "probe:load:end"),
        "PyScript after loadPyodide: storage, game.zip fetched and unpacked": _span(m, "probe:load:end", "probe:main"),
        "imports: the rules engine": _span(m, "probe:main", "probe:engine"),
        "imports: the rest of the app (page, controller, render, i18n...)": _span(m, "probe:engine", "probe:imports"),
        "Page(): controller, storage, saved match": _span(m, "probe:imports", "probe:page"),
        "start(): texts, first render, ready": _span(m, "probe:page", "probe:ready"),
        "READY (navigation to playable)": m.get("probe:ready"),
        "after ready, not paid at start: game-later.zip fetched and unpacked": _span(m, "probe:ready", "probe:later"),
        "after ready, not paid at start: bot code imports": _span(m, "probe:later", "probe:bot_code")
        if "probe:later" in m else _span(m, "probe:ready", "probe:bot_code"),
        "after ready, not paid at start: bot nets read": _span(m, "probe:bot_code", "probe:weights"),
    }


def build_probe_site(dest: pathlib.Path, root: pathlib.Path = ROOT) -> None:
    """The probe's copy of the site: this checkout's ``make dist``, or ``root`` as it is
    (another build of the app, already vendored: ``--before``)."""
    import dist
    import precache
    if root == ROOT:
        dist.build(dest)
    else:
        shutil.copytree(root, dest, ignore=shutil.ignore_patterns("node_modules", ".git", "tests", "docs"),
                        dirs_exist_ok=True)
    main = (dest / "main.py").read_text()
    module = re.search(r"^from (\S+) import Page", main, re.M).group(1)
    (dest / "main.py").write_text(PROBE_MAIN.format(module=module))
    toml = (dest / "pyscript.toml").read_text()
    interpreter = re.search(r'^interpreter = "\./(.*)"$', toml, re.M).group(1)
    folder, name = interpreter.rsplit("/", 1)
    (dest / folder / "probe.mjs").write_text(PROBE_MODULE.replace("./pyodide.mjs", "./" + name))
    toml = re.sub(r'^interpreter = .*$', f'interpreter = "./{folder}/probe.mjs"', toml, flags=re.M)
    (dest / "pyscript.toml").write_text(toml)
    precache.write(dest)


def wait(driver, expression, timeout=180):
    end = time.monotonic() + timeout
    while not driver.evaluate(expression):
        if time.monotonic() > end:
            raise SystemExit(f"{driver.engine}: still false after {timeout} s: {expression}")
        time.sleep(0.1)


DONE = "performance.getEntriesByName('probe:weights').length > 0 && !window.__old"

STDLIB_MAIN = """
import sys, js
from game.web import later
later.install()
from {module} import Page
Page().start()
js.window.__stdlib = "\\n".join(sorted(
    name for name, module in list(sys.modules.items())
    if any(zipped in (getattr(module, "__file__", None) or "")
           for zipped in ("python314.zip", "python_stdlib_later.zip"))))
"""
STDLIB_HEADER = """\
# The standard library modules the page has imported when it is playable (sys.modules whose
# file is in one of the page's stdlib zips), listed in Chromium by tools/startup_probe.py --stdlib.
# tools/vendor.py puts these, compiled, in the stdlib zip Pyodide loads; the others go in
# python_stdlib_later.zip, fetched once the page is playable (a module missing here is
# fetched with that whole zip, synchronously, when the start imports it: slower, never missing).
"""


def write_stdlib_list() -> None:
    """tools/stdlib_first.txt from a real start in Chromium."""
    import dist
    import precache
    from playwright.sync_api import sync_playwright
    import engines
    from conftest import serve
    site = pathlib.Path(tempfile.mkdtemp(prefix="startup-stdlib-"))
    try:
        dist.build(site)
        module = re.search(r"^from (\S+) import Page", (ROOT / "main.py").read_text(), re.M).group(1)
        (site / "main.py").write_text(STDLIB_MAIN.format(module=module))
        precache.write(site)
        server, base = serve(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**engines.launch_args("chromium"))
                page = browser.new_page()
                page.goto(base + "/")
                page.wait_for_function("window.__stdlib !== undefined", timeout=180_000)
                names = page.evaluate("window.__stdlib")
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    finally:
        shutil.rmtree(site, ignore_errors=True)
    (ROOT / "tools" / "stdlib_first.txt").write_text(STDLIB_HEADER + names + "\n")
    print(f"tools/stdlib_first.txt: {len(names.split())} modules")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engine", nargs="+", default=["chromium", "firefox", "webkit"])
    parser.add_argument("--stdlib", action="store_true", help="write tools/stdlib_first.txt")
    parser.add_argument("--before", type=pathlib.Path,
                        help="another build of the app (vendored), probed alongside, interleaved")
    args = parser.parse_args()
    if args.stdlib:
        return write_stdlib_list()
    from playwright.sync_api import sync_playwright
    import engines
    import page_driver
    from conftest import serve

    roots = {"after": ROOT}
    if args.before:
        roots = {"before": args.before.resolve(), "after": ROOT}
    sites, servers = {}, []
    for label, root in roots.items():
        site = pathlib.Path(tempfile.mkdtemp(prefix=f"startup-probe-{label}-"))
        build_probe_site(site, root)
        server, base = serve(site)
        servers.append(server)
        sites[label] = (site, base)
    records = {(s, e, v): [] for s in sites for e in args.engine for v in ("first", "reload")}
    display = None
    try:
        with sync_playwright() as playwright:
            browsers = {n: getattr(playwright, n).launch(**engines.launch_args(n))
                        for n in args.engine if n != "webkit"}
            if "webkit" in args.engine:
                display = page_driver.Display()
            for run in range(args.runs):
                for name in args.engine if run % 2 == 0 else list(reversed(args.engine)):
                    order = list(sites) if run % 2 == 0 else list(reversed(list(sites)))
                    for label in order:
                        base = sites[label][1]
                        driver = (page_driver.WebKitPage(display) if name == "webkit"
                                  else page_driver.PlaywrightPage(browsers[name]))
                        try:
                            driver.goto(base + "/")
                            wait(driver, DONE)
                            records[label, name, "first"].append(driver.evaluate(COLLECT))
                            time.sleep(1.0)    # the service worker's install, as a player's pause
                            driver.evaluate("window.__old = true")
                            if name == "webkit":
                                driver.driver.refresh()
                            else:
                                driver.page.reload()
                            wait(driver, DONE)
                            records[label, name, "reload"].append(driver.evaluate(COLLECT))
                        finally:
                            driver.close()
                print(f"run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)
            for browser in browsers.values():
                browser.close()
    finally:
        if display is not None:
            display.stop()
        for server in servers:
            server.shutdown()
            server.server_close()
        for site, _ in sites.values():
            shutil.rmtree(site, ignore_errors=True)

    print(f"medians of {args.runs} runs, ms from the start of the navigation or ms spent (in-page clock)")
    for engine in args.engine:
        columns = [(s, engine, v) for v in ("first", "reload") for s in sites]
        labels = list(rows(records[columns[-1]][0]).keys())
        print(f"\n{engine}\n")
        print("| step | " + " | ".join(f"{s}, {v}" for s, _, v in columns) + " |")
        print("|---|" + "---:|" * len(columns))
        for label in labels:
            cells = []
            for col in columns:
                values = [rows(r).get(label) for r in records[col]]
                values = [v for v in values if v is not None]
                cells.append(f"{statistics.median(values):.0f}" if values else "–")
            print(f"| {label} | " + " | ".join(cells) + " |")
        for col in columns:
            sizes = [sum(r["size"] or 0 for r in rec["res"].values()) for rec in records[col]]
            print(f"{' '.join(col)}: bytes by resource timing (median) {statistics.median(sizes) / 1e6:.2f} MB;"
                  f" service worker in charge: {[rec['sw'] for rec in records[col]]}")


if __name__ == "__main__":
    main()
