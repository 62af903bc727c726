#!/usr/bin/env python3
"""Build, serve and test the Joker static site.

    python3 build.py                 build dist/ (the deployable static site)
    python3 build.py serve [--port]  build, then serve dist/ on http://127.0.0.1:8000
    python3 build.py test [ARGS]     set up .venv + chromium, build, run the checks and pytest over tests/

Only the standard library is used here, so the script runs on a bare Python 3.11 (with pip:
the joker wheel is built by ``pip wheel``, micropip's is fetched by ``pip download``).
Node/npm are needed for fetching the pinned runtime (``npm pack``) and for
precompiling the stdlib with Pyodide's own CPython.

The build itself lives in tools/build/, one module per job:

    site.py        dist/ put together (its docstring lists what dist/ holds), the service worker's list
    runtime.py     the pinned Pyodide and @pyscript/core, fetched with npm and checked
    precompile.py  .pyc made by Pyodide's CPython under Node (compile.mjs + compile_zip.py)
    wheel.py       the joker wheel (pip wheel from pyproject.toml) and micropip's, pinned and checked
    snapshot.py    the Pyodide memory snapshot (snapshot.mjs + snapshot_make.py + snapshot_restore.py)
    i18n.py        the gettext catalogues static/locale/*.po compiled to locale/strings.json
    icons.py       the icons, drawn as SVG and rasterized to PNG
    serve.py       a static server with the right MIME types
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tools.build.paths import CACHE, DIST, ROOT, STATIC, log  # noqa: E402
from tools.build.runtime import PYODIDE, PYODIDE_RUNTIME, PYSCRIPT, extract  # noqa: E402
from tools.build.serve import serve  # noqa: E402
from tools.build.site import SW_MARKER, build, fill_service_worker  # noqa: E402
from tools.build.snapshot import SNAPSHOT_NAME, SNAPSHOT_WRAPPER  # noqa: E402

__all__ = ["CACHE", "DIST", "ROOT", "STATIC", "PYODIDE", "PYODIDE_RUNTIME", "PYSCRIPT", "SNAPSHOT_NAME",
           "SNAPSHOT_WRAPPER", "SW_MARKER", "build", "extract", "fill_service_worker", "main", "serve",
           "test"]

VENV = ROOT / ".venv"
CHROMIUM = "/usr/bin/chromium"


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
    sub.add_parser("build", help="build dist/ (default)")
    s = sub.add_parser("serve", help="build, then serve dist/")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    s.add_argument("--dir", type=Path, default=DIST, help="directory to serve (implies --no-build)")
    t = sub.add_parser("test", help="set up .venv and chromium, build, run pytest")
    t.add_argument("pytest_args", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    if args.cmd in (None, "build"):
        build()
        return 0
    if args.cmd == "serve":
        if not args.no_build and args.dir == DIST:
            build()
        serve(args.port, args.dir, host=args.host)
        return 0
    return test(args.pytest_args)


if __name__ == "__main__":
    sys.exit(main())
