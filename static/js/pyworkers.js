// Python runs only in workers: this module starts them with PyScript's JS API (PyWorker), each
// from a small entry file in py/ whose __export__ names the functions the page may call. The page
// itself never holds an interpreter. PyScript is imported on first use, after the first screen.
const CONFIG = "./pyscript.toml";  // the joker package to install in each worker
// The interpreter module, as an absolute URL (the worker runs from a blob: URL): Pyodide, started
// from build.py's memory snapshot. PyWorker takes it as `version`; without it PyScript would load
// Pyodide from a CDN.
const INTERPRETER = new URL("./js/pyodide-snapshot.mjs", document.baseURI).href;

let core = null;
// The entry files of the workers being created, oldest first: PyScript creates them in the order
// they were asked for and calls onWorker synchronously as each one is made.
const starting = [];

// PyScript gives every worker `onerror = console.error`, called when the worker posts an Error:
// its start failed, or was cut short by leaving the page. That is no error of the page's: the
// caller of startPyWorker gets the same failure as a rejection and tells the player (engine.js,
// search.js), so here it is only a warning that says which worker it was.
function quietErrors(hooks) {
  hooks.main.onWorker.add((_, xworker) => {
    const name = `the Python worker ${starting.shift() || ""}`.trim();
    xworker.onerror = (event) => console.warn(`joker: ${name} stopped:`, (event && event.error) || event);
  });
}

async function loadCore() {
  // build.py patches the core (tools/build/pyscript_patch.py): it throws nothing while it starts,
  // and its MutationObserver over the whole document observes nothing.
  const pyscript = await import("../pyscript/core.js");
  quietErrors(pyscript.hooks);
  // PyScript 0.7.31's PyWorker does not wait for its own hooks (they give the worker the `pyscript`
  // package, pyscript.sync included): they are in place once it has defined <py-script>.
  await customElements.whenDefined("py-script");
  return pyscript;
}

// Resolves with the worker's exported functions (PyScript's xworker.sync), once its code ran;
// rejects if the worker cannot start.
export async function startPyWorker(src) {
  core = core || loadCore();
  const { PyWorker } = await core;
  starting.push(src);
  const worker = await PyWorker(src, { config: CONFIG, version: INTERPRETER });
  return worker.sync;
}
