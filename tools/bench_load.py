#!/usr/bin/env python3
"""Start-up benchmark of the built site in headless chromium (a tool, not a test).

    .venv/bin/python tools/bench_load.py [--selector CSS] [--runs 3] [--no-build | --site DIR]

Reports, median of --runs:
  * navigation -> first interactive element matching --selector (default
    ``[data-testid=play]``; falls back to Python-ready when the page has none),
  * navigation -> Python ready (``<html data-python="ready">``),
  * navigation -> bot worker ready (``<html data-worker="ready">``), when the page sets it,
  * with ``--play LEVEL``: PLAY pressed as soon as it is usable (a game of Nines at LEVEL, ``--seed``
    chosen so that a bot bids first), navigation -> the first bot move asked for (after the deal is
    dealt, at the default pace), how long its answer took, when it was answered, and how much later
    the search worker was ready (its start minus the ask, when positive): issue 14 wants the worker
    ready before then (while it starts, the engine's worker searches the bot moves itself),
each cold (fresh on-disk profile, first visit) and warm (same profile after a browser
restart: HTTP/service-worker cache and V8 code cache in use), and the bytes a cold load
transfers (raw, as served here, and gzipped, as typical static hosts send them).
No request routing (it would disable the HTTP cache). Needs .venv (``build.py test`` makes
it) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402

# Records, relative to navigation start, when each milestone first holds.
PROBE = """
(() => {
  const sel = %s;
  const t = (window.__bench = {});
  const check = () => {
    const root = document.documentElement;
    if (!t.python && root && root.dataset.python === "ready") t.python = performance.now();
    if (!t.worker && root && root.dataset.worker === "ready") t.worker = performance.now();
    if (!t.selector && document.body) {
      const el = document.querySelector(sel);
      if (el && !el.disabled && el.getClientRects().length && getComputedStyle(el).visibility !== "hidden")
        t.selector = performance.now();
    }
    if (!(t.python && t.selector && t.worker)) requestAnimationFrame(check);
  };
  check();
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
})();
"""


# The first bot move (engine.js's performance measure) and the search worker's start (search.js's mark).
FIRST_MOVE = """() => {
  const m = performance.getEntriesByName("joker:first-bot-move")[0];
  const r = performance.getEntriesByName("joker:search-worker-ready")[0];
  return {asked: m ? m.startTime : null, answered: m ? m.startTime + m.duration : null,
          ready: r ? r.startTime : null};
}"""


def visit(pw: Any, profile: Path, url: str, selector: str, timeout_s: float,
          wait_sw: bool, linger_s: float = 0.0, play: str | None = None) -> dict[str, Any]:
    ctx = pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        ctx.add_init_script(PROBE % json.dumps(selector))
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        finished: list[Any] = []
        page.on("requestfinished", lambda r: finished.append(r))
        page.goto(url)
        deadline = time.monotonic() + timeout_s
        marks: dict[str, float] = {}
        python_at = None
        pressed = False
        first: dict[str, Any] = {}
        while time.monotonic() < deadline:
            marks = page.evaluate("window.__bench") or {}
            if play and marks.get("selector") and not pressed:  # as a player: PLAY once it can be pressed
                page.get_by_test_id(f"level-{play}").click()
                page.get_by_test_id("mode-nines").click()
                saved = page.get_by_test_id("continue").is_visible()  # the last visit's game
                page.get_by_test_id("play").click()
                if saved:  # PLAY asks before it replaces the save
                    page.get_by_test_id("leave-yes").click()
                pressed = True
            if play:
                first = page.evaluate(FIRST_MOVE)
            if marks.get("python") and marks.get("worker") and marks.get("selector") and (
                    not play or first.get("answered")):
                break
            if python_at is None and marks.get("python"):
                python_at = time.monotonic()
            if python_at is not None and time.monotonic() - python_at > (60 if play else 10):
                break  # the page lacks the selector or the worker milestone (or no bot moved)
            page.wait_for_timeout(50)
        marks = {**marks, **{k: v for k, v in first.items() if v is not None}}
        # let late requests of this load finish, then count their bytes
        page.wait_for_timeout(300)
        raw = 0
        for req in list(finished):
            try:
                sizes = req.sizes()
                raw += max(0, sizes["responseBodySize"]) + max(0, sizes["responseHeadersSize"])
            except Exception:
                pass
        if wait_sw:  # the first visit installs the service worker; let it finish precaching
            page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                                   timeout=120_000)
            # stay a little, like a player would: V8 writes its wasm code cache after tier-up
            page.wait_for_timeout(linger_s * 1000)
        base = url.split("?")[0].rstrip("/") + "/"
        paths = [r.url[len(base):].split("?")[0] or "index.html" for r in finished if r.url.startswith(base)]
        return {"marks": marks, "bytes": raw, "requests": len(finished), "paths": paths}
    finally:
        ctx.close()


def gzipped_size(site: Path, urls: list[str]) -> int:
    total = 0
    for path in sorted(set(urls)):
        f = site / path
        if f.is_file():
            total += len(gzip.compress(f.read_bytes(), 6))
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--selector", default="[data-testid=play]")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--site", type=Path, help="benchmark this directory as it is (implies --no-build)")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--linger", type=float, default=5.0,
                    help="seconds the first visit stays open after the service worker took over")
    ap.add_argument("--play", metavar="LEVEL",
                    help="press PLAY at once (Nines at LEVEL) and time the first bot move")
    ap.add_argument("--seed", type=int, default=1, help="the game's seed with --play (a bot must bid first)")
    ap.add_argument("--json", action="store_true", help="print the raw results as JSON too")
    args = ap.parse_args()

    site = args.site or (build.DIST if args.no_build else build.build())
    proc, url = start_server(site)
    if args.play:
        url += f"?seed={args.seed}"
    cold: list[dict[str, Any]] = []
    warm: list[dict[str, Any]] = []
    try:
        with sync_playwright() as pw:
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory(prefix="joker-bench-") as profile:
                    cold.append(visit(pw, Path(profile), url, args.selector, args.timeout, wait_sw=True,
                                      linger_s=args.linger, play=args.play))
                    warm.append(visit(pw, Path(profile), url, args.selector, args.timeout, wait_sw=False,
                                      play=args.play))
    finally:
        stop_server(proc)

    def med(runs: list[dict[str, Any]], key: str) -> str:
        vals = [r["marks"].get(key) for r in runs]
        if key == "answer":  # how long the first bot move took, asked to answered
            vals = [r["marks"]["answered"] - r["marks"]["asked"] if r["marks"].get("answered") else None
                    for r in runs]
        if key == "waited":  # the search worker's start after the ask; 0 when it was there first
            # (the engine searches the bot moves asked meanwhile itself: joker/web.py, bot_move)
            vals = [max(0.0, r["marks"]["ready"] - r["marks"]["asked"])
                    if r["marks"].get("asked") and r["marks"].get("ready") else None for r in runs]
        if key == "selector":  # no such element: fall back to Python ready
            vals = [v or r["marks"].get("python") for v, r in zip(vals, runs, strict=True)]
        vals = [v for v in vals if v is not None]  # 0 waited is a result, not an absent mark
        return f"{statistics.median(vals) / 1000:.2f} s" if vals else "n/a"

    has_selector = any(r["marks"].get("selector") for r in cold)
    sel_label = args.selector if has_selector else f"{args.selector} (absent: = Python ready)"
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    print(f"site: {site} ({len(files)} files, {sum((site / f).stat().st_size for f in files) / 1e6:.1f} MB)")
    print(f"{f'milestone (median of {args.runs})':<52}{'cold':>10}{'warm':>10}")
    for key, label in [("selector", f"navigation -> {sel_label}"), ("python", "navigation -> Python ready"),
                       ("worker", "navigation -> worker ready")] + ([
                       ("asked", f"navigation -> first bot move asked ({args.play})"),
                       ("answer", "first bot move: asked -> answered"),
                       ("answered", "navigation -> first bot move answered"),
                       ("waited", "search worker ready after the first move asked")] if args.play else []):
        print(f"{label:<52}{med(cold, key):>10}{med(warm, key):>10}")
    cold_bytes = statistics.median(r["bytes"] for r in cold)
    warm_bytes = statistics.median(r["bytes"] for r in warm)
    print(f"cold load transferred: {cold_bytes / 1e6:.2f} MB raw over {cold[0]['requests']} requests "
          f"(warm: {warm_bytes / 1e6:.2f} MB)")
    # what a gzip-serving static host would send for the same files
    with_sw = json.loads(build.SW_MARKER.search((site / "sw.js").read_text()).group(0)[9:-7])["files"]
    print(f"gzipped (estimate, as a gzip-serving host sends it): cold load "
          f"{gzipped_size(site, cold[0]['paths']) / 1e6:.2f} MB; "
          f"whole precache {gzipped_size(site, with_sw) / 1e6:.2f} MB")
    if args.json:
        print(json.dumps({"cold": cold, "warm": warm}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
