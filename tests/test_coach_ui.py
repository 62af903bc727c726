"""Browser tests of the coach, driven from the UI: the hint (button and key H), take-back, the deal
review, replays and the daily deal.  Waits are on state attributes, never on time."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import READY_TIMEOUT_MS
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-results" / "screens"
STEP_MS = 30_000
THINK_MS = 60_000   # a search in the worker on a loaded 2-core machine


def start(page: Any, base_url: str, seed: int = 11, level: str = "easy", query: str = "") -> None:
    page.goto(f"{base_url}?seed={seed}&pace=fast{query}")
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    page.get_by_test_id(f"level-{level}").click()
    page.get_by_test_id("mode-nines").click()
    page.get_by_test_id("preset-standard").click()
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=READY_TIMEOUT_MS)


def wait_human(page: Any) -> dict[str, Any]:
    page.wait_for_selector("#table[data-await=human]", state="attached", timeout=STEP_MS)
    return page.evaluate("() => window.jokerUI.state().view")


def act(page: Any, v: dict[str, Any], action: str) -> None:
    """Play ``action`` through the engine as the UI does (a bid, a trump, a card, a joker)."""
    before = page.locator("#table").get_attribute("data-actions")
    if v["phase"] == "bid":
        page.keyboard.press(action)
    elif v["phase"] == "trump":
        page.locator(f'#panel [data-act="{action}"]').click()
    elif action.startswith("X"):
        page.locator(f'.card[data-key="{action[:2]}"]').click(position={"x": 14, "y": 20})
        if len(action) == 4:   # led: the mode first, then the suit
            page.locator(f'#panel [data-jmode="{action[2]}"]').click()
        page.locator(f'#panel [data-act="{action}"]').click()
    else:
        page.locator(f'.card[data-key="{action}"]').click(position={"x": 14, "y": 20})
    page.wait_for_function("n => document.querySelector('#table').dataset.actions !== n", arg=before,
                           timeout=STEP_MS)


def test_hint_shows_insanes_choice_with_candidates_and_a_reason(page: Any, base_url: str) -> None:
    start(page, base_url)
    v = wait_human(page)
    page.get_by_test_id("hint-button").click()
    box = page.get_by_test_id("hint-box")
    expect(box).to_have_attribute("data-state", "thinking")
    expect(box).to_have_attribute("data-state", "ready", timeout=THINK_MS)
    action = box.get_attribute("data-action")
    assert action in v["legal"]
    reason = page.get_by_test_id("hint-reason")
    assert reason.get_attribute("data-code")
    text = reason.inner_text()
    assert text and not text.startswith("coach.")
    cands = page.get_by_test_id("hint-cand")
    assert cands.count() >= 1 and cands.first.get_attribute("data-action") == action
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"coach-hint-{page.viewport_size['width']}.png"))
    # the hint goes once I act; the key H asks again at my next turn
    act(page, v, action)
    expect(box).to_be_hidden()
    v = wait_human(page)
    page.keyboard.press("h")
    expect(box).to_have_attribute("data-state", "ready", timeout=THINK_MS)
    assert box.get_attribute("data-action") in v["legal"]
    # the game is marked as coached
    mark = page.evaluate("() => JSON.parse(localStorage.getItem('joker.coached'))")
    assert mark["hints"] == 2


def test_take_back_is_off_by_default_and_restores_my_last_move(page: Any, base_url: str) -> None:
    start(page, base_url, seed=12)
    v0 = wait_human(page)
    page.get_by_test_id("menu-button").click()
    expect(page.get_by_test_id("menu-takeback-setting")).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("menu-takeback")).to_have_count(0)
    page.get_by_test_id("menu-takeback-setting").click()
    expect(page.get_by_test_id("menu-takeback")).to_be_visible()
    page.keyboard.press("Escape")
    v0 = wait_human(page)
    act(page, v0, v0["legal"][-1])
    v1 = wait_human(page)
    assert v1 != v0
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-takeback").click()
    page.wait_for_function("v => JSON.stringify(window.jokerUI.state().view) === JSON.stringify(v)", arg=v0,
                           timeout=STEP_MS)
    wait_human(page)
    assert page.evaluate("() => JSON.parse(localStorage.getItem('joker.coached')).takebacks") == 1
    # the restored game goes on as usual
    act(page, v0, v0["legal"][0])
    wait_human(page)
