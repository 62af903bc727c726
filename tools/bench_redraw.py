#!/usr/bin/env python3
"""What one redraw of the table costs the page when nothing changed (a tool, not a test).

    .venv/bin/python tools/bench_redraw.py [--site DIR ...] [--throttle 1] [--batches 7] [--n 100]

For each site (default: build dist/), starts an Easy game (seed 3, ``?pace=fast``), and at my first
turn to bid and my first turn to play calls ``table.js`` ``render()`` ``--n`` times in a row, in
``--batches`` batches, and prints the fastest batch's time per call (ms). Most redraws of a game
change little (a card played moves one card; the seats, the plates, the status line and the panel
stay as they were): this is the price of the redraw's own script for what did not change. The
fastest batch is the figure least disturbed by other work on a shared machine. docs/STARTUP.md.

With ``--seats``, at my first turn to bid it times instead what a change of one seat costs:
``seats.js`` ``renderSeats()`` for a view and then for the same view changed in one seat, back and
forth, each followed by a read of the felt's size (the style and layout of what changed, done there
rather than at the next frame), ``--batches`` x ``--n`` times, and prints the median change (ms): "bid",
a bot's bid said (its badge and bubble come and go); "trick", a trick taken (its badge's count and
colour change, no bubbles).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, READY_TIMEOUT_MS, start_server, stop_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_main_thread import my_move  # noqa: E402

import build  # noqa: E402

BENCH = """async ([batches, n]) => {
  const m = await import('./js/table.js');  // the page's own module instance
  const out = [];
  for (let b = 0; b < batches; b++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) m.render();
    out.push((performance.now() - t0) / n);
  }
  return Math.min(...out);
}"""


SEATS = """async ([batches, n]) => {
  const { renderSeats } = await import('./js/seats.js');
  const { S } = await import('./js/state.js');
  const felt = document.querySelector('#felt');
  const v = S.shown;
  const bids = [null, 1, null, 2];
  const pairs = {
    bid: [{ ...v, bids }, { ...v, bids: [null, 1, 0, 2] }],
    trick: [{ ...v, phase: 'play', tricks: [{}], bids: [0, 1, 0, 2], taken: [0, 0, 0, 0] },
            { ...v, phase: 'play', tricks: [{}], bids: [0, 1, 0, 2], taken: [0, 1, 0, 0] }],
  };
  const res = {};
  for (const [name, [a, b]] of Object.entries(pairs)) {
    // Timed ten changes at a time (the page's clock counts in 0.1 ms); the median of the samples is
    // the figure least moved by a busy machine.
    const out = [];
    for (let k = 0; k < batches * n / 10; k++) {
      const t0 = performance.now();
      for (let i = 0; i < 10; i++) {
        renderSeats(i % 2 ? b : a);
        void felt.offsetHeight;  // the style and layout of what changed
      }
      out.push((performance.now() - t0) / 10);
    }
    out.sort((x, y) => x - y);
    res[name] = out[out.length >> 1];
  }
  renderSeats(v);
  return res;
}"""


def measure(page: Any, base: str, args: argparse.Namespace) -> dict[str, float]:
    """ms per idle redraw at my first bid and my first play."""
    page.goto(f"{base}?seed=3&pace=fast")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("level-easy").click()
    page.get_by_test_id("play").click()
    res: dict[str, float] = {}
    for _ in range(12):
        page.wait_for_selector("#table[data-await=human]", state="attached", timeout=READY_TIMEOUT_MS)
        phase = page.locator("#table").get_attribute("data-phase") or ""
        if args.seats:
            if phase == "bid":
                return {f"seats {k}": v for k, v in page.evaluate(SEATS, [args.batches, args.n]).items()}
        elif phase not in res:
            res[phase] = page.evaluate(BENCH, [args.batches, args.n])
        if "bid" in res and "play" in res:
            break
        my_move(page)
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, nargs="*", help="built sites, served as they are (default: dist/)")
    ap.add_argument("--throttle", type=float, default=1, help="CDP CPU throttling (Lighthouse's phone: 4)")
    ap.add_argument("--batches", type=int, default=7)
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seats", action="store_true", help="time a change of one seat (see above)")
    args = ap.parse_args()
    for site in args.site or [build.build()]:
        proc, base = start_server(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1440, "height": 900})
                if args.throttle > 1:
                    cdp = page.context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                res = measure(page, base, args)
                browser.close()
        finally:
            stop_server(proc)
        what = ("median ms per change of one seat, of" if args.seats else "ms per idle redraw, fastest of")
        print(f"{site}: {what} {args.batches} batches of {args.n}:",
              ", ".join(f"{k} {v:.3f}" for k, v in sorted(res.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
