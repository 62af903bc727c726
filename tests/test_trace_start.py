"""tools/trace_start.py: its marks find their places in the built site, and it reads a trace's
marks and CPU by kind (a synthetic trace, no browser)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tools.trace_start import MARKS, marked_copy, timeline

PAGE, OTHER = 7, 9
MAIN, WORKER, POOL = 1, 2, 3


def test_every_mark_lands_once_in_the_built_site(site_dir: Path, tmp_path: Path) -> None:
    out = marked_copy(site_dir, tmp_path / "marked")
    for pattern, _, new in MARKS:
        (path,) = sorted(out.glob(pattern))
        assert path.read_text(encoding="utf-8").count(new) == 1, pattern
    assert (site_dir / "index.html").read_bytes() == (out / "index.html").read_bytes()


def test_a_missing_anchor_stops_it(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for pattern, _, _ in MARKS:
        path = site / pattern.replace("*", "x")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("nothing to mark", encoding="utf-8")
    with pytest.raises(ValueError, match="found 0 times"):
        marked_copy(site, tmp_path / "out")


def mark(name: str, ts_ms: float, pid: int = PAGE, tid: int = MAIN) -> dict[str, Any]:
    return {"name": name, "cat": "blink.user_timing", "ph": "R", "pid": pid, "tid": tid, "ts": ts_ms * 1000}


def thread(tid: int, name: str) -> dict[str, Any]:
    return {"ph": "M", "name": "thread_name", "pid": PAGE, "tid": tid, "args": {"name": name}}


def span(name: str, ts_ms: float, cpu_ms: float, tid: int, pid: int = PAGE) -> dict[str, Any]:
    return {"name": name, "ph": "X", "pid": pid, "tid": tid, "ts": ts_ms * 1000, "dur": cpu_ms * 2000,
            "tdur": cpu_ms * 1000}


def test_timeline_reads_the_page_process_until_the_engine_answers() -> None:
    events = [
        thread(MAIN, "CrRendererMain"),
        thread(WORKER, "DedicatedWorker thread"),
        thread(POOL, "ThreadPoolForegroundWorker"),
        mark("navigationStart", 5, pid=OTHER),  # another tab's navigation: not ours
        mark("navigationStart", 100),
        mark("page:core import", 400),
        mark("responseEnd", 150),  # the browser's own marks have no "kind:" prefix
        mark("snapshot: inflated", 900, tid=WORKER),
        mark("page:ready ./py/engine.py", 1500),
        mark("page:ready ./py/search.py", 2500),
        span("TaskGraphRunner::RunTask", 300, 4, POOL),
        span("TaskGraphRunner::RunTask", 1700, 50, POOL),  # after the engine answered
        span("Paint", 310, 2, MAIN),
        span("ThreadControllerImpl::RunTask", 800, 120, WORKER),
        span("ThreadPool_RunTask", 820, 30, POOL),
        span("Paint", 320, 9, MAIN, pid=OTHER),  # another process
    ]
    marks, cpu = timeline(events)
    assert [(t, m) for t, _, m in marks] == [(300, "page:core import"), (800, "snapshot: inflated"),
                                             (1400, "page:ready ./py/engine.py"),
                                             (2400, "page:ready ./py/search.py")]
    assert marks[1][1] == "DedicatedWorker thread"
    assert cpu == {"raster": 4, "paint": 2, "worker threads": 120, "thread pool (V8, raster, …)": 30}
