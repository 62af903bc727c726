"""Runs inside Pyodide under Node (imports.mjs): installs micropip and joker as the snapshot does
(snapshot_make.py), asks micropip for pyscript.toml's packages as PyScript does at every start,
imports every module of the joker package (but the command-line ones named in ``skip``) and the
given names, and answers the sorted names in sys.modules as JSON (trim.py keeps those)."""
from __future__ import annotations

import importlib
import json
import pkgutil
import site
import sys


async def main(preload_json: str, skip: str, micropip_wheel: str, joker_wheel: str) -> str:
    sys.path.insert(0, "/tmp")
    make = importlib.import_module("snapshot_make")
    sys.path.remove("/tmp")
    make.unpack_like_load_package(micropip_wheel, site.getsitepackages()[0])
    importlib.invalidate_caches()
    import micropip
    await micropip.install("emfs:" + joker_wheel)
    await micropip.install(make.PACKAGES)
    import joker
    names = [m.name for m in pkgutil.walk_packages(joker.__path__, "joker.") if m.name not in skip.split(",")]
    for name in names + json.loads(preload_json):
        try:
            importlib.import_module(name)
        except Exception as e:  # noqa: BLE001 - reported; the browser trace is the other half
            print(f"imports: {name} failed: {e!r}")
    return json.dumps(sorted(m for m in sys.modules if m != "snapshot_make"))
