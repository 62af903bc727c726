#!/usr/bin/env python3
"""The coach in the browser (a tool, not a test): hint time and main-thread tasks while it thinks,
and the time of a 9-card deal's review in the worker.

    .venv/bin/python tools/bench_coach_browser.py [--hints 6] [--seed 3] [--no-build]

Builds and serves ``dist/``, starts a Nines game against Easy bots in headless chromium (fast pace),
asks for a hint at each of my turns (``--hints`` of them, playing the hinted move), then plays out
the deal and reviews it from the deal table.  A ``PerformanceObserver`` for ``longtask`` records
every main-thread task over 50 ms while a hint is thinking.  Targets (issue 13): a hint within
1.5 s with no main-thread task over 100 ms; a 9-card deal's review within 10 s on a phone-class
budget (a phone is about 2-3x slower than this machine).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_coach_ui import act  # noqa: E402

import build  # noqa: E402

PROBE = """
(() => {
  const log = (window.__coach = {tasks: []});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const box = document.querySelector('#hint-box');
      log.tasks.push({dur: e.duration, hint: box ? box.dataset.state : null});
    }
  }).observe({type: "longtask", buffered: true});
})();
"""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hints", type=int, default=6)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--no-build", action="store_true")
    args = ap.parse_args()
    if not args.no_build:
        build.build()
    proc, base = start_server(build.DIST)
    hint_ms: list[float] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.add_init_script(PROBE)
            page.goto(f"{base}?seed={args.seed}&pace=fast")
            page.wait_for_selector("html[data-ui=ready]", state="attached")
            page.get_by_test_id("level-easy").click()
            page.get_by_test_id("mode-nines").click()
            page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=120_000)
            page.get_by_test_id("play").click()
            while True:
                page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                                       timeout=120_000)
                if page.locator("#table").get_attribute("data-await") == "next":
                    break
                v = page.evaluate("() => window.jokerUI.state().view")
                if len(hint_ms) < args.hints and len(v["legal"]) > 1:
                    t0 = time.perf_counter()
                    page.get_by_test_id("hint-button").click()
                    page.wait_for_selector("#hint-box[data-state=ready]", state="attached", timeout=120_000)
                    hint_ms.append((time.perf_counter() - t0) * 1000)
                    action = page.locator("#hint-box").get_attribute("data-action")
                else:
                    action = v["legal"][0]
                act(page, v, action)
            page.get_by_test_id("summary-review").click()
            t0 = time.perf_counter()
            page.wait_for_selector("[data-testid=review-progress][data-state=done]", state="attached",
                                   timeout=300_000)
            review_s = time.perf_counter() - t0
            n = page.get_by_test_id("review-decision").count()
            log = page.evaluate("() => window.__coach")
            browser.close()
    finally:
        stop_server(proc)
    thinking = [t["dur"] for t in log["tasks"] if t["hint"] == "thinking"]
    print(f"hints: {len(hint_ms)}, wall time mean {statistics.mean(hint_ms):.0f} ms, "
          f"max {max(hint_ms):.0f} ms")
    print(f"longest main-thread task while a hint thinks: {max(thinking, default=0):.0f} ms "
          f"({len(thinking)} tasks over 50 ms)")
    print(f"review of the 9-card deal: {n} decisions in {review_s:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
