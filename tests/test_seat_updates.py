"""A seat's plate is updated in place, not rebuilt, when its bid, tricks, score or bubble change
(seats.js updateSeat).

All four plates were rebuilt from markup whenever one of them changed what it shows, and all four
at once when the bids' bubbles begin: part of the first redraw after trump, the longest task of a
game at 4x CPU throttling (docs/STARTUP.md, the sixth pass). These tests follow node identity and
compare markup; they never time anything.
"""
from __future__ import annotations

from typing import Any

from conftest import READY_TIMEOUT_MS
from test_main_thread import my_move, open_at_easy

# Keeps each seat's parts (avatar, name, score, badge) and records every child added to or removed
# from a plate or its parts, but for the bid's bubble and the dealer's D, which come and go.
WATCH = """() => {
  const seats = [...document.querySelectorAll('#felt .seat')];
  const parts = (el) => [...el.children].filter((c) => !c.matches('.bid-bubble'));
  const log = (window.__seats = { parts: seats.map(parts), rebuilt: [], bubbles: 0, bubblesGone: 0,
                                  texts: 0 });
  const comes = (n) => n.nodeType === 1 && n.matches('.bid-bubble, .dealer');
  const mo = new MutationObserver((rs) => {
    for (const r of rs) {
      const inPart = r.type === 'childList' && r.target.nodeType === 1 && !r.target.matches('.seat');
      if (r.type === 'characterData' || inPart) log.texts += 1;  // a score, badge or bubble's text
      if (r.type !== 'childList' || !r.target.matches('.seat, .seat .avatar')) continue;
      const name = (n) => `${n.className || n.nodeName} in ${r.target.className}`;
      const bubble = (n) => n.nodeType === 1 && n.matches('.bid-bubble');
      for (const n of r.addedNodes) if (!comes(n)) log.rebuilt.push('+' + name(n));
      for (const n of r.removedNodes) if (!comes(n)) log.rebuilt.push('-' + name(n));
      log.bubbles += [...r.addedNodes].filter(bubble).length;
      log.bubblesGone += [...r.removedNodes].filter(bubble).length;
    }
  });
  for (const el of seats) mo.observe(el, { childList: true, characterData: true, subtree: true });
  return seats.length;
}"""

# Whether each plate holds the same parts as when watched, and its markup is seatHtml's for the view.
CHECK = """async () => {
  const { seatHtml } = await import('./js/seats.js');
  const { S } = await import('./js/state.js');
  const v = S.shown;
  return [...document.querySelectorAll('#felt .seat')].map((el) => {
    const s = Number(el.dataset.seat);
    const bid = v.bids ? v.bids[s] : null, taken = v.taken ? v.taken[s] : 0;
    let badge = '', bcls = '';
    if (bid !== null && bid !== undefined && v.phase !== 'over') {
      badge = `${taken}/${bid}`;
      bcls = taken === bid ? 'exact' : taken > bid ? 'over' : '';
    }
    const fresh = document.createElement('div');
    fresh.innerHTML = seatHtml(v, s, badge, bcls);
    const parts = [...el.children].filter((c) => !c.matches('.bid-bubble'));
    const kept = window.__seats.parts[[...document.querySelectorAll('#felt .seat')].indexOf(el)];
    const same = el.innerHTML === fresh.innerHTML;
    return { seat: s, same, kept: parts.length === kept.length && parts.every((c, i) => c === kept[i]) };
  });
}"""


def test_seats_are_updated_in_place(page: Any, base_url: str) -> None:
    """Through a Nines deal (trump, the bids with their bubbles, the tricks taken) and into the
    next deal (new scores, the dealer's D moved), each seat keeps its avatar, name, score and badge
    nodes: only the bubble and the D come and go, and texts change in place. At every turn of mine
    and at the deal's end each plate's markup is still exactly seatHtml's for the view."""
    open_at_easy(page, base_url, "fast")
    page.get_by_test_id("mode-nines").click()
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table[data-await=human]", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate(WATCH) == 4
    first = page.locator("#table").get_attribute("data-deal")
    checks = 0
    while True:
        page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                               timeout=READY_TIMEOUT_MS)
        for seat in page.evaluate(CHECK):
            assert seat["same"] and seat["kept"], seat
        checks += 1
        deal = page.locator("#table").get_attribute("data-deal")
        if page.locator("#table").get_attribute("data-await") == "next":
            page.get_by_test_id("summary-next").click()
            page.wait_for_selector("#table:not([data-await=next])", state="attached",
                                   timeout=READY_TIMEOUT_MS)
        elif deal != first:
            break
        else:
            my_move(page)
    log = page.evaluate("() => ({ ...window.__seats, parts: null })")
    assert log["rebuilt"] == [], log["rebuilt"][:8]
    # The watch sees what changes: the bots' bubbles came and went, scores and badges changed.
    assert log["bubbles"] >= 1 and log["bubblesGone"] >= 3 and log["texts"] > 0, log
    assert checks >= 10
