#!/usr/bin/env python3
"""Build, serve and test the Joker static site.

    python3 build.py                 build dist/ (the deployable static site)
    python3 build.py serve [--port]  build, then serve dist/ on http://127.0.0.1:8000
    python3 build.py test [ARGS]     set up .venv + chromium, build, run pytest over tests/

Only the standard library is used here, so the script runs on a bare Python 3.11.
Node/npm are needed for fetching the pinned runtime (``npm pack``) and for
precompiling the stdlib with Pyodide's own CPython.

Layout of dist/:
    index.html, pyscript.toml       the page and its PyScript config (repo root)
    <everything under static/>      css/, js/, py/, icons/, manifest, sw.js ...
    joker.zip                       the joker/ package (+ precompiled .pyc), unpacked by
                                    PyScript into the interpreter's cwd via [files]
    pyodide/                        Pyodide runtime; python_stdlib.zip precompiled;
                                    snapshot.bin.gz: memory snapshot of a started interpreter
                                    with the stdlib PyScript needs and joker imported, loaded by
                                    js/pyodide-snapshot.mjs (pyscript.toml's `interpreter`)
    pyscript/                       @pyscript/core dist (core.js, core.css and its chunks)
    sw.js                           service worker, file list + version filled in here
    .nojekyll
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import inspect
import io
import json
import os
import re
import shutil
import socketserver
import struct
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
STATIC = ROOT / "static"
VENV = ROOT / ".venv"

# Pinned runtime. Integrity strings are npm's ``dist.integrity`` (sha512 of the
# tarball), checked once with ``npm view <pkg>@<ver> dist.integrity`` when pinning.
PYODIDE = ("pyodide", "314.0.7",
           "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==")
PYSCRIPT = ("@pyscript/core", "0.7.31",
            "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==")
PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                   "python_stdlib.zip", "pyodide-lock.json"]
# Where Pyodide mounts its stdlib zip; used as co_filename prefix so tracebacks
# read like the ones of source-compiled modules.
PYODIDE_STDLIB_PATH = "/lib/python314.zip"
# Where PyScript unpacks "./joker.zip" = "./*" (the interpreter's cwd).
PYODIDE_HOME = "/home/pyodide"
CHROMIUM = "/usr/bin/chromium"
# Ship the stdlib as .pyc only (see precompiled_stdlib).
STDLIB_KEEP_SOURCE = False

# Files at the repo root that are part of the site (owned by the UI after the start).
ROOT_SITE_FILES = ["index.html", "pyscript.toml"]
SW_MARKER = re.compile(r"/\*BUILD\*/.*?/\*END\*/", re.S)


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


# --------------------------------------------------------------------------- npm

def sri_ok(data: bytes, integrity: str) -> bool:
    algo, _, want = integrity.partition("-")
    return base64.b64encode(hashlib.new(algo, data).digest()).decode() == want


def npm_tarball(name: str, version: str, integrity: str) -> Path:
    """Return the verified tarball of ``name@version`` in .cache/npm, fetching it once."""
    dest = CACHE / "npm"
    dest.mkdir(parents=True, exist_ok=True)
    fname = f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    path = dest / fname
    if not (path.exists() and sri_ok(path.read_bytes(), integrity)):
        log(f"npm pack {name}@{version}")
        subprocess.run(["npm", "pack", f"{name}@{version}", "--silent"], cwd=dest, check=True,
                       stdout=subprocess.DEVNULL)
        if not sri_ok(path.read_bytes(), integrity):
            path.unlink()
            sys.exit(f"integrity mismatch for {name}@{version}: refusing to use it")
    return path


def extract(name: str, version: str, integrity: str) -> Path:
    """Unpack the verified tarball to .cache/<name>-<version>/ (once) and return it."""
    out = CACHE / f"{name.lstrip('@').replace('/', '-')}-{version}"
    if not (out / ".ok").exists():
        tgz = npm_tarball(name, version, integrity)
        shutil.rmtree(out, ignore_errors=True)
        with tarfile.open(tgz) as tar:
            tar.extractall(out, filter="data")
        (out / ".ok").write_text(integrity)
    return out / "package"


# --------------------------------------------------------- precompile with Pyodide

# Runs inside Pyodide's CPython (so the bytecode magic matches the runtime).
COMPILE_PY = r'''
import importlib._bootstrap_external as be
import importlib.util, json, zipfile

def compile_zip(src, dst, prefix, layout, keep_source):
    """Copy zip src to dst adding unchecked hash-based .pyc for every .py.

    layout "zip":  x/y.py -> x/y.pyc           (zipimport: stdlib zip)
    layout "tree": x/y.py -> x/__pycache__/y.<tag>.pyc (FileFinder after unpacking)
    """
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
            pyc = be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            if layout == "zip":
                name = info.filename[:-3] + ".pyc"
            else:
                name = importlib.util.cache_from_source(info.filename)
            zout.writestr(name, bytes(pyc))
            n += 1
    return n

for job in json.loads(JOBS):
    print("compiled", compile_zip(**job), "modules into", job["dst"])
'''

COMPILE_MJS = r'''
import { loadPyodide } from "PYODIDE_MJS";
import fs from "node:fs";
const jobs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const py = await loadPyodide({ indexURL: "PYODIDE_DIR/" });
const inside = jobs.map((j, i) => {
  py.FS.writeFile(`/tmp/in${i}.zip`, fs.readFileSync(j.src));
  return { ...j, src: `/tmp/in${i}.zip`, dst: `/tmp/out${i}.zip` };
});
py.globals.set("JOBS", JSON.stringify(inside));
py.runPython(fs.readFileSync(process.argv[3], "utf8"));
inside.forEach((j, i) => fs.writeFileSync(jobs[i].dst, py.FS.readFile(j.dst)));
'''


def pyodide_compile(pyodide_dir: Path, jobs: list[dict]) -> None:
    """Compile .py files in zips to .pyc with Pyodide's CPython, run under Node."""
    work = CACHE / "compile"
    work.mkdir(parents=True, exist_ok=True)
    mjs = (COMPILE_MJS.replace("PYODIDE_MJS", (pyodide_dir / "pyodide.mjs").as_uri())
           .replace("PYODIDE_DIR", str(pyodide_dir)))
    (work / "compile.mjs").write_text(mjs)
    (work / "compile.py").write_text(COMPILE_PY)
    (work / "jobs.json").write_text(json.dumps(jobs))
    subprocess.run(["node", str(work / "compile.mjs"), str(work / "jobs.json"),
                    str(work / "compile.py")], check=True)


def precompiled_stdlib(pyodide_dir: Path) -> Path:
    """python_stdlib.zip as .pyc only, cached per Pyodide version and compiler code.

    Measured: 2.5 MB (sources) -> 7.1 MB with sources + .pyc, 4.5 MB .pyc only. Without the
    sources, stdlib frames in tracebacks show no source line; our own joker/ keeps its sources.
    """
    key = hashlib.sha256(f"{PYODIDE[1]} {STDLIB_KEEP_SOURCE} {COMPILE_PY} {COMPILE_MJS}".encode()).hexdigest()[:12]
    out = CACHE / f"python_stdlib-{PYODIDE[1]}-{key}.zip"
    if not out.exists():
        t0 = time.perf_counter()
        tmp = out.with_suffix(".tmp")
        pyodide_compile(pyodide_dir, [dict(src=str(pyodide_dir / "python_stdlib.zip"), dst=str(tmp),
                                           prefix=PYODIDE_STDLIB_PATH + "/", layout="zip",
                                           keep_source=STDLIB_KEEP_SOURCE)])
        tmp.replace(out)
        for stale in CACHE.glob("python_stdlib-*.zip"):
            if stale != out:
                stale.unlink()
        log(f"precompiled stdlib in {time.perf_counter() - t0:.1f} s")
    return out


# ------------------------------------------------------------------ joker package

def joker_sources() -> list[Path]:
    pkg = ROOT / "joker"
    return sorted(p for p in pkg.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                  and p.suffix not in (".pyc", ".pyo"))


def joker_zip(pyodide_dir: Path, precompile: bool) -> bytes:
    """The joker/ package as a zip, with __pycache__/*.pyc when ``precompile``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p in joker_sources():
            info = zipfile.ZipInfo(p.relative_to(ROOT).as_posix(), date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes())
    raw = buf.getvalue()
    if not precompile or not any(n.endswith(".py") for n in zipfile.ZipFile(io.BytesIO(raw)).namelist()):
        return raw
    key = hashlib.sha256(raw + (PYODIDE[1] + COMPILE_PY).encode()).hexdigest()[:16]
    out = CACHE / "joker" / f"joker-{key}.zip"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        for old in out.parent.glob("joker-*.zip"):
            old.unlink()
        src = out.with_suffix(".src.zip")
        src.write_bytes(raw)
        pyodide_compile(pyodide_dir, [dict(src=str(src), dst=str(out), prefix=PYODIDE_HOME + "/",
                                           layout="tree", keep_source=True)])
        src.unlink()
    return out.read_bytes()


# ------------------------------------------------------------ memory snapshot
# Pyodide's (private) memory snapshot: the wasm heap of an interpreter that has started and
# imported what every start imports, made under Node at build time. js/pyodide-snapshot.mjs
# (the `interpreter` of pyscript.toml) starts the main interpreter and the worker from it.
# Tied to the exact pyodide.asm.wasm, python_stdlib.zip and joker/: remade when any changes.
SNAPSHOT_NAME = "snapshot.bin.gz"           # in dist/pyodide/
SNAPSHOT_WRAPPER = "js/pyodide-snapshot.mjs"

# Runs inside Pyodide under Node. Everything imported here is in the snapshot; nothing here
# may keep a reference to a JS object (makeMemorySnapshot refuses). A module that fails to
# import is left out (it is then imported at run time, as without a snapshot).
SNAPSHOT_PY = r"""
import importlib, sys, zipfile
zipfile.ZipFile("/tmp/joker.zip").extractall(HOME)
importlib.invalidate_caches()
# The stdlib modules PyScript's own start-up imports (main thread and worker), then the app.
PRELOAD = '''
__future__ abc annotationlib ast asyncio base64 binascii bisect bz2 codecs codeop collections
concurrent.futures compression.zstd contextlib contextvars copy copyreg dataclasses dis
encodings.cp437 enum errno fcntl fnmatch functools gc glob heapq html html.entities
importlib.abc importlib.machinery importlib.util inspect io itertools json keyword linecache
locale logging lzma marshal math opcode operator pathlib random re reprlib select selectors
shutil signal socket ssl stat string struct subprocess tempfile textwrap threading time token
tokenize traceback types typing warnings weakref zipfile zipfile._path.glob
joker joker.web joker.worker joker.bots
'''.split()
for name in PRELOAD:
    try:
        importlib.import_module(name)
    except Exception as e:
        print(f"snapshot: {name} left out: {e!r}")
del name

# What js/pyodide-snapshot.mjs runs once the snapshot is restored, as _joker_snapshot.after_restore().
# PyScript writes its own `pyscript` package (Python source) into the cwd and imports it at every
# start; its bytecode, compiled here as *checked* hash-based .pyc (used only if the source is
# byte-identical), saves compiling it again in every interpreter.
import types
_snap = types.ModuleType("_joker_snapshot")
exec('''
import importlib._bootstrap_external as _be, importlib.util as _util
PYC = {}
def _add(files):
    for rel, text in files.items():
        if rel.endswith(".py"):
            data = text.encode()
            code = compile(data, HOME + "/" + rel, "exec", dont_inherit=True)
            PYC[_util.cache_from_source(rel)] = bytes(_be._code_to_hash_pyc(code, _util.source_hash(data), checked=True))
def after_restore():
    import importlib, os, random
    random.seed()                      # the snapshot froze random's state: fresh per start
    for rel, pyc in PYC.items():
        try:
            os.makedirs(os.path.dirname(rel), exist_ok=True)
            with open(rel, "wb") as f:
                f.write(pyc)
        except OSError:
            pass
    importlib.invalidate_caches()      # the file system is new: forget the finders' listings
''', _snap.__dict__)
_snap.HOME = HOME
_snap._add(__import__("json").loads(PYSCRIPT_SOURCES))
sys.modules["_joker_snapshot"] = _snap
del _snap, types
"""

SNAPSHOT_MJS = r"""
import { loadPyodide } from "PYODIDE_MJS";
import fs from "node:fs";
import zlib from "node:zlib";
const [stdlib, jokerZip, pyscriptSources, script, out] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: "PYODIDE_DIR/", stdLibURL: stdlib, _makeSnapshot: true,
                               _sysExecutable: "./this.program" });
py.FS.writeFile("/tmp/joker.zip", fs.readFileSync(jokerZip));
py.globals.set("HOME", "PYODIDE_HOME");
py.globals.set("PYSCRIPT_SOURCES", fs.readFileSync(pyscriptSources, "utf8"));
py.runPython(fs.readFileSync(script, "utf8"));
py.globals.delete("HOME");
py.globals.delete("PYSCRIPT_SOURCES");
py.FS.unlink("/tmp/joker.zip");
fs.writeFileSync(out, zlib.gzipSync(py.makeMemorySnapshot(), { level: 6 }));
"""


def pyscript_python_sources(pyscript_dir: Path) -> dict[str, str]:
    """The `pyscript` Python package PyScript writes into the interpreter at start-up, as
    {"pyscript/__init__.py": source, ...}, read from its sources in the npm package's source map
    (src/stdlib/pyscript.js); {} if that is not found."""
    for m in sorted((pyscript_dir / "dist").glob("core-*.js.map")):
        smap = json.loads(m.read_text(encoding="utf-8"))
        for name, text in zip(smap.get("sources", []), smap.get("sourcesContent", [])):
            if name.endswith("src/stdlib/pyscript.js") and text and "export default" in text:
                tree = json.loads(text.split("export default", 1)[1].strip().rstrip(";"))
                out: dict[str, str] = {}

                def walk(node: dict, base: str) -> None:
                    for key, value in node.items():
                        if isinstance(value, str):
                            out[base + key] = value
                        else:
                            walk(value, base + key + "/")
                walk(tree, "")
                return out
    return {}


def memory_snapshot(pyodide_dir: Path, stdlib: Path, joker: bytes, pyscript_dir: Path) -> bytes:
    """The gzipped memory snapshot for this Pyodide build, stdlib zip and joker.zip (cached)."""
    sources = json.dumps(pyscript_python_sources(pyscript_dir), sort_keys=True)
    h = hashlib.sha256(f"{PYODIDE[1]}\0{SNAPSHOT_PY}\0{SNAPSHOT_MJS}\0".encode())
    for data in ((pyodide_dir / "pyodide.asm.wasm").read_bytes(), stdlib.read_bytes(), joker,
                 sources.encode()):
        h.update(hashlib.sha256(data).digest())
    out = CACHE / "snapshot" / f"snapshot-{h.hexdigest()[:16]}.bin.gz"
    if not out.exists():
        t0 = time.perf_counter()
        work = out.parent
        work.mkdir(parents=True, exist_ok=True)
        mjs = (SNAPSHOT_MJS.replace("PYODIDE_MJS", (pyodide_dir / "pyodide.mjs").as_uri())
               .replace("PYODIDE_DIR", str(pyodide_dir)).replace("PYODIDE_HOME", PYODIDE_HOME))
        (work / "make.mjs").write_text(mjs)
        (work / "make.py").write_text(SNAPSHOT_PY)
        (work / "joker.zip").write_bytes(joker)
        (work / "pyscript.json").write_text(sources)
        tmp = out.with_suffix(".tmp")
        # A clean environment: nothing of the build machine's ends up in the snapshot.
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
        subprocess.run(["node", str(work / "make.mjs"), str(stdlib), str(work / "joker.zip"),
                        str(work / "pyscript.json"), str(work / "make.py"), str(tmp)], check=True, env=env, cwd=work)
        for old in work.glob("snapshot-*.bin.gz"):
            old.unlink()
        tmp.replace(out)
        log(f"made the Pyodide memory snapshot in {time.perf_counter() - t0:.1f} s "
            f"({out.stat().st_size / 1e6:.1f} MB gzipped)")
    return out.read_bytes()


# -------------------------------------------------------------------------- icons
# One description of the icon, rendered both as SVG and (by a tiny scanline
# rasterizer with 4x vertical supersampling and exact horizontal coverage) as PNG,
# so the build needs no image library, no rasterizer package and no browser.

FELT, FELT_DARK, CARD, RED, INK, GOLD = "#0f5c3a", "#093d27", "#fbf7ee", "#c8102e", "#1d1d1f", "#e3b23c"
THEME_COLOR = FELT


def icon_shapes(maskable: bool) -> list[tuple]:
    """Shapes on a 512x512 canvas: ("rect", x, y, w, h, r, fill) | ("circle", cx, cy, r, fill)
    | ("poly", [(x, y), ...], fill)."""
    bg = [("rect", 0, 0, 512, 512, 0 if maskable else 104, FELT)]
    fg = [
        ("rect", 146, 100, 240, 336, 30, FELT_DARK),            # card shadow
        ("rect", 136, 88, 240, 336, 30, CARD),                  # the card
        ("poly", [(176, 116), (190, 134), (176, 152), (162, 134)], RED),     # corner pips
        ("poly", [(336, 360), (350, 378), (336, 396), (322, 378)], RED),
        ("poly", [(182, 318), (234, 318), (146, 186)], RED),    # jester cap: three points
        ("poly", [(330, 318), (278, 318), (366, 186)], RED),
        ("poly", [(214, 318), (298, 318), (256, 150)], INK),
        ("circle", 146, 186, 20, GOLD),                         # bells
        ("circle", 366, 186, 20, GOLD),
        ("circle", 256, 150, 21, GOLD),
        ("rect", 176, 310, 160, 40, 14, GOLD),                  # cap band
        ("circle", 216, 330, 7, INK),
        ("circle", 256, 330, 7, INK),
        ("circle", 296, 330, 7, INK),
    ]
    if maskable:  # keep everything inside the 80 % safe circle
        s, c = 0.78, 256 * (1 - 0.78)
        fg = [_scale(sh, s, c) for sh in fg]
    return bg + fg


def _scale(sh: tuple, s: float, c: float) -> tuple:
    if sh[0] == "rect":
        return ("rect", sh[1] * s + c, sh[2] * s + c, sh[3] * s, sh[4] * s, sh[5] * s, sh[6])
    if sh[0] == "circle":
        return ("circle", sh[1] * s + c, sh[2] * s + c, sh[3] * s, sh[4])
    return ("poly", [(x * s + c, y * s + c) for x, y in sh[1]], sh[2])


def icon_svg(shapes: list[tuple]) -> str:
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">']
    for sh in shapes:
        if sh[0] == "rect":
            out.append(f'<rect x="{sh[1]:g}" y="{sh[2]:g}" width="{sh[3]:g}" height="{sh[4]:g}" '
                       f'rx="{sh[5]:g}" fill="{sh[6]}"/>')
        elif sh[0] == "circle":
            out.append(f'<circle cx="{sh[1]:g}" cy="{sh[2]:g}" r="{sh[3]:g}" fill="{sh[4]}"/>')
        else:
            pts = " ".join(f"{x:g},{y:g}" for x, y in sh[1])
            out.append(f'<polygon points="{pts}" fill="{sh[2]}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _spans(sh: tuple, y: float, k: float) -> list[tuple[float, float]]:
    """x-intervals of shape ``sh`` (canvas units scaled by k) on the line at height y."""
    if sh[0] == "rect":
        x, y0, w, h, r = (v * k for v in sh[1:6])
        if not y0 <= y < y0 + h:
            return []
        dy = max(y0 + r - y, y - (y0 + h - r), 0.0)
        inset = r - (max(r * r - dy * dy, 0.0)) ** 0.5 if dy > 0 else 0.0
        return [(x + inset, x + w - inset)]
    if sh[0] == "circle":
        cx, cy, r = (v * k for v in sh[1:4])
        d = r * r - (y - cy) ** 2
        return [(cx - d ** 0.5, cx + d ** 0.5)] if d > 0 else []
    pts = [(px * k, py * k) for px, py in sh[1]]
    xs = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    return list(zip(xs[::2], xs[1::2]))


def icon_png(shapes: list[tuple], size: int, ss: int = 4) -> bytes:
    k = size / 512
    px = [[0.0] * (size * 4) for _ in range(size)]  # premultiplied RGBA rows
    for sh in shapes:
        fill = sh[-1]
        rgb = [int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        for row in range(size):
            cov: dict[int, float] = {}
            for sub in range(ss):
                for x0, x1 in _spans(sh, row + (sub + 0.5) / ss, k):
                    x0, x1 = max(x0, 0.0), min(x1, float(size))
                    for i in range(int(x0), min(int(-(-x1 // 1)), size)):
                        a = (min(x1, i + 1) - max(x0, i)) / ss
                        if a > 0:
                            cov[i] = cov.get(i, 0.0) + a
            line = px[row]
            for i, a in cov.items():
                a = min(a, 1.0)
                j = i * 4
                for c in range(3):
                    line[j + c] = rgb[c] * a + line[j + c] * (1 - a)
                line[j + 3] = a + line[j + 3] * (1 - a)
    raw = bytearray()
    for line in px:
        raw.append(0)
        for i in range(0, len(line), 4):
            a = line[i + 3]
            if a <= 0:
                raw += b"\0\0\0\0"
            else:
                raw += bytes(min(255, round(line[i + c] / a * 255)) for c in range(3))
                raw.append(round(a * 255))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


ICONS = {  # file name -> (maskable, size or None for SVG)
    "icon.svg": (False, None),
    "icon-192.png": (False, 192),
    "icon-512.png": (False, 512),
    "maskable-512.png": (True, 512),
    "apple-touch-icon.png": (True, 180),
}


def build_icons(dest: Path) -> None:
    """Write the icons into dest/, rendering PNGs once per icon design (cached)."""
    code = "".join(repr(icon_shapes(m)) for m in (False, True)) + repr(ICONS)
    code += "".join(inspect.getsource(f) for f in (icon_svg, _spans, icon_png))
    key = hashlib.sha256(code.encode()).hexdigest()[:12]
    cache = CACHE / "icons" / key
    if not cache.exists():
        t0 = time.perf_counter()
        tmp = CACHE / "icons" / f"{key}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        for name, (maskable, size) in ICONS.items():
            shapes = icon_shapes(maskable)
            data = icon_svg(shapes).encode() if size is None else icon_png(shapes, size)
            (tmp / name).write_bytes(data)
        for old in (CACHE / "icons").iterdir():
            if old != tmp:
                shutil.rmtree(old, ignore_errors=True)
        tmp.rename(cache)
        log(f"rendered icons in {time.perf_counter() - t0:.1f} s")
    dest.mkdir(parents=True, exist_ok=True)
    for f in cache.iterdir():
        shutil.copy2(f, dest / f.name)


# -------------------------------------------------------------------------- build

def pyscript_files(pkg: Path) -> list[Path]:
    """core.js, core.css and every chunk core.js reaches by static or dynamic import."""
    dist = pkg / "dist"
    todo, seen = ["core.js"], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (dist / name).read_text(encoding="utf-8")
        todo += re.findall(r'(?:import\(|from ?)"\./([\w.-]+\.js)"', text)
        todo += [c for c in re.findall(r'"\./([\w.-]+\.css)"', text) if (dist / c).exists()]
    seen.add("core.css")
    return [dist / n for n in sorted(seen)]


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
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    for name in ROOT_SITE_FILES:
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, tmp / name)
    (tmp / ".nojekyll").write_bytes(b"")
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


# -------------------------------------------------------------------------- serve

class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".webmanifest": "application/manifest+json",
                      ".svg": "image/svg+xml", ".toml": "text/plain", ".zip": "application/zip"}

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("JOKER_SERVE_QUIET") != "1":
            super().log_message(format, *args)

    def end_headers(self) -> None:
        # Like a typical static host (GitHub Pages uses max-age=600): revalidate cheaply.
        self.send_header("Cache-Control", "max-age=0, must-revalidate")
        super().end_headers()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(port: int, directory: Path = DIST, host: str = "127.0.0.1") -> None:
    handler = functools.partial(Handler, directory=str(directory))
    with Server((host, port), handler) as httpd:
        print(f"serving {directory} on http://{host}:{httpd.server_address[1]}/", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


# --------------------------------------------------------------------------- test

def dev_requirements() -> list[str]:
    """Exact pins from pyproject's [project.optional-dependencies].dev."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return meta["project"]["optional-dependencies"]["dev"]


def ensure_venv() -> Path:
    py = VENV / "bin" / "python"
    reqs = dev_requirements()
    lock = ROOT / "requirements-dev.txt"
    stamp_text = "\n".join(reqs) + (lock.read_text() if lock.exists() else "")
    stamp = VENV / ".joker-deps"
    if py.exists() and stamp.exists() and stamp.read_text() == stamp_text:
        return py
    if not py.exists():
        log("creating .venv")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    log("installing dev dependencies")
    pip = [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    args = [*reqs] + (["-c", str(lock)] if lock.exists() else [])
    subprocess.run(pip + args, check=True)
    stamp.write_text(stamp_text)
    return py


def ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    log("chromium missing: installing Debian's chromium")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(sudo + ["apt-get", "update", "-q"], check=True, env=env)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-q", "chromium"], check=True, env=env)


# The static checks `test` runs before pytest, as (name, arguments of `python -m`). Their settings
# (rules, strictness, the files they cover and any temporary per-file exclusion) live in pyproject.toml,
# so an editor or a bare `ruff check .` / `mypy` sees exactly what the test run sees.
STATIC_CHECKS: list[tuple[str, list[str]]] = [
    ("ruff", ["ruff", "check", "."]),
    ("mypy", ["mypy"]),
]


def test(pytest_args: list[str]) -> int:
    """Static checks, then the build and pytest (the doctests of joker/ run inside pytest,
    tests/test_doctests.py). Every step runs even when an earlier check failed, so one run
    reports everything; the exit status is non-zero if any of them failed."""
    py = ensure_venv()
    failed = []
    for name, args in STATIC_CHECKS:
        log(f"{name}: {' '.join(args)}")
        if subprocess.run([str(py), "-m", *args], cwd=ROOT).returncode != 0:
            failed.append(name)
    ensure_chromium()
    build()
    env = {**os.environ, "JOKER_DIST_BUILT": "1"}
    rc = subprocess.run([str(py), "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode
    if failed:
        log(f"FAILED static checks: {', '.join(failed)} (see their output above)")
        return rc or 1
    return rc


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd")
    b = sub.add_parser("build", help="build dist/ (default)")
    b.add_argument("--no-precompile-joker", action="store_true")
    s = sub.add_parser("serve", help="build, then serve dist/")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    s.add_argument("--dir", type=Path, default=DIST, help="directory to serve (implies --no-build)")
    t = sub.add_parser("test", help="set up .venv and chromium, build, run pytest")
    t.add_argument("pytest_args", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    if args.cmd in (None, "build"):
        build(precompile_joker=not getattr(args, "no_precompile_joker", False))
        return 0
    if args.cmd == "serve":
        if not args.no_build and args.dir == DIST:
            build()
        serve(args.port, args.dir, host=args.host)
        return 0
    return test(args.pytest_args)


if __name__ == "__main__":
    sys.exit(main())
