"""The engine runs unchanged in Pyodide (CPython 3.14 in WebAssembly) and deals the same games.

Loads the npm ``pyodide`` package that ``build.py`` fetched into ``.cache`` in Node, copies
``joker/`` into its file system, and replays golden transcripts there: same seed, same deal,
same scores as CPython here.
"""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = next(iter(sorted((ROOT / ".cache").glob("pyodide-*/package/pyodide.mjs"))), None)

SCRIPT = r"""
import { loadPyodide } from "%(mjs)s";
import fs from "node:fs";
const files = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const py = await loadPyodide({ indexURL: "%(dir)s/" });
py.FS.mkdirTree("/app/joker");
for (const [name, text] of Object.entries(files)) py.FS.writeFile("/app/joker/" + name, text);
const out = py.runPython(`
import sys, json
sys.path.insert(0, "/app")
from joker.transcript import GOLDEN, transcript
import platform
json.dumps({"version": platform.python_version(),
            "transcripts": {f"{p}_{m}_{s}": transcript(p, m, s) for p, m, s in GOLDEN[:4]}})
`);
process.stdout.write(out);
"""


@pytest.mark.skipif(PYODIDE is None or shutil.which("node") is None,
                    reason="needs node and the pyodide package (python3 build.py fetches it)")
def test_golden_transcripts_are_identical_in_pyodide(tmp_path):
    files = {p.name: p.read_text() for p in (ROOT / "joker").glob("*.py")}
    (tmp_path / "files.json").write_text(json.dumps(files))
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT % {"mjs": PYODIDE.as_uri(), "dir": PYODIDE.parent})
    res = subprocess.run(["node", str(script), str(tmp_path / "files.json")], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    out = json.loads(res.stdout)
    assert out["version"].startswith("3.1")
    for name, text in out["transcripts"].items():
        assert text == (ROOT / "tests" / "golden" / f"{name}.txt").read_text(), name
