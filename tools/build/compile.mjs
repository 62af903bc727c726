// Compiles .py files in zips to .pyc with Pyodide's own CPython, under Node (build.py runs it):
//   node compile.mjs <pyodide dir> <jobs.json> <compile_zip.py>
// jobs.json: [{src, dst, prefix, layout, keep_source}] with paths on this machine.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, jobsFile, program] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const jobs = JSON.parse(fs.readFileSync(jobsFile, "utf8"));
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
const inside = jobs.map((j, i) => {
  py.FS.writeFile(`/tmp/in${i}.zip`, fs.readFileSync(j.src));
  return { ...j, src: `/tmp/in${i}.zip`, dst: `/tmp/out${i}.zip` };
});
const ns = py.toPy({});
py.runPython(fs.readFileSync(program, "utf8"), { globals: ns });
ns.get("main")(JSON.stringify(inside));
inside.forEach((j, i) => fs.writeFileSync(jobs[i].dst, py.FS.readFile(j.dst)));
