"""The page's main thread (issue #14): the table's redraws never force a synchronous layout.

A redraw that writes the DOM and then reads geometry (offsetWidth, getComputedStyle, ...) makes the
browser lay the page out there and then, in the middle of the script, and again for the frame: the
engine's answer, the redraw and a layout then run as one long task (``tools/bench_longtasks.py``
found 200 such layouts in a two-deal game, more than half the main thread's layout work). Chrome's
trace says which layouts and style recalculations a script forced, with the script's stack: that is
a count, not a timing, so this holds on a loaded machine as on an idle one.

The other tests here count frames and sizes, not milliseconds, for the tasks that were over 50 ms
on a phone-class CPU (4x throttled, docs/STARTUP.md): entering the table drew its frame and its
cards in one task; a seat plate grew with its bid's badge, so the frame was laid out twice.
"""
from __future__ import annotations

import json
from typing import Any

from conftest import READY_TIMEOUT_MS
from playwright.sync_api import expect

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


def open_at_easy(page: Any, base_url: str, pace: str) -> None:
    """The first screen of the seeded game (seed 3) at ``pace``, Python ready, Easy chosen."""
    page.goto(f"{base_url}?seed=3&pace={pace}")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("level-easy").click()


def first_move(page: Any) -> None:
    """PLAY from the first screen, make my first move, and wait until it is my turn again or the
    deal is over."""
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table[data-await=human]", state="attached", timeout=READY_TIMEOUT_MS)
    my_move(page)
    page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                           timeout=READY_TIMEOUT_MS)


def test_redraws_force_no_layout(page: Any, base_url: str) -> None:
    """At the normal pace (cards dealt and played fly, tricks are held and swept), from PLAY to the
    first deal's table, no layout and no style recalculation is forced from inside a redraw of the
    table (table.js render, render.js), but the one read of a table just shown (enterTable: nothing
    is laid out yet). That one is counted too: it shows the trace does see forced layouts."""
    open_at_easy(page, base_url, "normal")
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
        page.evaluate(PROBE)  # one layout forced on purpose: the trace must show it, with its stack
    finally:
        trace = browser.stop_tracing()
    assert actions >= 8, actions  # trump, four bids, four cards: each one drawn
    stacks = forced_from_script(trace)
    assert any("probeLayout@" in " ".join(s) for s in stacks), \
        "the trace shows no forced layout at all, not even the one forced on purpose"
    in_redraw = [" < ".join(s[:4]) for s in stacks
                 if any(f in ("render@table.js",) or f.endswith("@render.js") for f in s)]
    assert not in_redraw, f"{len(in_redraw)} layouts forced from inside a redraw, first: {in_redraw[:3]}"


# Writes a style, then reads a size: a forced layout from a function the trace names.
PROBE = """function probeLayout() {
  const felt = document.querySelector('#felt');
  felt.style.setProperty('--probe', String(Math.random()));
  felt.classList.toggle('probe');
  return felt.offsetWidth + document.body.getBoundingClientRect().width;
}"""

# Counts the frames drawn (requestAnimationFrame) and notes the count when the table is shown and
# when the first card is put on it (MutationObservers: they run at the end of the task that did it).
FRAMES = """(() => {
  const log = (window.__frames = { n: 0, shown: null, card: null });
  const tick = () => { log.n += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  addEventListener('DOMContentLoaded', () => {
    const table = document.querySelector('#table'), cards = document.querySelector('#cards');
    new MutationObserver(() => { if (!table.hidden && log.shown === null) log.shown = log.n; })
      .observe(table, { attributes: true, attributeFilter: ['hidden'] });
    new MutationObserver(() => { if (cards.childElementCount && log.card === null) log.card = log.n; })
      .observe(cards, { childList: true });
  });
})();"""


def test_table_is_entered_frame_first(page: Any, base_url: str) -> None:
    """Entering the table draws its frame (bar, seats) in one task and its cards in a later one,
    after a frame: at least one frame is drawn between the table shown and its first card. Drawn in
    one task (the engine's answer, the whole table, its first layout), it was 139-189 ms at 4x CPU
    throttling. The seats are sized by then without a forced read: the frame measured them."""
    page.add_init_script(FRAMES)
    open_at_easy(page, base_url, "normal")
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table[data-await=human], #table[data-await=bot]", state="attached",
                           timeout=READY_TIMEOUT_MS)
    log = page.evaluate("() => window.__frames")
    assert log["shown"] is not None and log["card"] is not None, log
    assert log["card"] > log["shown"], f"the cards were drawn in the task that showed the table: {log}"
    # and the felt's contents are shown again with them
    assert page.locator("#felt").get_attribute("data-framing") is None
    expect(page.get_by_test_id("seat-2")).to_be_visible()


# Every change of size of the felt or a seat plate once the table has been laid out (a ResizeObserver
# of the page's own: it hears of each one, however quickly the bots play).
RESIZES = """(() => {
  const log = (window.__resizes = []);
  const last = new Map();
  addEventListener('DOMContentLoaded', () => {
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) {
        const r = e.target.getBoundingClientRect(), was = last.get(e.target);
        if (!r.width) continue;  // the table hidden
        if (was && (was[0] !== r.width || was[1] !== r.height))
          log.push([e.target.id || e.target.className, was, [r.width, r.height],
                    document.querySelector('#table').dataset.actions]);
        last.set(e.target, [r.width, r.height]);
      }
    });
    for (const el of document.querySelectorAll('#felt, .seat')) ro.observe(el);
  });
})();"""


def test_a_bid_does_not_resize_the_seat_plates(page: Any, base_url: str) -> None:
    """A seat plate has its final size before the bids: the badge's place (taken/bid) is kept
    while it is empty, so a bid changes no plate's size, and no frame is laid out twice for it
    (the plates' sizes feed the layout, render.js). Nor does the felt's: the top bar's trump plate
    keeps its height when trump is named and the bids' sum appears. At a phone's sizes and a
    desktop's, from the table's first layout to the deal's first card."""
    page.add_init_script(RESIZES)
    for w, h in ((390, 844), (1440, 900), (844, 390)):  # a phone upright, a desktop, a phone on its side
        page.set_viewport_size({"width": w, "height": h})
        open_at_easy(page, base_url, "fast")
        page.get_by_test_id("play").click()
        page.wait_for_selector("#table[data-await=human]", state="attached", timeout=READY_TIMEOUT_MS)
        while page.evaluate("() => window.jokerUI.state().view.phase") != "play":
            my_move(page)
            page.wait_for_selector("#table[data-await=human]", state="attached", timeout=READY_TIMEOUT_MS)
        badges = [page.get_by_test_id(f"badge-{s}").inner_text() for s in range(4)]
        assert all("/" in b for b in badges), badges
        assert page.get_by_test_id("bid-sum").count() == 1
        assert page.evaluate("() => window.__resizes") == [], (w, h)
        page.evaluate("() => localStorage.clear()")  # the next PLAY starts afresh, without asking


# Counts AudioContexts made, and what every <audio> play() came to (its promise).
AUDIO = """(() => {
  const log = (window.__audio = { contexts: 0, plays: [] });
  for (const name of ['AudioContext', 'webkitAudioContext']) {
    const C = window[name];
    if (C) window[name] = class extends C { constructor(...a) { super(...a); log.contexts += 1; } };
  }
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    const entry = { src: this.src.slice(0, 5), how: 'pending' };
    log.plays.push(entry);
    const p = play.call(this);
    p.then(() => { entry.how = 'ok'; }, (e) => { entry.how = String(e.name); });
    return p;
  };
})();"""


def test_sound_plays_without_an_audio_context(page: Any, base_url: str) -> None:
    """The sounds play through <audio> elements, and no AudioContext is ever made: the first one
    of a page was a 64-104 ms task at 4x CPU throttling (docs/STARTUP.md). They do play: the
    deal's and the cards' sounds are started, and every play() is allowed (the pool is unlocked
    by PLAY's click) and decodes (a broken WAV would reject)."""
    page.add_init_script(AUDIO)
    open_at_easy(page, base_url, "normal")
    first_move(page)
    page.wait_for_function("() => window.__audio.plays.every((p) => p.how !== 'pending')")
    log = page.evaluate("() => window.__audio")
    kinds = {s["kind"] for s in page.evaluate("() => window.jokerUI.sounds()") if s["played"]}
    assert "deal" in kinds, kinds
    assert log["contexts"] == 0, log
    assert len(log["plays"]) >= 4 + 2, log  # the pool's silent start, then the deal and more
    assert all(p["src"] == "blob:" for p in log["plays"]), log["plays"]
    # a play cut short by the next sound on the same element is an AbortError; nothing else fails
    assert all(p["how"] in ("ok", "AbortError") for p in log["plays"]), log["plays"]
    assert sum(p["how"] == "ok" for p in log["plays"]) >= 4, log["plays"]


# Counts the XPath queries made on the page: PyScript's core searches the DOM with one per element
# it is told of (py-* event attributes), once over the document when it starts.
XPATH = """(() => {
  window.__xpath = 0;
  const make = XPathEvaluator.prototype.createExpression;
  XPathEvaluator.prototype.createExpression = function (...args) {
    window.__xpath += 1;
    return make.apply(this, args);
  };
})();"""


def test_pyscript_does_not_search_each_redraw(page: Any, base_url: str) -> None:
    """The table's redraws add and change elements, and PyScript's core (imported by the page to
    start the Python workers) no longer searches each one: its MutationObserver over the whole
    document made an XPath query per element added, at the end of every engine answer's task
    (patched by build.py, tools/build/pyscript_patch.py; 200 ms of a two-deal game's CPU at 4x
    throttling). It still searches the document once when it starts (that shows the count sees
    PyScript's queries), and the page's own observers still hear their changes (the hint closes
    when the table moves on: test_coach_ui)."""
    page.add_init_script(XPATH)
    page.goto(f"{base_url}?seed=3&pace=fast")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    at_start = page.evaluate("() => window.__xpath")
    assert at_start >= 1, "PyScript's search of the document at its start was not seen"
    page.get_by_test_id("level-easy").click()
    first_move(page)
    assert page.locator("#cards .card").count() >= 1
    assert page.evaluate("() => window.__xpath") == at_start
