"""A window closed while its figures are still on the way stays closed.

The statistics, a replay and a deal review are drawn after an engine call; on a loaded phone that
call can take a while, and the player may close the window (Esc, ✕) before it answers.  The answer
must not bring the window back over whatever the player went to — the results' PLAY AGAIN was once
covered by a statistics screen redrawn (after a language switch) and closed in between.

Each test makes one engine call slow by wrapping it (``window.jokerPy``: every call goes through
whatever is there at that moment), closes the window while the call waits, then waits for the call
to finish and for the page's next task, and checks which window is open.  Waits are on state, never
on time: the wrapped call records when its answer has been handed back.
"""
from __future__ import annotations

from typing import Any

from conftest import READY_TIMEOUT_MS
from playwright.sync_api import expect
from test_coach_ui import open_stored_replays, play_deal, start

# The named engine call waits for window.__release(name) before it runs, and counts its answers.
HOLD = """name => { const py = window.jokerPy, orig = py[name];
  window.__answered = window.__answered || {};
  window.__gates = window.__gates || {};
  window.__release = (n) => { (window.__gates[n] || []).splice(0).forEach((go) => go()); };
  py[name] = (...args) => new Promise((go) => (window.__gates[name] ||= []).push(go))
    .then(() => orig(...args))
    .then((r) => { window.__answered[name] = (window.__answered[name] || 0) + 1; return r; }); }"""


def hold(page: Any, name: str) -> None:
    page.evaluate(HOLD, name)


def release_and_settle(page: Any, name: str) -> None:
    """Let the held call answer; return once the page has done everything that answer leads to."""
    page.wait_for_function("n => (window.__gates[n] || []).length > 0", arg=name)
    page.evaluate("n => window.__release(n)", name)
    page.wait_for_function("n => window.__answered[n] >= 1", arg=name, timeout=READY_TIMEOUT_MS)
    # the app's continuation runs in microtasks after the answer: a later task sees it done
    page.evaluate("() => new Promise((ok) => setTimeout(ok, 0))")


def dialog(page: Any) -> str | None:
    return page.evaluate("() => window.jokerUI.state().dialog")  # type: ignore[no-any-return]


def test_statistics_closed_while_loading_stay_closed(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}?pace=fast&lang=en")
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("settings-stats").click()
    expect(page.get_by_test_id("stats-body")).to_be_visible()
    hold(page, "stats_load")
    page.get_by_test_id("stats-level-hard").click()  # redrawn once the figures are loaded
    page.keyboard.press("Escape")
    expect(page.locator("#overlay")).to_be_hidden()
    release_and_settle(page, "stats_load")
    assert dialog(page) is None
    expect(page.locator("#overlay")).to_be_hidden()
    # opened again, the statistics come (the guard drops only the answer that was overtaken)
    page.get_by_test_id("settings-stats").click()
    release_and_settle(page, "stats_load")
    expect(page.get_by_test_id("stats-body")).to_be_visible()
    assert dialog(page) == "stats"


def test_a_replay_closed_while_loading_stays_closed(page: Any, base_url: str) -> None:
    open_stored_replays(page, base_url, 78, "2026-03-02", "&lang=en")
    hold(page, "coach_replay")
    page.get_by_test_id("replay-0").click()
    expect(page.get_by_test_id("replay-body")).to_be_visible()  # the viewer, waiting for the frames
    page.keyboard.press("Escape")
    expect(page.locator("#overlay")).to_be_hidden()
    release_and_settle(page, "coach_replay")
    assert dialog(page) is None
    expect(page.locator("#overlay")).to_be_hidden()


def test_a_review_closed_while_planning_stays_closed_and_keeps_its_plan(page: Any, base_url: str) -> None:
    start(page, base_url, seed=13)
    play_deal(page)  # the deal table, with its REVIEW
    hold(page, "coach_review_plan")
    page.get_by_test_id("summary-review").click()
    expect(page.get_by_test_id("dialog-review")).to_be_visible()
    page.keyboard.press("Escape")  # back to the deal table
    expect(page.get_by_test_id("summary-next")).to_be_visible()
    release_and_settle(page, "coach_review_plan")
    assert dialog(page) == "summary"
    expect(page.get_by_test_id("summary-next")).to_be_visible()
    # the plan that came meanwhile is kept: opened again, the review goes on without asking again
    page.get_by_test_id("summary-review").click()
    expect(page.get_by_test_id("review-progress")).to_be_visible()
    assert page.evaluate("() => (window.__gates.coach_review_plan || []).length") == 0
