"""EXPERIMENT (issue 31), not part of the build: the page started from a Pyodide memory snapshot.

Makes a snapshot under Node (``tools/snapshot_experiment.mjs make``: the interpreter after
importing the page's first stdlib modules, from static/vendor/stdlib/python_stdlib.zip),
gzips it, and serves the checkout with two changes, in memory only: the snapshot at
``/static/vendor/snapshot/stdlib.snapshot.gz``, and an experimental interpreter module in
place of ``static/js/pyodide-start.mjs`` which, when the page's address has ``?snapshot``,
fetches the snapshot (decompressed with ``DecompressionStream``), passes it to
``loadPyodide`` as ``_loadSnapshot``, reseeds ``random`` (restored as it was in the
snapshot), and on any failure starts Pyodide the plain way. Either way it notes
``random.random()`` and ``hash('abc')`` in ``window.__snapProbe``.

Per engine, fresh profile each, alternated: the plain page and the ``?snapshot=1`` page,
first visits only; for each: the time to playable (the mark ``backgammon:playable``) and to
the runtime (``backgammon:runtime``), whether the snapshot was restored, the probe, and the
app's opening roll (a click on Roll: its two dice).

Measured 2026-11-29, 5 runs, load 5.1-5.6, medians to playable: Chromium 4736 -> 3638 ms,
Firefox ESR 2606 -> 2237 ms, WebKitGTK 5759 -> 4890 ms (an earlier 3-run sitting: WebKitGTK no
gain); restored in all three, dice and ``random.random()`` differing between pages,
``hash('abc')`` the same in every restored page. Not shipped (docs/startup.md says why).

Usage: python3 tools/snapshot_experiment_pages.py [--runs N] [--engine chromium firefox webkit]
       (needs `make vendor`; nothing it makes is kept)
"""

import argparse
import gzip
import json
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import bench_startup  # noqa: E402

MODULE = """
import { loadPyodide as load } from "../vendor/pyodide/pyodide.mjs";
export * from "../vendor/pyodide/pyodide.mjs";
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const STDLIB_URL = new URL("../vendor/stdlib/python_stdlib.zip", import.meta.url).href;
const SNAPSHOT_URL = new URL("../vendor/snapshot/stdlib.snapshot.gz", import.meta.url).href;
async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
export async function loadPyodide(options) {
  const base = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  let pyodide = null;
  if (new URLSearchParams(location.search).has("snapshot")) {
    try {
      pyodide = await load({ ...base, _loadSnapshot: fetchSnapshot() });
      pyodide.runPython("import random; random.seed()");
      document.documentElement.dataset.snapshot = "restored";
    } catch (error) {
      console.warn("snapshot: plain start instead", error);
      document.documentElement.dataset.snapshot = "failed: " + error;
      pyodide = null;
    }
  }
  if (pyodide === null) pyodide = await load(base);
  window.__snapProbe = pyodide.runPython(
    "import random, sys; [random.random(), hash('abc'), len(sys.modules)]").toJs();
  performance.mark("backgammon:runtime");
  window.dispatchEvent(new CustomEvent("backgammon:boot", { detail: "game" }));
  return pyodide;
}
""".encode()

SNAPSHOT_PATH = "/static/vendor/snapshot/stdlib.snapshot.gz"
PROBE = """(() => {
  const mark = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? Math.round(m.startTime) : null; };
  return {playable: mark('backgammon:playable'), runtime: mark('backgammon:runtime'),
          snapshot: document.documentElement.dataset.snapshot || 'not asked',
          probe: window.__snapProbe || null};
})()"""
DICE = "Array.from(document.querySelectorAll('.die')).map(e => e.dataset.value).join('')"


def handler_class(snapshot_gz):
    class Handler(bench_startup.CountingHandler):
        def do_GET(self):
            path = self.path.split("?")[0]
            body = {"/static/js/pyodide-start.mjs": (MODULE, "text/javascript"),
                    SNAPSHOT_PATH: (snapshot_gz, "application/octet-stream")}.get(path)
            if body is None:
                return super().do_GET()
            self.send_response(200)
            self.send_header("Content-Type", body[1])
            self.send_header("Content-Length", str(len(body[0])))
            self.end_headers()
            self.wfile.write(body[0])
            self.server.sent.append((path, len(body[0])))
    return Handler


def serve(snapshot_gz):
    import http.server
    import threading
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a, **k: handler_class(snapshot_gz)(
        *a, directory=str(ROOT), **k))
    server.sent = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def one(driver, url):
    driver.goto(url)
    bench_startup.wait_ready(driver)
    row = driver.evaluate(PROBE)
    driver.click("#roll")
    end = time.monotonic() + 30
    while not driver.evaluate(DICE) and time.monotonic() < end:
        time.sleep(0.1)
    row["dice"] = driver.evaluate(DICE)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engine", nargs="+", choices=bench_startup.ENGINES, default=["chromium"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        raw = pathlib.Path(tmp) / "stdlib.snapshot"
        print(subprocess.run(["node", str(ROOT / "tools/snapshot_experiment.mjs"), "make", str(raw), "stdlib"],
                             check=True, capture_output=True, text=True).stdout.strip(), flush=True)
        snapshot_gz = gzip.compress(raw.read_bytes(), 9)
    print(f"snapshot: {len(snapshot_gz)} bytes gzipped", flush=True)
    server, base = serve(snapshot_gz)
    import engines
    import page_driver
    from playwright.sync_api import sync_playwright
    display = None
    with sync_playwright() as playwright:
        browsers = {n: getattr(playwright, n).launch(**engines.launch_args(n)) for n in args.engine if n != "webkit"}
        if "webkit" in args.engine:
            display = page_driver.Display()
        try:
            for name in args.engine:
                for run in range(args.runs):
                    pages = [("plain", "/"), ("snapshot", "/?snapshot=1")]
                    for kind, path in (pages if run % 2 == 0 else pages[::-1]):
                        driver = (page_driver.WebKitPage(display) if name == "webkit"
                                  else page_driver.PlaywrightPage(browsers[name]))
                        try:
                            row = one(driver, base + path)
                        finally:
                            driver.close()
                        print(json.dumps({"engine": name, "run": run, "page": kind, **row}), flush=True)
        finally:
            for browser in browsers.values():
                browser.close()
            if display is not None:
                display.stop()
            server.shutdown()


if __name__ == "__main__":
    main()
