"""Memory of one page over many games: the computer plays itself, memory is read after each game.

    python3 tools/bench_memory.py [--games 20] [--level beginner] [--seed bench-memory]

Serves the checkout on 127.0.0.1 (tools/serve.py in dev mode: no service
worker), opens ``?mode=watch&length=0`` (money play: the games follow each
other in one page, the computer on both sides, "the computer plays fast" and
no animation) in headless Chromium, and after each game prints:

- ``js heap``: ``JSHeapUsedSize`` of the Chrome DevTools Protocol's
  ``Performance.getMetrics``, after ``HeapProfiler.collectGarbage``;
- ``wasm``: the size of Pyodide's WebAssembly memory (caught as the page
  creates it; a wasm memory grows and never shrinks, so it is the high-water
  mark of Python's heap);
- the game's length in seconds and the events the match has logged.

A game ends when the stored match (localStorage, game/app/keep/storage.py) logs one
more ``win``. tests/browser/test_memory.py runs the same with fewer games and
checks that memory does not keep growing.
"""

import argparse
import json
import pathlib
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

#: collects every WebAssembly memory the page makes or instantiates
WASM_HOOK = """
(() => {
  const memories = [];
  globalThis.__wasmMemories = memories;
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = function (descriptor) {
    const memory = new Memory(descriptor);
    memories.push(memory);
    return memory;
  };
  WebAssembly.Memory.prototype = Memory.prototype;
  const remember = (result) => {
    const instance = result instanceof WebAssembly.Instance ? result : result && result.instance;
    for (const value of Object.values((instance && instance.exports) || {})) {
      if (value instanceof Memory && !memories.includes(value)) memories.push(value);
    }
    return result;
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) { return original.apply(this, args).then(remember); };
  }
})();
"""

#: the number of ``win`` events of the match stored now, and of all its events
COUNT_GAMES = """() => {
  try {
    const root = JSON.parse(localStorage.getItem("backgammon.root")).data;
    const events = JSON.parse(localStorage.getItem(root.current)).data.match.events;
    return [events.filter((event) => event.type === "win").length, events.length];
  } catch (error) {
    return [0, 0];
  }
}"""

WASM_BYTES = "Math.max(0, ...(globalThis.__wasmMemories || []).map((m) => m.buffer.byteLength))"
PREFS = {"fast_bot": True, "animate": False}
MB = 1024 * 1024


def measure(page, cdp):
    """``(js heap used bytes, wasm memory bytes)`` after a garbage collection."""
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return int(metrics["JSHeapUsedSize"]), int(page.evaluate(WASM_BYTES))


def play_games(page, url, games, report=print, level="beginner", seed="bench-memory",
               game_timeout=120.0):
    """Open the watch-mode page at ``url`` and return one row per game:
    ``(game, seconds, events, js heap bytes, wasm bytes)``; ``report(row)`` after each."""
    page.add_init_script(WASM_HOOK)
    prefs = json.dumps({"schema": 2, "kind": "prefs", "data": PREFS})
    page.add_init_script(f"localStorage.setItem('backgammon.prefs', {json.dumps(prefs)});")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(f"{url}?mode=watch&length=0&seed={seed}&level={level}&lang=en")
    page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=120_000)
    rows = [(0, 0.0, 0, *measure(page, cdp))]
    report(rows[0])
    for game in range(1, games + 1):
        started = time.perf_counter()
        while True:
            won, events = page.evaluate(COUNT_GAMES)
            if won >= game:
                break
            if page.locator(".py-error").count():
                raise RuntimeError(page.locator(".py-error").first.inner_text())
            if time.perf_counter() - started > game_timeout:
                raise TimeoutError(f"game {game} not over after {game_timeout} s")
            page.wait_for_timeout(250)
        row = (game, time.perf_counter() - started, events, *measure(page, cdp))
        rows.append(row)
        report(row)
    return rows


def print_row(row):
    game, seconds, events, heap, wasm = row
    label = "loaded" if game == 0 else f"game {game:2}"
    print(f"{label}  {seconds:6.1f} s  {events:5} events  js heap {heap / MB:7.2f} MB  "
          f"wasm {wasm / MB:7.1f} MB", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--seed", default="bench-memory")
    args = parser.parse_args(argv)

    import pack
    import serve
    from playwright.sync_api import sync_playwright

    pack.write_zip()
    server = serve.make_server(port=0, dev=True, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                      "--disable-component-update", "--disable-sync", "--no-first-run"])
            page = browser.new_page()
            print(f"{args.games} games, computer against itself ({args.level}, fast), money play, "
                  f"one page, headless Chromium {browser.version}")
            rows = play_games(page, url, args.games, print_row, args.level, args.seed)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    heaps = [row[3] for row in rows[1:]]
    wasm = [row[4] for row in rows[1:]]
    print(f"js heap after game 1 {heaps[0] / MB:.2f} MB, after game {len(heaps)} {heaps[-1] / MB:.2f} MB, "
          f"max {max(heaps) / MB:.2f} MB; wasm after game 1 {wasm[0] / MB:.1f} MB, "
          f"after game {len(wasm)} {wasm[-1] / MB:.1f} MB")


if __name__ == "__main__":
    main()
