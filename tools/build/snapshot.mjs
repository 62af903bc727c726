// Makes the Pyodide memory snapshot, under Node (build.py runs it):
//   node snapshot.mjs <pyodide dir> <stdlib zip> <micropip .whl> <joker .whl> <pyscript.json>
//                     <snapshot_make.py> <snapshot_restore.py> <home> <out .bin.gz>
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, micropipWheel, jokerWheel, pyscriptSources, program, restore, home, out] =
  process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib, _makeSnapshot: true,
                               _sysExecutable: "./this.program" });
const wheels = [micropipWheel, jokerWheel].map((w) => "/tmp/" + path.basename(w));
py.FS.writeFile(wheels[0], fs.readFileSync(micropipWheel));
py.FS.writeFile(wheels[1], fs.readFileSync(jokerWheel));
py.FS.writeFile("/tmp/_joker_snapshot.py", fs.readFileSync(restore));
const ns = py.toPy({});
py.runPython(fs.readFileSync(program, "utf8"), { globals: ns });
const main = ns.get("main");
await main(home, fs.readFileSync(pyscriptSources, "utf8"), ...wheels);
main.destroy();
ns.destroy();
for (const w of wheels) py.FS.unlink(w);
py.FS.unlink("/tmp/_joker_snapshot.py");
// Pyodide's record of installed packages is JS state, not in the heap: _joker_snapshot restores it.
for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
// The heap's free blocks still hold what installing left in them (wheel bytes, zip buffers): zeroed
// here (calloc them all, then free them), they compress to nothing. Only blocks that fit below the
// current end of the heap are taken (with a margin for malloc's own), so the heap does not grow.
// Measured: 7.7 -> 6.6 MB gzipped.
const M = py._module;
const brkPtr = M._emscripten_get_sbrk_ptr();
const heapSize = M.HEAP8.length;
const room = () => M.HEAP8.length - M.HEAPU32[brkPtr >>> 2];
const blocks = [];
for (let size = 1 << 22; size >= 16; size >>= 1) {
  while (room() > size + (1 << 18)) {
    const p = M._calloc(size, 1);
    if (!p) break;
    blocks.push(p);
  }
}
for (const p of blocks) M._free(p);
if (M.HEAP8.length !== heapSize) throw new Error("zeroing the free blocks grew the heap");
fs.writeFileSync(out, zlib.gzipSync(py.makeMemorySnapshot(), { level: 6 }));
