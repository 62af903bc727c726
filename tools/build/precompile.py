"""Bytecode compiled at build time by Pyodide's own CPython (run under Node, so the magic number
is the runtime's): the stdlib zip as .pyc only (the joker package's are made in the snapshot,
snapshot_make.py).
The programs are compile.mjs (the Node driver) and compile_zip.py (runs inside Pyodide); their
bytes are part of every cache key."""
from __future__ import annotations

import hashlib
import json
import subprocess
import time
from pathlib import Path
from typing import Any

from .paths import CACHE, HERE, log
from .runtime import PYODIDE

# Where Pyodide mounts its stdlib zip; used as co_filename prefix so tracebacks read like the
# ones of source-compiled modules.
PYODIDE_STDLIB_PATH = "/lib/python314.zip"
# The interpreter's cwd (where PyScript writes its own `pyscript` package).
PYODIDE_HOME = "/home/pyodide"
# Ship the stdlib as .pyc only (see precompiled_stdlib).
STDLIB_KEEP_SOURCE = False
PROGRAMS = (HERE / "compile.mjs", HERE / "compile_zip.py")


def programs_key() -> bytes:
    return b"\0".join(p.read_bytes() for p in PROGRAMS)


def pyodide_compile(pyodide_dir: Path, jobs: list[dict[str, Any]]) -> None:
    """Compile .py files in zips to .pyc with Pyodide's CPython, run under Node."""
    work = CACHE / "compile"
    work.mkdir(parents=True, exist_ok=True)
    (work / "jobs.json").write_text(json.dumps(jobs))
    subprocess.run(["node", str(PROGRAMS[0]), str(pyodide_dir), str(work / "jobs.json"), str(PROGRAMS[1])],
                   check=True)


def precompiled_stdlib(pyodide_dir: Path) -> Path:
    """python_stdlib.zip as .pyc only, cached per Pyodide version and compiler code.

    Measured: 2.5 MB (sources) -> 7.1 MB with sources + .pyc, 4.5 MB .pyc only. Without the
    sources, stdlib frames in tracebacks show no source line; our own joker/ keeps its sources.
    """
    key = hashlib.sha256(f"{PYODIDE[1]} {STDLIB_KEEP_SOURCE} ".encode() + programs_key()).hexdigest()[:12]
    out = CACHE / f"python_stdlib-{PYODIDE[1]}-{key}.zip"
    if not out.exists():
        t0 = time.perf_counter()
        tmp = out.with_suffix(".tmp")
        pyodide_compile(pyodide_dir, [dict(src=str(pyodide_dir / "python_stdlib.zip"), dst=str(tmp),
                                           prefix=PYODIDE_STDLIB_PATH + "/", layout="zip",
                                           keep_source=STDLIB_KEEP_SOURCE)])
        tmp.replace(out)
        for stale in CACHE.glob("python_stdlib-*.zip"):
            if stale != out:
                stale.unlink()
        log(f"precompiled stdlib in {time.perf_counter() - t0:.1f} s")
    return out
