"""A redraw of the table that changes nothing writes nothing (table.js render: the seats, the
plates, the status line, the panel, the cards).

Each redraw used to rewrite every seat's data attributes, the fans' labels, the status line's class,
each card's z-index, transition delay and ten classes, and to rebuild the plates', seats' and
panel's markup only to find it unchanged: 0.2 s (seats), 0.18 s (plates) and 0.24 s (the cards'
sync) of a game's main thread at 4x CPU throttling (tools/profile_game.py, docs/STARTUP.md). A
write of the same value is still a DOM mutation; this test counts them (never times anything).
"""
from __future__ import annotations

from typing import Any

from conftest import READY_TIMEOUT_MS
from test_main_thread import my_move, open_at_easy

# Records every mutation of what render() draws (not the #table/#felt state attributes, which
# setAttrs keeps as the tests' contract), and redraws on demand as a window resize does.
WATCH = """() => {
  const log = (window.__writes = { records: [], fanAdded: 0, fanRemoved: 0 });
  const els = [...document.querySelectorAll(
    '#felt .seat, #felt .fan, #plate-deal, #plate-trump, #status, #panel, #cards')];
  const mo = new MutationObserver((rs) => {
    for (const r of rs) {
      log.records.push(`${r.type} ${r.attributeName || ''} on ${r.target.id || r.target.className}`);
      if (r.target.classList.contains('fan')) {
        log.fanAdded += r.addedNodes.length;
        log.fanRemoved += r.removedNodes.length;
      }
    }
  });
  const all = { attributes: true, childList: true, characterData: true, subtree: true };
  for (const el of els) mo.observe(el, all);
  return els.length;
}"""
REDRAW = """() => new Promise((done) => {
  dispatchEvent(new Event('resize'));  // boot.js: a resize asks for a redraw in the next frame
  requestAnimationFrame(() => requestAnimationFrame(() => done(window.__writes.records.splice(0))));
})"""


def test_a_redraw_that_changes_nothing_writes_nothing(page: Any, base_url: str) -> None:
    """At my turn to bid (the bid panel open) and at my turn to play (cards legal, the trick on the
    felt), three redraws in a row make no change to the seats, the plates, the status line, the
    panel or the cards; a move of mine then does (the watch sees writes). A bot's card played takes
    a back from its fan, in place: no back is added (the fan was written afresh at each play)."""
    open_at_easy(page, base_url, "fast")
    page.get_by_test_id("mode-nines").click()  # nine cards a deal: the bots' fans hold several backs
    page.get_by_test_id("play").click()
    seen_play = False
    fans = {"added": 0, "removed": 0}  # over my turns to play and the bots' plays after them
    for _turn in range(6):
        page.wait_for_selector("#table[data-await=human]", state="attached", timeout=READY_TIMEOUT_MS)
        phase = page.locator("#table").get_attribute("data-phase")
        assert page.evaluate(WATCH) == 12  # 4 seats, 3 fans, 2 plates, status, panel, cards
        for _ in range(3):
            assert page.evaluate(REDRAW) == [], phase
        my_move(page)
        page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                               timeout=READY_TIMEOUT_MS)
        assert page.evaluate("() => window.__writes.records.length") > 0  # a move is seen
        if phase == "play":
            fans["added"] += page.evaluate("() => window.__writes.fanAdded")
            fans["removed"] += page.evaluate("() => window.__writes.fanRemoved")
        seen_play = seen_play or phase == "play"
        if page.locator("#table").get_attribute("data-await") == "next" or (seen_play and _turn >= 2):
            break
    assert seen_play
    assert fans["removed"] > 0 and fans["added"] == 0, fans
