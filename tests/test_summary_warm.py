"""The deal summary's first layout happens unseen, while the first deal is played (summary.js
warmSummary).

The first summary of a game was laid out in the task that opened it: 12-34 ms of layout at 4x CPU
throttling where the next one's takes 2-4 ms (the first use of its fonts and sizes,
docs/STARTUP.md, the sixth pass). A specimen of it is now laid out in idle callbacks, a piece in
each, and removed. These tests count pieces and tasks and compare markup; they never time anything.
"""
from __future__ import annotations

from typing import Any

from conftest import READY_TIMEOUT_MS
from test_main_thread import my_move, open_at_easy

# Notes how the specimen stood when it was added (seen by nobody: hidden, inert, out of the
# accessibility tree, no ids or test ids that could be mistaken for the dialog's), and in how many
# tasks it was changed (a MutationObserver's callback runs once at the end of each task that
# changed what it watches).
WATCH = """() => {
  const log = (window.__sw = { root: null, tasks: 0, tables: 0, buttons: 0 });
  new MutationObserver((records) => {
    let mine = false;
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType === 1 && n.classList.contains('warm-up') && n.querySelector('table.scores')) {
          log.root = { visibility: getComputedStyle(n).visibility, inert: n.inert,
                       hidden: n.getAttribute('aria-hidden'),
                       ids: n.querySelectorAll('[id], [data-testid]').length };
          mine = true;
        }
      }
      const root = r.target.closest && r.target.closest('.warm-up');
      if (root && root.querySelector('.dialog')) {
        mine = true;
        log.tables = root.querySelectorAll('table.scores').length;
        log.buttons = root.querySelectorAll('footer button').length;
      }
    }
    if (mine) log.tasks += 1;
  }).observe(document.body, { childList: true, subtree: true });
}"""


def test_summary_is_laid_out_unseen_during_the_first_deal(page: Any, base_url: str) -> None:
    """Once the first deal is on the table, a specimen of the deal summary (its header, the deal's
    table, a pulka's table, its buttons) is built in three pieces, each in a task of its own, never
    seen nor reachable, and removed before the deal ends; the summary then shown has the same
    markup as the one summary.js builds for its deal."""
    page.add_init_script(f"addEventListener('DOMContentLoaded', {WATCH})")
    open_at_easy(page, base_url, "fast")
    page.get_by_test_id("mode-nines").click()
    page.get_by_test_id("play").click()
    page.wait_for_function("() => window.jokerSummaryWarm.removed === 1", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("() => window.jokerSummaryWarm.pieces") == 3
    log = page.evaluate("() => window.__sw")
    assert log["root"] == {"visibility": "hidden", "inert": True, "hidden": "true", "ids": 0}, log
    assert log["tasks"] == 3, log  # a piece a task
    assert log["tables"] == 2 and log["buttons"] == 2, log
    assert page.locator(".warm-up").count() == 0
    while page.locator("#table").get_attribute("data-await") != "next":
        page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                               timeout=READY_TIMEOUT_MS)
        if page.locator("#table").get_attribute("data-await") == "human":
            my_move(page)
    same = page.evaluate("""async () => {
      const { summaryHtml } = await import('./js/summary.js');
      const { S } = await import('./js/state.js');
      const { v, deal, pk } = S.summaryView;
      const fresh = document.createElement('div');
      fresh.innerHTML = summaryHtml(v, deal, pk);
      return document.querySelector('#dialog').innerHTML === fresh.innerHTML;
    }""")
    assert same
    assert page.evaluate("() => window.jokerSummaryWarm.removed") == 1  # once a game's page
