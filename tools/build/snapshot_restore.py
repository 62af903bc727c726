"""``_joker_snapshot``: imported while the memory snapshot is made (snapshot_make.py), so it lives
in the snapshot; js/pyodide-snapshot.mjs calls :func:`after_restore` once the snapshot is restored.

PyScript writes its own ``pyscript`` package (Python source) into the cwd and imports it at every
start; its bytecode, compiled here as *checked* hash-based .pyc (used only if the source is
byte-identical), saves compiling it again in every interpreter.  Files do not survive in a
snapshot (only the heap does), so the .pyc are kept in memory and written at restore, with the
files of the packages installed in site-packages (micropip, joker).
"""
from __future__ import annotations

import importlib._bootstrap_external as _be
import importlib.util as _util

HOME = "/home/pyodide"        # the interpreter's cwd, where PyScript writes its files
PYC: dict[str, bytes] = {}    # path relative to HOME -> .pyc bytes
SITE_PACKAGES = ""            # where micropip installed them
INSTALLED: dict[str, bytes] = {}  # site-packages as installed at build time, by path relative to it
LOADED: list[str] = []        # packages of Pyodide's lock installed in the snapshot


def add(files: dict[str, str]) -> None:
    """Compile PyScript's own sources ({"pyscript/__init__.py": source, ...})."""
    for rel, text in files.items():
        if rel.endswith(".py"):
            data = text.encode()
            code = compile(data, HOME + "/" + rel, "exec", dont_inherit=True)
            PYC[_util.cache_from_source(rel)] = bytes(
                _be._code_to_hash_pyc(code, _util.source_hash(data), checked=True))  # type: ignore[attr-defined]


def after_restore() -> str:
    """Reseed random (the snapshot froze its state), write the files back, tell Pyodide which
    packages are installed (its ``loadPackage("micropip")`` then loads nothing), forget stale
    listings. Returns the names of the packages installed at build time, as JSON text: PyScript
    skips its micropip step at start when they include all of pyscript.toml's ``packages``
    (tools/build/pyscript_patch.py)."""
    import importlib
    import json
    import os
    import random

    import pyodide_js
    random.seed()
    files = [*PYC.items(), *((os.path.join(SITE_PACKAGES, rel), data) for rel, data in INSTALLED.items())]
    for folder in sorted({os.path.dirname(path) for path, _ in files} - {""}):
        os.makedirs(folder, exist_ok=True)
    for path, data in files:
        with open(path, "wb") as f:
            f.write(data)
    for name in LOADED:
        setattr(pyodide_js.loadedPackages, name, "default channel")
    importlib.invalidate_caches()  # the file system is new: forget the finders' listings
    return json.dumps(LOADED)
