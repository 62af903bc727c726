#!/usr/bin/env python3
"""Which stdlib modules the app imports at run time, in both kinds of worker (a tool, not a test).

    .venv/bin/python tools/trace_stdlib.py [--site DIR] [--games 2]

Builds dist/ with the whole stdlib (``build(trim_stdlib=False)``) unless --site is given, serves it,
and in headless chromium plays whole games through the engine worker's API (every level, a 9-card
deal mode and the full game, the human seat played by its first legal action, the bots by the search
worker), asks hints, reviews a deal, replays it, takes back, records/exports/imports statistics,
keeps a score pad and starts the daily deal.  Then it asks both workers for ``sys.modules``
(``loaded_modules``) and writes the stdlib ones to tools/build/stdlib_modules.txt.

build.py ships only those (plus what importing every joker module and PyScript's start-up import,
found again at every build: tools/build/trim.py), so run this again after a change that makes
the app import a stdlib module lazily (inside a function) that it did not import before.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from tools.build.trim import TRACE_FILE, is_app_module  # noqa: E402

GAMES = """
async ([games]) => {
  const engine = await import("./js/engine.js");
  const search = await import("./js/search.js");
  await engine.ready;
  await search.start();
  const levels = ["easy", "medium", "hard", "insane"];
  let last = null;
  for (let g = 0; g < games; g++) {
    const mode = g % 2 ? "full" : "nines";
    let res = await engine.newGame({rules: null, mode, level: levels[g % 4], fast: true, seed: 11 + g});
    let hinted = false, tookBack = false;
    while (res.view.phase !== "over") {
      if (res.view.to_act === 0) {
        if (!hinted) { await engine.hint(); hinted = true; }
        let next = await engine.act(res.view.legal[0]);
        if (!tookBack && next.ok) {
          tookBack = true;
          const back = await engine.takeBack();
          if (back.ok) next = await engine.act(back.view.legal[0]);
        }
        await engine.why("??");
        if (!next.ok) throw new Error("refused: " + JSON.stringify(next));
        res = next;
      } else {
        const next = await engine.botMove();
        if (!next.ok) throw new Error("bot move failed: " + JSON.stringify(next));
        res = next;
      }
    }
    last = res;
    const stats = await engine.recordStats(null, hinted);
    const exported = await engine.statsExport(stats.stats);
    await engine.statsImport(exported.text);
    await engine.statsImport("{");
    await engine.statsLoad("garbage");
    await engine.checkSave(res.save || "{}");
  }
  const plan = await engine.reviewPlan(1, last.save || null);
  const steps = plan && plan.ok && plan.steps ? Math.min(3, plan.steps) : 0;
  for (let i = 0; i < steps; i++) await engine.reviewStep(i, last.save || null);
  await engine.replay(last.save || null);
  let pad = await engine.padNew({players: ["A", "B", "C", "D"], mode: "nines"});
  if (pad.ok) {
    pad = await engine.padAct(pad.text, {op: "bid", bid: 0});
    await engine.padOpen(pad.text || "");
    await engine.padSummaries([pad.text || ""]);
  }
  await engine.dailyNew("2026-01-01", {level: "hard", fast: true});
  await engine.restore("{}", {fast: true});
  return {
    engine: await engine.loadedModules(),
    search: JSON.parse(await search.call("loaded_modules")),
  };
}
"""


def trace(site: Path, games: int) -> dict[str, list[str]]:
    proc, url = start_server(site)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(url + "?lang=en")
            page.set_default_timeout(600_000)
            out = page.evaluate(GAMES, [games])
            browser.close()
            if errors:
                print("console errors while tracing:", *errors, sep="\n  ")
    finally:
        stop_server(proc)
    return {worker: sorted(mods) for worker, mods in out.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, help="a dist/ built with the whole stdlib (default: build one)")
    ap.add_argument("--games", type=int, default=2)
    args = ap.parse_args()
    site = args.site or build.build(trim_stdlib=False)
    seen = trace(site, args.games)
    names = sorted({m for mods in seen.values() for m in mods if not is_app_module(m)})
    header = ("# The stdlib modules the two workers imported over whole games (tools/trace_stdlib.py writes\n"
              "# this file; build.py ships these, and what importing every joker module pulls in).\n")
    TRACE_FILE.write_text(header + "\n".join(names) + "\n", encoding="utf-8")
    print(f"{len(names)} modules ({', '.join(f'{w}: {len(m)}' for w, m in seen.items())}) -> {TRACE_FILE}")
    if not args.site:
        build.build()  # dist/ as it ships again
    return 0


if __name__ == "__main__":
    sys.exit(main())
