"""The page's first second (issue #14, docs/STARTUP.md "The sixth pass").

The first screen's first layout is the first use of every font size and weight it shows: each
distinct one is a strike the renderer must set up (on Linux a synchronous call to the browser's
font service, 1-3 ms of CPU each at 4x CPU throttling). The first screen's sizes and weights were
unified where two differed by a pixel or a shade of bold. These tests count; they never time.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tools.build.site import module_graph

# Every laid-out text of the first screen (below the fold too: the first layout sets them all up),
# by its computed font: size, weight, style and family.
STRIKES = """() => {
  const seen = {};
  const walk = (el) => {
    for (const n of el.childNodes) {
      if (n.nodeType === 1) walk(n);
      else if (n.nodeType === 3 && n.textContent.trim() && n.parentElement.getClientRects().length) {
        const cs = getComputedStyle(n.parentElement);
        const key = [cs.fontSize, cs.fontWeight, cs.fontStyle, cs.fontFamily].join(" ");
        (seen[key] ||= []).push(n.textContent.trim().slice(0, 20));
      }
    }
  };
  walk(document.querySelector("#settings"));
  return seen;
}"""

# The first screen's strikes, as the browser first lays it out (JS off: the document as parsed) and
# once the JS has filled it: 13 and 14 px, regular and bold; the headings and PLAY (one size and
# weight); the title; on a wide screen the brand's suits. Before this pass: 9 on a phone, 10 wide.
MOST = {390: 6, 1440: 7}


@pytest.mark.parametrize("width,height,dpr", [(390, 844, 3), (1440, 900, 1)])
def test_first_screen_uses_few_font_strikes(browser: Any, base_url: str, width: int, height: int,
                                            dpr: int) -> None:
    for js in (False, True):
        ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=dpr,
                                  java_script_enabled=js, service_workers="block")
        try:
            page = ctx.new_page()
            page.goto(f"{base_url}?lang=en")
            if js:
                page.wait_for_selector("html[data-ui=ready]", state="attached")
            strikes = page.evaluate(STRIKES)
        finally:
            ctx.close()
        assert len(strikes) <= MOST[width], (js, strikes)
        assert len(strikes) >= 4, strikes  # the walk found the screen's texts


def test_module_preloads_end_the_body(site_dir: Path) -> None:
    """The built index.html preloads every module of boot.js's static graph (one round trip for all
    of them), and does it at the end of the body: in the head, the parser started the 49 fetches in
    the head's one parse task (54-118 ms of CPU at 4x); there they are parsed after the first
    screen's markup, in a short task of their own."""
    text = (site_dir / "index.html").read_text(encoding="utf-8")
    head, body = text.split("</head>")
    preloads = re.findall(r'<link rel="modulepreload" href="\./js/([\w.-]+\.js)">', text)
    assert "modulepreload" not in head
    assert sorted(preloads) == sorted(module_graph(site_dir / "js", "boot.js"))
    assert {"i18n.js", "first-screen.js", "warm.js"} <= set(preloads)  # direct and deeper imports
    tail = body[body.index("<!-- build.py writes here"):]
    assert tail.count("modulepreload") == len(preloads) + 1  # all of them after the comment
    assert body.index('id="settings"') < body.index('rel="modulepreload"')
    assert re.search(r'(<link rel="modulepreload"[^>]*>\s*)+</body>', body)


# The loading bar's fill, sampled: its CSS animations, what they animate, its inline style, its scale.
LOADING_FILL = """() => {
  const fill = document.querySelector("#loading-fill");
  const anims = fill.getAnimations().map((a) => ({
    name: a.animationName || a.transitionProperty || "",
    props: [...new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)))]
      .filter((p) => !["offset", "computedOffset", "easing", "composite"].includes(p)),
  }));
  return {anims, style: fill.getAttribute("style"), scale: new DOMMatrix(getComputedStyle(fill).transform).a};
}"""


def test_loading_bar_is_left_to_the_compositor(page: Any, base_url: str) -> None:
    """While Python starts, the loading bar under PLAY fills by a CSS animation of its transform only,
    which the compositor runs without the page's thread: nothing is laid out, painted or rastered on
    its frames. Its width used to be eased every 250 ms, and those frames cost about 0.3 s of CPU on
    a 2-core machine while the engine worker started (docs/STARTUP.md)."""
    held: list[Any] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # Python stays on its way
    page.goto(base_url)
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    first = page.evaluate(LOADING_FILL)
    page.wait_for_timeout(700)
    later = page.evaluate(LOADING_FILL)
    for route in held:
        route.abort()
    assert page.locator("html").get_attribute("data-python") != "ready"
    assert first["anims"] == [{"name": "loading-fill", "props": ["transform"]}], first
    assert first["style"] is None and later["style"] is None  # no script sets its size
    assert 0.05 <= first["scale"] < later["scale"] < 0.95, (first, later)


# Every layout shift from the first paint on, with what moved (Layout Instability API).
SHIFTS_INIT = """window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.hadRecentInput) window.__shifts.push({ value: e.value, moved: e.sources.map((s) =>
      `${s.node && (s.node.className || s.node.nodeName)} ${s.previousRect.y}->${s.currentRect.y}`) });
  }
}).observe({ type: "layout-shift", buffered: true });"""


@pytest.mark.parametrize("lang,width", [("ru", 320), ("ka", 340), ("ru", 360), ("ru", 390), ("ka", 480),
                                        ("ru", 520)])
def test_first_screen_keeps_its_place_in_every_language(browser: Any, base_url: str, lang: str,
                                                        width: int) -> None:
    """The first paint is the page as written, in English; the catalogue and the rows' names arrive
    a moment later. Where Russian or Georgian words needed another layout (the levels or rules two to
    a row, the header's buttons on a second row, a hint of three lines), the screen under them jumped
    by 16-50 px as the player looked at it: a layout shift of 0.11-0.20 (Web Vitals call 0.1 poor).
    Those layouts now depend on the width alone, so the first screen stays where it was painted."""
    ctx = browser.new_context(viewport={"width": width, "height": 640}, service_workers="block")
    try:
        page = ctx.new_page()
        page.add_init_script(SHIFTS_INIT)
        page.goto(f"{base_url}?lang={lang}")
        page.wait_for_selector("html[data-ui=ready]", state="attached")
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
        page.wait_for_selector("[data-testid=preset] label")
        page.wait_for_timeout(300)  # the rows measured (fit.js) and painted
        shifts = page.evaluate("window.__shifts")
    finally:
        ctx.close()
    assert sum(s["value"] for s in shifts) < 0.015, shifts
