"""The pinned runtime, fetched with ``npm pack`` and checked against npm's integrity strings:
Pyodide (the interpreter) and @pyscript/core (the page's Python integration)."""
from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

from .paths import CACHE, log

# Integrity strings are npm's ``dist.integrity`` (sha512 of the tarball), checked once with
# ``npm view <pkg>@<ver> dist.integrity`` when pinning.
PYODIDE = ("pyodide", "314.0.7",
           "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==")
PYSCRIPT = ("@pyscript/core", "0.7.31",
            "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==")
PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                   "python_stdlib.zip", "pyodide-lock.json"]


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


def pyscript_python_sources(pyscript_dir: Path) -> dict[str, str]:
    """The `pyscript` Python package PyScript writes into the interpreter at start-up, as
    {"pyscript/__init__.py": source, ...}, read from its sources in the npm package's source map
    (src/stdlib/pyscript.js); {} if that is not found."""
    for m in sorted((pyscript_dir / "dist").glob("core-*.js.map")):
        smap = json.loads(m.read_text(encoding="utf-8"))
        for name, text in zip(smap.get("sources", []), smap.get("sourcesContent", []), strict=False):
            if name.endswith("src/stdlib/pyscript.js") and text and "export default" in text:
                tree = json.loads(text.split("export default", 1)[1].strip().rstrip(";"))
                out: dict[str, str] = {}

                def walk(node: dict[str, Any], base: str, out: dict[str, str] = out) -> None:
                    for key, value in node.items():
                        if isinstance(value, str):
                            out[base + key] = value
                        else:
                            walk(value, base + key + "/")
                walk(tree, "")
                return out
    return {}
