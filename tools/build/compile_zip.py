"""Runs inside Pyodide's CPython (under Node, driven by compile.mjs), so the bytecode magic is the
runtime's: copies zips adding unchecked hash-based .pyc for every .py.

    layout "zip":  x/y.py -> x/y.pyc                    (zipimport: the stdlib zip)
    layout "tree": x/y.py -> x/__pycache__/y.<tag>.pyc  (FileFinder, after PyScript unpacks joker.zip)
"""
from __future__ import annotations

import importlib._bootstrap_external as be
import importlib.util
import json
import zipfile


def compile_zip(src: str, dst: str, prefix: str, layout: str, keep_source: bool) -> int:
    """Copy zip ``src`` to ``dst`` with a .pyc beside (or instead of) every .py; how many."""
    n = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if not info.filename.endswith(".py"):
                zout.writestr(info.filename, data)
                continue
            if keep_source:
                zout.writestr(info.filename, data)
            code = compile(data, prefix + info.filename, "exec", dont_inherit=True)
            source_hash = importlib.util.source_hash(data)
            pyc = be._code_to_hash_pyc(code, source_hash, checked=False)  # type: ignore[attr-defined]
            if layout == "zip":
                name = info.filename[:-3] + ".pyc"
            else:
                name = importlib.util.cache_from_source(info.filename)
            zout.writestr(name, bytes(pyc))
            n += 1
    return n


def main(jobs_json: str) -> None:
    """``jobs_json``: a list of compile_zip's keyword arguments (paths inside Pyodide's file system)."""
    for job in json.loads(jobs_json):
        print("compiled", compile_zip(**job), "modules into", job["dst"])
