"""Browser tests of what a picky player found at the table (issue #10), one test per fix.

Each test opens the app at the moment that matters (a saved position, stored statistics) and
checks the state attributes and the markup; every wait is on state, never on time.
"""
from __future__ import annotations

import json
import re
from typing import Any

import sweep_states
from playwright.sync_api import expect
from test_sweep import SIZES, Sweep

PHONE = SIZES["phone-390x844"]


def sweep(page: Any, base_url: str, lang: str = "ru", size: str = "phone-390x844") -> Sweep:
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    return Sweep(page, base_url, size, lang, folder="fixes")


# ---- 9: the statistics chart ------------------------------------------------------------------

def test_statistics_chart_has_axes_marks_coloured_by_place_and_labels(page: Any, base_url: str) -> None:
    s = sweep(page, base_url)
    text = sweep_states.stats_text()
    group = json.loads(text)["groups"]["medium/full"]
    s.open({"joker.stats": text})
    page.wait_for_selector("html[data-storage=checked]", state="attached")
    page.get_by_test_id("settings-stats").click()
    chart = page.get_by_test_id("stats-chart")
    expect(chart).to_have_attribute("data-points", str(len(group["recent"])))
    marks = chart.get_by_test_id("chart-mark")
    expect(marks).to_have_count(len(group["recent"]))
    for i, (score, place) in enumerate(zip(group["recent"], group["recent_places"], strict=True)):
        expect(marks.nth(i)).to_have_attribute("data-score", str(score))
        expect(marks.nth(i)).to_have_attribute("data-place", str(place))
        expect(marks.nth(i)).to_have_class(re.compile(rf"\bplace-{place}\b"))
    # a score axis with round ticks through zero, negative ones with a true minus sign
    yticks = chart.get_by_test_id("chart-ytick").all_text_contents()
    assert len(yticks) >= 3 and "0" in yticks, yticks
    assert any(v.startswith("\u2212") for v in yticks) and not any("-" in v for v in yticks), yticks
    # the games axis numbered from 1 to n, both axes named, a legend of the places
    xticks = chart.get_by_test_id("chart-xtick").all_text_contents()
    assert xticks[0] == "1" and xticks[-1] == str(len(group["recent"])), xticks
    expect(chart.locator(".axis-name")).to_have_text(["Партии, от старых к новым", "Очки"])
    legend = page.get_by_test_id("chart-legend")
    for p in sorted(set(group["recent_places"])):
        expect(legend).to_contain_text(["первое", "второе", "третье", "четвёртое"][p - 1])
    s.shot("statistics-chart")
    assert not s.problems, s.problems


# ---- 3: the score sheet's totals ---------------------------------------------------------------

def _sheet_lines(page: Any, testid: str) -> list[list[str]]:
    rows = page.locator(f'[data-testid="sheet-table"] tr[data-testid="{testid}"]')
    return [[c.strip() for c in r.locator("td").all_text_contents()] for r in rows.all()]


def _shown(n: int) -> str:
    return str(n).replace("-", "\u2212")


def test_score_sheet_names_each_pulka_line_and_adds_running_and_game_totals(page: Any, base_url: str) -> None:
    """After each pulka: its own total ("Итог пули N"), then the score after it; at the foot the
    game's total in bold. The deal table's running column is "Счёт", not the sheet's totals' word."""
    s = sweep(page, base_url)
    s.continue_at("game_end")
    s.tap_card(s.view()["hand"][0])
    assert s.settled("next") == "next"
    expect(page.locator('[data-testid="summary-table"] thead th').last).to_have_text("Счёт")
    page.get_by_test_id("summary-next").click()
    assert s.settled("results") == "results"
    v = s.view()
    page.get_by_test_id("results-sheet").click()
    totals = _sheet_lines(page, "sheet-pulka-total")
    assert [r[0] for r in totals] == [f"Итог пули {p['no']}" for p in v["pulkas"]]
    assert [r[1:] for r in totals] == [[_shown(x) for x in p["total"]] for p in v["pulkas"]]
    running = _sheet_lines(page, "sheet-running")
    score = [0, 0, 0, 0]
    want = []
    for p in v["pulkas"][:-1]:  # the last pulka's score is the game total
        score = [a + b for a, b in zip(score, p["total"], strict=True)]
        want.append([f"Счёт после пули {p['no']}", *(_shown(x) for x in score)])
    assert running == want
    game = _sheet_lines(page, "sheet-game-total")
    assert game == [["Итог игры", *(_shown(x) for x in v["scores"])]]
    assert [a + b for a, b in zip(score, v["pulkas"][-1]["total"], strict=True)] == v["scores"]
    first = page.locator('[data-testid="sheet-game-total"] td').first
    assert int(first.evaluate("e => getComputedStyle(e).fontWeight")) >= 700
    sheet_text = page.get_by_test_id("sheet-table").inner_text()
    assert "-" not in sheet_text.replace("–", "")  # true minus signs only (– marks a pass)
    s.shot("score-sheet-totals")
    # a game in progress: the score so far at the foot
    s.continue_at("pulka_end")
    s.tap_card(s.view()["hand"][0])
    assert s.settled("next") == "next"
    v = s.view()
    page.get_by_test_id("summary-next").click()
    s.settled("human bot")
    page.get_by_test_id("sheet-button").click()
    assert _sheet_lines(page, "sheet-game-total")[0][0] == "Счёт сейчас"
    assert len(_sheet_lines(page, "sheet-running")) == len(v["pulkas"])
