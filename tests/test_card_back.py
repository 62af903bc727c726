"""The card back is painted from a bitmap (cards/back.png), rendered from its SVG source.

An SVG image costs the page's main thread a recording of its drawing for every back painted
(Chrome's ``PaintImage``: up to 21 ms at 4x CPU throttling in the frame of a game's first cards,
docs/STARTUP.md); a PNG is decoded and drawn off it. ``tools/card_back.py`` renders the SVG to the
PNG; these tests fail when the PNG no longer is the SVG's picture (the SVG changed and the tool was
not run) and when the table's stylesheet paints a back from anything but the PNG.
"""
from __future__ import annotations

from typing import Any

# Draws the SVG (optionally with one colour replaced) and the PNG on canvases of the PNG's size and
# compares them pixel by pixel: [mean absolute difference per channel, share of pixels off by > 48].
COMPARE = """async ([from, to]) => {
  const load = async (src) => { const img = new Image(); img.src = src; await img.decode(); return img; };
  const svgText = (await (await fetch('back.svg')).text()).replaceAll(from, to);
  const svg = await load(URL.createObjectURL(new Blob([svgText], {type: 'image/svg+xml'})));
  const png = await load('back.png');
  const pixels = (img) => {
    const c = document.createElement('canvas');
    c.width = png.naturalWidth; c.height = png.naturalHeight;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0, c.width, c.height);
    return g.getImageData(0, 0, c.width, c.height).data;
  };
  const a = pixels(svg), b = pixels(png);
  let sum = 0, off = 0;
  for (let i = 0; i < a.length; i += 4) {
    let worst = 0;
    for (let k = 0; k < 4; k++) {
      const d = Math.abs(a[i + k] - b[i + k]);
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > 48) off += 1;
  }
  return [sum / a.length, off / (a.length / 4), png.naturalWidth, png.naturalHeight];
}"""


def test_back_png_is_the_svg_rendered(page: Any, base_url: str) -> None:
    """back.png is back.svg drawn at 300 x 426 (twice the widest card); and the comparison sees a
    change of one colour of the SVG (the gold of its dots, frame and star)."""
    # In the image's own document (the app's CSP allows no blob: image), which asks for a favicon.
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(f"{base_url}cards/back.png")
    mean, off, w, h = page.evaluate(COMPARE, ["#e3b23c", "#e3b23c"])
    assert (w, h) == (300, 426)
    # The same browser draws the same SVG: 0 and 0 here. A colour of the lattice's lines one shade
    # lighter (#a8303f -> #b8303f) makes the mean 0.65, its lines 3 units wide instead of 2 1.48.
    assert mean < 0.3 and off < 0.002, (mean, off)
    mean, off, _, _ = page.evaluate(COMPARE, ["#e3b23c", "#3c7be3"])
    assert off > 0.05, (mean, off)


def test_every_back_is_painted_from_the_bitmap(page: Any, base_url: str) -> None:
    """The rules of the page's stylesheets that paint a card back (the table's cards, the bots'
    fans) use back.png; none paints back.svg."""
    page.goto(f"{base_url}?seed=3")
    urls = page.evaluate("""() => {
      const out = [];
      const walk = (rules) => { for (const r of rules) {
        if (r.cssRules) walk(r.cssRules);
        const bg = r.style && r.style.backgroundImage;
        if (bg && bg.includes('cards/back')) out.push([r.selectorText, bg]);
      } };
      for (const s of document.styleSheets) walk(s.cssRules);
      return out;
    }""")
    selectors = {sel for sel, _ in urls}
    assert {".card .back", ".fan i"} <= selectors, urls
    assert all("cards/back.png" in bg for _, bg in urls), urls
