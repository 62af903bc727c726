"""tools/bench_longtasks.py reads a Chrome trace: which tasks are the page's, and which the driver's.

Playwright evaluates its injected script in the page (40-44 ms of CPU at 4x throttling) and polls it
through DevTools protocol messages; those tasks are the tool's, not the page's, and must not count
against the target of no task over 50 ms (docs/STARTUP.md). A synthetic trace, no browser.
"""
from __future__ import annotations

from typing import Any

from tools.bench_longtasks import MARK, main_thread_tasks

PID, TID = 7, 1


def event(name: str, ts_ms: float, dur_ms: float, cpu_ms: float, **args: Any) -> dict[str, Any]:
    return {"name": name, "ph": "X", "pid": PID, "tid": TID, "ts": ts_ms * 1000, "dur": dur_ms * 1000,
            "tdur": cpu_ms * 1000, "args": args}


def mojo(tag: str) -> dict[str, Any]:
    return {"chrome_mojo_event_info": {"mojo_interface_tag": tag}}


def trace() -> list[dict[str, Any]]:
    return [
        {"name": MARK, "ph": "R", "pid": PID, "tid": TID, "ts": 0},
        # the page parses its document: 60 ms of CPU
        event("ThreadControllerImpl::RunTask", 10, 120, 60),
        event("ParseHTML", 11, 110, 58, beginData={"url": "http://x/index.html"}),
        # Playwright's injected script, a DevTools protocol message: 45 ms of CPU
        event("ThreadControllerImpl::RunTask", 200, 90, 46),
        event("Receive mojo message", 200, 90, 46, **mojo("blink.mojom.DevToolsSession")),
        event("EvaluateScript", 201, 88, 45),
        # a message from a worker (not the driver's): 20 ms of CPU
        event("ThreadControllerImpl::RunTask", 400, 30, 20),
        event("Receive mojo message", 400, 30, 20, **mojo("blink.mojom.WorkerHost")),
        event("RunMicrotasks", 401, 28, 19),
        # a short task of the page
        event("ThreadControllerImpl::RunTask", 500, 2, 1),
    ]


def test_the_drivers_tasks_are_left_out() -> None:
    long, mark, total, driver = main_thread_tasks(trace(), cpu_ms=12.5)
    assert mark == 0
    assert [e["ts"] / 1000 for e in long] == [10, 400]  # the parse and the worker's message
    assert [e["ts"] / 1000 for e in driver] == [200]  # Playwright's script
    assert total == 60 + 20 + 1  # the page's CPU, without the driver's
    assert "EvaluateScript" not in {k for e in long for k in e["inside"]}


def test_without_driver_messages_every_task_is_the_pages() -> None:
    events = [e for e in trace() if e["name"] != "Receive mojo message"]
    long, _, total, driver = main_thread_tasks(events, cpu_ms=12.5)
    assert driver == []
    assert [e["ts"] / 1000 for e in long] == [10, 200, 400]
    assert total == 60 + 46 + 20 + 1
