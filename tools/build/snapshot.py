"""Pyodide's (private) memory snapshot: the wasm heap of an interpreter that has started and
imported what every start imports, made under Node at build time. js/pyodide-snapshot.mjs (the
`interpreter` of pyscript.toml) starts the main interpreter and the worker from it. Tied to the
exact pyodide.asm.wasm, python_stdlib.zip and the wheels installed in it (micropip, joker): remade
when any changes. The programs are snapshot.mjs, snapshot_make.py and snapshot_restore.py; their
bytes are part of the cache key."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import time
from pathlib import Path

from .paths import CACHE, HERE, log
from .precompile import PYODIDE_HOME
from .runtime import PYODIDE, pyscript_python_sources

SNAPSHOT_NAME = "snapshot.bin.gz"           # in dist/pyodide/
SNAPSHOT_WRAPPER = "js/pyodide-snapshot.mjs"
PROGRAMS = (HERE / "snapshot.mjs", HERE / "snapshot_make.py", HERE / "snapshot_restore.py")


def memory_snapshot(pyodide_dir: Path, stdlib: Path, wheels: tuple[Path, Path], pyscript_dir: Path) -> bytes:
    """The gzipped memory snapshot for this Pyodide build, stdlib zip and (micropip, joker) wheels
    (cached)."""
    sources = json.dumps(pyscript_python_sources(pyscript_dir), sort_keys=True)
    h = hashlib.sha256(f"{PYODIDE[1]}\0".encode())
    for data in ((pyodide_dir / "pyodide.asm.wasm").read_bytes(), stdlib.read_bytes(),
                 *(w.read_bytes() for w in wheels),
                 sources.encode(), *(p.read_bytes() for p in PROGRAMS)):
        h.update(hashlib.sha256(data).digest())
    out = CACHE / "snapshot" / f"snapshot-{h.hexdigest()[:16]}.bin.gz"
    if not out.exists():
        t0 = time.perf_counter()
        work = out.parent
        work.mkdir(parents=True, exist_ok=True)
        (work / "pyscript.json").write_text(sources)
        tmp = out.with_suffix(".tmp")
        # A clean environment: nothing of the build machine's ends up in the snapshot.
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
        mjs, make, restore = PROGRAMS
        subprocess.run(["node", str(mjs), str(pyodide_dir), str(stdlib), *map(str, wheels),
                        str(work / "pyscript.json"), str(make), str(restore), PYODIDE_HOME, str(tmp)],
                       check=True, env=env, cwd=work)
        for old in work.glob("snapshot-*.bin.gz"):
            old.unlink()
        tmp.replace(out)
        log(f"made the Pyodide memory snapshot in {time.perf_counter() - t0:.1f} s "
            f"({out.stat().st_size / 1e6:.1f} MB gzipped)")
    return out.read_bytes()
