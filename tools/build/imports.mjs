// Which modules installing micropip and joker and importing all of joker/ (and a list of others)
// pulls in, under Node (trim.py runs it):
//   node imports.mjs <pyodide dir> <stdlib zip> <micropip .whl> <joker .whl> <preload.json>
//                    <imports_trace.py> <snapshot_make.py> <out.json> <skip>
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, micropipWheel, jokerWheel, preload, program, make, out, skip] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib });
const wheels = [micropipWheel, jokerWheel].map((w) => "/tmp/" + path.basename(w));
py.FS.writeFile(wheels[0], fs.readFileSync(micropipWheel));
py.FS.writeFile(wheels[1], fs.readFileSync(jokerWheel));
py.FS.writeFile("/tmp/snapshot_make.py", fs.readFileSync(make));
const ns = py.toPy({});
py.runPython(fs.readFileSync(program, "utf8"), { globals: ns });
const main = ns.get("main");
fs.writeFileSync(out, await main(fs.readFileSync(preload, "utf8"), skip || "", ...wheels));
main.destroy();
ns.destroy();
