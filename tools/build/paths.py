"""Where things are: the repository, dist/, the build cache, static/."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
STATIC = ROOT / "static"
HERE = Path(__file__).resolve().parent     # tools/build: the programs build.py runs under Node


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)
