"""The card back and the jokers' jester are painted from bitmaps (cards/*.png), rendered from their
SVG sources.

An SVG image costs the page's main thread a recording of its drawing for every back or joker painted
(Chrome's ``PaintImage``: up to 21 ms at 4x CPU throttling in the frame of a game's first cards,
docs/STARTUP.md); a PNG is decoded and drawn off it. ``tools/card_art.py`` renders each SVG to its
PNG; these tests fail when a PNG no longer is its SVG's picture (the SVG changed and the tool was
not run), when the table's stylesheet paints a back from anything but the PNG, and when a joker's
face shows anything but its PNG.
"""
from __future__ import annotations

from typing import Any

import pytest

# Draws the SVG (optionally with one colour replaced) and the PNG on canvases of the PNG's size and
# compares them pixel by pixel: [mean absolute difference per channel, share of pixels off by > 48].
COMPARE = """async ([name, from, to]) => {
  const load = async (src) => { const img = new Image(); img.src = src; await img.decode(); return img; };
  const svgText = (await (await fetch(name + '.svg')).text()).replaceAll(from, to);
  const svg = await load(URL.createObjectURL(new Blob([svgText], {type: 'image/svg+xml'})));
  const png = await load(name + '.png');
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
    mean, off, w, h = page.evaluate(COMPARE, ["back", "#e3b23c", "#e3b23c"])
    assert (w, h) == (300, 426)
    # The same browser draws the same SVG: 0 and 0 here. A colour of the lattice's lines one shade
    # lighter (#a8303f -> #b8303f) makes the mean 0.65, its lines 3 units wide instead of 2 1.48.
    assert mean < 0.3 and off < 0.002, (mean, off)
    mean, off, _, _ = page.evaluate(COMPARE, ["back", "#e3b23c", "#3c7be3"])
    assert off > 0.05, (mean, off)


@pytest.mark.parametrize(("name", "bells"), [("joker-red", "#e3b23c"), ("joker-black", "#8fa3b8")])
def test_joker_png_is_the_svg_rendered(page: Any, base_url: str, name: str, bells: str) -> None:
    """Each joker's PNG is its SVG drawn at 240 x 312 (twice the jester's box on the widest card);
    and the comparison sees a change of one colour of the SVG (the bells and the middle flap)."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(f"{base_url}cards/{name}.png")
    mean, off, w, h = page.evaluate(COMPARE, [name, bells, bells])
    assert (w, h) == (240, 312)
    assert mean < 0.3 and off < 0.002, (mean, off)
    mean, off, _, _ = page.evaluate(COMPARE, [name, bells, "#3ce35a"])
    assert off > 0.02, (mean, off)


def test_joker_faces_show_the_bitmaps(page: Any, base_url: str) -> None:
    """Both jokers' faces, as the table builds them (cards.js faceHtml), show their PNG."""
    page.goto(f"{base_url}?seed=3")
    srcs = page.evaluate("""async () => {
      const { faceHtml } = await import('./js/cards.js');
      return ['X1', 'X2'].map((c) => {
        const el = document.createElement('div');
        el.innerHTML = faceHtml(c);
        return [...el.querySelectorAll('img')].map((img) => img.getAttribute('src'));
      });
    }""")
    assert srcs == [["cards/joker-red.png"], ["cards/joker-black.png"]], srcs


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


def test_start_up_fetches_no_svg_card_art(page: Any, base_url: str) -> None:
    """The page asks for no SVG of card art while it starts: the SVGs are only
    the PNGs' sources (boot.js once preloaded the SVGs the table no longer painted)."""
    asked: list[str] = []
    page.on("request", lambda req: asked.append(req.url))
    page.goto(f"{base_url}?seed=3")
    page.wait_for_load_state("networkidle")
    assert any("/js/boot.js" in u for u in asked), asked
    assert not [u for u in asked if "/cards/" in u and u.endswith(".svg")], asked
