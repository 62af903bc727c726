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
const out = py.runPython(fs.readFileSync(process.argv[3], "utf8"));
process.stdout.write(out);
"""

GOLDEN_PY = """
import sys, json
sys.path.insert(0, "/app")
from joker.transcript import GOLDEN, transcript
import platform
json.dumps({"version": platform.python_version(),
            "transcripts": {f"{p}_{m}_{s}": transcript(p, m, s) for p, m, s in GOLDEN[:4]}})
"""

# Issue #9: in Pyodide a deeply nested document handed to json.loads (or repr) overflows the JavaScript
# stack and kills the interpreter; the engine must refuse it first, with a reason code, and live on.
HOSTILE_PY = """
import sys, json
sys.path.insert(0, "/app")
from joker import saves, stats
from joker.game import Game
out = {}
for name, text in [("deep", "[" * 20000 + "]" * 20000), ("deep_objects", '{"a":' * 6000 + "1" + "}" * 6000),
                   ("huge", "[" * 400000)]:
    out[name] = [saves.load(text)[2], stats.load(text)[1]]
    try:
        stats.import_text(text)
    except ValueError as e:
        out[name].append(e.code)
d = Game(seed=1).to_dict()
v = []
for _ in range(1000):
    v = [v]
d["mode"] = v
for name, call in [("from_dict", lambda: Game.from_dict(d)), ("view", lambda: Game(seed=1).view(1.0))]:
    try:
        call()
        out[name] = "accepted"
    except ValueError:
        out[name] = "ValueError"
json.dumps(out)
"""


def run_in_pyodide(tmp_path: Path, program: str) -> dict:
    files = {p.name: p.read_text() for p in (ROOT / "joker").glob("*.py")}
    (tmp_path / "files.json").write_text(json.dumps(files))
    (tmp_path / "program.py").write_text(program)
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT % {"mjs": PYODIDE.as_uri(), "dir": PYODIDE.parent})
    res = subprocess.run(["node", str(script), str(tmp_path / "files.json"), str(tmp_path / "program.py")],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    return json.loads(res.stdout)


needs_pyodide = pytest.mark.skipif(PYODIDE is None or shutil.which("node") is None,
                                   reason="needs node and the pyodide package (python3 build.py fetches it)")


@needs_pyodide
def test_golden_transcripts_are_identical_in_pyodide(tmp_path):
    out = run_in_pyodide(tmp_path, GOLDEN_PY)
    assert out["version"].startswith("3.1")
    for name, text in out["transcripts"].items():
        assert text == (ROOT / "tests" / "golden" / f"{name}.txt").read_text(), name


@needs_pyodide
def test_hostile_stored_text_is_refused_before_it_can_kill_pyodide(tmp_path):
    out = run_in_pyodide(tmp_path, HOSTILE_PY)
    assert out["deep"] == ["save_too_deep", "stats_too_deep", "too_deep"]
    assert out["deep_objects"] == ["save_too_deep", "stats_too_deep", "too_deep"]
    assert out["huge"] == ["save_too_large", "stats_too_large", "too_large"]
    assert out["from_dict"] == out["view"] == "ValueError"
