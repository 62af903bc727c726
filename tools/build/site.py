"""dist/, the deployable static site, put together from the repository and the cached runtime.

    index.html, pyscript.toml       the page (with a modulepreload link per module of js/boot.js's
                                    static import graph, at the end of its body) and the workers'
                                    PyScript config
    <everything under static/>      css/, js/, cards/, manifest, sw.js ... (not the .po catalogues)
    locale/strings.json             static/locale/*.po compiled (i18n.py)
    facts.json                      what the first screen offers (joker/facts.py)
    icons/                          drawn here (icons.py)
    joker-<version>-py3-none-any.whl
                                    the joker package, built from pyproject.toml by pip (wheel.py);
                                    pyscript.toml's `packages` installs it with micropip
    pyodide/                        the Pyodide runtime, with the patch of pyodide_patch.py;
                                    python_stdlib.zip precompiled and trimmed
                                    to what the app imports (trim.py); micropip's wheel;
                                    pyodide-lock.json listing only micropip and joker;
                                    snapshot.bin.gz, the memory snapshot (snapshot.py), with both
                                    installed and imported
    pyscript/                       @pyscript/core dist (core.js, core.css and the chunks it loads;
                                    not the editor's, terminal's, pygame's or MicroPython's), with
                                    the patches of pyscript_patch.py
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
from types import ModuleType

from . import pyodide_patch, pyscript_patch
from .i18n import catalog_json
from .icons import build_icons
from .paths import DIST, ROOT, STATIC, log
from .precompile import precompiled_stdlib
from .runtime import PYODIDE, PYODIDE_RUNTIME, PYSCRIPT, extract, pyscript_files
from .snapshot import SNAPSHOT_NAME, memory_snapshot
from .snapshot_make import PRELOAD
from .trim import UNUSED_PYSCRIPT, trimmed_stdlib
from .wheel import MICROPIP, joker_wheel, micropip_wheel, project_version, sha256

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


BOOT_SCRIPT = '<script type="module" src="./js/boot.js"></script>'
BODY_END = "</body>"
STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;"]*?(?:from\s*)?"(\./[\w./-]+\.js)"', re.M)


def module_graph(js_dir: Path, entry: str) -> list[str]:
    """Every module ``entry`` imports statically, directly or not (files in ``js_dir``), in the
    order they are first met; dynamic import() is left out (loaded when used)."""
    seen: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        if name in seen or not (js_dir / name).is_file():
            continue
        seen.append(name)
        text = (js_dir / name).read_text(encoding="utf-8")
        todo += [m.removeprefix("./") for m in STATIC_IMPORT.findall(text)]
    return seen[1:]


def preload_modules(index: Path, js_dir: Path) -> None:
    """index.html: a <link rel=modulepreload> for every module boot.js needs, so the browser fetches
    the whole graph at once instead of one import level per round trip (on a slow phone link the
    first screen waited seconds for them). They go at the end of the body, not in the head: the
    parser starts each link's fetch in the task that parses it, and the head is parsed in one task
    (49 links made it 54-118 ms of CPU at 4x CPU throttling); at the body's end they are parsed in a
    short task of their own, after the first screen's markup. The preload scanner finds them in the
    first bytes either way (docs/STARTUP.md, "The sixth pass")."""
    text = index.read_text(encoding="utf-8")
    if BOOT_SCRIPT not in text or BODY_END not in text:
        return
    modules = module_graph(js_dir, "boot.js")
    links = "".join(f'<link rel="modulepreload" href="./js/{m}">\n' for m in modules)
    index.write_text(text.replace(BODY_END, links + BODY_END, 1), encoding="utf-8")


def lock_with(lock: Path, micropip: Path, joker: Path) -> bytes:
    """pyodide-lock.json keeps its ``info`` (checked against the runtime) and lists only micropip
    (PyScript loads it when pyscript.toml has ``packages``; its sha256 is the wheel's we ship, PyPI's
    build, which Pyodide checks) and joker (the name micropip installs from the lock, never from
    PyPI; its wheel sits at the site's root, hence the ``../``). 117 KB less than Pyodide's list."""
    data = json.loads(lock.read_text(encoding="utf-8"))
    entry = data["packages"]["micropip"]
    if (entry["name"], entry["version"], entry["file_name"]) != (MICROPIP[0], MICROPIP[1], micropip.name):
        raise SystemExit(f"Pyodide's lock names {entry['file_name']}, "
                         f"tools/build/wheel.py pins {micropip.name}")
    packages = {
        "micropip": {**entry, "sha256": sha256(micropip)},
        "joker": {"name": "joker", "version": project_version(), "file_name": "../" + joker.name,
                  "install_dir": "site", "sha256": sha256(joker), "package_type": "package",
                  "imports": ["joker"], "depends": [], "unvendored_tests": False},
    }
    return json.dumps({"info": data["info"], "packages": packages}, separators=(",", ":")).encode()


def copy_patched(files: list[Path], dest: Path, patches: ModuleType) -> None:
    """Copy a runtime package's ``files`` into ``dest``, those the package's patch module
    (pyodide_patch, pyscript_patch) patches rewritten; every patch must apply exactly once."""
    applied = []
    for f in files:
        if patches.patched(f.name):
            text, done = patches.patch_file(f.name, f.read_text(encoding="utf-8"))
            (dest / f.name).write_text(text, encoding="utf-8")
            applied += done
        else:
            shutil.copy2(f, dest / f.name)
    patches.check_all_applied(applied)

def build(trim_stdlib: bool = True) -> Path:
    """dist/ from the sources; ``trim_stdlib=False`` ships the whole stdlib (tools/trace_stdlib.py)."""
    t0 = time.perf_counter()
    pyodide_dir = extract(*PYODIDE)
    pyscript_dir = extract(*PYSCRIPT)
    stdlib = precompiled_stdlib(pyodide_dir)
    wheels = (micropip_wheel(), joker_wheel())
    if trim_stdlib:
        stdlib = trimmed_stdlib(pyodide_dir, stdlib, wheels, PRELOAD)

    tmp = ROOT / "dist.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    if STATIC.exists():
        shutil.copytree(STATIC, tmp, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "*.po"))
    for name in ROOT_SITE_FILES:
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, tmp / name)
    preload_modules(tmp / "index.html", tmp / "js")
    (tmp / ".nojekyll").write_bytes(b"")
    (tmp / "locale").mkdir(exist_ok=True)
    (tmp / "locale" / "strings.json").write_bytes(catalog_json(STATIC / "locale"))
    (tmp / "facts.json").write_bytes(facts_json())
    build_icons(tmp / "icons")

    (tmp / "pyodide").mkdir()
    copy_patched([pyodide_dir / name for name in PYODIDE_RUNTIME], tmp / "pyodide", pyodide_patch)
    shutil.copy2(stdlib, tmp / "pyodide" / "python_stdlib.zip")
    (tmp / "pyodide" / "pyodide-lock.json").write_bytes(lock_with(pyodide_dir / "pyodide-lock.json", *wheels))
    shutil.copy2(wheels[0], tmp / "pyodide" / wheels[0].name)
    shutil.copy2(wheels[1], tmp / wheels[1].name)
    (tmp / "pyscript").mkdir()
    copy_patched([f for f in pyscript_files(pyscript_dir) if not f.name.startswith(UNUSED_PYSCRIPT)],
                 tmp / "pyscript", pyscript_patch)

    (tmp / "pyodide" / SNAPSHOT_NAME).write_bytes(memory_snapshot(pyodide_dir, stdlib, wheels, pyscript_dir))
    version = fill_service_worker(tmp) if (tmp / "sw.js").exists() else "-"

    (tmp / ".build-stamp").write_text(version + "\n")  # tests: dist/ newer than its sources?
    shutil.rmtree(DIST, ignore_errors=True)
    tmp.rename(DIST)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    n = sum(1 for p in DIST.rglob("*") if p.is_file())
    log(f"dist/ ready: {n} files, {size / 1e6:.1f} MB, version {version}, "
        f"{time.perf_counter() - t0:.1f} s")
    return DIST
