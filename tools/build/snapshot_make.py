"""Runs inside Pyodide under Node (snapshot.mjs) while the memory snapshot is made: everything
imported here is in the snapshot. Nothing here may keep a reference to a JS object (Pyodide's
makeMemorySnapshot refuses). A module that fails to import is left out (then imported at run time,
as without a snapshot).

The packages of pyscript.toml are installed the way a start without a snapshot installs them:
micropip's wheel unpacked into site-packages as Pyodide's ``loadPackage`` does (its own loader cannot
run here: it leaves JS state a snapshot cannot hold), then ``micropip.install`` of the joker wheel.
Files do not survive in a snapshot (only the heap does): the installed files, with their .pyc, are
kept in ``_joker_snapshot.INSTALLED`` and written back at every start, so joker is installed and nothing
is downloaded again; PyScript's ``micropip.install(["joker"])`` at start is skipped (the packages
installed here are what ``after_restore`` returns; tools/build/pyscript_patch.py).
"""
from __future__ import annotations

import gc
import importlib
import importlib._bootstrap_external as _be
import importlib.util
import json
import os
import site
import sys
import zipfile

# The stdlib modules PyScript's own start-up imports (main thread and worker), then the app.
PRELOAD = """
__future__ abc annotationlib ast asyncio base64 binascii bisect bz2 codecs codeop collections
concurrent.futures compression.zstd contextlib contextvars copy copyreg dataclasses dis
encodings.cp437 enum errno fcntl fnmatch functools gc glob heapq html html.entities
importlib.abc importlib.machinery importlib.util inspect io itertools json keyword linecache
locale logging lzma marshal math opcode operator pathlib random re reprlib select selectors
shutil signal socket ssl stat string struct subprocess tempfile textwrap threading time token
tokenize traceback types typing warnings weakref zipfile zipfile._path.glob
joker joker.web joker.worker joker.bots
""".split()
# pyscript.toml's `packages`: what PyScript asks micropip for at every start.
PACKAGES = ["joker"]
# micropip's modules that hold JS objects: its package (a PackageManager with the compatibility
# layer) and the layer itself (makeMemorySnapshot refuses any other JS reference, so one more here
# would fail the build, not the site).
JS_BOUND = ("micropip", "micropip._compat", "micropip._compat._compat_in_pyodide")
# How Pyodide's loadPackage marks a package it installed from its lock (dist-info files).
LOCK_INSTALLED = {"INSTALLER": "pyodide.loadPackage", "PYODIDE_SOURCE": "pyodide"}


def unpack_like_load_package(wheel: str, site_packages: str) -> None:
    """What ``pyodide.loadPackage`` does with a pure-Python wheel of its lock."""
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site_packages)
        dist_info = next(n.split("/")[0] for n in z.namelist() if n.split("/")[0].endswith(".dist-info"))
    for name, text in LOCK_INSTALLED.items():
        with open(os.path.join(site_packages, dist_info, name), "w") as f:
            f.write(text + "\n")


def installed_files(site_packages: str) -> dict[str, bytes]:
    """Everything installed under site-packages, by path relative to it: the sources, the dist-info,
    and an unchecked hash-based .pyc for every module not imported here (micropip's modules that are
    imported again at every start, joker's command-line ones), which a start would otherwise compile.
    micropip's are sourceless (``x.pyc`` in place of ``x.py``), like the stdlib's."""
    files: dict[str, bytes] = {}
    for folder, dirs, names in os.walk(site_packages):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, site_packages)
            with open(path, "rb") as f:
                data = f.read()
            if not (name.endswith(".py") and module_name(rel) not in sys.modules):
                files[rel] = data
                continue
            code = compile(data, path, "exec", dont_inherit=True)
            pyc = bytes(_be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))  # type: ignore[attr-defined]
            if rel.startswith("micropip/"):
                files[rel + "c"] = pyc
            else:
                files[rel] = data
                files[importlib.util.cache_from_source(rel)] = pyc
    return files


def module_name(rel: str) -> str:
    """``a/b/__init__.py`` -> ``a.b``, ``a/c.py`` -> ``a.c``."""
    return rel[:-3].replace("/", ".").removesuffix(".__init__")


async def main(home: str, pyscript_sources: str, micropip_wheel: str, joker_wheel: str) -> None:
    """Install micropip and joker, import PRELOAD, and keep ``_joker_snapshot`` (snapshot_restore.py,
    written to /tmp by snapshot.mjs) with PyScript's sources compiled and the installed files."""
    os.makedirs(home, exist_ok=True)
    site_packages = site.getsitepackages()[0]
    unpack_like_load_package(micropip_wheel, site_packages)
    importlib.invalidate_caches()
    import micropip
    await micropip.install("emfs:" + joker_wheel)
    await micropip.install(PACKAGES)  # as at run time: already satisfied; imports what that imports
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except Exception as e:  # noqa: BLE001 - left out of the snapshot, imported at run time
            print(f"snapshot: {name} left out: {e!r}")
    # The few micropip modules that hold JS objects (pyodide_js.loadPackage, Pyodide's lock ...),
    # which a snapshot cannot keep, are imported again at every start (from their .pyc); the rest of
    # micropip (its vendored packaging, the transaction, the wheel installer) stays imported.
    for name in JS_BOUND:
        del sys.modules[name]
    del micropip
    gc.collect()
    sys.path.insert(0, "/tmp")
    try:
        snap = importlib.import_module("_joker_snapshot")
    finally:
        sys.path.remove("/tmp")
    snap.HOME = home
    snap.add(json.loads(pyscript_sources))
    snap.SITE_PACKAGES = site_packages
    snap.INSTALLED = installed_files(site_packages)
    snap.LOADED.extend(["micropip", *PACKAGES])
