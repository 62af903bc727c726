"""Browser tests of the coach, driven from the UI: the hint (button and key H), take-back, the deal
review, replays and the daily deal.  Waits are on state attributes, never on time."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import READY_TIMEOUT_MS
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-results" / "screens"
STEP_MS = 30_000
THINK_MS = 60_000   # a search in the worker on a loaded 2-core machine


def shoot(page: Any, stem: str) -> None:
    """Screenshots of the page as it is, upright phone and desktop (``<stem>-<width>.png``)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in ((390, 844), (1440, 900)):
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(SHOTS / f"{stem}-{w}.png"))


def stored(page: Any, name: str) -> Any:
    """A key of ours in localStorage (store.js keeps them under a namespace of the base path)."""
    return page.evaluate("""name => { for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.endsWith("]." + name)) return JSON.parse(localStorage.getItem(k)); }
      return null; }""", name)


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
    shoot(page, "coach-hint")
    # the hint goes once I act; the key H asks again at my next turn
    act(page, v, action)
    expect(box).to_be_hidden()
    v = wait_human(page)
    page.keyboard.press("h")
    expect(box).to_have_attribute("data-state", "ready", timeout=THINK_MS)
    assert box.get_attribute("data-action") in v["legal"]
    # the game is marked as coached
    mark = stored(page, "coached")
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
    assert stored(page, "coached")["takebacks"] == 1
    # the restored game goes on as usual
    act(page, v0, v0["legal"][0])
    wait_human(page)


REVIEW_MS = 240_000   # a whole deal's decisions searched in the worker on a loaded machine


def play_deal(page: Any) -> None:
    """Play my first legal action at every turn until the deal table shows."""
    while True:
        page.wait_for_selector("#table[data-await=human], #table[data-await=next]", state="attached",
                               timeout=STEP_MS)
        if page.locator("#table").get_attribute("data-await") == "next":
            return
        v = page.evaluate("() => window.jokerUI.state().view")
        act(page, v, v["legal"][0])


def test_deal_review_from_the_deal_table_marks_every_decision(page: Any, base_url: str) -> None:
    start(page, base_url, seed=13)
    play_deal(page)
    page.get_by_test_id("summary-review").click()
    progress = page.get_by_test_id("review-progress")
    expect(progress).to_be_visible(timeout=THINK_MS)
    # cancel while it runs (unless it finished first), then go on; CANCEL is drawn only while the review
    # runs, so a review that ends between the look and the click takes the button away with it
    if progress.get_attribute("data-state") == "running":
        try:
            page.get_by_test_id("review-cancel").click(timeout=STEP_MS)
        except PlaywrightTimeoutError:
            assert progress.get_attribute("data-state") == "done"
        page.wait_for_selector("[data-testid=review-progress]:is([data-state=stopped], [data-state=done])",
                               state="attached", timeout=THINK_MS)
        if progress.get_attribute("data-state") == "stopped":
            page.get_by_test_id("review-resume").click()
    expect(progress).to_have_attribute("data-state", "done", timeout=REVIEW_MS)
    decisions = page.get_by_test_id("review-decision")
    phases = [decisions.nth(i).get_attribute("data-action") for i in range(decisions.count())]
    assert len(phases) >= 10   # my bid and nine cards (and the trump if I named it)
    for i in range(decisions.count()):
        d = decisions.nth(i)
        assert d.get_attribute("data-severity") in ("fine", "inaccuracy", "mistake")
        loss = float(d.get_attribute("data-loss"))
        assert loss >= 0
        if d.get_attribute("data-best") == d.get_attribute("data-action"):
            assert loss == 0
    # step through the tricks with the four hands face up
    for s in range(4):
        expect(page.get_by_test_id(f"review-hand-{s}")).to_be_visible()
    page.get_by_test_id("review-next").click()
    expect(page.get_by_test_id("review-step")).to_have_attribute("data-step", "1")
    shoot(page, "coach-review")
    # closing returns to the deal table
    page.get_by_test_id("dialog-close").click()
    expect(page.get_by_test_id("summary-next")).to_be_visible()


def open_stored_replays(page: Any, base_url: str, seed: int, when: str, query: str = "") -> Any:
    """A whole game of four Easys stored as the one replay, the page opened on the list of replays
    (statistics, then REPLAYS); returns the game."""
    import json

    from joker.bots import make_bot
    from joker.game import Game

    g = Game(mode="nines", seed=seed)
    bots = [make_bot("easy", seed=s) for s in range(4)]
    while g.phase != "over":
        g.apply(bots[g.to_act].act(g.view(g.to_act)))
    entry = {"when": when, "level": "easy", "mode": "nines", "scores": g.scores(),
             "places": g.view(0)["places"], "game": g.to_dict()}
    page.add_init_script(f"localStorage.setItem('joker.replays', {json.dumps(json.dumps([entry]))})")
    page.goto(f"{base_url}?pace=fast{query}")
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("settings-stats").click()
    page.get_by_test_id("stats-replays").click()
    return g


def test_replays_step_through_a_stored_game_with_every_hand(page: Any, base_url: str) -> None:
    from joker.replay import replay

    g = open_stored_replays(page, base_url, 77, "2026-03-01")
    page.get_by_test_id("replay-0").click()
    expect(page.get_by_test_id("replay-step")).to_be_visible(timeout=THINK_MS)
    frames = list(replay(g.to_dict()))
    for s in range(4):
        expect(page.get_by_test_id(f"review-hand-{s}")).to_be_visible()
    first = page.get_by_test_id("review-hand-0").inner_text()
    assert len(frames[0]["hands"][0]) == 9 and first
    page.get_by_test_id("replay-step-next").click()
    expect(page.get_by_test_id("replay-step")).to_have_attribute("data-value", "1")
    page.get_by_test_id("replay-deal-next").click()
    expect(page.get_by_test_id("replay-deal")).to_have_attribute("data-value", "2")
    shoot(page, "coach-replay")
    # the last frame carries the game's final scores
    for _ in range(14):
        page.get_by_test_id("replay-deal-next").click()
    expect(page.get_by_test_id("replay-deal")).to_have_attribute("data-value", "16")
    while page.get_by_test_id("replay-step-next").is_enabled():
        page.get_by_test_id("replay-step-next").click()
    expect(page.get_by_test_id("replay-scores")).to_contain_text(" · ".join(str(x) for x in g.scores()))


def test_daily_deal_starts_the_game_of_the_day(page: Any, base_url: str) -> None:
    import datetime

    from joker.daily import daily_seed

    page.goto(f"{base_url}?pace=fast")
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    page.get_by_test_id("level-easy").click()
    page.get_by_test_id("daily").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
    today = page.evaluate("() => { const d = new Date(); "
                          "return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; }")
    day = datetime.date(*today).isoformat()
    save = stored(page, "save")
    assert save["game"]["seed"] == daily_seed(day) and save["game"]["mode"] == "nines"
    assert stored(page, "daily.current") == {
        "day": day, "seed": daily_seed(day)}
    v = wait_human(page)
    assert v["deal_no"] == 1 and v["deals_total"] == 16
