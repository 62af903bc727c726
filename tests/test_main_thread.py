"""The page's main thread (issue #14): the table's redraws never force a synchronous layout.

A redraw that writes the DOM and then reads geometry (offsetWidth, getComputedStyle, ...) makes the
browser lay the page out there and then, in the middle of the script, and again for the frame: the
engine's answer, the redraw and a layout then run as one long task (``tools/bench_longtasks.py``
found 200 such layouts in a two-deal game, more than half the main thread's layout work). Chrome's
trace says which layouts and style recalculations a script forced, with the script's stack: that is
a count, not a timing, so this holds on a loaded machine as on an idle one.
"""
from __future__ import annotations

import json
from typing import Any

from conftest import READY_TIMEOUT_MS

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
              "disabled-by-default-devtools.timeline.stack"]


def forced_from_script(trace: bytes) -> list[list[str]]:
    """The JS stacks (``function@file`` from the top) of every layout and style recalculation of
    the page that a script forced (a trace event with a JS stack: one in a frame has none)."""
    stacks = []
    for e in json.loads(trace)["traceEvents"]:
        if e.get("name") not in ("Layout", "UpdateLayoutTree"):
            continue
        args = e.get("args") or {}
        frames = (args.get("beginData") or {}).get("stackTrace") or args.get("stackTrace") or []
        if frames:
            stacks.append([f"{f['functionName']}@{f['url'].rsplit('/', 1)[-1]}" for f in frames])
    return stacks


def my_move(page: Any) -> None:
    """The simplest legal move for my seat (a trump, a bid, a card), and wait until it is applied."""
    v = page.evaluate("() => window.jokerUI.state().view")
    before = page.locator("#table").get_attribute("data-actions")
    if v["phase"] == "trump":
        page.get_by_test_id(f"trump-{[a for a in v['legal'] if a != '-'][0]}").click()
    elif v["phase"] == "bid":
        page.keyboard.press("0" if v["forbidden_bid"] != 0 else "1")
    else:
        plain = [a for a in v["legal"] if a[0] != "X"]
        if plain:
            page.locator(f'.card.in-hand[data-key="{plain[0]}"]').click(position={"x": 14, "y": 20})
        else:  # only a joker: played to take (or, leading, wanting hearts)
            page.locator(f'.card.in-hand[data-key="{v["legal"][0][:2]}"]').click(position={"x": 14, "y": 20})
            page.get_by_test_id("joker-take" if v["trick"] else "joker-want").click()
            if not v["trick"]:
                page.get_by_test_id("joker-suit-H").click()
    page.wait_for_function("n => document.querySelector('#table').dataset.actions !== n", arg=before)


def test_redraws_force_no_layout(page: Any, base_url: str) -> None:
    """At the normal pace (cards dealt and played fly, tricks are held and swept), from PLAY to the
    first deal's table, no layout and no style recalculation is forced from inside a redraw of the
    table (table.js render, render.js), but the one read of a table just shown (enterTable: nothing
    is laid out yet). That one is counted too: it shows the trace does see forced layouts."""
    page.goto(f"{base_url}?seed=3&pace=normal")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("level-easy").click()
    page.get_by_test_id("mode-full").click()  # deal 1: one card each, at the normal pace in seconds
    browser = page.context.browser
    browser.start_tracing(page=page, categories=CATEGORIES)
    try:
        page.get_by_test_id("play").click()
        while True:
            page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                                   timeout=READY_TIMEOUT_MS)
            if page.locator("#table").get_attribute("data-await") == "next":
                break
            my_move(page)
        actions = int(page.locator("#table").get_attribute("data-actions") or 0)
    finally:
        trace = browser.stop_tracing()
    assert actions >= 8, actions  # trump, four bids, four cards: each one drawn
    in_redraw = [s for s in forced_from_script(trace)
                 if any(f in ("render@table.js",) or f.endswith("@render.js") for f in s)]
    at_entry = [s for s in in_redraw if "enterTable@flow.js" in s]
    assert at_entry, "the trace shows no forced layout at all, not even the table's first read"
    assert len(at_entry) <= 2, at_entry  # one style recalculation and one layout
    rest = [" < ".join(s[:4]) for s in in_redraw if s not in at_entry]
    assert not rest, f"{len(rest)} layouts forced from inside a redraw, first: {rest[:3]}"
