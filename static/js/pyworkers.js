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

// PyScript's core watches the whole document with a MutationObserver (childList, attributes,
// subtree), to find <script type="py"> and py-* event attributes added later, which this page never
// has (its Python runs only in PyWorkers). It ran at the end of every task that changed the DOM: each
// element added (a card, a seat's markup) was searched with an XPath query and querySelectorAll, in
// the same task as the redraw of every engine answer (200 ms of a two-deal game's CPU at 4x
// throttling, 12 ms of a new deal's; docs/STARTUP.md). While the core module is imported, an
// observer made by PyScript's own code (its stack names the core's file) observes nothing; the page's
// other observers (hint.js, sw-register.js, tests) are made as usual.
function ignorePyScriptObserver() {
  const Native = window.MutationObserver;
  window.MutationObserver = class extends Native {
    constructor(callback) {
      super(callback);
      this.pyscript = /\/pyscript\/core[^/]*\.js/.test(new Error().stack || "");
    }
    observe(target, options) { if (!this.pyscript) super.observe(target, options); }
  };
  return () => { window.MutationObserver = Native; };
}

async function loadCore() {
  const restore = ignorePyScriptObserver();
  let pyscript;
  try {
    pyscript = await import("../pyscript/core.js");
  } finally {
    restore();
  }
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
