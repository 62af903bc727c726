"""A lighter first visit: only the stdlib modules the app imports, and only the PyScript files it loads.

The stdlib zip keeps the modules of three lists, and the packages above them:

* what installing micropip and joker (as the snapshot does, and as PyScript asks micropip at every
  start), importing every ``joker`` module and the snapshot's PRELOAD (PyScript's own start-up) pulls
  in, found at every build by running Pyodide under Node (imports.mjs + imports_trace.py), so a new
  top-level import in ``joker/`` or micropip's can never be missing;
* tools/build/stdlib_modules.txt: what the two workers imported over whole games in the browser
  (tools/trace_stdlib.py writes it): lazy imports, PyScript's, Pyodide's;
* WHOLE_PACKAGES: packages kept whole because what they import depends on the data (codecs by name).

Measured (Pyodide 314.0.7, .pyc only): 614 entries, 4.5 MB -> about 160 modules, 1.6 MB.
"""
from __future__ import annotations

import hashlib
import io
import json
import subprocess
import time
import zipfile
from pathlib import Path

from .paths import CACHE, HERE, log
from .runtime import PYODIDE

TRACE_FILE = HERE / "stdlib_modules.txt"
PROGRAMS = (HERE / "imports.mjs", HERE / "imports_trace.py", HERE / "snapshot_make.py")
# Kept whole: Pyodide's own packages (its FFI imports parts of them lazily).
WHOLE_PACKAGES = ("_pyodide", "pyodide")
# Kept besides: the codecs a text in the wild is most likely to name (a codec is imported by its
# name, which comes from data); the app itself reads and writes UTF-8 only.
EXTRA = ("encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig", "encodings.utf_16",
         "encodings.utf_32", "encodings.unicode_escape", "encodings.raw_unicode_escape")
# joker modules for the command line (arena, benchmarks): never imported in the browser, and they
# import argparse, subprocess, multiprocessing ... which the browser does not need.
CLI_MODULES = ("joker.__main__", "joker.arena", "joker.arena_pool", "joker.arena_stats", "joker.bench")
# Not stdlib: the app, PyScript's package, and names the runtime gives modules it makes itself.
APP_PREFIXES = ("joker", "micropip", "pyscript", "polyscript", "js", "pyodide_js", "_joker_snapshot",
                "__main__", "_pyodide_core")

# @pyscript/core chunks the app never loads, left out of dist/: the plugins index.html switches off
# (<py-config>/<mpy-config> "plugins": editor, terminal, pygame, donkey, deprecation notices) and
# what only they import (CodeMirror, xterm); the zip reader, which only a page-side interpreter uses.
# Measured: a game, the coach and the score pad request none of them (a missing one would be a 404,
# which every browser test fails on). The package graph (pyodide_graph-*.js, 19 KB) is shipped: a
# worker whose config has `packages` imports it (to warn about packages Pyodide lacks) unless
# `index_urls` is set, which PyScript 0.7.31 passes to a micropip.set_index_urls that micropip
# 0.11.1 no longer has.
UNUSED_PYSCRIPT = ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "donkey",
                   "deprecations-manager", "zip-")


def is_app_module(name: str) -> bool:
    return name.split(".")[0] in APP_PREFIXES


def traced_modules() -> set[str]:
    lines = TRACE_FILE.read_text(encoding="utf-8").splitlines() if TRACE_FILE.exists() else []
    return {s.strip() for s in lines if s.strip() and not s.startswith("#")}


def static_imports(pyodide_dir: Path, stdlib: Path, wheels: tuple[Path, Path],
                   preload: list[str]) -> set[str]:
    """Every module in sys.modules after installing the (micropip, joker) wheels as the snapshot does,
    importing all of joker/ (but CLI_MODULES) and ``preload`` in Pyodide (cached)."""
    h = hashlib.sha256((PYODIDE[1] + ",".join(CLI_MODULES)).encode())
    programs = (p.read_bytes() for p in PROGRAMS)
    inputs = (stdlib.read_bytes(), *(w.read_bytes() for w in wheels), json.dumps(preload).encode())
    for data in (*inputs, *programs):
        h.update(hashlib.sha256(data).digest())
    out = CACHE / "imports" / f"imports-{h.hexdigest()[:16]}.json"
    if not out.exists():
        t0 = time.perf_counter()
        out.parent.mkdir(parents=True, exist_ok=True)
        for old in out.parent.glob("imports-*.json"):
            old.unlink()
        work = out.parent
        (work / "preload.json").write_text(json.dumps(preload))
        subprocess.run(["node", str(PROGRAMS[0]), str(pyodide_dir), str(stdlib), *map(str, wheels),
                        str(work / "preload.json"), str(PROGRAMS[1]), str(PROGRAMS[2]), str(out),
                        ",".join(CLI_MODULES)], check=True)
        log(f"traced the imports of joker/ in {time.perf_counter() - t0:.1f} s")
    return set(json.loads(out.read_text()))


def module_of(name: str) -> str | None:
    """The module a stdlib zip entry holds (``a/b/__init__.pyc`` -> ``a.b``), or None."""
    if not name.endswith(".pyc"):
        return None
    mod = name[:-4].replace("/", ".")
    return mod.removesuffix(".__init__")


def trim_stdlib(stdlib: Path, keep: set[str]) -> bytes:
    """The stdlib zip with only the modules in ``keep`` (and their parent packages; WHOLE_PACKAGES
    whole). Entries keep their order and bytes; a package's data files go with it."""
    wanted = set(keep)
    for name in keep:
        parts = name.split(".")
        wanted.update(".".join(parts[:i]) for i in range(1, len(parts)))

    def kept(entry: str) -> bool:
        top = entry.split("/")[0]
        if top in WHOLE_PACKAGES:
            return True
        mod = module_of(entry)
        if mod is not None:
            return mod in wanted
        # a directory or a data file: kept with its package
        package = entry.rstrip("/").rsplit("/", 1)[0].replace("/", ".") if "/" in entry.rstrip("/") else top
        return package in wanted or entry.rstrip("/").replace("/", ".") in wanted

    buf = io.BytesIO()
    with zipfile.ZipFile(stdlib) as zin, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if kept(info.filename):
                zout.writestr(info, zin.read(info))
    return buf.getvalue()


def trimmed_stdlib(pyodide_dir: Path, stdlib: Path, wheels: tuple[Path, Path], preload: list[str]) -> Path:
    """The shipped stdlib zip (cached by its contents)."""
    keep = static_imports(pyodide_dir, stdlib, wheels, preload) | traced_modules() | set(preload) | set(EXTRA)
    keep = {m for m in keep if not is_app_module(m)}
    key = hashlib.sha256(stdlib.read_bytes() + "\n".join(sorted(keep)).encode()).hexdigest()[:16]
    out = CACHE / "stdlib" / f"python_stdlib-{key}.zip"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        for old in out.parent.glob("python_stdlib-*.zip"):
            old.unlink()
        data = trim_stdlib(stdlib, keep)
        out.write_bytes(data)
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            n = sum(1 for e in z.namelist() if e.endswith(".pyc"))
        log(f"stdlib trimmed to {n} modules, {len(data) / 1e6:.2f} MB "
            f"(of {stdlib.stat().st_size / 1e6:.2f} MB)")
    return out
