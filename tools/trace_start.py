#!/usr/bin/env python3
"""Where a warm start goes, thread by thread (a tool, not a test).

    .venv/bin/python tools/trace_start.py --site DIST [--site OTHER_DIST] [--runs 2]

For each ``--site`` (alternated, A B A B …): a copy of it with ``performance.mark``s added (MARKS:
PyScript's worker steps, our interpreter module's, ``py/engine.py``'s and the page's worker start),
a first visit with Playwright (the service worker installs and precaches), then a warm visit in
headless Chromium started with ``--trace-startup`` and no DevTools client (a client changes what
V8 does, see bench_core.py). From each trace: the marks of the page's renderer process, in ms after
navigation, and the CPU its threads spent before the engine answered, by kind (raster, paint,
layout, style, the Python workers' threads, and the thread pool: V8's background compiles and the
raster above, which runs there). docs/STARTUP.md ("The loading
bar off the main thread") has what it showed. The trace itself slows a load by 0.1-0.3 s: compare
sites in the same run, not with bench_load.py's figures.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from tools.bench_core import traced_load  # noqa: E402

CATEGORIES = "devtools.timeline,blink.user_timing,v8,toplevel"
ENGINE_READY = "page:ready ./py/engine.py"
# (file under the site, exact text found once, replacement): the marks. PyScript's are anchored on
# 0.7.31's minified text, like tools/build/pyscript_patch.py's patches (its worker logs each step
# through one function, here made a mark).
MARKS: tuple[tuple[str, str, str], ...] = (
    ("pyscript/core-*.js", 'Qn=pn("py")', 'Qn=(m)=>performance.mark("worker:"+m)'),
    ("js/pyodide-snapshot.mjs", "export { version };",
     'export { version };\nperformance.mark("snapshot: module");'),
    ("js/pyodide-snapshot.mjs", "  const response = await fetch(SNAPSHOT);",
     '  const response = await fetch(SNAPSHOT); performance.mark("snapshot: response");'),
    ("js/pyodide-snapshot.mjs", "  return new Uint8Array(await new Response(body).arrayBuffer());",
     "  const bytes = new Uint8Array(await new Response(body).arrayBuffer());"
     ' performance.mark("snapshot: inflated"); return bytes;'),
    ("js/pyodide-snapshot.mjs", "(pyodide) => {", '(pyodide) => { performance.mark("snapshot: restored");'),
    ("js/pyworkers.js", '  const pyscript = await import("../pyscript/core.js");',
     '  performance.mark("page:core import"); const pyscript = await import("../pyscript/core.js");'
     ' performance.mark("page:core imported");'),
    ("js/pyworkers.js", "  const worker = await PyWorker(src, { config: CONFIG, version: INTERPRETER });",
     '  performance.mark("page:PyWorker " + src);'
     " const worker = await PyWorker(src, { config: CONFIG, version: INTERPRETER });"
     ' performance.mark("page:ready " + src);'),
    ("py/engine.py", "from joker import web",
     'import js\njs.performance.mark("engine.py: start")\nfrom joker import web'),
)
# What a thread's CPU is counted as (event names; nested ones are not counted twice: only these).
KINDS = {"TaskGraphRunner::RunTask": "raster", "Paint": "paint", "Layout": "layout",
         "UpdateLayoutTree": "style"}


def marked_copy(site: Path, out: Path) -> Path:
    """``site`` copied to ``out`` with MARKS added; ValueError if an anchor is not there once."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(site, out)
    for pattern, old, new in MARKS:
        (path,) = sorted(out.glob(pattern))
        text = path.read_text(encoding="utf-8")
        if text.count(old) != 1:
            raise ValueError(f"{pattern}: {old!r} found {text.count(old)} times, not once")
        path.write_text(text.replace(old, new), encoding="utf-8")
    return out


def thread_names(events: list[dict[str, Any]]) -> dict[tuple[int, int], str]:
    return {(e["pid"], e["tid"]): e["args"]["name"] for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name"}


def timeline(events: list[dict[str, Any]]) -> tuple[list[tuple[float, str, str]], dict[str, float]]:
    """The page process's marks, ``(ms after navigation, thread, mark)`` in order, and its CPU (ms)
    by kind from navigation until the engine answered (the whole trace if it never did)."""
    page = next(e["pid"] for e in events
                if e.get("cat") == "blink.user_timing" and e["name"].startswith("page:"))
    nav = min(e["ts"] for e in events if e.get("name") == "navigationStart" and e["pid"] == page)
    names = thread_names(events)
    marks = sorted(((e["ts"] - nav) / 1000, names.get((e["pid"], e["tid"]), "?"), e["name"]) for e in events
                   if e.get("cat") == "blink.user_timing" and e["pid"] == page and e["ts"] >= nav
                   and ":" in e["name"] and e.get("ph") in ("R", "I", "i", "n"))
    ready = next((t for t, _, m in marks if m == ENGINE_READY), None)
    end = nav + ready * 1000 if ready is not None else float("inf")
    cpu: Counter[str] = Counter()
    for e in events:
        if e.get("ph") != "X" or e["pid"] != page or not nav <= e["ts"] < end:
            continue
        ms = e.get("tdur", e.get("dur", 0)) / 1000
        thread = names.get((e["pid"], e["tid"]), "")
        if e["name"] in KINDS:
            cpu[KINDS[e["name"]]] += ms
        elif e["name"] == "ThreadControllerImpl::RunTask" and thread.startswith("DedicatedWorker"):
            cpu["worker threads"] += ms
        elif e["name"] == "ThreadPool_RunTask":
            cpu["thread pool (V8, raster, …)"] += ms
    return marks, {k: round(v, 1) for k, v in cpu.items()}


def warm_trace(url: str, seconds: float) -> list[dict[str, Any]]:
    """A first visit (service worker installed and precached), then a traced warm one."""
    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:  # chromium may still write
        profile = Path(tmp) / "profile"
        with sync_playwright() as pw:
            ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                        headless=True)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(url)
            page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                                   timeout=120_000)
            page.wait_for_function("document.documentElement.dataset.worker === 'ready'", timeout=120_000)
            page.wait_for_timeout(3000)
            ctx.close()
        return traced_load(url, seconds, CATEGORIES, profile)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, action="append", required=True,
                    help="a built dist/ (repeat to compare)")
    ap.add_argument("--runs", type=int, default=1, help="traced warm loads of each site")
    ap.add_argument("--seconds", type=float, default=5.0, help="how long each trace records")
    args = ap.parse_args()
    from conftest import start_server, stop_server
    with tempfile.TemporaryDirectory() as tmp:
        copies = [marked_copy(site, Path(tmp) / f"site{i}") for i, site in enumerate(args.site)]
        servers = [start_server(c) for c in copies]
        try:
            for run in range(args.runs):
                for site, (_, url) in zip(args.site, servers, strict=True):
                    marks, cpu = timeline(warm_trace(url, args.seconds))
                    print(f"--- {site}, warm load {run + 1}")
                    for t, thread, mark in marks:
                        print(f"{t:7.0f} ms  {thread[:22]:22}  {mark}")
                    print(f"CPU until the engine answered (ms): {json.dumps(cpu, ensure_ascii=False)}")
        finally:
            for proc, _ in servers:
                stop_server(proc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
