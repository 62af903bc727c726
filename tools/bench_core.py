#!/usr/bin/env python3
"""PyScript core's evaluation task in a browser with no DevTools client (a tool, not a test).

    .venv/bin/python tools/bench_core.py --site OLD_DIST --site NEW_DIST [--runs 5] [--tasks 6]

Every other tool here drives Chrome through the DevTools protocol (Playwright), and a connected
client changes what this task costs: under Playwright V8 still re-parses the core's whole top level
(one 136 KB line) for source positions once in this task, likely for the initiator stacks the
Network domain records for each request a script starts; without a client it does not. So this
one starts headless Chromium with ``--trace-startup`` and nothing attached, loads each ``--site``
in turn (A, B, B, A, …), a fresh profile each time, unthrottled (CPU throttling needs the
protocol), and reads from the trace the CPU of the task that evaluates ``pyscript/core-*.js``, of
that module's evaluation, and of V8's re-parses for source positions (``V8.CollectSourcePositions``)
in that task. Medians per site at the end. ``--tasks MS`` also lists every task of the page's main
thread over MS ms of CPU (unthrottled: 12.5 ms is the 50 ms of a 4x-throttled phone), with what
it spent most on. docs/STARTUP.md ("The seventh pass") has figures.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

CATEGORIES = "toplevel,v8,disabled-by-default-v8.compile,devtools.timeline"
TASKS = {"RunTask", "ThreadControllerImpl::RunTask"}
# What a long task is said to hold (CPU of these events inside it, nested ones not subtracted).
PARTS = ("ParseHTML", "UpdateLayoutTree", "Layout", "Paint", "v8.evaluateModule", "RunMicrotasks",
         "FunctionCall", "TimerFire", "FireAnimationFrame", "V8.CollectSourcePositions")


def core_task(events: list[dict[str, Any]]) -> dict[str, float] | None:
    """CPU ms of the task that evaluates the core, of the evaluation, and of the re-parses in it."""
    spans = sorted((e for e in events if e.get("ph") == "X" and "ts" in e), key=lambda e: e["ts"])
    compiled = next((e for e in spans if e["name"] == "v8.compileModule"
                     and "/pyscript/core-" in json.dumps(e.get("args"))), None)
    if compiled is None:
        return None
    same = [e for e in spans if e["pid"] == compiled["pid"] and e["tid"] == compiled["tid"]]
    evaluated = next(e for e in same if e["name"] == "v8.evaluateModule" and e["ts"] > compiled["ts"])
    task = max((e for e in same if e["name"] in TASKS and e["ts"] <= evaluated["ts"] <= e["ts"] + e["dur"]),
               key=lambda e: e["dur"])
    reparses = [e.get("tdur", 0) / 1000 for e in same if e["name"] == "V8.CollectSourcePositions"
                and task["ts"] <= e["ts"] <= task["ts"] + task["dur"]]
    return {"task": task.get("tdur", 0) / 1000, "evaluation": evaluated.get("tdur", 0) / 1000,
            "reparse": sum(reparses)}


def long_tasks(events: list[dict[str, Any]], over_ms: float) -> list[str]:
    """The page's main-thread tasks over ``over_ms`` of CPU (the thread that compiled js/boot.js),
    as text: start (ms after the thread's first traced event), CPU, and its largest parts."""
    spans = sorted((e for e in events if e.get("ph") == "X" and "ts" in e),
                   key=lambda e: (e["ts"], -e["dur"]))
    boot = next((e for e in spans if e["name"] == "v8.compileModule"
                 and "/js/boot.js" in json.dumps(e.get("args"))), None)
    if boot is None:
        return []
    same = [e for e in spans if e["pid"] == boot["pid"] and e["tid"] == boot["tid"]]
    start = same[0]["ts"]
    out = []
    for task in same:
        if task["name"] != "ThreadControllerImpl::RunTask" or task.get("tdur", 0) <= over_ms * 1000:
            continue
        parts: dict[str, float] = {}
        end = task["ts"] + task["dur"]
        for e in same:
            if e["name"] in PARTS and task["ts"] <= e["ts"] and e["ts"] + e["dur"] <= end:
                parts[e["name"]] = parts.get(e["name"], 0) + e.get("tdur", 0) / 1000
        top = ", ".join(f"{k} {v:.1f}" for k, v in sorted(parts.items(), key=lambda kv: -kv[1])[:4])
        out.append(f"at {(task['ts'] - start) / 1000:.0f} ms: {task['tdur'] / 1000:.1f} ms of CPU ({top})")
    return out


def load_once(url: str, seconds: float) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:  # chromium may still write
        return traced_load(url, seconds, CATEGORIES, Path(tmp) / "profile")


def traced_load(url: str, seconds: float, categories: str, profile: Path) -> list[dict[str, Any]]:
    """The trace events of one load of ``url`` in headless Chromium with no DevTools client, from
    its start for ``seconds``, in the user-data directory ``profile`` (a fresh one: a first visit;
    one a visit left: a warm one; tools/trace_start.py)."""
    from conftest import CHROMIUM, CHROMIUM_ARGS
    out = profile.parent / f"{profile.name}-trace.json"
    out.unlink(missing_ok=True)
    proc = subprocess.Popen(
        [CHROMIUM, "--headless=new", *CHROMIUM_ARGS, f"--user-data-dir={profile}",
         f"--trace-startup={categories}", f"--trace-startup-file={out}", "--trace-startup-format=json",
         f"--trace-startup-duration={seconds:g}", "--window-size=1440,900", url],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + seconds + 30
        while time.monotonic() < deadline:
            time.sleep(0.2)
            try:
                data = json.loads(out.read_text(encoding="utf-8"))
                break
            except (OSError, ValueError):  # not written yet, or being written
                continue
        else:
            raise RuntimeError("chromium wrote no trace")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    events: list[dict[str, Any]] = data["traceEvents"] if isinstance(data, dict) else data
    return events


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, action="append", required=True, help="a built site (repeat)")
    ap.add_argument("--runs", type=int, default=5, help="loads of each site")
    ap.add_argument("--seconds", type=float, default=6, help="how long each load is traced")
    ap.add_argument("--tasks", type=float, default=0, help="also list the tasks over this many ms of CPU")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "tests"))
    from conftest import start_server, stop_server
    servers = [start_server(s) for s in args.site]
    results: dict[int, list[dict[str, float]]] = {i: [] for i in range(len(args.site))}
    try:
        for n in range(args.runs):
            order = list(range(len(args.site)))
            for i in (order if n % 2 == 0 else order[::-1]):
                events = load_once(servers[i][1], args.seconds)
                if args.tasks:
                    for line in long_tasks(events, args.tasks):
                        print(f"{args.site[i]}: a task {line}")
                rec = core_task(events)
                if rec is None:
                    print(f"{args.site[i]}: the core was not evaluated within {args.seconds:g} s", flush=True)
                    continue
                results[i].append(rec)
                load = os.getloadavg()[0]
                print(f"{args.site[i]}: core's task {rec['task']:.1f} ms of CPU, its module evaluation "
                      f"{rec['evaluation']:.1f}, re-parses {rec['reparse']:.1f} (load {load:.1f})",
                      flush=True)
    finally:
        for proc, _ in servers:
            stop_server(proc)
    print()
    for i, site in enumerate(args.site):
        if results[i]:
            med = {k: statistics.median(r[k] for r in results[i]) for k in ("task", "evaluation", "reparse")}
            print(f"{site}: medians of {len(results[i])}: core's task {med['task']:.1f} ms, evaluation "
                  f"{med['evaluation']:.1f}, re-parses {med['reparse']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
