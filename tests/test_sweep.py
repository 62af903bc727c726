"""The screenshot sweep: every screen at the five sizes players use, for a person to look at.

For each size (phone upright and on its side, tablet, laptop, desktop) the sweep opens every
screen — settings, statistics, the table while trump is named, while bidding and in play, the
joker panel (lead and follow), the last trick, the deal table, the pulka table, the results,
the score sheet, the menu and the help — with animations off, saves a screenshot under
``test-results/sweep/<size>/`` (git-ignored; CI keeps it as an artefact), and checks the
geometry a person would complain about (tests/layout_check.js): seats, fans, badges, the trick,
the hand, the panels and the bar never cover each other, nothing leaves the window, text does
not touch the edges of its control, a table fits its dialog.

Positions come from tests/sweep_states.py (real seeded games, saved as the app saves them) and
are opened with CONTINUE; every wait is on the state attributes, never on time.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
import sweep_states
from conftest import READY_TIMEOUT_MS
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "test-results" / "sweep"
LAYOUT_JS = (Path(__file__).parent / "layout_check.js").read_text(encoding="utf-8")
STEP_MS = 30_000
SIZES = {
    "phone-390x844": (390, 844),
    "phone-land-844x390": (844, 390),
    "tablet-768x1024": (768, 1024),
    "laptop-1440x900": (1440, 900),
    "desktop-1920x1080": (1920, 1080),
}


@functools.cache
def entries(name: str) -> dict[str, str]:
    return sweep_states.save_entries(sweep_states.find(name))


@functools.cache
def stats_doc() -> str:
    return sweep_states.stats_text()


class Sweep:
    """Walks the screens of one size; keeps every geometry problem for one assertion at the end."""

    def __init__(self, page: Any, base_url: str, size: str, lang: str, folder: str = "") -> None:
        self.page, self.base_url, self.size, self.lang = page, base_url, size, lang
        self.dir = OUT / size if not folder else OUT.parent / folder / size
        self.dir.mkdir(parents=True, exist_ok=True)
        if not folder:  # a sweep starts its folder afresh; other tests add to theirs
            for old in self.dir.glob(f"*-{lang}.png"):
                old.unlink()
        self.n = 0
        self.problems: list[str] = []

    def shot(self, name: str) -> None:
        self.n += 1
        self.page.wait_for_function("() => [...document.images].every((i) => i.complete)")  # the jokers' art
        path = self.dir / f"{self.n:02d}-{name}-{self.lang}.png"
        self.page.screenshot(path=str(path), animations="disabled")
        for p in self.page.evaluate(LAYOUT_JS):
            self.problems.append(f"{self.size} {name}: {p}")

    def open(self, storage: dict[str, str], pace: str = "fast") -> None:
        """A fresh visit with exactly these localStorage entries (pace "fast": no animation)."""
        page = self.page
        page.goto(f"{self.base_url}?pace={pace}&lang={self.lang}")
        page.evaluate("e => { localStorage.clear();"
                      " for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v); }", storage)
        page.reload()
        page.wait_for_selector("html[data-ui=ready]", state="attached")

    def continue_at(self, name: str, pace: str = "fast") -> None:
        self.open(entries(name), pace)
        self.page.get_by_test_id("continue").click()
        self.page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
        self.settled()

    def settled(self, states: str = "human next results") -> str:
        sel = ", ".join(f"#table[data-await={s}]" for s in states.split())
        self.page.wait_for_selector(sel, state="attached", timeout=STEP_MS)
        return self.page.locator("#table").get_attribute("data-await") or ""

    def view(self) -> dict[str, Any]:
        return self.page.evaluate("() => window.jokerUI.state().view")  # type: ignore[no-any-return]

    def still(self) -> None:
        """Wait until no card is moving (a tap aims at where a card is, not where it is going)."""
        self.page.wait_for_function(
            "() => !document.getAnimations().some((a) => a.playState === 'running' && a.effect"
            " && a.effect.target && a.effect.target.closest && a.effect.target.closest('.card'))")

    def tap_card(self, card: str) -> None:
        self.still()
        loc = self.page.locator(f'.card.in-hand[data-key="{card}"]')
        box = loc.bounding_box()
        assert box is not None
        loc.click(position={"x": max(14, box["width"] * 0.2), "y": box["height"] * 0.3})

    def close_dialog(self) -> None:
        self.page.get_by_test_id("dialog-close").click()
        expect(self.page.locator("#table")).to_have_attribute("data-dialog", "")


def walk(s: Sweep, every: bool = True) -> None:
    """Every screen (``every``), or the ones with the most text (for the other languages)."""
    page = s.page
    # ---- the first screen, and the statistics it opens
    s.open({})
    s.shot("settings")
    s.open({sweep_states.key("stats"): stats_doc()})
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("settings-stats").click()
    expect(page.locator("#overlay")).to_have_attribute("data-dialog", "stats")
    s.shot("statistics")

    # ---- the table, phase by phase
    if every:
        s.continue_at("trump")
        expect(page.get_by_test_id("trump-H")).to_be_visible()
        s.shot("table-trump")
    s.continue_at("bid")
    expect(page.get_by_test_id("bid-submit")).to_be_visible()
    s.shot("table-bid")
    s.continue_at("play")
    expect(page.locator(".card.in-trick")).to_have_count(3)
    s.shot("table-play")
    if every:
        page.get_by_test_id("last-button").click()
        expect(page.get_by_test_id("last-trick")).to_be_visible()
        s.shot("last-trick")
        s.close_dialog()
    page.get_by_test_id("menu-button").click()
    s.shot("menu")
    s.close_dialog()
    page.get_by_test_id("help-button").click()
    s.shot("help")
    page.get_by_test_id("help-tab-rules").click()
    s.shot("help-rules")
    s.close_dialog()
    if not every:
        s.continue_at("pulka_end")
        s.tap_card(s.view()["hand"][0])
        assert s.settled("next") == "next"
        s.shot("pulka-table")
        return
    s.continue_at("play_small")
    s.shot("table-play-short-deal")
    s.continue_at("bid_small")
    expect(page.get_by_test_id("bid-submit")).to_be_visible()
    s.shot("table-bid-short-deal")

    # ---- the joker's panel, following and leading
    s.continue_at("joker_follow")
    joker = next(a[:2] for a in s.view()["legal"] if a[0] == "X")
    s.tap_card(joker)
    expect(page.locator("#table")).to_have_attribute("data-joker", "follow")
    s.shot("joker-follow")
    s.continue_at("joker_lead")
    joker = next(a[:2] for a in s.view()["legal"] if a[0] == "X")
    s.tap_card(joker)
    expect(page.locator("#table")).to_have_attribute("data-joker", "lead")
    page.get_by_test_id("joker-want").click()
    s.shot("joker-lead")

    # ---- after a deal, after a pulka, after the game
    ends = (("deal_end", "deal-table"), ("pulka_end", "pulka-table"), ("game_end", "last-deal-table"))
    for name, shot in ends:
        s.continue_at(name)
        s.tap_card(s.view()["hand"][0])
        assert s.settled("next") == "next"
        s.shot(shot)
    page.get_by_test_id("summary-next").click()
    assert s.settled("results") == "results"
    s.shot("results")
    page.get_by_test_id("results-sheet").click()
    expect(page.locator("#overlay")).to_have_attribute("data-dialog", "sheet")
    s.shot("score-sheet")


@pytest.mark.parametrize("size", list(SIZES))
def test_every_screen_at_every_size(page: Any, base_url: str, size: str) -> None:
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    s = Sweep(page, base_url, size, "ru")
    walk(s)
    assert not s.problems, "\n".join(s.problems)


@pytest.mark.parametrize(("size", "lang"), [("phone-390x844", "ka"), ("phone-390x844", "en"),
                                             ("phone-land-844x390", "ka")])
def test_the_wordiest_screens_in_georgian_and_english(page: Any, base_url: str, size: str, lang: str) -> None:
    """Georgian words are the longest, English the shortest: the screens with most text, on phones."""
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    s = Sweep(page, base_url, size, lang)
    walk(s, every=False)
    assert not s.problems, "\n".join(s.problems)


INDEX_JS = """() => [...document.querySelectorAll('.card.in-hand')].map((card) => {
  const idx = card.querySelector('.idx.tl');
  const spot = (el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    const b = r.getBoundingClientRect();
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    const mine = !!hit && hit.closest('.card') === card;
    return { h: b.height, font: parseFloat(getComputedStyle(el).fontSize), mine };
  };
  return { key: card.dataset.key, cw: card.offsetWidth, rank: spot(idx.firstElementChild),
           suit: idx.children[1] ? spot(idx.children[1]) : null };
})"""


@pytest.mark.parametrize("size", ["phone-390x844", "phone-land-844x390"])
def test_every_card_in_a_full_hand_shows_a_large_rank_and_suit(page: Any, base_url: str, size: str) -> None:
    """Nine overlapping cards on a phone: each card's corner rank and suit are its own (not covered
    by the next card) and large: the rank at least 0.38 of the card's width, the suit (and a
    joker's star) 0.3."""
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    s = Sweep(page, base_url, size, "ru", folder="cards")
    s.continue_at("bid")
    cards = page.evaluate(INDEX_JS)
    assert len(cards) == 9
    for c in cards:
        assert c["rank"]["mine"], f"{c['key']}: its rank is covered"
        assert c["rank"]["font"] >= (0.3 if c["key"][0] == "X" else 0.38) * c["cw"], c
        if c["key"][0] != "X":
            assert c["suit"] and c["suit"]["mine"], f"{c['key']}: its suit is covered"
            assert c["suit"]["font"] >= 0.3 * c["cw"], c
