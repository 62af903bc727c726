#!/usr/bin/env python3
"""The page's first second, several builds alternated: first paint and its long tasks (a tool).

    .venv/bin/python tools/bench_firstpaint.py --site OLD_DIST --site NEW_DIST [--runs 5]
        [--throttle 4] [--rtt 0] [--json FILE]

Loads each ``--site`` in turn (A, B, B, A, A, B, … so that neither build always runs first after
an idle moment), each load in a fresh browser (cold cache, no service worker), at 1440×900, until
the first screen says it is ready (``<html data-ui=ready>``) and a second more. Per load:

* ``first-paint`` and ``first-contentful-paint`` (the page's ``paint`` entries) and
  ``DOMContentLoaded``: a first paint after ``DOMContentLoaded`` means it waited for the module
  scripts (Lighthouse's simulated first paint then counts every module's fetch and evaluation);
* from a Chrome trace (``--throttle`` slows the page's main thread as Lighthouse's phone, 4): the
  CPU of the tasks that parse ``index.html``, of the first screen's first layout, of PyScript core's
  evaluation, and the page's every task over 50 ms of CPU, with what it held;
* ``--rtt``: a network round trip of that many ms (CDP network emulation), to see what fewer
  preloads cost on a phone's link.

Medians per site at the end. Tasks that only run the driver's commands (Playwright's) are left out,
as in ``tools/bench_longtasks.py``. docs/STARTUP.md ("The sixth pass") has figures.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools"))

from bench_longtasks import CATEGORIES, LONG_MS, MARK, TASK_NAMES, driver_message, label  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PROBE = f"performance.mark({MARK!r});"
READ = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
  return {fp: paint["first-paint"], fcp: paint["first-contentful-paint"],
          dcl: nav.domContentLoadedEventStart, load: nav.loadEventStart};
}"""


def tasks_of(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The page's main-thread tasks (outermost, not the driver's), each with its CPU ms, its start
    (ms from the navigation's start, as performance.now()), and the CPU self time of what ran in it
    by label."""
    mark = next(e for e in events if e.get("name") == MARK)
    mine = sorted((e for e in events if e.get("pid") == mark["pid"] and e.get("tid") == mark["tid"]
                   and e.get("ph") == "X" and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    tasks: list[dict[str, Any]] = []
    stack: list[dict[str, Any]] = []
    for e in mine:
        e["cself"] = e.get("tdur", 0)
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        top = next((s for s in stack if s["name"] in TASK_NAMES), None)
        if stack:
            stack[-1]["cself"] -= e.get("tdur", 0)
        stack.append(e)
        if e["name"] in TASK_NAMES and top is None:
            e["parts"] = []
            tasks.append(e)
        elif top is not None:
            top["parts"].append(e)
            if driver_message(e):
                top["driver"] = True
    nav = next(e for e in events if e.get("name") == "navigationStart" and e.get("pid") == mark["pid"]
               and str(e.get("args", {}).get("data", {}).get("documentLoaderURL", "")).startswith("http"))
    out = []
    for t in tasks:
        if t.get("driver"):
            continue
        cpu_in: dict[str, float] = {}
        for e in t["parts"]:
            name = label(e)
            url = str(((e.get("args") or {}).get("beginData") or {}).get("url"))
            if name == "ParseHTML" and url.startswith("http"):
                name = "ParseHTML document"  # the page's own markup, not an innerHTML
            cpu_in[name] = cpu_in.get(name, 0.0) + e["cself"] / 1000
        out.append({"start": (t["ts"] - nav["ts"]) / 1000, "cpu": t.get("tdur", 0) / 1000,
                    "dur": t["dur"] / 1000, "parts": sorted(cpu_in.items(), key=lambda kv: -kv[1])})
    return out


def classify(task: dict[str, Any]) -> set[str]:
    """What a task holds of the first second's costly steps: the document's parse (not an
    innerHTML's), a layout of over 5 ms of CPU, PyScript core's module evaluation (the module event
    has no URL: its task runs core's code)."""
    cpu = dict(task["parts"])
    what = set()
    if "ParseHTML document" in cpu:
        what.add("parse")
    if cpu.get("Layout", 0) > 5:
        what.add("layout")
    if "v8.evaluateModule" in cpu and any("pyscript/core" in k for k in cpu):
        what.add("core")
    return what


def load_once(pw: Any, url: str, args: argparse.Namespace, trace: Path) -> dict[str, Any]:
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.add_init_script(PROBE)
        cdp = page.context.new_cdp_session(page)
        if args.throttle > 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        if args.rtt:
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": args.rtt,
                                                          "downloadThroughput": -1, "uploadThroughput": -1})
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(url)
        page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=60_000)
        page.wait_for_timeout(1000)
        marks = page.evaluate(READ)
        trace.write_bytes(browser.stop_tracing())
    finally:
        browser.close()
    tasks = tasks_of(json.loads(trace.read_text())["traceEvents"])
    rec: dict[str, Any] = {**marks, "load_avg": os.getloadavg()[0]}
    for key in ("parse", "core"):
        rec[key] = max((t["cpu"] for t in tasks if key in classify(t)), default=0.0)
    rec["layout"] = next((t["cpu"] for t in tasks if "layout" in classify(t)), 0.0)  # the first
    rec["long"] = [{"at": round(t["start"]), "cpu": round(t["cpu"], 1), "what": sorted(classify(t)),
                    "parts": [(k, round(v, 1)) for k, v in t["parts"][:5]]}
                   for t in tasks if t["cpu"] >= LONG_MS]
    rec["most"] = max((t["cpu"] for t in tasks), default=0.0)
    return rec


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, action="append", required=True, help="a built site (repeat)")
    ap.add_argument("--runs", type=int, default=5, help="loads of each site")
    ap.add_argument("--throttle", type=float, default=4)
    ap.add_argument("--rtt", type=float, default=0, help="network round trip, ms (0: none)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    servers = [start_server(s) for s in args.site]
    results: dict[int, list[dict[str, Any]]] = {i: [] for i in range(len(args.site))}
    trace = Path(tempfile.gettempdir()) / f"bench_firstpaint.{os.getpid()}.json"
    try:
        with sync_playwright() as pw:
            for n in range(args.runs):
                order = list(range(len(args.site)))
                if n % 2:
                    order.reverse()
                for i in order:
                    rec = load_once(pw, servers[i][1], args, trace)
                    results[i].append(rec)
                    longs = "; ".join(f"{t['cpu']:.0f} ms {'+'.join(t['what']) or t['parts'][0][0]} "
                                      f"at {t['at']}" for t in rec["long"])
                    print(f"{args.site[i]}: FP {rec['fp']:.0f} FCP {rec['fcp']:.0f} DCL {rec['dcl']:.0f} ms; "
                          f"CPU parse {rec['parse']:.0f}, first layout {rec['layout']:.0f}, core "
                          f"{rec['core']:.0f} ms; over {LONG_MS} ms: {longs or 'none'} "
                          f"(load {rec['load_avg']:.2f})",
                          flush=True)
    finally:
        for proc, _ in servers:
            stop_server(proc)
        trace.unlink(missing_ok=True)
    print()
    for i, site in enumerate(args.site):
        rs = results[i]
        med = {k: statistics.median(r[k] for r in rs)
               for k in ("fp", "fcp", "dcl", "parse", "layout", "core", "most")}
        after = sum(1 for r in rs if r["fcp"] > r["dcl"])
        print(f"{site}: medians of {len(rs)}: FCP {med['fcp']:.0f} ms (after DOMContentLoaded in {after}), "
              f"DCL {med['dcl']:.0f}; CPU parse {med['parse']:.0f}, first layout {med['layout']:.0f}, "
              f"core {med['core']:.0f}, most in a task {med['most']:.0f} ms; tasks over {LONG_MS} ms of CPU "
              f"{[len(r['long']) for r in rs]}")
    if args.json:
        args.json.write_text(json.dumps({str(s): results[i] for i, s in enumerate(args.site)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
