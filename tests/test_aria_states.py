"""Toggle buttons say their state to a screen reader: ``aria-pressed`` / ``aria-selected`` are always
"true" or "false".

The markup helper renders ``false`` as nothing (so ``${cond && html`…`}`` works), and a toggle
written as ``aria-pressed="${on}"`` came out as ``aria-pressed=""`` whenever it was off: the menu's
sound, speed and language buttons, the statistics' level and game buttons, the joker panel's modes,
the help's tabs.  A screen reader reads an empty value as "not a toggle".  This test watches every
such attribute the page ever writes, over the screens that have toggles.
"""
from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from test_coach_ui import STEP_MS, act, start

# Every element given aria-pressed / aria-selected, whenever it is added or changed: the bad values.
WATCH = """(() => {
  window.__ariaBad = [];
  const names = ["aria-pressed", "aria-selected"];
  const check = (el) => {
    if (!el.getAttribute) return;  // text nodes
    for (const n of names) {
      const v = el.getAttribute(n);
      if (v === null || v === "true" || v === "false") continue;
      const who = el.getAttribute("data-testid") || el.outerHTML.slice(0, 80);
      window.__ariaBad.push(`${who} ${n}="${v}"`);
    }
  };
  const scan = (root) => {
    check(root);
    if (root.querySelectorAll) root.querySelectorAll("[aria-pressed], [aria-selected]").forEach(check);
  };
  new MutationObserver((records) => { for (const r of records) {
    if (r.type === "attributes") check(r.target); else r.addedNodes.forEach(scan);
  } }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: names });
  document.addEventListener("DOMContentLoaded", () => scan(document.documentElement));
})();"""


def bad(page: Any) -> list[str]:
    return page.evaluate("() => window.__ariaBad")  # type: ignore[no-any-return]


def test_toggles_always_say_true_or_false(page: Any, base_url: str) -> None:
    page.add_init_script(WATCH)
    start(page, base_url, seed=11)  # seat 0 holds a joker in the first deal
    # the menu: sound, speed, language, take-back
    page.get_by_test_id("menu-button").click()
    expect(page.get_by_test_id("menu-lang-en")).to_be_visible()
    assert page.get_by_test_id("menu-lang-ru").get_attribute("aria-pressed") == "false"
    page.get_by_test_id("menu-stats").click()  # the statistics: level, game, clean/coached
    expect(page.get_by_test_id("stats-body")).to_be_visible()
    assert page.get_by_test_id("stats-level-hard").get_attribute("aria-pressed") == "false"
    page.get_by_test_id("stats-level-hard").click()
    expect(page.get_by_test_id("stats-level-hard")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator("#overlay")).to_be_hidden()
    # the joker panel: its modes, on my first turn to play with the joker
    while True:
        page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                               timeout=STEP_MS)
        if page.locator("#table").get_attribute("data-await") == "next":
            page.get_by_test_id("summary-next").click()
            continue
        v = page.evaluate("() => window.jokerUI.state().view")
        jokers = [a for a in v["legal"] if a.startswith("X")]
        if v["phase"] != "play" or not jokers:
            act(page, v, v["legal"][0])
            continue
        page.locator(f'.card[data-key="{jokers[0][:2]}"]').click(position={"x": 14, "y": 20})
        expect(page.locator("#panel [data-jmode]").first).to_be_visible()
        pressed = page.locator("#panel [data-jmode]").evaluate_all(
            "els => els.map((e) => e.getAttribute('aria-pressed'))")
        assert len(pressed) >= 2 and set(pressed) <= {"true", "false"} and "false" in pressed, pressed
        break
    assert bad(page) == []
    page.keyboard.press("Escape")
    # the help's tabs (aria-selected)
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-help").click()
    expect(page.locator('[role=tab][aria-selected="true"]')).to_have_count(1)
    assert bad(page) == []
