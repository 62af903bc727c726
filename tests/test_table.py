"""Browser tests of the game table: a whole seeded Nines game driven through the UI.

Every wait is on state the app exposes (``#table[data-phase|data-turn|data-await|data-actions]``,
``data-testid``s), never on time. ``?pace=fast`` turns animations off and bots take 40 ms.
The guarded ``context`` fixture (tests/conftest.py) fails a test on any console error, page
error, Python traceback or non-local request.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import READY_TIMEOUT_MS
from playwright.sync_api import expect

from joker.bots import LEVELS

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-results" / "screens"
SEED = 7
STEP_MS = 30_000
VIEWPORTS = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1440, 900)}
PHONE = {"width": 390, "height": 844}


def table(page: Any) -> Any:
    return page.locator("#table")


def attr(page: Any, name: str) -> str:
    return page.locator("#table").get_attribute(name) or ""


def wait_settled(page: Any, states: str = "human next results") -> str:
    """Wait until the table waits for the player (or for NEXT / on results); return which."""
    sel = ", ".join(f"#table[data-await={s}]" for s in states.split())
    page.wait_for_selector(sel, state="attached", timeout=STEP_MS)
    return attr(page, "data-await")


def acted(page: Any, before: str) -> None:
    """Wait until at least one more action went through the engine."""
    page.wait_for_function(
        "n => document.querySelector('#table').dataset.actions !== n", arg=before, timeout=STEP_MS)


def click_card(page: Any, card: str) -> None:
    # Cards in a hand overlap: click the visible strip at their top-left.
    loc = page.locator(f'.card[data-key="{card}"]')
    box = loc.bounding_box()
    loc.click(position={"x": max(14, box["width"] * 0.2), "y": box["height"] * 0.3})


def start(page: Any, base_url: str, *, preset: str = "standard", level: str = "easy",
          query: str = "", mode: str = "nines") -> None:
    page.goto(f"{base_url}?seed={SEED}&pace=fast{query}")
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    page.get_by_test_id(f"level-{level}").click()
    page.get_by_test_id(f"mode-{mode}").click()
    page.get_by_test_id(f"preset-{preset}").click()
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
    wait_settled(page)


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.jokerUI.state().view")


class Tour:
    """What the driver has exercised so far (the test asserts all of it at the end)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.deal_tables = 0


def do_trump(page: Any, v: dict[str, Any], tour: Tour) -> None:
    # Only the first three cards are face up; the rest of the hand is dealt face down.
    expect(page.locator(".card.in-hand")).to_have_count(3)
    expect(page.locator('.card[data-testid="hand-back"]')).to_have_count(v["cards"] - 3)
    before = attr(page, "data-actions")
    page.get_by_test_id("trump-H" if "trump" not in tour.seen else "trump-none").click()
    tour.seen.add("trump")
    acted(page, before)


def do_bid(page: Any, v: dict[str, Any], tour: Tour) -> None:
    forbidden = v["forbidden_bid"]
    value = page.get_by_test_id("bid-value")
    if forbidden is not None and "forbidden" not in tour.seen:
        # As dealer: step to the forbidden number; it is crossed out, the status says why.
        expect(page.locator("#status")).to_have_attribute("data-reason", "forced_dealer")
        for _ in range(12):
            cur = int(value.get_attribute("data-value"))
            if cur == forbidden:
                break
            page.get_by_test_id("bid-plus" if cur < forbidden else "bid-minus").click()
        expect(value).to_have_attribute("data-value", str(forbidden))
        expect(value).to_have_attribute("data-forbidden", "1")
        submit = page.get_by_test_id("bid-pass" if forbidden == 0 else "bid-submit")
        expect(submit).to_have_attribute("data-forbidden", "1")
        submit.click()
        expect(page.locator("#status")).to_have_attribute("data-reason", "forced_dealer")
        expect(page.locator("#status")).to_have_class(re.compile("refused"))
        assert attr(page, "data-phase") == "bid" and attr(page, "data-turn") == "0"
        tour.seen.add("forbidden")
    before = attr(page, "data-actions")
    if "keys" not in tour.seen and forbidden != 1 and v["cards"] >= 1:
        page.keyboard.press("1")  # digits bid at once
        tour.seen.add("keys")
    elif forbidden != 0:
        page.get_by_test_id("bid-pass").click()
    else:
        if value.get_attribute("data-value") == "0":
            page.get_by_test_id("bid-plus").click()
        page.get_by_test_id("bid-submit").click()
    acted(page, before)


def do_play(page: Any, v: dict[str, Any], tour: Tour) -> None:
    hand = page.locator(".card.in-hand")
    legal = {a[:2] for a in v["legal"]}
    lead = not v["trick"]
    jokers = [c for c in v["hand"] if c[0] == "X" and c in legal]
    illegal = [c for c in v["hand"] if c not in legal]
    expect(hand).to_have_count(len(v["hand"]))
    for c in v["hand"]:  # raised + glowing exactly when the engine says it is legal
        expect(page.locator(f'.card[data-key="{c}"]')).to_have_attribute("data-legal",
                                                                         "1" if c in legal else "0")
    if illegal and "illegal" not in tour.seen:
        bad = illegal[0]
        click_card(page, bad)
        card = page.locator(f'.card[data-key="{bad}"]')
        expect(card).to_have_attribute("data-refused", "1")  # tinted (and shaken once) while refused
        reason = page.locator("#status").get_attribute("data-reason")
        assert reason in ("must_follow", "must_trump", "must_highest"), reason
        expect(page.locator("#status")).to_have_class(re.compile("refused"))
        assert attr(page, "data-turn") == "0"
        tour.seen.add("illegal")
    before = attr(page, "data-actions")
    if jokers and lead and "joker_lead" not in tour.seen:
        j = jokers[0]
        click_card(page, j)
        expect(table(page)).to_have_attribute("data-joker", "lead")
        page.get_by_test_id("joker-want").click()
        expect(page.get_by_test_id("joker-want")).to_have_attribute("aria-pressed", "true")
        page.get_by_test_id("joker-back").click()  # BACK: the joker returns to the hand
        expect(table(page)).to_have_attribute("data-joker", "")
        expect(page.get_by_test_id("panel")).to_be_hidden()
        click_card(page, j)
        page.get_by_test_id("joker-under").click()
        page.get_by_test_id("joker-suit-S").click()
        tour.seen.add("joker_lead")
    elif jokers and not lead and "joker_follow" not in tour.seen:
        click_card(page, jokers[0])
        expect(table(page)).to_have_attribute("data-joker", "follow")
        expect(page.get_by_test_id("joker-take")).to_be_visible()
        page.get_by_test_id("joker-take").click()
        tour.seen.add("joker_follow")
    else:
        plain = [a for a in v["legal"] if a[0] != "X"]
        if plain:
            click_card(page, plain[0])
        else:  # only jokers left
            click_card(page, v["legal"][0][:2])
            if lead:
                page.get_by_test_id("joker-want").click()
                page.get_by_test_id("joker-suit-H").click()
            else:
                page.get_by_test_id("joker-take").click()
    acted(page, before)


def play_game(page: Any, tour: Tour, shots: dict[str, Any] | None = None) -> None:
    while True:
        state = wait_settled(page)
        if state == "results":
            return
        if state == "next":
            rows = page.locator('[data-testid="summary-table"] tbody tr')
            expect(rows).to_have_count(4)
            tour.deal_tables += 1
            if page.locator('[data-testid="pulka-table"]').count():
                expect(page.locator('[data-testid="pulka-table"] tbody tr')).to_have_count(4)
                if shots is not None and "pulka_end" not in tour.seen:
                    page.screenshot(path=str(SHOTS / "phone_pulka_end.png"))
                tour.seen.add("pulka_end")
            if shots is not None and "summary" not in shots:
                shots["summary"] = True
                page.screenshot(path=str(SHOTS / "phone_summary.png"))
            page.get_by_test_id("summary-next").click()
            page.wait_for_selector("#table:not([data-await=next])", state="attached", timeout=STEP_MS)
            continue
        v = view(page)
        assert attr(page, "data-turn") == "0" and attr(page, "data-phase") == v["phase"]
        if v["phase"] == "trump":
            do_trump(page, v, tour)
        elif v["phase"] == "bid":
            do_bid(page, v, tour)
        elif v["phase"] == "play":
            if shots is not None and "play" not in shots and len(v["trick"]) >= 2:
                shots["play"] = True
                page.screenshot(path=str(SHOTS / "phone_play.png"))
            do_play(page, v, tour)


def test_whole_nines_game(page: Any, base_url: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(PHONE)
    start(page, base_url)
    expect(table(page)).to_have_attribute("data-phase", re.compile("trump|bid"))
    # the score sheet and the menu are reachable at any time
    page.get_by_test_id("sheet-button").click()
    expect(page.locator("#overlay")).to_have_attribute("data-dialog", "sheet")
    page.get_by_test_id("dialog-close").click()
    tour = Tour()
    shots: dict[str, Any] = {}
    play_game(page, tour, shots)
    # results: my place (shared on ties), everyone's total, how many of my bids I made
    v = view(page)
    assert v["phase"] == "over" and attr(page, "data-phase") == "over"
    place = page.get_by_test_id("results-place")
    expect(place).to_have_attribute("data-place", str(v["places"][0]))
    made = sum(1 for d in v["deals"] if d["bids"][0] == d["taken"][0])
    expect(page.get_by_test_id("results-bids")).to_have_attribute("data-made", str(made))
    for s in range(4):
        score = str(v["scores"][s]).replace("-", "\u2212")
        expect(page.get_by_test_id(f"results-row-{s}")).to_contain_text(score)
    page.screenshot(path=str(SHOTS / "phone_results.png"))
    assert tour.deal_tables == 16
    wanted = {"trump", "forbidden", "keys", "illegal", "joker_lead", "joker_follow", "pulka_end"}
    assert wanted <= tour.seen, tour.seen
    # the finished game's sheet: 16 deals, four pulkas
    page.get_by_test_id("results-sheet").click()
    expect(page.locator('[data-testid="sheet-deal"]')).to_have_count(16)
    page.get_by_test_id("sheet-back").click()
    # a finished game leaves no save
    assert page.evaluate("() => localStorage.getItem('joker[/].save')") is None
    page.get_by_test_id("results-again").click()  # a new game with the same settings
    expect(page.locator("#table")).to_have_attribute("data-deal", "1")
    assert view(page)["mode"] == "nines" and not view(page)["deals"]


@pytest.mark.parametrize(("lang", "width"), [("ru", 320), ("ka", 320), ("ru", 360), ("en", 360), ("ru", 430)])
def test_first_screen_on_the_narrowest_phone(page: Any, base_url: str, lang: str, width: int) -> None:
    """On phones from 320 px (an old small phone, or a larger display size on Android) no name on the
    first screen is cut and no row sticks out of the card: a row of levels or rule sets whose names do
    not fit goes two to a row (at 360 px «Безумный» stuck out), and the help and language buttons
    go under the title where they do not fit beside it (at 430 px «Джокер» was cut)."""
    page.set_viewport_size({"width": width, "height": 568})
    page.goto(f"{base_url}?lang={lang}&seed={SEED}&pace=fast")
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    page.locator("details").first.evaluate("d => d.open = true")
    cut = page.evaluate("""() => {
      const card = document.querySelector('.settings-card').getBoundingClientRect(), bad = [];
      if (document.scrollingElement.scrollWidth > innerWidth) bad.push('page scrolls sideways');
      const names = '#settings .seg label, #settings button, .brand h1, .brand .tagline';
      for (const el of document.querySelectorAll(names)) {
        const r = el.getBoundingClientRect();
        if (!r.width) continue;
        const name = (el.dataset.testid || el.textContent.trim()).slice(0, 24);
        if (el.scrollWidth > el.clientWidth + 1) bad.push('cut: ' + name);
        if (r.right > card.right + 1 || r.left < card.left - 1) bad.push('outside the card: ' + name);
      }
      return bad;
    }""")
    assert cut == [], cut
    page.screenshot(path=str(SHOTS / f"narrow_{lang}_{width}_settings.png"), full_page=True)
    # on a wider screen the names fit again: four levels and three rule sets to a row
    page.set_viewport_size({"width": 1024, "height": 768})
    expect(page.locator("#settings .seg.narrow")).to_have_count(0)


# The bar's plates: which lines are cut, whether the bar is compact, whether the trump's suit shows.
PLATES_CUT = """() => {
  const lines = [...document.querySelectorAll('.topbar .plate .lines > *')];
  const cut = lines.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent);
  const shown = [...document.querySelectorAll('#plate-trump .trump-sym')].some((el) => el.checkVisibility());
  return { cut, compact: document.querySelector('.topbar .plates').classList.contains('compact'), shown };
}"""


@pytest.mark.parametrize(("lang", "width"), [("ru", 320), ("ka", 320), ("en", 320), ("ru", 360), ("ka", 360),
                                             ("ru", 480)])
def test_top_bar_plates_are_never_cut(page: Any, base_url: str, lang: str, width: int) -> None:
    """On a phone too narrow for the plates' words beside the bar's buttons (ru at 360 px cut «Раздача 1/24»
    and «Козырь ♥», the suit with them) the plates show the deal's numbers and the trump's suit alone;
    with room, the words. Checked on the table as dealt and on the widest plates a game can show: the
    last deal of 24, nine cards, bids adding up to 27."""
    page.set_viewport_size({"width": width, "height": 640})
    start(page, base_url, mode="full", query=f"&lang={lang}")
    now = page.evaluate(PLATES_CUT)
    assert now["cut"] == [], now
    # The widest plates, drawn by the page's own module (the same instance the table uses).
    page.evaluate("""async () => {
      const src = [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.href)
        .find((h) => h.endsWith('/seats.js')) || new URL('js/seats.js', document.baseURI).href;
      const { renderPlates } = await import(src);
      const v = window.jokerUI.state().view;
      renderPlates({ ...v, deal_no: 24, deals_total: 24, cards: 9, phase: 'bid', trump: 'H',
                     bids: [9, 9, 9, null] });
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }""")
    widest = page.evaluate(PLATES_CUT)
    assert widest["cut"] == [] and widest["shown"], widest
    assert widest["compact"] == (width < 480), widest
    page.screenshot(path=str(SHOTS / f"plates_{lang}_{width}.png"))
    # turned to landscape: room for the words again
    page.set_viewport_size({"width": 740, "height": 360})
    expect(page.locator(".topbar .plates")).not_to_have_class(re.compile("compact"))
    assert page.evaluate(PLATES_CUT)["cut"] == []


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("lang", ["ka", "ru", "en"])
def test_score_sheet_fits_a_phone(page: Any, base_url: str, lang: str, width: int) -> None:
    """The score sheet's seven columns fit a phone 360 px wide without scrolling sideways (in Georgian
    they took 326 px of 308), and the narrowest, 320 px (they took 303-317 px of 268)."""
    page.set_viewport_size({"width": width, "height": 640})
    start(page, base_url, query=f"&lang={lang}")
    page.get_by_test_id("sheet-button").click()
    wrap = page.locator(".sheet-wrap")
    expect(wrap).to_be_visible()
    widths = wrap.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert widths[0] <= widths[1], widths


def test_first_screen_works_before_python(page: Any, base_url: str) -> None:
    """Settings are usable while Pyodide is still on its way; PLAY waits for it with a progress bar."""
    held: list[Any] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(f"{base_url}?seed={SEED}&pace=fast")
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    assert page.locator("html").get_attribute("data-python") != "ready"
    page.get_by_test_id("mode-nines").click()
    expect(page.locator('input[name="mode"][value="nines"]')).to_be_checked()
    # presets fill in their options, and options stay changeable
    page.get_by_test_id("preset-tvaladze").click()
    expect(page.locator('input[name="trump_in_nines"][value="dealer_card"]')).to_be_checked()
    expect(page.locator('input[name="khishti"][value="off"]')).to_be_checked()
    page.get_by_test_id("opt-khishti-200_200").click()
    expect(page.locator('input[name="preset"]:checked')).to_have_count(0)  # now a custom set
    page.get_by_test_id("settings-lang-ru").click()
    expect(page.get_by_test_id("play")).to_have_text("ИГРАТЬ")
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("loading")).to_be_visible()
    assert page.locator("#table").is_hidden()
    page.wait_for_function(
        "() => new DOMMatrix(getComputedStyle(document.querySelector('#loading-fill')).transform).a > 0.05")
    for r in held:
        r.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
    v = view(page)
    assert v["rules"]["khishti"] == [200, 200] and v["rules"]["trump_in_nines"] == "dealer_card"
    assert v["preset"] is None and v["mode"] == "nines"
    # dealer_card: the dealer's shown card is on the table (or in my hand if I deal)
    if v["dealer"] != 0:
        expect(page.get_by_test_id("trump-card")).to_have_count(1)
    expect(page.get_by_test_id("status")).not_to_be_empty()


def test_continue_and_corrupt_save(page: Any, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    start(page, base_url)
    tour = Tour()
    # play until a card of the first deal went down, then leave
    while attr(page, "data-phase") != "play" or not view(page)["trick"] and not view(page)["tricks"]:
        v = view(page)
        if v["phase"] == "trump":
            do_trump(page, v, tour)
        elif v["phase"] == "bid":
            do_bid(page, v, tour)
        else:
            do_play(page, v, tour)
        wait_settled(page)
    saved = view(page)
    page.reload()
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    expect(page.get_by_test_id("continue")).to_be_visible()
    page.get_by_test_id("continue").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
    wait_settled(page)
    back = view(page)
    assert back["deal_no"] == saved["deal_no"] and back["bids"] == saved["bids"]
    assert len(back["tricks"]) >= len(saved["tricks"])
    # a corrupted save: a clear message and a fresh start, never a crash
    unplayable = {"app": "joker", "version": 1, "level": "easy",
                  "game": {"format": 1, "rules": {}, "mode": "nines", "seed": 1, "actions": ["ZZ"]}}
    page.evaluate("t => localStorage.setItem('joker[/].save', t)",
                  json.dumps(unplayable, separators=(",", ":")))
    page.reload()
    # checked as soon as Python runs: set aside, said, and CONTINUE is gone
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator('[data-testid="toast"][data-reason="save.corrupt"]')).to_be_visible()
    expect(page.get_by_test_id("continue")).to_be_hidden()
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
    wait_settled(page)
    # unreadable text (not even JSON) too
    page.evaluate("() => localStorage.setItem('joker[/].save', 'not json {')")
    page.reload()
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator('[data-testid="toast"][data-reason="save.corrupt"]')).to_be_visible()
    expect(page.get_by_test_id("continue")).to_be_hidden()


def _no_overflow(page: Any) -> None:
    over = page.evaluate("""() => {
      const W = innerWidth, H = innerHeight, bad = [];
      if (document.scrollingElement.scrollWidth > W + 1) bad.push('page scrolls sideways');
      for (const el of document.querySelectorAll('button, [data-testid^=seat-], .plate, #status')) {
        const r = el.getBoundingClientRect();
        if (!r.width || getComputedStyle(el).visibility === 'hidden') continue;
        if (el.closest('.dialog .body')) continue;  // scrolls inside its dialog
        const name = el.dataset.testid || el.id || el.className;
        if (r.left < -1 || r.right > W + 1 || r.top < -1 || r.bottom > H + 1) {
          bad.push(name + ' ' + JSON.stringify([r.left, r.top, r.right, r.bottom]));
        }
        if (el.tagName === 'BUTTON' && (r.width < 43.5 || r.height < 43.5) && !el.closest('.lang-switch')) {
          bad.push('small target ' + (el.dataset.testid || el.textContent) + ' ' + r.width + 'x' + r.height);
        }
      }
      return bad;
    }""")
    assert not over, over


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_screens(page: Any, base_url: str, name: str) -> None:
    """Screenshots of the main moments at phone, tablet and desktop sizes; nothing overflows."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    w, h = VIEWPORTS[name]
    page.set_viewport_size({"width": w, "height": h})
    page.goto(f"{base_url}?seed={SEED}&pace=fast")
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    page.get_by_test_id("mode-nines").click()
    page.screenshot(path=str(SHOTS / f"{name}_settings.png"))
    # PLAY is on screen without scrolling, nothing sticks out sideways
    assert page.evaluate("() => document.querySelector('#settings').scrollWidth <= innerWidth")
    box = page.get_by_test_id("play").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= h and box["x"] + box["width"] <= w
    assert page.get_by_test_id("settings-lang-en").bounding_box()["x"] + 44 <= w
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
    tour = Tour()
    tour.seen.update({"illegal", "forbidden", "keys"})
    taken: set[str] = set()
    while len(taken) < 3:
        state = wait_settled(page)
        if state == "next":
            page.get_by_test_id("summary-next").click()
            continue
        v = view(page)
        if v["phase"] in ("trump", "bid") and v["phase"] not in taken:
            _no_overflow(page)
            page.screenshot(path=str(SHOTS / f"{name}_{v['phase']}.png"))
            taken.add(v["phase"])
        if v["phase"] == "play" and v["trick"] and "play" not in taken:
            _no_overflow(page)
            page.screenshot(path=str(SHOTS / f"{name}_play.png"))
            taken.add("play")
        if "trump" not in taken and v["phase"] != "trump":
            taken.add("trump")  # I do not choose trump in this deal
        if v["phase"] == "trump":
            do_trump(page, v, tour)
        elif v["phase"] == "bid":
            do_bid(page, v, tour)
        elif "play" not in taken:
            do_play(page, v, tour)
    page.get_by_test_id("sheet-button").click()
    _no_overflow(page)
    page.screenshot(path=str(SHOTS / f"{name}_sheet.png"))
    page.get_by_test_id("dialog-close").click()
    page.get_by_test_id("help-button").click()
    page.get_by_test_id("help-tab-rules").click()
    expect(page.get_by_test_id("help-body")).to_contain_text("36")
    page.screenshot(path=str(SHOTS / f"{name}_help.png"))
    # the third tab describes every level the engine offers, then the tips
    page.get_by_test_id("help-tab-levels").click()
    expect(page.get_by_test_id("help-levels").locator("li")).to_have_count(len(LEVELS))
    expect(page.get_by_test_id("help-body").locator("h3")).to_have_count(1)
    _no_overflow(page)
    page.screenshot(path=str(SHOTS / f"{name}_help_levels.png"))
    page.get_by_test_id("dialog-close").click()
    page.get_by_test_id("menu-button").click()
    _no_overflow(page)
    page.screenshot(path=str(SHOTS / f"{name}_menu.png"))
    # pause stops the bots; resume goes on
    page.get_by_test_id("menu-pause").click()
    expect(table(page)).to_have_attribute("data-paused", "1")
    page.get_by_test_id("resume").click()
    expect(table(page)).to_have_attribute("data-paused", "0")
    # language switch from the menu, remembered
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-lang-ka").click()
    expect(page.locator("html")).to_have_attribute("lang", "ka")
    assert page.evaluate("() => localStorage.getItem('joker[/].lang')") == "ka"
    page.get_by_test_id("dialog-close").click()


def _drag(page: Any, card: str, to: tuple[float, float]) -> None:
    box = page.locator(f'.card[data-key="{card}"]').bounding_box()
    x0, y0 = box["x"] + max(14, box["width"] * 0.2), box["y"] + box["height"] * 0.3
    page.mouse.move(x0, y0)
    page.mouse.down()
    steps = 8
    for i in range(1, steps + 1):
        page.mouse.move(x0 + (to[0] - x0) * i / steps, y0 + (to[1] - y0) * i / steps)
    page.mouse.up()


def test_drag_to_reorder_and_drag_to_play(page: Any, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    start(page, base_url)
    tour = Tour()
    tour.seen.update({"illegal", "forbidden", "keys", "joker_lead", "joker_follow"})
    while True:
        state = wait_settled(page)
        if state == "next":
            page.get_by_test_id("summary-next").click()
            continue
        v = view(page)
        if v["phase"] == "play":
            break
        (do_trump if v["phase"] == "trump" else do_bid)(page, v, tour)
    hand = page.evaluate("() => window.jokerUI.state().hand")
    first = hand[0]
    last_box = page.locator(f'.card[data-key="{hand[-1]}"]').bounding_box()
    _drag(page, first, (last_box["x"] + last_box["width"] - 10, last_box["y"] + 40))
    order = page.evaluate("() => window.jokerUI.state().hand")
    assert order[-1] == first and sorted(order) == sorted(hand)
    assert attr(page, "data-phase") == "play" and attr(page, "data-turn") == "0"  # nothing was played
    # drag a legal card onto the table: it is played
    v = view(page)
    card = next(a for a in v["legal"] if a[0] != "X")
    felt = page.locator("#felt").bounding_box()
    before = attr(page, "data-actions")
    _drag(page, card, (felt["x"] + felt["width"] / 2, felt["y"] + felt["height"] * 0.45))
    acted(page, before)
    assert card not in view(page)["hand"]

    # the menu starts a new game (after asking); the one left behind can be continued
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-new").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("settings")).to_be_visible()
    expect(page.get_by_test_id("continue")).to_be_visible()
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
    wait_settled(page)
    assert view(page)["deal_no"] == 1 and not view(page)["tricks"]
