"""The Python packages the workers install the standard way (pyscript.toml's ``packages``, i.e. micropip):

* the ``joker`` wheel, built from pyproject.toml by pip with the setuptools pinned there, the same
  file ``pip install`` takes (tests/test_wheel.py installs it into a fresh venv);
* micropip itself, the wheel Pyodide's lock names, from PyPI (the pyodide npm package holds the
  runtime only), checked against the sha256 pinned here.

Both are fetched or built once into .cache/wheels/ and checked every time they are used. Network: pip
downloads the two pinned wheels (setuptools for the build, micropip for the site) on the first build of
a clean clone, like ``npm pack`` does for the runtime; everything after that runs with ``--no-index``.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from .paths import CACHE, ROOT, log

# name, version, sha256 of the wheel on PyPI (checked with `pip download --require-hashes`).
# micropip: the version Pyodide 314.0.7's lock names. PyPI's wheel is not byte-identical to the one
# Pyodide's CDN serves, so the lock's sha256 is rewritten to this one (site.py).
MICROPIP = ("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")
# The build backend pinned in pyproject.toml's [build-system] (setuptools>=68 would take whatever
# PyPI has that day: not reproducible).
SETUPTOOLS = ("setuptools", "80.9.0", "062d34222ad13e0cc312a4c02d73f059e86a4acbfbdea8f8f76b28c99f306922")
WHEELS = CACHE / "wheels"
# Every file of a wheel carries this time (the zip format cannot go earlier): the same sources make
# the same bytes, so the service worker's version and the snapshot's cache key only change with them.
SOURCE_DATE_EPOCH = "315532800"
# What the wheel is built from (copied to a scratch directory: building in place would write
# build/ and joker.egg-info/ into the checkout).
WHEEL_INPUTS = ("pyproject.toml", "README.md", "joker")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pip_download(name: str, version: str, digest: str, *extra: str) -> Path:
    """``name==version`` as a wheel in .cache/wheels/, downloaded once, checked against ``digest``."""
    WHEELS.mkdir(parents=True, exist_ok=True)
    found = [p for p in WHEELS.glob(f"{name}-{version}-*.whl") if sha256(p) == digest]
    if found:
        return found[0]
    log(f"pip download {name}=={version}")
    with tempfile.TemporaryDirectory() as tmp:
        req = Path(tmp) / "requirements.txt"
        req.write_text(f"{name}=={version} --hash=sha256:{digest}\n")
        subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
                        "--no-deps", "--only-binary=:all:", "--require-hashes", "-r", str(req),
                        "-d", tmp, *extra], check=True)
        (whl,) = Path(tmp).glob(f"{name}-{version}-*.whl")
        if sha256(whl) != digest:
            sys.exit(f"sha256 mismatch for {whl.name}: refusing to use it")
        return Path(shutil.copy2(whl, WHEELS / whl.name))


def micropip_wheel() -> Path:
    """micropip's wheel (pure Python), as Pyodide's lock names it."""
    return pip_download(*MICROPIP, "--python-version", "3.14")


def project_version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])


def wheel_name() -> str:
    """joker-<version>-py3-none-any.whl, the name pip gives the wheel."""
    return f"joker-{project_version()}-py3-none-any.whl"


def _inputs() -> list[Path]:
    files: list[Path] = []
    for name in WHEEL_INPUTS:
        p = ROOT / name
        files += sorted(q for q in p.rglob("*") if q.is_file() and "__pycache__" not in q.parts
                        and q.suffix not in (".pyc", ".pyo")) if p.is_dir() else [p]
    return files


def joker_wheel() -> Path:
    """The joker wheel built from pyproject.toml (cached by the bytes it is built from).

    ``pip wheel --no-deps --no-index`` with build isolation: the backend is the pinned setuptools from
    .cache/wheels/ (hash-checked), nothing else from the build machine or the network."""
    backend = pip_download(*SETUPTOOLS)
    pinned = re.search(r'requires = \["setuptools==([\d.]+)"\]', (ROOT / "pyproject.toml").read_text())
    if not pinned or pinned.group(1) != SETUPTOOLS[1]:
        sys.exit(f"pyproject.toml's [build-system] must pin setuptools=={SETUPTOOLS[1]} "
                 "(tools/build/wheel.py)")
    h = hashlib.sha256(b"\0".join([SETUPTOOLS[2].encode(), SOURCE_DATE_EPOCH.encode()]))
    for p in _inputs():
        h.update(p.relative_to(ROOT).as_posix().encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    out = WHEELS / "joker" / h.hexdigest()[:16] / wheel_name()
    if out.exists():
        return out
    log(f"pip wheel . -> {out.name}")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        for p in _inputs():
            dest = src / p.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, dest)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PIP_NO_CACHE_DIR": "1",
               "PYTHONDONTWRITEBYTECODE": "1"}
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "-q",
                        "--no-deps", "--no-index", "--find-links", str(backend.parent),
                        "-w", str(Path(tmp) / "out"), str(src)], check=True, env=env)
        (whl,) = (Path(tmp) / "out").glob("joker-*.whl")
        if whl.name != out.name:
            sys.exit(f"pip built {whl.name}, expected {out.name}")
        if out.parent.parent.exists():
            shutil.rmtree(out.parent.parent)
        out.parent.mkdir(parents=True)
        shutil.copy2(whl, out)
    return out
