#!/usr/bin/env python3
"""Where the page's main thread spends its script time over a game (a tool, not a test).

    .venv/bin/python tools/profile_game.py [--site DIR] [--throttle 4] [--deals 2] [--level insane]
        [--top 30] [--keep FILE] [--under FUNCTION ...]

Plays the game ``tools/bench_longtasks.py`` plays (Nines, PLAY pressed before Python is up) under
V8's sampling CPU profiler (CDP ``Profiler``) and prints the functions by self time, then the
callers at the root of the page's stacks (event handlers, promise continuations, PyScript's
message handler, its MutationObserver ...) by inclusive time, and for each ``--under`` function
(``file:function@line``, as printed) what its inclusive time went to. ``bench_longtasks.py`` says
which tasks are long; this says which of our functions (or PyScript's) the script time in them is.
Times are the throttled thread's; ``(program)`` is the browser's own work (style, layout, paint).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools"))

from bench_think import play  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402


def record(base: str, args: argparse.Namespace) -> dict[str, Any]:
    """The CPU profile of one game, from navigation to its end."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        cdp = page.context.new_cdp_session(page)
        if args.throttle > 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        cdp.send("Profiler.start")
        page.goto(f"{base}?seed={args.seed}&pace={args.pace}")
        play(page, args.level, args.deals, True)
        profile: dict[str, Any] = cdp.send("Profiler.stop")["profile"]
        browser.close()
    return profile


class Profile:
    """A V8 CPU profile's call tree with each node's self and inclusive time (ms)."""

    def __init__(self, profile: dict[str, Any]) -> None:
        self.nodes = {n["id"]: n for n in profile["nodes"]}
        self.root = profile["nodes"][0]["id"]
        self.parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}
        self.self_ms: dict[int, float] = defaultdict(float)
        for s, d in zip(profile["samples"], profile["timeDeltas"][1:] + [0], strict=True):
            self.self_ms[s] += d / 1000
        self.incl: dict[int, float] = {}
        for i in sorted(self.nodes, key=self.depth, reverse=True):  # children before parents
            self.incl[i] = self.self_ms[i] + sum(self.incl[c] for c in self.nodes[i].get("children", []))

    def depth(self, i: int) -> int:
        d = 0
        while i in self.parent:
            i, d = self.parent[i], d + 1
        return d

    def name(self, i: int) -> str:
        f = self.nodes[i]["callFrame"]
        where = f["columnNumber"] if f["lineNumber"] == 0 else f["lineNumber"]  # minified: the column
        return f"{f['url'].split('?')[0].rsplit('/', 1)[-1]}:{f['functionName'] or '(anonymous)'}@{where}"

    def by_self(self) -> list[tuple[str, float]]:
        out: dict[str, float] = defaultdict(float)
        for i, t in self.self_ms.items():
            out[self.name(i)] += t
        return sorted(out.items(), key=lambda kv: -kv[1])

    def roots(self) -> list[tuple[str, float]]:
        out: dict[str, float] = defaultdict(float)
        for c in self.nodes[self.root].get("children", []):
            out[self.name(c)] += self.incl[c]
        return sorted(out.items(), key=lambda kv: -kv[1])

    def under(self, key: str) -> tuple[float, list[tuple[str, float]]]:
        """A function's inclusive time (outermost calls only) and what it went to."""
        total, parts = 0.0, defaultdict(float)
        for i in self.nodes:
            if self.name(i) != key:
                continue
            p = self.parent.get(i)
            while p is not None and self.name(p) != key:
                p = self.parent.get(p)
            if p is not None:
                continue  # counted with its outermost call
            total += self.incl[i]
            parts["(self)"] += self.self_ms[i]
            for c in self.nodes[i].get("children", []):
                parts[self.name(c)] += self.incl[c]
        return total, sorted(parts.items(), key=lambda kv: -kv[1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, help="serve this built site as it is (default: build dist/)")
    ap.add_argument("--throttle", type=float, default=4, help="CDP CPU throttling (Lighthouse's phone: 4)")
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--level", default="insane")
    ap.add_argument("--pace", default="fast")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--keep", type=Path, help="write the .cpuprofile here (Chrome DevTools opens it)")
    ap.add_argument("--under", nargs="*", default=[], help="file:function@line to break down")
    args = ap.parse_args()
    site = args.site or build.build()
    proc, base = start_server(site)
    try:
        raw = record(base, args)
    finally:
        stop_server(proc)
    if args.keep:
        args.keep.write_text(json.dumps(raw))
    prof = Profile(raw)
    print("self time (ms):")
    for k, v in prof.by_self()[:args.top]:
        print(f"  {v:8.1f}  {k}")
    print("entry points, inclusive (ms):")
    for k, v in prof.roots()[:args.top]:
        print(f"  {v:8.1f}  {k}")
    for key in args.under:
        total, parts = prof.under(key)
        print(f"{key}: {total:.0f} ms inclusive")
        for k, v in parts[:15]:
            print(f"  {v:8.1f}  {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
