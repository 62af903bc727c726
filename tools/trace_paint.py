#!/usr/bin/env python3
"""The page's paint recording in a kept Chrome trace of a game (a tool, not a test).

    .venv/bin/python tools/bench_longtasks.py --site DIR --runs 1 --throttle 4 --keep-trace T.json
    .venv/bin/python tools/trace_paint.py T.json ...

Prints, for the main thread of the page that ``bench_longtasks.py`` marked, the CPU time (ms) of
all ``Paint`` and of all ``PaintImage`` events (images drawn into the paint record: an SVG image
is recorded there each time it is painted, a bitmap is not), the ``PaintImage`` CPU by image
(its file name; "(no url)": a CSS gradient), and the tasks with the most ``PaintImage``.
docs/STARTUP.md ("The fifth pass", "The sixth pass") has the figures.
"""
from __future__ import annotations

import bisect
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_longtasks import TASK_NAMES, marked_thread  # noqa: E402


def summary(path: Path) -> str:
    events: list[dict[str, Any]] = json.loads(path.read_text())["traceEvents"]
    _, mine = marked_thread(events)
    tasks = sorted((e for e in mine if e["name"] in TASK_NAMES), key=lambda e: e["ts"])
    starts = [t["ts"] for t in tasks]
    cpu = {name: sum(e.get("tdur", 0) for e in mine if e["name"] == name) / 1000
           for name in ("Paint", "PaintImage")}
    per_task: dict[int, float] = {}
    for e in mine:
        if e["name"] == "PaintImage":
            i = bisect.bisect_right(starts, e["ts"]) - 1
            if i >= 0 and tasks[i]["ts"] + tasks[i]["dur"] >= e["ts"]:
                per_task[i] = per_task.get(i, 0.0) + e.get("tdur", 0) / 1000
    by_image: dict[str, float] = {}
    for e in mine:
        if e["name"] == "PaintImage":
            url = ((e.get("args") or {}).get("data") or {}).get("url") or "(no url)"
            key = url.rsplit("/", 1)[-1]
            by_image[key] = by_image.get(key, 0.0) + e.get("tdur", 0) / 1000
    images = ", ".join(f"{k} {v:.1f}" for k, v in sorted(by_image.items(), key=lambda kv: -kv[1]))
    top = sorted(per_task.items(), key=lambda kv: -kv[1])[:4]
    most = ", ".join(f"{v:.1f} ms (of the task's {tasks[i].get('tdur', 0) / 1000:.0f})" for i, v in top)
    return (f"{path}: Paint {cpu['Paint']:.0f} ms, PaintImage {cpu['PaintImage']:.1f} ms of CPU; "
            f"by image: {images}; most PaintImage in one task: {most}")


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(summary(Path(arg)))
