// Makes the Pyodide memory snapshot, under Node (build.py runs it):
//   node snapshot.mjs <pyodide dir> <stdlib zip> <joker.zip> <pyscript.json> <snapshot_make.py>
//                     <snapshot_restore.py> <home> <out .bin.gz>
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, jokerZip, pyscriptSources, program, restore, home, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib, _makeSnapshot: true,
                               _sysExecutable: "./this.program" });
py.FS.writeFile("/tmp/joker.zip", fs.readFileSync(jokerZip));
py.FS.writeFile("/tmp/_joker_snapshot.py", fs.readFileSync(restore));
const ns = py.toPy({});
py.runPython(fs.readFileSync(program, "utf8"), { globals: ns });
const main = ns.get("main");
main(home, fs.readFileSync(pyscriptSources, "utf8"));
main.destroy();
ns.destroy();
py.FS.unlink("/tmp/joker.zip");
py.FS.unlink("/tmp/_joker_snapshot.py");
fs.writeFileSync(out, zlib.gzipSync(py.makeMemorySnapshot(), { level: 6 }));
