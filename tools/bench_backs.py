#!/usr/bin/env python3
"""What painting forty card backs costs the page's main thread, per image (a tool, not a test).

    .venv/bin/python tools/bench_backs.py [--runs 4] [--throttle 4] IMAGE ...

For each image (an SVG or a bitmap; default: static/cards/back.svg and back.png), a page of its own
shows thirteen cards as the table draws them (a layer each, ``will-change: transform``) and three
fans of nine small backs, all painted from that image as a CSS background, and a Chrome trace of the
frame that paints them gives the CPU time (throttled) of ``Paint`` (all of the frame's paint
recording) and of ``PaintImage`` (the images' share) on the main thread; then one back of each
fan is removed and the repaint is measured too. Runs alternate between the images (a shared,
loaded machine). docs/STARTUP.md ("The fifth pass") has the figures.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]
EVENTS = ("Paint", "PaintImage", "Layout", "UpdateLayoutTree", "PrePaint")
PAGE = """<!doctype html><style>
body { background: #1d5e3a; margin: 0; }
.back { background: url("IMAGE") center / cover, #7a1b2a; border: 1px solid #0006; border-radius: 8px; }
.card { position: absolute; width: 96px; height: 136px; will-change: transform; }
.fan { display: flex; position: absolute; top: 300px; }
.fan i { display: block; width: 40px; height: 57px; border-radius: 4px; margin-left: -30px; }
</style><div id="root"></div>"""
ADD = """() => {
  let h = '';
  for (let i = 0; i < 13; i++) {
    h += `<div class="card back" style="transform: translate(${20 + i * 60}px, 20px)"></div>`;
  }
  for (let f = 0; f < 3; f++) {
    h += `<div class="fan" style="left: ${40 + f * 400}px">` + '<i class="back"></i>'.repeat(9) + '</div>';
  }
  performance.mark('add');
  document.getElementById('root').innerHTML = h;
}"""
CHANGE = """() => {
  performance.mark('change');
  for (const f of document.querySelectorAll('.fan')) f.lastElementChild.remove();
}"""


def run(base: str, name: str, throttle: float) -> dict[str, dict[str, float]]:
    """CPU ms of each of EVENTS in the frame that paints the backs ("add") and in the repaint."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1300, "height": 600})
        page.goto(f"{base}{name}.html")
        if throttle > 1:
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        page.wait_for_timeout(300)
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.evaluate(ADD)
        page.wait_for_timeout(600)
        page.evaluate(CHANGE)
        page.wait_for_timeout(600)
        events: list[dict[str, Any]] = json.loads(browser.stop_tracing())["traceEvents"]
        browser.close()
    marks = {e["name"]: e for e in events if e.get("name") in ("add", "change")}
    pid, tid = marks["add"]["pid"], marks["add"]["tid"]
    out: dict[str, dict[str, float]] = {"add": {}, "change": {}}
    for e in events:
        if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X" and e["name"] in EVENTS:
            part = out["change" if e["ts"] >= marks["change"]["ts"] else "add"]
            part[e["name"]] = part.get(e["name"], 0.0) + e.get("tdur", 0) / 1000
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("images", type=Path, nargs="*",
                    default=[ROOT / "static/cards/back.svg", ROOT / "static/cards/back.png"])
    ap.add_argument("--runs", type=int, default=4)
    ap.add_argument("--throttle", type=float, default=4, help="CDP CPU throttling (Lighthouse's phone: 4)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for i, img in enumerate(args.images):
            name = f"{i}-{img.name}"
            shutil.copy(img, Path(tmp) / name)
            (Path(tmp) / f"{name}.html").write_text(PAGE.replace("IMAGE", name))
            names.append(name)
        proc, base = start_server(Path(tmp))
        try:
            for _ in range(args.runs):
                for name in names:
                    res = run(base, name, args.throttle)
                    print(f"{name}: " + " | ".join(
                        f"{part}: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(d.items()))
                        for part, d in res.items()), flush=True)
        finally:
            stop_server(proc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
