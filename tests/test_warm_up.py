"""The table's first layout happens unseen, while the first screen waits for Python (js/warm.js).

Entering the table and its first deal were first layouts: the first use of the table's fonts and
sizes (a family looked up through the browser, a fallback found for the suits' symbols), 36-124 ms
of the main thread at 4x CPU throttling, where the same layout later takes 5-10 ms
(docs/STARTUP.md). A specimen of the table is now laid out beforehand, one piece a frame, and
removed. These tests count pieces and frames and compare sizes; they never time anything.
"""
from __future__ import annotations

from typing import Any

from conftest import READY_TIMEOUT_MS

# The bar's plates, the status line, the bots' three seats, mine, the fans, six faces, a back, the
# trump panel and the bid panel (warm.js): one frame each.
PIECES = 16

# Counts frames; notes in which frame each change inside the specimen was made, and how the
# specimen stood when it was added (seen by nobody: hidden, inert, out of the accessibility tree,
# no ids or test ids that could be mistaken for the table's).
WATCH = """(() => {
  const log = (window.__warm = { frames: 0, changed: [], root: null, panels: [] });
  const tick = () => { log.frames += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  addEventListener('DOMContentLoaded', () => {
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeType === 1 && n.classList.contains('warm-up')) {
            log.root = { visibility: getComputedStyle(n).visibility, inert: n.inert,
                         hidden: n.getAttribute('aria-hidden'),
                         ids: n.querySelectorAll('[id], [data-testid]').length };
          }
        }
        const root = r.target.closest && r.target.closest('.warm-up');
        if (root && root !== r.target && !log.changed.includes(log.frames)) log.changed.push(log.frames);
        if (root && r.target.classList.contains('panel') && r.target.querySelector('button')) {
          log.panels.push(r.target.dataset.kind);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
})();"""


def test_table_is_laid_out_unseen_before_play(page: Any, base_url: str) -> None:
    """On the first screen, a specimen of the table (bar, status line, each seat, fans, one card face
    of each kind, the trump and the bid panels) is built in sixteen pieces, each in a frame of its
    own (so no one layout is large), never seen nor reachable, and removed once laid out. Its cards
    have the size the table's cards then have, at a phone's size and a desktop's: the fonts were
    used at the sizes the table uses."""
    page.add_init_script(WATCH)
    for w, h in ((390, 844), (1440, 900)):
        page.set_viewport_size({"width": w, "height": h})
        page.goto(f"{base_url}?seed=3&pace=fast")
        page.wait_for_function("() => window.jokerWarm && window.jokerWarm.removed", timeout=20_000)
        warm = page.evaluate("() => window.jokerWarm")
        log = page.evaluate("() => window.__warm")
        assert warm["pieces"] == PIECES, warm
        assert len(log["changed"]) == PIECES, log  # one frame per piece
        assert log["panels"] == ["trump", "bid"], log  # the panels' first layout, unseen
        assert log["root"] == {"visibility": "hidden", "inert": True, "hidden": "true", "ids": 0}, log
        assert page.locator(".warm-up").count() == 0
        page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        page.get_by_test_id("level-easy").click()
        page.get_by_test_id("play").click()
        page.wait_for_selector("#table[data-await=human]", state="attached", timeout=READY_TIMEOUT_MS)
        card = page.evaluate("() => { const c = document.querySelector('#cards .card');"
                             " return [c.offsetWidth, c.offsetHeight]; }")
        assert warm["card"] == card, (w, h, warm, card)
        assert warm["felt"][0] == page.evaluate("() => document.querySelector('#felt').clientWidth")
        page.evaluate("() => localStorage.clear()")  # the next PLAY starts afresh, without asking
