"""tools/bench_core.py reads a Chrome trace made with no DevTools client: the task that evaluates
PyScript's core, and V8's re-parses for source positions in it (docs/STARTUP.md "The seventh
pass"). A synthetic trace, no browser."""
from __future__ import annotations

from typing import Any

from tools.bench_core import core_task, long_tasks

PID, TID = 7, 1


def event(name: str, ts_ms: float, dur_ms: float, cpu_ms: float, tid: int = TID,
          **args: Any) -> dict[str, Any]:
    return {"name": name, "ph": "X", "pid": PID, "tid": tid, "ts": ts_ms * 1000, "dur": dur_ms * 1000,
            "tdur": cpu_ms * 1000, "args": args}


def test_core_task_is_the_one_that_evaluates_the_core() -> None:
    core = {"data": {"url": "http://h/pyscript/core-C9KDLldu.js"}}
    events = [
        event("v8.compileModule", 1, 1, 1, data={"url": "http://h/js/boot.js"}),
        event("RunTask", 2, 30, 25),  # boot.js's graph: not the core's
        event("v8.evaluateModule", 3, 20, 18),
        event("V8.CollectSourcePositions", 5, 2, 2),
        event("v8.compileModule", 40, 1, 0.5, **core),
        event("V8.CollectSourcePositions", 45, 3, 3, tid=2),  # another thread
        event("RunTask", 50, 20, 16),
        event("v8.evaluateModule", 51, 10, 9),
        event("V8.CollectSourcePositions", 53, 4, 3.5),
        event("V8.CollectSourcePositions", 65, 1, 0.5),  # in a microtask of the same task
        event("V8.CollectSourcePositions", 80, 4, 4),  # a later task
    ]
    assert core_task(events) == {"task": 16, "evaluation": 9, "reparse": 4}
    assert core_task(events[:4]) is None  # the core never compiled: no figure


def test_long_tasks_are_the_page_threads_over_the_bar() -> None:
    boot = {"data": {"url": "http://h/js/boot.js"}}
    events = [
        event("ThreadControllerImpl::RunTask", 0, 1, 0.5),
        event("v8.compileModule", 1, 1, 1, **boot),
        event("ThreadControllerImpl::RunTask", 10, 20, 13),  # the first layout
        event("UpdateLayoutTree", 11, 4, 3),
        event("Layout", 15, 10, 7.5),
        event("Paint", 26, 2, 1),
        event("ThreadControllerImpl::RunTask", 40, 10, 5),  # under the bar
        event("ThreadControllerImpl::RunTask", 60, 30, 25, tid=2),  # another thread
    ]
    assert core_task(events) is None
    assert long_tasks(events, 6) == ["at 10 ms: 13.0 ms of CPU (Layout 7.5, UpdateLayoutTree 3.0, Paint 1.0)"]
    assert long_tasks(events[:1], 6) == []  # boot.js never compiled: no page thread known
