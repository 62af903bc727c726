#!/usr/bin/env python3
"""Every main-thread task over 50 ms of a game, with what it was doing (a tool, not a test).

    .venv/bin/python tools/bench_longtasks.py [--site DIR] [--runs 3] [--deals 2] [--level insane]
        [--pace fast] [--late | --first-turn] [--throttle 4] [--cpu 12.5] [--no-trace] [--json FILE]
        [--keep-trace FILE]

Plays a Nines game as ``tools/bench_think.py`` does (PLAY pressed before Python is up unless
``--late``) and reports, per run, each main-thread task over 50 ms from navigation to the end:

* ``longtask`` entries, with the table's state when they were seen;
* the Long Animation Frame that holds each (``long-animation-frame``: its blocking time, forced
  style and layout, and every script over 5 ms in it with its invoker, source URL and function);
* from a Chrome trace of the same run (``--no-trace`` to skip): the task's wall time *and its CPU
  time* on the main thread, and where each went (self time of the trace events inside it: module
  evaluation, a function call by URL and name, layout, style, GC, a wait on another process ...);
  tasks with over ``--cpu`` ms of CPU are listed too (default 12.5: 50 ms on a 4x slower phone);
* every style recalculation and layout a script forced, by the JS stack that forced it.

Tasks that only run the driver's own commands (a DevTools protocol message: Playwright's injected
script, evaluated in each world it uses — 40-44 ms of CPU at 4x —, its polling and checks, this
tool's probes) are not the page's: they are left out of every list and count, and the report says
how many there were and their CPU.

Wall time far above CPU time means the task was long because the thread was descheduled (the
machine is shared and loaded) or waited on another process (the audio service, the font service),
not because of the work it did: the report marks such tasks ``stretched`` (CPU under half the
wall time, and under 50 ms). Target (issue #14): no task over 50 ms. docs/STARTUP.md has figures.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
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

LONG_MS = 50
MARK = "bench:t0"

PROBE = """
(() => {
  const log = (window.__lt = {tasks: [], loafs: [], mark: performance.mark("MARK").startTime});
  const table = () => {
    const t = document.querySelector('#table');
    if (!t) return {};
    return {await: t.dataset.await || "", phase: t.dataset.phase || "", actions: t.dataset.actions || ""};
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) log.tasks.push({start: e.startTime, dur: e.duration, ...table()});
  }).observe({type: "longtask", buffered: true});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) log.loafs.push({
      start: e.startTime, dur: e.duration, blocking: e.blockingDuration, renderStart: e.renderStart,
      styleAndLayoutStart: e.styleAndLayoutStart,
      scripts: e.scripts.map((s) => ({invoker: s.invoker, type: s.invokerType, url: s.sourceURL,
        fn: s.sourceFunctionName, at: s.sourceCharPosition, start: s.startTime, dur: s.duration,
        layout: s.forcedStyleAndLayoutDuration, pause: s.pauseDuration})),
    });
  }).observe({type: "long-animation-frame", buffered: true});
})();
""".replace("MARK", MARK)

CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute",
              "disabled-by-default-devtools.timeline.stack",
              "blink.user_timing", "v8", "loading"]
TASK_NAMES = {"RunTask", "ThreadControllerImpl::RunTask"}


def short(url: str | None) -> str:
    """The part of a URL that says which file: the path under the served site."""
    if not url:
        return ""
    if url.startswith("blob:"):
        return "blob:"
    return "/".join(url.split("?")[0].split("/")[3:]) or url


def label(e: dict[str, Any]) -> str:
    """One trace event as the report names it (its kind and, where it has them, URL and function)."""
    data = (e.get("args") or {}).get("data") or {}
    name = e["name"]
    if name == "FunctionCall":
        return f"call {short(data.get('url'))}:{data.get('functionName') or '(anonymous)'}"
    if name in ("EvaluateScript", "v8.compile", "v8.compileModule", "v8.evaluateModule", "ParseHTML",
                "ResourceFinish", "ResourceReceiveResponse"):
        url = data.get("url") or data.get("stackTrace", [{}])[0].get("url")
        return f"{name} {short(url)}".strip()
    if name == "EventDispatch":
        return f"event {data.get('type')}"
    if name == "TimerFire":
        return "timer"
    return name


def driver_message(e: dict[str, Any]) -> bool:
    """Whether a trace event is the renderer receiving a DevTools protocol message: a command of the
    driver (Playwright, this tool), not something the page asked for."""
    info = (e.get("args") or {}).get("chrome_mojo_event_info") or {}
    return (e["name"] == "Receive mojo message"
            and str(info.get("mojo_interface_tag", "")).startswith("blink.mojom.DevTools"))


def marked_thread(events: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The page's MARK event, and the complete events ("X", with a duration) of the thread it was
    made on: the page's main thread (tools/trace_paint.py reads kept traces through this too)."""
    mark = next(e for e in events if e.get("name") == MARK)
    return mark, [e for e in events if e.get("pid") == mark["pid"] and e.get("tid") == mark["tid"]
                  and e.get("ph") == "X" and "dur" in e]


def main_thread_tasks(events: list[dict[str, Any]],
                      cpu_ms: float) -> tuple[list[dict[str, Any]], float, float, list[dict[str, Any]]]:
    """The page's main thread's tasks over LONG_MS of wall time or ``cpu_ms`` of CPU time, each with
    its CPU time and the self time (wall and CPU) of what ran in it; and the trace time (ms) of the
    page's MARK, to put the trace on performance.now()'s clock; and the CPU of all its tasks (ms);
    and the driver's tasks (those that ran a DevTools protocol message: Playwright's injected
    script, its polling), which are left out of the rest."""
    mark, mine = marked_thread(events)
    mine.sort(key=lambda e: (e["ts"], -e["dur"]))
    tasks = []  # the thread's outermost tasks
    stack: list[dict[str, Any]] = []
    for e in mine:
        e["self"], e["cself"] = e["dur"], e.get("tdur", 0)
        e["inside"], e["cpu_in"] = defaultdict(float), defaultdict(float)
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        top = next((s for s in stack if s["name"] in TASK_NAMES), None)  # the outermost task
        if stack:
            stack[-1]["self"] -= e["dur"]
            stack[-1]["cself"] -= e.get("tdur", 0)
        stack.append(e)
        e["task"] = top if e["name"] not in TASK_NAMES or top else e
        if e["name"] in TASK_NAMES and top is None:
            tasks.append(e)
        if top is not None and driver_message(e):
            top["driver"] = True
    driver = [e for e in tasks if e.get("driver")]
    page = [e for e in tasks if not e.get("driver")]
    total = sum(e.get("tdur", 0) for e in page) / 1000  # the CPU of every page task on the thread (ms)
    long = [e for e in page if e["dur"] >= LONG_MS * 1000 or e.get("tdur", 0) >= cpu_ms * 1000]
    chosen = {id(e) for e in long}
    for e in mine:
        task = e.get("task")
        if task is not None and task is not e and id(task) in chosen:
            task["inside"][label(e)] += e["self"]
            task["cpu_in"][label(e)] += e["cself"]
    return long, mark["ts"] / 1000, total, driver


SCRIPT = {"FunctionCall", "RunMicrotasks", "v8.callFunction", "TimerFire", "FireAnimationFrame",
          "EvaluateScript", "v8.evaluateModule", "EventDispatch"}


def forced(events: list[dict[str, Any]]) -> list[tuple[str, int, float]]:
    """Style recalculations and layouts forced from script on the page's main thread (run inside a
    script event rather than in a frame's rendering), by the JS that forced them (the trace's stack,
    top three frames; Playwright's own checks included): [(what and where, how many, CPU ms)]."""
    mark = next(e for e in events if e.get("name") == MARK)
    mine = sorted((e for e in events if e.get("pid") == mark["pid"] and e.get("tid") == mark["tid"]
                   and e.get("ph") == "X" and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    stack: list[dict[str, Any]] = []
    n: dict[str, int] = defaultdict(int)
    cpu: dict[str, float] = defaultdict(float)
    for e in mine:
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        if e["name"] in ("Layout", "UpdateLayoutTree") and any(s["name"] in SCRIPT for s in stack):
            frames = (((e.get("args") or {}).get("beginData") or {}).get("stackTrace")
                      or (e.get("args") or {}).get("stackTrace") or [])
            where = " < ".join(f"{f['functionName'] or '(anonymous)'}@{short(f['url']) or '(injected)'}:"
                               f"{f['lineNumber']}" for f in frames[:3]) or "(no stack)"
            key = f"{'layout' if e['name'] == 'Layout' else 'style'} from {where}"
            n[key] += 1
            cpu[key] += e.get("tdur", 0) / 1000
        stack.append(e)
    return sorted(((k, n[k], cpu[k]) for k in n), key=lambda x: -x[2])


def run_once(base: str, args: argparse.Namespace, trace: Path | None) -> dict[str, Any]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.add_init_script(PROBE)
        if args.throttle > 1:  # as Lighthouse's mobile profile: the page's main thread N times slower
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        if trace:
            browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(f"{base}?seed={args.seed}&pace={args.pace}")
        clear = "() => { window.__lt.tasks.length = 0; window.__lt.loafs.length = 0; }"
        if args.first_turn:  # start-up and entering the table only: PLAY at once, up to my first turn
            t0 = time.perf_counter()
            page.wait_for_selector("html[data-ui=ready]", state="attached")
            page.get_by_test_id(f"level-{args.level}").click()
            page.get_by_test_id("mode-nines").click()
            page.get_by_test_id("play").click()
            page.wait_for_selector("#table[data-await=human]", state="attached", timeout=120_000)
            elapsed = time.perf_counter() - t0
        else:
            elapsed = play(page, args.level, args.deals, not args.late, clear=lambda: page.evaluate(clear))
        page.wait_for_timeout(300)  # the last frames' entries are delivered
        log = page.evaluate("() => window.__lt")
        if trace:
            trace.write_bytes(browser.stop_tracing())
        browser.close()
    log["elapsed"] = elapsed
    log["load"] = os.getloadavg()
    if trace:
        events = json.loads(trace.read_text())["traceEvents"]
        long, mark_ts, log["cpu_total"], driver = main_thread_tasks(events, args.cpu)
        log["driver"] = {"tasks": len(driver), "cpu": sum(e.get("tdur", 0) for e in driver) / 1000,
                         "most": max((e.get("tdur", 0) for e in driver), default=0) / 1000}
        log["trace"] = [{
            "start": e["ts"] / 1000 - mark_ts + log["mark"], "dur": e["dur"] / 1000,
            "cpu": e.get("tdur", 0) / 1000, "self": e["self"] / 1000,
            "inside": sorted(((k, v / 1000) for k, v in e["inside"].items()), key=lambda kv: -kv[1]),
            "cpu_in": sorted(((k, v / 1000) for k, v in e["cpu_in"].items()), key=lambda kv: -kv[1]),
        } for e in long]
        log["forced"] = forced(events)
    return log


def kind(r: dict[str, Any]) -> str:
    """Why a task is in the report: its own work (CPU over LONG_MS), or the scheduler (wall time over
    LONG_MS, CPU under it and under half the wall time), or a phone's share (CPU over --cpu)."""
    if r["cpu"] is None:
        return ""
    if r["cpu"] >= LONG_MS:
        return "WORK"
    if r["dur"] >= LONG_MS:
        return "stretched" if r["cpu"] < r["dur"] / 2 else "work+stretch"
    return "phone"


def report(n: int, log: dict[str, Any]) -> None:
    load = " ".join(f"{x:.1f}" for x in log["load"])
    trace = log.get("trace")
    print(f"\nrun {n}: load average {load}; {len(log['tasks'])} longtask entries over {LONG_MS} ms "
          f"(longest {max((t['dur'] for t in log['tasks']), default=0):.0f} ms); game {log['elapsed']:.1f} s")
    # From the trace when there is one: it also sees the tasks the longtask observer leaves out
    # (rendering, IPC) and gives each task's CPU time; else the longtask entries alone.
    rows = trace if trace is not None else [dict(t, cpu=None, inside=[], cpu_in=[], self=0)
                                            for t in log["tasks"]]
    if "driver" in log:
        d = log["driver"]
        print(f"  left out: {d['tasks']} tasks of the driver's own (DevTools protocol commands: Playwright's "
              f"injected script, its polling), {d['cpu']:.0f} ms of CPU, the most in one {d['most']:.0f} ms")
    for r in rows:
        seen = next((t for t in log["tasks"] if t["start"] - 5 <= r["start"] < t["start"] + t["dur"]), None)
        state = ("no longtask entry" if not seen else "before the table exists" if "await" not in seen else
                 f"table {seen['await'] or '-'}/{seen['phase'] or '-'} after {seen['actions'] or 0} actions")
        cpu = "" if r["cpu"] is None else f", cpu {r['cpu']:3.0f} ms"
        print(f"  {r['start'] / 1000:7.2f} s  {r['dur']:4.0f} ms{cpu}  {kind(r):12s} [{state}]")
        if r["inside"]:
            parts = [f"{k} {v:.0f}" for k, v in r["inside"][:6] if v >= 1]
            print(f"      wall (self ms): {'; '.join(parts)}; in the task itself {r['self']:.0f}")
            parts = [f"{k} {v:.1f}" for k, v in r["cpu_in"][:6] if v >= 0.5]
            print(f"      cpu (self ms): {'; '.join(parts)}")
        loaf = next((f for f in log["loafs"] if f["start"] - 1 <= r["start"] < f["start"] + f["dur"]), None)
        if loaf:
            layout = sum(s["layout"] for s in loaf["scripts"])
            render = (f"rendering {loaf['start'] + loaf['dur'] - loaf['renderStart']:.0f} ms"
                      if loaf["renderStart"] else "no rendering")
            print(f"      LoAF {loaf['dur']:.0f} ms, blocking {loaf['blocking']:.0f} ms, "
                  f"forced layout in scripts {layout:.0f} ms, {render}")
            for s in loaf["scripts"]:
                print(f"        {s['dur']:4.0f} ms {s['type']} {s['invoker']!r} {short(s['url'])}:"
                      f"{s['fn'] or '-'}@{s['at']} (forced style+layout {s['layout']:.0f} ms)")


def report_forced(log: dict[str, Any]) -> None:
    rows = log.get("forced")
    if rows is None:
        return
    print(f"  forced from script: {sum(r[1] for r in rows)} style/layout passes, "
          f"{sum(r[2] for r in rows):.0f} ms of CPU; most costly:")
    for where, n, cpu in rows[:8]:
        print(f"    {n:4d} x {cpu:6.1f} ms  {where}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, help="serve this built site as it is (default: build dist/)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--level", default="insane")
    ap.add_argument("--pace", default="fast")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--first-turn", action="store_true",
                    help="stop at my first turn (start-up and entering the table, no game)")
    ap.add_argument("--late", action="store_true",
                    help="wait for the search worker before PLAY (start-up excluded)")
    ap.add_argument("--throttle", type=float, default=1,
                    help="slow the page's main thread N times (CDP CPU throttling; Lighthouse's phone: 4)")
    ap.add_argument("--no-trace", action="store_true", help="no Chrome trace (no CPU time, no breakdown)")
    ap.add_argument("--cpu", type=float, default=LONG_MS / 4,
                    help="also report tasks with this much CPU (ms; default: 50 ms on a 4x slower phone)")
    ap.add_argument("--json", type=Path, help="write every run's raw records here")
    ap.add_argument("--keep-trace", type=Path,
                    help="keep the last run's Chrome trace here (chrome://tracing, Perfetto)")
    args = ap.parse_args()
    site = args.site or build.build()
    proc, base = start_server(site)
    logs = []
    trace = None if args.no_trace else (args.keep_trace or Path(os.environ.get("TMPDIR", "/tmp")) /
                                        f"bench_longtasks.{os.getpid()}.json")
    try:
        for n in range(1, args.runs + 1):
            log = run_once(base, args, trace)
            logs.append(log)
            report(n, log)
            report_forced(log)
    finally:
        stop_server(proc)
        if trace and not args.keep_trace and trace.exists():
            trace.unlink()
    if args.no_trace:
        print(f"\nlongtask entries over {LONG_MS} ms per run: {[len(log['tasks']) for log in logs]}")
    else:
        def count(test) -> list[int]:
            return [sum(1 for r in log["trace"] if test(r)) for log in logs]
        print(f"\nper run: tasks over {LONG_MS} ms of wall time {count(lambda r: r['dur'] >= LONG_MS)}, "
              f"of which over {LONG_MS} ms of CPU {count(lambda r: r['cpu'] >= LONG_MS)}; "
              f"tasks over {args.cpu:g} ms of CPU {count(lambda r: r['cpu'] >= args.cpu)}; "
              f"most CPU in a task {[round(max((r['cpu'] for r in lg['trace']), default=0)) for lg in logs]}"
              f" ms; forced style/layout passes {[sum(r[1] for r in log['forced']) for log in logs]}; "
              f"main-thread CPU in all tasks {[round(log['cpu_total']) for log in logs]} ms; "
              f"left out, the driver's own tasks {[log['driver']['tasks'] for log in logs]}")
    if args.json:
        args.json.write_text(json.dumps(logs, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
