#!/usr/bin/env python3
"""Main-thread responsiveness while the bots think (a tool, not a test).

    .venv/bin/python tools/bench_think.py [--level insane] [--deals 1] [--pace normal] [--seed 3] [--early]
                                          [--site DIR] [--search-workers N]

Builds and serves ``dist/``, starts a Nines game at the given level in headless chromium and plays
the human seat with simple legal moves until ``--deals`` deals are over. A ``PerformanceObserver``
for ``longtask`` records every main-thread task over 50 ms; the report gives the longest task
while a bot was thinking (the table's ``data-await=bot``), the number of bot decisions, and the
mean and max wall time per bot decision as the table saw it (including the pace's pauses).
Target (issue #4): no main-thread task over 100 ms while a bot thinks.
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

import build  # noqa: E402

PROBE = """
(() => {
  const log = (window.__think = {tasks: [], turns: []});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const t = document.querySelector('#table');
      log.tasks.push({start: e.startTime, dur: e.duration, await: t ? t.dataset.await : null,
                      actions: t ? t.dataset.actions : null, phase: t ? t.dataset.phase : null});
    }
  }).observe({type: "longtask", buffered: true});
  let cur = null;
  setInterval(() => {
    const t = document.querySelector('#table');
    if (!t) return;
    const bot = t.dataset.await === "bot";
    if (bot && cur === null) cur = performance.now();
    if (!bot && cur !== null) { log.turns.push(performance.now() - cur); cur = null; }
  }, 5);
})();
"""


def human_move(page) -> None:
    v = page.evaluate("() => window.jokerUI.state().view")
    before = page.locator("#table").get_attribute("data-actions")
    if v["phase"] == "trump":
        page.get_by_test_id("trump-H").click()
    elif v["phase"] == "bid":
        page.keyboard.press("0" if v["forbidden_bid"] != 0 else "1")
    else:
        plain = [a for a in v["legal"] if a[0] != "X"]
        card = plain[0] if plain else v["legal"][0][:2]
        loc = page.locator(f'.card[data-key="{card}"]')
        box = loc.bounding_box()
        loc.click(position={"x": max(14, box["width"] * 0.2), "y": box["height"] * 0.3})
        if not plain:
            page.get_by_test_id("joker-take" if v["trick"] else "joker-want").click()
            if not v["trick"]:
                page.get_by_test_id("joker-suit-H").click()
    page.wait_for_function("n => document.querySelector('#table').dataset.actions !== n", arg=before,
                           timeout=120_000)


def play(page, level: str, deals: int, early: bool, clear=None) -> float:
    """Starts a Nines game at ``level`` on a page showing the first screen and plays the human seat
    until ``deals`` deals are over; returns the seconds from the first deal to the end. ``early``:
    PLAY pressed as soon as the first screen works, before Python and the worker are up; otherwise
    the worker is awaited first and ``clear()`` (if given) is called just before PLAY."""
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    page.get_by_test_id(f"level-{level}").click()
    page.get_by_test_id("mode-nines").click()
    if early:
        page.get_by_test_id("play").click()
        page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=60_000)
    else:
        page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=60_000)
        if clear:
            clear()
        page.get_by_test_id("play").click()
    t0 = time.perf_counter()
    done = 0
    while done < deals:
        page.wait_for_selector(
            "#table[data-await=human], #table[data-await=next], #table[data-await=results]",
            state="attached", timeout=120_000)
        state = page.locator("#table").get_attribute("data-await")
        if state in ("next", "results"):
            done += 1
            if state == "next" and done < deals:
                page.get_by_test_id("summary-next").click()
                page.wait_for_selector("#table:not([data-await=next])", state="attached")
            continue
        human_move(page)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="insane")
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--pace", default="normal")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--early", action="store_true",
                    help="press PLAY as soon as the first screen works, before Python and the worker are up")
    ap.add_argument("--site", type=Path, help="serve this built site as it is (default: build dist/)")
    ap.add_argument("--search-workers", type=int, help="?search_workers=N (default: the page's own choice)")
    args = ap.parse_args()
    site = args.site or build.build()
    proc, base = start_server(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.add_init_script(PROBE)
            extra = f"&search_workers={args.search_workers}" if args.search_workers else ""
            page.goto(f"{base}?seed={args.seed}&pace={args.pace}{extra}")
            # Start-up work is measured by bench_load.py unless --early.
            elapsed = play(page, args.level, args.deals, args.early,
                           clear=lambda: page.evaluate("() => { window.__think.tasks.length = 0; }"))
            log = page.evaluate("() => window.__think")
            browser.close()
    finally:
        stop_server(proc)
    bot_tasks = [t["dur"] for t in log["tasks"] if t["await"] == "bot"]
    all_tasks = [t["dur"] for t in log["tasks"]]
    turns = log["turns"]
    print(f"level {args.level}, pace {args.pace}, {args.deals} nines deal(s) in {elapsed:.1f} s")
    print(f"bot turns seen: {len(turns)}; wall time per bot turn (incl. pace pauses): "
          f"mean {statistics.mean(turns):.0f} ms, max {max(turns):.0f} ms" if turns else "no bot turns seen")
    print(f"longest main-thread task while a bot thinks: {max(bot_tasks, default=0):.0f} ms "
          f"({len(bot_tasks)} tasks over 50 ms)")
    print(f"longest main-thread task overall in the game: {max(all_tasks, default=0):.0f} ms "
          f"({len(all_tasks)} tasks over 50 ms)")
    for t in log["tasks"]:
        if t["dur"] > 100:
            print(f"  task of {t['dur']:.0f} ms at {t['start'] / 1000:.1f} s: table awaits {t['await']!r}, "
                  f"phase {t['phase']}, {t['actions']} actions applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
