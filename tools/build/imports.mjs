// Which modules importing all of joker/ (and a list of others) pulls in, under Node (trim.py runs it):
//   node imports.mjs <pyodide dir> <stdlib zip> <joker.zip> <preload.json> <imports_trace.py> <out.json> <skip>
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, jokerZip, preload, program, out, skip] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib });
py.FS.writeFile("/tmp/joker.zip", fs.readFileSync(jokerZip));
const ns = py.toPy({});
py.runPython(fs.readFileSync(program, "utf8"), { globals: ns });
const main = ns.get("main");
fs.writeFileSync(out, main(fs.readFileSync(preload, "utf8"), skip || ""));
main.destroy();
ns.destroy();
