#!/usr/bin/env python3
"""Render the card art drawn as images (the back, the two jokers' jesters: static/cards/*.svg, their
sources) to the bitmaps the table paints (static/cards/*.png), with the browser that the tests use
(a tool, not part of the build).

    .venv/bin/python tools/card_art.py

Why a bitmap: every back on the table (the bots' fans, the hidden cards while trump is named, up
to forty at once) was an SVG image, and the browser records an SVG image's drawing on the page's
main thread for each one it paints (Chrome's ``PaintImage``): 5-11 ms at 4x CPU throttling for forty
backs in a page of their own, 18-21 ms in the frame of a game's first cards, against 0.2-1.4 ms for
the same forty backs as a PNG, which is decoded and drawn off the main thread (docs/STARTUP.md,
"The fifth pass"). The PNG is 300 px wide: twice the widest card the layout makes (layout.js: 150
CSS px), so it is sharp up to a device pixel ratio of 2 at that size and up to 3 or more on a
phone's smaller cards. The jokers' jester (an ``<img>`` in the face, ``cards.js`` faceHtml) was an
SVG image too, recorded at each paint of a joker; its box is 76% x 80% of the card, the picture kept
in proportion (100:130), so at the widest card 114 x 148 CSS px: the PNG is 240 x 312, twice that.
``tests/test_card_art.py`` fails when a PNG is not its SVG's rendering (an SVG was changed without
running this tool).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CARDS = ROOT / "static" / "cards"
# name -> the bitmap's size (CSS px at a device pixel ratio of 1), in its SVG's proportions
ART = {
    "back": (300, 426),  # viewBox 100 x 142
    "joker-red": (240, 312),  # viewBox 100 x 130
    "joker-black": (240, 312),
}


def render(svg: Path, width: int, height: int) -> bytes:
    """The SVG drawn at width x height CSS px at a device pixel ratio of 1, with its transparent
    corners: PNG bytes."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
        page.set_content(f'<style>html, body {{ margin: 0; background: transparent; }}</style>'
                         f'<img style="display: block; width: {width}px; height: {height}px">')
        page.evaluate("""async (text) => {
          const img = document.querySelector('img');
          img.src = URL.createObjectURL(new Blob([text], {type: 'image/svg+xml'}));
          await img.decode();
        }""", svg.read_text())
        png = page.screenshot(omit_background=True, type="png")
        browser.close()
    return png


def main() -> int:
    for name, (width, height) in ART.items():
        png = CARDS / f"{name}.png"
        png.write_bytes(render(CARDS / f"{name}.svg", width, height))
        print(f"{png.relative_to(ROOT)}: {width}x{height}, {png.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
