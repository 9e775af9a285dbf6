/* One worker of the engine's pool (static/js/engine-pool.mjs starts it as a module worker).

   It loads its own Pyodide from the same cached files the page uses (static/vendor/pyodide/,
   the page's standard library zips), unpacks the game package (game.zip and game-later.zip)
   and answers jobs: game.bot.jobs.run_json(kind, args) on JSON text, one at a time.
   A plain worker, talking by postMessage: no SharedArrayBuffer, so no cross-origin
   isolation is needed, offline included (the service worker serves these files).

   Messages in:  {id, kind, args}          (args: JSON text)
   Messages out: {type: "ready", memory, startMs}
                 {type: "failed", error}   (it could not start: the pool works without it)
                 {id, result}              (JSON text)  or  {id, error}
*/
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const VENDOR = new URL("../vendor/", import.meta.url);
const url = (name) => new URL(name, VENDOR).href;

async function bytes(name) {
  const response = await fetch(url(name));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function start() {
  const began = performance.now();
  const zips = Promise.all(["game.zip", "game-later.zip", "stdlib/python_stdlib_later.zip"].map(
    (name) => bytes(name).catch((error) => (name.startsWith("stdlib/") ? null : Promise.reject(error)))));
  const pyodide = await loadPyodide({ indexURL: url("pyodide/"), stdLibURL: url("stdlib/python_stdlib.zip") });
  const [game, later, stdlibLater] = await zips;
  pyodide.unpackArchive(game, "zip");
  pyodide.unpackArchive(later, "zip");
  if (stdlibLater !== null) pyodide.FS.writeFile("/lib/python_stdlib_later.zip", new Uint8Array(stdlibLater));
  pyodide.runPython("from game.web.engine_worker import setup, answer\nsetup()");
  const answer = pyodide.globals.get("answer");
  // one job first: the nets are read, and the memory figure counts them
  answer("cube", JSON.stringify({ position: "4HPwATDgc/ABMA", level: "0-ply" }));
  return { pyodide, answer, startMs: performance.now() - began };
}

const ready = start();

function memory(pyodide) {
  try {
    return pyodide._module.HEAPU8.buffer.byteLength;
  } catch {
    return null;
  }
}

ready.then(
  ({ pyodide, startMs }) => postMessage({ type: "ready", memory: memory(pyodide), startMs }),
  (error) => postMessage({ type: "failed", error: String(error && error.message || error) }));

self.onmessage = async (event) => {
  const { id, kind, args } = event.data;
  let engine;
  try {
    engine = await ready;
  } catch (error) {
    postMessage({ id, error: String(error) });
    return;
  }
  try {
    const result = engine.answer(kind, args);
    postMessage({ id, result, memory: memory(engine.pyodide) });
  } catch (error) {
    postMessage({ id, error: String(error && error.message || error) });
  }
};
