"""The table's card faces are parsed once, while the page is idle, and cloned (js/faces.js).

Setting each new card's face as innerHTML ran the HTML parser inside a redraw: the first redraw
after trump is named turns the whole hidden hand up at once, 5-10 ms of HTML parsing at 4x CPU
throttling in the game's longest task (docs/STARTUP.md, the fifth pass). These tests count parses
and compare markup; they never time anything.
"""
from __future__ import annotations

from typing import Any

from conftest import READY_TIMEOUT_MS
from test_main_thread import my_move, open_at_easy

DECK = 38  # 36 cards, the sixes of spades and clubs included, and the two jokers (faces.js)

# Each hand card's face as the table shows it, and faceHtml's markup of it as the parser reads it.
FACES = """async () => {
  const { faceHtml } = await import('./js/cards.js');
  return [...document.querySelectorAll('#cards .card.faceup[data-card]')].map((c) => {
    const fresh = document.createElement('div');
    fresh.innerHTML = faceHtml(c.dataset.card);
    return [c.dataset.card, c.innerHTML === fresh.innerHTML];
  });
}"""


def test_faces_are_parsed_while_idle_and_cloned_after(page: Any, base_url: str) -> None:
    """Once the table is drawn, the page parses every face of the deck in idle time; after that,
    through the rest of a Nines deal (the hidden hand turned up when trump is named) and into
    the next deal, no face is parsed again, and every face shown is faceHtml's markup."""
    open_at_easy(page, base_url, "fast")
    page.get_by_test_id("mode-nines").click()
    page.get_by_test_id("play").click()
    page.wait_for_function(f"() => window.jokerFaces.parsed === {DECK}", timeout=READY_TIMEOUT_MS)
    faces = page.evaluate("() => window.jokerFaces")
    assert faces["idle"] >= 1, faces  # in idle callbacks, not all in one redraw
    seen: dict[str, set[str]] = {}
    first = page.locator("#table").get_attribute("data-deal")
    while True:
        page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                               timeout=READY_TIMEOUT_MS)
        deal = page.locator("#table").get_attribute("data-deal") or ""
        waits = page.locator("#table").get_attribute("data-await")
        for card, same in page.evaluate(FACES):
            assert same, card
            seen.setdefault(deal, set()).add(card)
        if deal != first and waits == "human":
            break
        if waits == "next":
            page.get_by_test_id("summary-next").click()
            page.wait_for_selector("#table:not([data-await=next])", state="attached",
                                   timeout=READY_TIMEOUT_MS)
        else:
            my_move(page)
    assert len(seen[first or ""]) == 9 and len(seen[deal]) >= 3, seen  # the hand turned up, the next
    assert page.evaluate("() => window.jokerFaces.parsed") == DECK
