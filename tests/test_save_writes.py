"""The game is saved after every action, at once, and nothing more is written than that save.

``saving.js`` ``writeSave`` runs in the task of every action (mine and each bot's). It wrote the
save's ".meta" label (deal, mode: what CONTINUE says) after every card although it changes once a
deal, and read the save back after writing it: localStorage calls in every action, ~150 ms of a
game's main thread at 4x CPU throttling (tools/profile_game.py, docs/STARTUP.md). This test counts
the calls (never times anything) and checks that what is stored is the engine's latest save.
"""
from __future__ import annotations

from typing import Any

from conftest import READY_TIMEOUT_MS
from test_main_thread import my_move, open_at_easy

# Every localStorage write and read of the save and its label, by key.
WATCH = """(() => {
  const log = (window.__storage = { set: {}, get: {} });
  const count = (kind, k) => { log[kind][k] = (log[kind][k] || 0) + 1; };
  const { setItem, getItem } = Storage.prototype;
  Storage.prototype.setItem = function (k, v) { count('set', k); return setItem.call(this, k, v); };
  Storage.prototype.getItem = function (k) { count('get', k); return getItem.call(this, k); };
})()"""
SAVE, META = "joker[/].save", "joker[/].save.meta"


def counts(page: Any) -> dict[str, dict[str, int]]:
    """The calls counted since the last call of this function."""
    return page.evaluate("() => { const l = window.__storage; const out = {set: l.set, get: l.get};"
                         " l.set = {}; l.get = {}; return out; }")


def stored_save(page: Any) -> Any:
    """The stored save, parsed."""
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({SAVE!r}))")


def test_each_action_writes_its_save_once_and_the_label_once_a_deal(page: Any, base_url: str) -> None:
    """Over the first deal (a card each: four bids, four cards) and into the second: every action
    writes the save once and never reads it back;
    the label is written only when the deal changes; the stored save is the engine's latest and
    the label names the deal on the table."""
    page.add_init_script(WATCH)
    open_at_easy(page, base_url, "fast")
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table[data-await=human]", state="attached", timeout=READY_TIMEOUT_MS)
    actions = int(page.locator("#table").get_attribute("data-actions") or 0)
    saved = len(stored_save(page)["game"]["actions"])
    counts(page)
    while True:
        state = page.locator("#table").get_attribute("data-await")
        if state == "human":
            my_move(page)
        elif state == "next":  # the deal's summary: on to the next deal
            page.get_by_test_id("summary-next").click()
        page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                               timeout=READY_TIMEOUT_MS)
        deal = int(page.locator("#table").get_attribute("data-deal") or 0)
        if deal == 2 and page.locator("#table").get_attribute("data-await") == "human":
            break
    done = int(page.locator("#table").get_attribute("data-actions") or 0) - actions
    c = counts(page)
    assert done >= 5, done  # my bid and the bids after it, the first deal's four cards
    assert c["set"].get(SAVE, 0) == done, (done, c)
    # Read only by tabs.js's check that the stored save is still the one this tab wrote (before
    # each move, before each write), never read back after a write.
    assert c["get"].get(SAVE, 0) <= 2 * done, (done, c)
    assert c["set"].get(META, 0) == 1, c  # the second deal began
    assert len(stored_save(page)["game"]["actions"]) == saved + done  # every action is in it
    meta = page.evaluate(f"() => JSON.parse(localStorage.getItem({META!r}))")
    assert meta["deal_no"] == 2, meta
