// EXPERIMENT (issue 31), not part of the build: Pyodide's memory snapshot, measured under Node.
//
// Pyodide 314.x has a private snapshot API: `loadPyodide({_makeSnapshot: true})`, then
// `pyodide.makeMemorySnapshot()` returns a Uint8Array (a 48-byte header: magic, offset, the
// length of a JSON of the JS objects Python holds, the runtime's BUILD_ID; that JSON; then the
// whole wasm linear memory, HEAP8). `loadPyodide({_loadSnapshot: bytes})` creates the module
// without running Python's main (noInitialRun, INITIAL_MEMORY = the snapshot's length), copies
// the memory back and re-binds the JS objects by their path from globalThis (any other JS
// object needs a `_snapshotDeserializer`). Only the wasm memory is kept: Emscripten's file
// system lives in JS and is made afresh (the stdlib zip is still fetched and written), and the
// snapshot fits only the very pyodide.asm.mjs + pyodide.asm.wasm it was made with (BUILD_ID).
// Everything in memory comes back as it was: Python's `random` state and the hash secret too.
//
// Usage:
//   node tools/snapshot_experiment.mjs make OUT [none|stdlib]   make a snapshot: right after the
//        start, or after importing the modules of tools/stdlib_first.txt (the page's first zip)
//   node tools/snapshot_experiment.mjs time plain|SNAPSHOT      one start, prints its ms
//   node tools/snapshot_experiment.mjs bench SNAPSHOT [RUNS]    plain and restored starts,
//        alternated, each in a fresh Node process; then the imports of the page's first
//        stdlib modules after each (what a restore would spare)
//
// Measured 2026-11-29 (docs/startup.md, "Limits and what is left"): 31,457,856 bytes raw,
// 5.0-5.1 MB gzipped; loadPyodide 2737/2897/3025 ms plain against 1226/1196/1021 ms restored
// (alternated, load 3.1-3.8). Not shipped: 5 MB more per first visit, and the hash secret
// and time zone constants frozen in the snapshot.
//
// The standard library is the page's first zip (static/vendor/stdlib/python_stdlib.zip, from
// `make vendor`): a snapshot that imported from it must be restored with the same zip.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const indexURL = path.join(root, "node_modules/pyodide/");
const stdLibURL = path.join(root, "static/vendor/stdlib/python_stdlib.zip");
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));

const FIRST = readFileSync(path.join(root, "tools/stdlib_first.txt"), "utf8")
  .split("\n").map((line) => line.split("#")[0].trim()).filter(Boolean);

// the page's first stdlib modules, each tried; returns the names that failed
const IMPORT_FIRST = `
import importlib
failed = []
for name in ${JSON.stringify(FIRST)}:
    try:
        importlib.import_module(name)
    except BaseException as error:
        failed.append(f"{name}: {type(error).__name__}: {error}")
failed
`;

const [mode, arg, extra] = process.argv.slice(2);

if (mode === "make") {
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
  if ((extra ?? "stdlib") === "stdlib") {
    const failed = pyodide.runPython(IMPORT_FIRST).toJs();
    if (failed.length) console.log("not imported:", failed.join("\n  "));
  }
  const modules = pyodide.runPython("import sys; len(sys.modules)");
  const snapshot = pyodide.makeMemorySnapshot();
  writeFileSync(arg, snapshot);
  const gz = gzipSync(snapshot, { level: 9 }).length;
  console.log(JSON.stringify({ out: arg, modules, bytes: snapshot.length, gzip: gz,
    ms: Math.round(performance.now() - t0) }));
} else if (mode === "time") {
  const t0 = performance.now();
  const options = { indexURL, stdLibURL };
  if (arg !== "plain") options._loadSnapshot = readFileSync(arg);
  const pyodide = await loadPyodide(options);
  const loaded = performance.now() - t0;
  // after a restore Python's random state is the snapshot's: reseed it as the page would
  pyodide.runPython("import random; random.seed()");
  const t1 = performance.now();
  pyodide.runPython(IMPORT_FIRST);
  const imports = performance.now() - t1;
  const sample = pyodide.runPython("import random, sys; (random.random(), len(sys.modules))").toJs();
  console.log(JSON.stringify({ start: arg === "plain" ? "plain" : "snapshot", load_ms: Math.round(loaded),
    first_imports_ms: Math.round(imports), random: sample[0], modules: sample[1] }));
} else if (mode === "bench") {
  const runs = Number(extra ?? 3);
  const rows = [];
  for (let i = 0; i < runs; i++) {
    for (const which of ["plain", arg]) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "time", which]);
      const row = JSON.parse(out.toString().trim().split("\n").pop());
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
} else {
  console.log("usage: make OUT [none|stdlib] | time plain|SNAPSHOT | bench SNAPSHOT [RUNS]");
  process.exit(2);
}
