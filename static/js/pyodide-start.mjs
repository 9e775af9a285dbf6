/* The runtime PyScript starts (pyscript.toml's `interpreter`): Pyodide itself, from
   static/vendor/pyodide/, and a word to the page when it is up.

   PyScript imports this module and calls its loadPyodide; everything else is
   Pyodide's own (`export *`). Pyodide's files are looked for beside pyodide.mjs,
   not beside this file (indexURL), but for its standard library: the same zip with
   the modules the page imports at its start compiled (tools/vendor.py), which spares
   compiling them at every visit. When the interpreter has started, the page's
   progress line moves on to loading the game (static/js/boot-board.js listens to
   "backgammon:boot").
*/
import { loadPyodide as load } from "../vendor/pyodide/pyodide.mjs";

export * from "../vendor/pyodide/pyodide.mjs";

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const STDLIB_URL = new URL("../vendor/stdlib/python_stdlib.zip", import.meta.url).href;

export async function loadPyodide(options) {
  const pyodide = await load({ ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL });
  performance.mark("backgammon:runtime");
  window.dispatchEvent(new CustomEvent("backgammon:boot", { detail: "game" }));
  return pyodide;
}
