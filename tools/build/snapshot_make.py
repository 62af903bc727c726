"""Runs inside Pyodide under Node (snapshot.mjs) while the memory snapshot is made: everything
imported here is in the snapshot. Nothing here may keep a reference to a JS object (Pyodide's
makeMemorySnapshot refuses). A module that fails to import is left out (then imported at run time,
as without a snapshot).
"""
from __future__ import annotations

import importlib
import json
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


def main(home: str, pyscript_sources: str) -> None:
    """Unpack joker.zip into ``home`` (the cwd), import PRELOAD, and keep ``_joker_snapshot``
    (snapshot_restore.py, written to /tmp by snapshot.mjs) with PyScript's sources compiled."""
    zipfile.ZipFile("/tmp/joker.zip").extractall(home)
    importlib.invalidate_caches()
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except Exception as e:  # noqa: BLE001 - left out of the snapshot, imported at run time
            print(f"snapshot: {name} left out: {e!r}")
    sys.path.insert(0, "/tmp")
    try:
        snap = importlib.import_module("_joker_snapshot")
    finally:
        sys.path.remove("/tmp")
    snap.HOME = home
    snap.add(json.loads(pyscript_sources))
