// PyScript's `interpreter` (pyscript.toml), for the main script and the bot worker alike:
// Pyodide started from the memory snapshot build.py makes (pyodide/snapshot.bin.gz): the
// interpreter already initialised, with the stdlib modules PyScript needs, micropip, and the
// joker wheel installed and imported. Saves the CPython start-up, those imports and the install
// on every visit.
//
// makeMemorySnapshot / _loadSnapshot are private Pyodide APIs tied to the exact build
// (pyodide.asm.wasm) and to the exact python_stdlib.zip: build.py remakes the snapshot
// whenever either of them or the wheels installed in it (micropip, joker) change. If the
// snapshot cannot be used, Pyodide starts the ordinary way (slower, same result: micropip then
// installs the wheels from the site) and a warning says why.
import { loadPyodide as plainLoadPyodide, version } from "../pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("snapshot.bin.gz", indexURL).href;

// Defined by tools/build/snapshot_restore.py (imported into the snapshot): reseeds random (its state is frozen in the snapshot), writes
// the bytecode of PyScript's own `pyscript` package, forgets the import system's directory
// listings (the file system is new at every start).
const AFTER_RESTORE = "__import__('_joker_snapshot').after_restore()";

async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT}: ${response.status} ${response.statusText}`);
  // A host that sends *.gz with Content-Encoding: gzip has had fetch inflate it already.
  const inflated = /gzip/i.test(response.headers.get("content-encoding") || "");
  const body = inflated ? response.body : response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(body).arrayBuffer());
}

// Everything starts as soon as this module is evaluated (index.html loads it early; PyScript
// imports it again as its interpreter and gets this same instance), instead of after PyScript
// has read its config and opened its package storage: the snapshot download and inflation,
// Pyodide's wasm and stdlib downloads, the wasm compilation.
const forward = { stdout: console.log, stderr: console.error };
const early = start({ stdout: (...a) => forward.stdout(...a), stderr: (...a) => forward.stderr(...a) });
early.catch(() => {});  // handled in loadPyodide
let earlyTaken = false;

function start(options) {
  const snapshot = fetchSnapshot();
  snapshot.catch(() => {});  // handled below: it rejects loadPyodide
  return plainLoadPyodide({ ...options, indexURL, _loadSnapshot: snapshot }).then((pyodide) => {
    // The packages micropip installed at build time, which PyScript's worker (patched by build.py,
    // tools/build/pyscript_patch.py) then does not ask micropip for again at every start.
    pyodide.installedInSnapshot = new Set(JSON.parse(pyodide.runPython(AFTER_RESTORE)));
    return pyodide;
  });
}

// What PyScript calls: options are { stdout, stderr }. pyscript.toml's packages are not among them:
// with packages_cache = "never" PyScript would install them with micropip once the interpreter is
// up; started from the snapshot, which has them installed (tools/build/snapshot_make.py), it skips
// that step (installedInSnapshot above; tools/build/pyscript_patch.py). Without the snapshot
// micropip installs them from the site.
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _, ...rest } = options;
  try {
    if (earlyTaken || Object.keys(rest).length) return await start({ ...options });
    earlyTaken = true;
    if (stdout) forward.stdout = stdout;
    if (stderr) forward.stderr = stderr;
    return await early;
  } catch (error) {
    console.warn(`Joker: Pyodide memory snapshot unusable (${error}); starting without it`);
    return plainLoadPyodide({ ...options, indexURL });
  }
}
