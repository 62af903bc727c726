"""Runs inside Pyodide under Node (imports.mjs): imports every module of the joker package (but the
command-line ones named in ``skip``) and the given names, and answers the sorted names in
sys.modules as JSON (trim.py keeps those)."""
from __future__ import annotations

import importlib
import json
import os
import pkgutil
import sys
import zipfile


def main(preload_json: str, skip: str) -> str:
    home = "/home/pyodide"
    os.makedirs(home, exist_ok=True)
    zipfile.ZipFile("/tmp/joker.zip").extractall(home)
    sys.path.insert(0, home)
    importlib.invalidate_caches()
    import joker
    names = [m.name for m in pkgutil.walk_packages(joker.__path__, "joker.") if m.name not in skip.split(",")]
    for name in names + json.loads(preload_json):
        try:
            importlib.import_module(name)
        except Exception as e:  # noqa: BLE001 - reported; the browser trace is the other half
            print(f"imports: {name} failed: {e!r}")
    return json.dumps(sorted(sys.modules))
