// What a worker does after Pyodide restored the memory snapshot, timed under Node (a tool, not a test):
//   node tools/bench_restore.mjs <dist> [runs]
// after_restore() (js/pyodide-snapshot.mjs runs it), then what PyScript does with pyscript.toml's
// `packages` (["joker"]): since tools/build/pyscript_patch.py, nothing when after_restore says the
// snapshot installed them all; else (a site from before that patch) loadPackage("micropip"), import
// micropip, micropip.install(packages); a site of before the wheel had `[files]` joker.zip instead,
// unpacked into the cwd. Prints ms per run.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const [dist, runs = "1"] = process.argv.slice(2);
const pyodideDir = path.join(dist, "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const snapshot = zlib.gunzipSync(fs.readFileSync(path.join(pyodideDir, "snapshot.bin.gz")));
const jokerZip = path.join(dist, "joker.zip");
const times = [];
for (let i = 0; i < Number(runs); i++) {
  const py = await loadPyodide({ indexURL: pyodideDir + "/", _loadSnapshot: new Uint8Array(snapshot),
                                 stdout: () => {}, stderr: () => {} });
  const t0 = performance.now();
  const installed = py.runPython("__import__('_joker_snapshot').after_restore()");
  const skipped = typeof installed === "string" && JSON.parse(installed).includes("joker");
  if (skipped) {
    // PyScript's micropip step skipped (the snapshot installed joker)
  } else if (fs.existsSync(jokerZip)) {
    py.unpackArchive(new Uint8Array(fs.readFileSync(jokerZip)), "zip", { extractDir: "/home/pyodide" });
  } else {
    await py.loadPackage("micropip", { messageCallback: () => {} });
    const micropip = py.pyimport("micropip");
    await micropip.install(["joker"], { keep_going: true });
    micropip.destroy();
  }
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(`${dist}: ${times.map((t) => t.toFixed(0)).join(" ")} ms (median ${times[times.length >> 1].toFixed(0)})`);
