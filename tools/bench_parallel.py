#!/usr/bin/env python3
"""Parallel search in the browser: sampled deals per decision with 1 and N search workers (a tool).

    .venv/bin/python tools/bench_parallel.py [--workers 1 2 4] [--level insane] [--budget 1000]
                                             [--positions 6] [--site DIR]

For each N it opens the built site with ``?search_workers=N``, deals a Nines game and, at the first
--positions decisions of the human seat (trump, bids, cards), asks every worker for one part of the
decision at once (``search_part``, as the engine worker does for a bot) with the given budget. It
reports the wall time per decision and the sampled deals all parts examined together (median).
Issue #14's target: 4 workers examine >= 3x the deals of one in the same time (it needs 4 free cores:
on a 2-core machine N workers share two).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402

DECISIONS = """
async ([level, budget, positions]) => {
  const engine = await import("./js/engine.js");
  const search = await import("./js/search.js");
  await engine.ready;
  await search.start();
  const n = Number(document.documentElement.dataset.searchWorkers);
  let res = await engine.newGame({rules: null, mode: "nines", level: "easy", fast: true, seed: 21});
  const out = [];
  while (out.length < positions && res.view.phase !== "over") {
    if (res.view.to_act !== 0) { res = await engine.botMove(); continue; }
    if (res.view.legal.length > 1) {
      const text = JSON.stringify(res.view);
      const t0 = performance.now();
      const parts = await Promise.all([...Array(n).keys()].map(
        (k) => search.call("search_part", text, level, 5, budget, k)));
      const worlds = parts.map((p) => JSON.parse(p).worlds).reduce((a, b) => a + b, 0);
      out.push({ms: performance.now() - t0, worlds, phase: res.view.phase});
    }
    res = await engine.act(res.view.legal[0]);
  }
  return {n, out};
}
"""


def measure(url: str, n: int, level: str, budget: int, positions: int) -> dict[str, float]:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(600_000)
        page.goto(f"{url}?search_workers={n}")
        page.wait_for_selector(f"html[data-search-workers='{n}']", state="attached", timeout=300_000)
        res = page.evaluate(DECISIONS, [level, budget, positions])
        browser.close()
    rows = res["out"]
    return {"n": res["n"], "ms": statistics.median(r["ms"] for r in rows),
            "worlds": statistics.median(r["worlds"] for r in rows), "positions": len(rows)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--level", default="insane")
    ap.add_argument("--budget", type=int, default=1000, help="ms per part")
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--site", type=Path, help="serve this built site as it is (default: build dist/)")
    args = ap.parse_args()
    site = args.site or build.build()
    proc, url = start_server(site)
    try:
        results = [measure(url, n, args.level, args.budget, args.positions) for n in args.workers]
    finally:
        stop_server(proc)
    base = results[0]["worlds"] or 1
    print(f"{args.level}, {args.budget} ms per part, median over {results[0]['positions']} decisions")
    print(f"{'workers':>8}{'wall ms':>10}{'deals':>8}{'x one':>8}")
    for r in results:
        print(f"{r['n']:>8}{r['ms']:>10.0f}{r['worlds']:>8.0f}{r['worlds'] / base:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
