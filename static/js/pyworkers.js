// Python runs only in workers: this module starts them with PyScript's JS API (PyWorker), each
// from a small entry file in py/ whose __export__ names the functions the page may call. The page
// itself never holds an interpreter. PyScript is imported on first use, after the first screen.
const CONFIG = "./pyscript.toml";  // the joker package to install in each worker
// The interpreter module, as an absolute URL (the worker runs from a blob: URL): Pyodide, started
// from build.py's memory snapshot. PyWorker takes it as `version`; without it PyScript would load
// Pyodide from a CDN.
const INTERPRETER = new URL("./js/pyodide-snapshot.mjs", document.baseURI).href;

let core = null;

// Resolves with the worker's exported functions (PyScript's xworker.sync), once its code ran.
export async function startPyWorker(src) {
  core = core || import("../pyscript/core.js");
  const { PyWorker } = await core;
  // PyScript 0.7.31's PyWorker does not wait for its own hooks (they give the worker the `pyscript`
  // package, pyscript.sync included): they are in place once it has defined <py-script>.
  await customElements.whenDefined("py-script");
  const worker = await PyWorker(src, { config: CONFIG, version: INTERPRETER });
  return worker.sync;
}
