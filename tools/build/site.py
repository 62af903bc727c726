"""dist/, the deployable static site, put together from the repository and the cached runtime.

    index.html, pyscript.toml       the page and its PyScript config (repo root)
    <everything under static/>      css/, js/, cards/, manifest, sw.js ... (not the .po catalogues)
    locale/strings.json             static/locale/*.po compiled (i18n.py)
    facts.json                      what the first screen offers (joker/facts.py)
    icons/                          drawn here (icons.py)
    joker.zip                       the joker/ package (+ precompiled .pyc), unpacked by PyScript
                                    into the interpreter's cwd via [files]
    pyodide/                        the Pyodide runtime; python_stdlib.zip precompiled;
                                    snapshot.bin.gz, the memory snapshot (snapshot.py)
    pyscript/                       @pyscript/core dist (core.js, core.css and its chunks)
    sw.js                           the service worker, with the file list and a version
    .nojekyll
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import time
from pathlib import Path

from .i18n import catalog_json
from .icons import build_icons
from .paths import DIST, ROOT, STATIC, log
from .precompile import joker_zip, precompiled_stdlib
from .runtime import PYODIDE, PYODIDE_RUNTIME, PYSCRIPT, extract, pyscript_files
from .snapshot import SNAPSHOT_NAME, memory_snapshot

# Files at the repo root that are part of the site.
ROOT_SITE_FILES = ["index.html", "pyscript.toml"]
SW_MARKER = re.compile(r"/\*BUILD\*/.*?/\*END\*/", re.S)


def facts_json() -> bytes:
    """joker.facts.facts() as JSON: what the first screen offers before Python is up."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from joker.facts import facts
    return json.dumps(facts(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def fill_service_worker(dist: Path) -> str:
    """Write the precache list and a version hashed from every file's bytes into sw.js."""
    sw = dist / "sw.js"
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                   if p.is_file() and p.name != "sw.js" and not p.name.startswith("."))
    h = hashlib.sha256()
    for f in files:
        h.update(f.encode() + b"\0" + hashlib.sha256((dist / f).read_bytes()).digest())
    h.update(SW_MARKER.sub("", sw.read_text(encoding="utf-8")).encode())
    version = h.hexdigest()[:16]
    build = json.dumps({"version": version, "files": ["./"] + files}, indent=1)
    text = SW_MARKER.sub(lambda m: f"/*BUILD*/{build}/*END*/", sw.read_text(encoding="utf-8"))
    sw.write_text(text, encoding="utf-8")
    return version


def build(precompile_joker: bool = True) -> Path:
    t0 = time.perf_counter()
    pyodide_dir = extract(*PYODIDE)
    pyscript_dir = extract(*PYSCRIPT)
    stdlib = precompiled_stdlib(pyodide_dir)

    tmp = ROOT / "dist.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    if STATIC.exists():
        shutil.copytree(STATIC, tmp, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "*.po"))
    for name in ROOT_SITE_FILES:
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, tmp / name)
    (tmp / ".nojekyll").write_bytes(b"")
    (tmp / "locale").mkdir(exist_ok=True)
    (tmp / "locale" / "strings.json").write_bytes(catalog_json(STATIC / "locale"))
    (tmp / "facts.json").write_bytes(facts_json())
    build_icons(tmp / "icons")

    (tmp / "pyodide").mkdir()
    for name in PYODIDE_RUNTIME:
        shutil.copy2(pyodide_dir / name, tmp / "pyodide" / name)
    shutil.copy2(stdlib, tmp / "pyodide" / "python_stdlib.zip")
    (tmp / "pyscript").mkdir()
    for f in pyscript_files(pyscript_dir):
        shutil.copy2(f, tmp / "pyscript" / f.name)

    joker = joker_zip(pyodide_dir, precompile_joker)
    (tmp / "joker.zip").write_bytes(joker)
    (tmp / "pyodide" / SNAPSHOT_NAME).write_bytes(memory_snapshot(pyodide_dir, stdlib, joker, pyscript_dir))
    version = fill_service_worker(tmp) if (tmp / "sw.js").exists() else "-"

    (tmp / ".build-stamp").write_text(version + "\n")  # tests: dist/ newer than its sources?
    shutil.rmtree(DIST, ignore_errors=True)
    tmp.rename(DIST)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    n = sum(1 for p in DIST.rglob("*") if p.is_file())
    log(f"dist/ ready: {n} files, {size / 1e6:.1f} MB, version {version}, "
        f"{time.perf_counter() - t0:.1f} s")
    return DIST
