"""Browser tests of what a picky player found at the table (issue #10), one test per fix.

Each test opens the app at the moment that matters (a saved position, stored statistics) and
checks the state attributes and the markup; every wait is on state, never on time.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import sweep_states
from playwright.sync_api import expect
from test_coach_ui import act
from test_sweep import SIZES, Sweep

from tools.build.i18n import parse_po

PHONE = SIZES["phone-390x844"]
LOCALE = Path(__file__).resolve().parent.parent / "static" / "locale"


def sweep(page: Any, base_url: str, lang: str = "ru", size: str = "phone-390x844") -> Sweep:
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    return Sweep(page, base_url, size, lang, folder="fixes")


# ---- 9: the statistics chart ------------------------------------------------------------------

def test_statistics_chart_has_axes_marks_coloured_by_place_and_labels(page: Any, base_url: str) -> None:
    s = sweep(page, base_url)
    text = sweep_states.stats_text()
    group = json.loads(text)["groups"]["medium/full"]
    s.open({sweep_states.key("stats"): text})
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


# ---- 1: PLAY never silently discards a saved game ----------------------------------------------

def test_play_asks_before_replacing_a_save_and_continue_is_the_main_button(page: Any, base_url: str) -> None:
    s = sweep(page, base_url)
    s.open(sweep_states.save_entries(sweep_states.find("deal_end")))
    saved = page.evaluate("() => localStorage.getItem('joker[/].save')")
    deal = json.loads(page.evaluate("() => localStorage.getItem('joker[/].save.meta')"))["deal_no"]
    cont, play = page.get_by_test_id("continue"), page.get_by_test_id("play")
    expect(cont).to_have_class(re.compile(r"\bbtn-primary\b"))
    expect(play).not_to_have_class(re.compile(r"\bbtn-primary\b"))
    cb, pb = cont.bounding_box(), play.bounding_box()
    assert cb and pb and (cb["y"], cb["x"]) < (pb["y"], pb["x"]), (cb, pb)  # CONTINUE comes first
    s.shot("first-screen-with-a-save")
    play.click()
    question = page.get_by_test_id("leave-question")
    expect(question).to_have_text(f"Бросить партию на раздаче {deal} и начать новую?")
    s.shot("play-asks")
    page.get_by_test_id("leave-no").click()
    expect(page.locator("#overlay")).to_be_hidden()
    assert page.evaluate("() => localStorage.getItem('joker[/].save')") == saved
    expect(page.get_by_test_id("settings")).to_be_visible()
    play.click()
    page.get_by_test_id("leave-yes").click()
    page.wait_for_selector("#table:not([hidden])")
    s.settled()
    assert s.view()["deal_no"] == 1
    assert page.evaluate("() => localStorage.getItem('joker[/].save')") != saved
    # without a save PLAY is the main button and starts at once
    s.open({})
    expect(page.get_by_test_id("play")).to_have_class(re.compile(r"\bbtn-primary\b"))
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table:not([hidden])")
    expect(page.locator("#overlay")).to_be_hidden()


# ---- 10: PLAY AGAIN, and the menu pauses the bots ----------------------------------------------

def test_play_again_deals_a_new_game_with_the_same_settings(page: Any, base_url: str) -> None:
    s = sweep(page, base_url)
    s.continue_at("game_end")   # an Easy game of Nines; the first screen's defaults are Medium, Full game
    old = s.view()
    s.tap_card(old["hand"][0])
    assert s.settled("next") == "next"
    page.get_by_test_id("summary-next").click()
    assert s.settled("results") == "results"
    page.get_by_test_id("results-again").click()
    expect(page.locator("#table")).to_have_attribute("data-deal", "1")
    s.settled()
    v = s.view()
    assert v["deal_no"] == 1 and not v["deals"]
    assert v["mode"] == old["mode"] == "nines" and v["rules"] == old["rules"]
    expect(page.get_by_test_id("settings")).to_be_hidden()
    save = json.loads(page.evaluate("() => localStorage.getItem('joker[/].save')"))
    assert save["level"] == "easy"
    settings = json.loads(page.evaluate("() => localStorage.getItem('joker[/].settings')"))
    assert (settings["level"], settings["mode"], settings["rules"]) == ("easy", "nines", old["rules"])


def test_the_menu_holds_a_bots_move_until_it_closes(page: Any, base_url: str) -> None:
    """A bot thinking when the menu opens: its move comes back but is not shown (the table does
    not change behind the menu) until the menu closes."""
    s = sweep(page, base_url)
    page.goto(f"{base_url}?pace=normal&lang=ru&seed=5")
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    page.get_by_test_id("play").click()
    table = page.locator("#table")
    for _ in range(40):  # until the menu opens while a bot is still thinking
        s.settled("bot human")
        # whose turn and how many actions, read at one moment: read apart, a bot's move shown between
        # the two reads left my turn counted as the bot's (a race seen on a loaded machine)
        waiting, before = page.evaluate(
            "() => { const t = document.getElementById('table');"
            " return [t.dataset.await, t.dataset.actions]; }")
        if waiting == "human":  # my turn: the quickest legal answer
            v = s.view()
            if v["phase"] == "trump":
                page.get_by_test_id("trump-none").click()
            elif v["phase"] == "bid":
                page.keyboard.press(str(next(n for n in range(10) if str(n) in v["legal"])))
            elif plain := [a for a in v["legal"] if a[0] != "X"]:
                s.tap_card(plain[0])
            else:  # only a joker to play (on a loaded machine the loop ran on into a late trick)
                s.tap_card(v["legal"][0][:2])
                if v["trick"]:
                    page.get_by_test_id("joker-take").click()
                else:
                    page.get_by_test_id("joker-want").click()
                    page.locator("[data-testid^=joker-suit-]:enabled").first.click()
            page.wait_for_function("() => document.querySelector('#table').dataset.await !== 'human'")
            continue
        if waiting != "bot":
            continue
        page.get_by_test_id("menu-button").click()
        if table.get_attribute("data-actions") == before:
            break
        page.get_by_test_id("dialog-close").click()
    else:
        raise AssertionError("never caught a bot thinking")
    expect(table).to_have_attribute("data-held", "1", timeout=30_000)   # the move came back ...
    assert table.get_attribute("data-actions") == before                # ... and waits behind the menu
    page.get_by_test_id("dialog-close").click()
    expect(table).not_to_have_attribute("data-actions", before)
    expect(table).to_have_attribute("data-held", "0")


# ---- 11: bidding in one tap --------------------------------------------------------------------

def test_numbers_bid_in_one_tap_and_the_dealers_forbidden_number_is_refused(page: Any, base_url: str) -> None:
    s = sweep(page, base_url)
    s.continue_at("bid")   # I deal and bid last: one number is forbidden
    v = s.view()
    f = v["forbidden_bid"]
    assert f is not None
    nums = page.locator('[data-testid^="bid-n-"]')
    expect(nums).to_have_count(v["cards"] + 1)
    forbidden = page.get_by_test_id(f"bid-n-{f}")
    expect(forbidden).to_have_attribute("data-forbidden", "1")
    assert "line-through" in forbidden.evaluate("e => getComputedStyle(e).textDecorationLine")
    for n in range(v["cards"] + 1):  # the − / + / PASS / BID controls are still there beside them
        expect(page.get_by_test_id(f"bid-n-{n}")).to_have_text(str(n))
    for tid in ("bid-minus", "bid-plus", "bid-value", "bid-pass", "bid-submit"):
        expect(page.get_by_test_id(tid)).to_be_visible()
    before = page.locator("#table").get_attribute("data-actions")
    forbidden.click()
    status = page.locator("#status")
    expect(status).to_have_attribute("data-reason", "forced_dealer")
    expect(status).to_have_class(re.compile(r"\brefused\b"))
    assert page.locator("#table").get_attribute("data-actions") == before and s.view()["bids"][0] is None
    want = next(n for n in range(v["cards"] + 1) if n != f and n != 1)
    page.get_by_test_id(f"bid-n-{want}").click()
    page.wait_for_function("n => document.querySelector('#table').dataset.actions !== n", arg=before)
    assert s.view()["bids"][0] == want


def test_keyboard_digits_still_bid(page: Any, base_url: str) -> None:
    s = sweep(page, base_url)
    s.continue_at("bid_small")
    v = s.view()
    n = next(k for k in range(v["cards"] + 1) if k != v["forbidden_bid"])
    before = page.locator("#table").get_attribute("data-actions")
    page.keyboard.press(str(n))
    page.wait_for_function("n => document.querySelector('#table').dataset.actions !== n", arg=before)
    assert s.view()["bids"][0] == n


# ---- 2: a refusal lives until the next change --------------------------------------------------

def _status_reason(page: Any) -> str:
    return page.locator("#status").get_attribute("data-reason") or ""


SNAP_JS = """n => {
  const reason = document.querySelector('#status').dataset.reason;
  const now = document.querySelector('#table').dataset.actions;
  if (now === n && reason !== 'not_your_turn') return null;  // the refusal is on its way
  const tinted = [...document.querySelectorAll('.card[data-refused="1"]')].map((e) => e.dataset.key);
  return {now, reason, tinted};
}"""


def test_a_refusal_and_its_cards_tint_go_at_the_next_change(page: Any, base_url: str) -> None:
    """A card tapped while a bot is to play: "it is Nino's turn" and the card tinted, until the bot
    plays; a refusal also goes when a window opens (the last-trick peek)."""
    s = sweep(page, base_url)
    s.continue_at("play", pace="normal")
    # A bot's move is asked for a moment late, so the engine still has the bot to play when the tap
    # lands (otherwise the tap races the bot's search, which on a quick machine is over before the
    # card flying in has landed and the tap can be made; the bot's "thinking" pause comes after it).
    page.evaluate("""() => { const py = window.jokerPy, orig = py.bot_move;
      py.bot_move = (...args) => new Promise((ok) => setTimeout(ok, 700)).then(() => orig(...args)); }""")
    table = page.locator("#table")
    refused = page.locator('.card.in-hand[data-refused="1"]')
    caught = False
    for _ in range(40):  # until a tap lands while a bot is still to play
        if s.settled("human bot next") == "next":
            page.get_by_test_id("summary-next").click()
            continue
        v = s.view()
        actions = table.get_attribute("data-actions") or ""
        if table.get_attribute("data-await") == "human":
            # my turn: a plain card if I hold one, else a joker (a hand of jokers only) or a bid
            act(page, v, next((a for a in v["legal"] if a[0] != "X"), v["legal"][0]))
            continue
        card = v["hand"][0]
        s.tap_card(card)
        snap = page.wait_for_function(SNAP_JS, arg=actions).json_value()  # status, tint, counter at once
        if snap["now"] != actions:
            continue  # the bot was quicker than the tap
        assert snap["reason"] == "not_your_turn" and snap["tinted"] == [card], snap
        page.wait_for_function("n => document.querySelector('#table').dataset.actions !== n", arg=actions)
        # the next change (the bot's card): the message and the tint are gone, and stay gone
        assert _status_reason(page) != "not_your_turn"
        expect(refused).to_have_count(0)
        expect(page.locator(".card.shake")).to_have_count(0)
        caught = True
        break
    assert caught, "never tapped while a bot was to play"
    s.settled("human")
    assert _status_reason(page) in ("", "forced_dealer")
    expect(refused).to_have_count(0)
    # my turn: an illegal card (if I hold one) is refused; opening the last trick takes it away
    v = s.view()
    illegal = [c for c in v["hand"] if not any(a[:2] == c for a in v["legal"])]
    if illegal and v["last_trick"]:
        s.tap_card(illegal[0])
        expect(refused).to_have_count(1)
        assert _status_reason(page) in ("must_follow", "must_trump", "must_highest")
        page.get_by_test_id("last-button").click()
        s.close_dialog()
        assert _status_reason(page) == ""
        expect(refused).to_have_count(0)


# ---- 10: one minus sign --------------------------------------------------------------------------

HYPHENS_JS = r"""() => {
  const text = ['#table', '#overlay'].map((sel) => document.querySelector(sel).innerText).join('\n');
  return (text.match(/(^|[^\w])-\d+/g) || []).map((m) => m.trim());
}"""


def test_negative_numbers_take_a_true_minus_sign_everywhere(page: Any, base_url: str) -> None:
    s = sweep(page, base_url)
    s.continue_at("game_end")
    v = s.view()
    assert min(v["scores"]) < 0  # a negative score on the seats
    low = v["scores"].index(min(v["scores"]))
    expect(page.get_by_test_id(f"score-{low}")).to_have_text(str(min(v["scores"])).replace("-", "\u2212"))
    assert page.evaluate(HYPHENS_JS) == []
    s.tap_card(v["hand"][0])
    assert s.settled("next") == "next"      # the deal table (and the last pulka's)
    assert page.evaluate(HYPHENS_JS) == []
    page.get_by_test_id("summary-next").click()
    assert s.settled("results") == "results"
    assert page.evaluate(HYPHENS_JS) == []
    page.get_by_test_id("results-sheet").click()
    assert page.evaluate(HYPHENS_JS) == []


# ---- 4: a panel opens when the hand has landed -------------------------------------------------

WATCH_PANEL_JS = """() => {
  window.__panelOpened = [];
  const panel = document.querySelector('#panel');
  const inHand = (el) => el && el.closest && el.closest('.card.in-hand, .card[data-testid="hand-back"]');
  const moving = () => document.getAnimations()
    .filter((a) => a.playState === 'running' && a.effect && inHand(a.effect.target)).length;
  new MutationObserver(() => {
    if (panel.hidden || !panel.dataset.kind) return;
    window.__panelOpened.push({kind: panel.dataset.kind, moving: moving()});
  }).observe(panel, {attributes: true, childList: true});
}"""


def test_trump_and_bid_panels_open_only_when_the_hand_has_landed(page: Any, base_url: str) -> None:
    """At the normal pace the cards fly in one after another: the trump panel, and after the trump
    the bid panel (while the other six cards fly in), open only once every card has landed."""
    s = sweep(page, base_url)
    s.open(entries_for("trump"), pace="normal")
    page.evaluate(WATCH_PANEL_JS)
    page.get_by_test_id("continue").click()
    expect(page.get_by_test_id("trump-S")).to_be_visible()
    page.get_by_test_id("trump-S").click()
    expect(page.get_by_test_id("bid-submit")).to_be_visible()
    opened = page.evaluate("() => window.__panelOpened")
    kinds = [o["kind"] for o in opened]
    assert "trump" in kinds and "bid" in kinds, opened
    assert all(o["moving"] == 0 for o in opened), opened
    expect(page.locator("#table")).to_have_attribute("data-await", "human")


def entries_for(name: str) -> dict[str, str]:
    return sweep_states.save_entries(sweep_states.find(name))


# ---- 6: bots' bids as bubbles at their seats ------------------------------------------------------

def test_each_bots_bid_stays_as_a_bubble_at_its_seat_until_the_first_card(page: Any, base_url: str) -> None:
    s = sweep(page, base_url)
    s.continue_at("bid", pace="normal")   # the three bots have bid; now me (a bot leads after)
    v = s.view()
    for seat in (1, 2, 3):
        bubble = page.get_by_test_id(f"bid-bubble-{seat}")
        expect(bubble).to_be_visible()
        expect(bubble).to_have_attribute("data-bid", str(v["bids"][seat]))
        expect(bubble).to_have_text("Пас" if v["bids"][seat] == 0 else f"Заказ {v['bids'][seat]}")
    s.shot("bid-bubbles")
    assert not s.problems, s.problems   # no bubble covers a seat, a fan or the panel
    # my bid ends the bidding: the bubbles stay until the deal's first card is played
    n = next(k for k in range(v["cards"] + 1) if k != v["forbidden_bid"])
    before = page.locator("#table").get_attribute("data-actions")
    page.keyboard.press(str(n))
    page.wait_for_function("n => document.querySelector('#table').dataset.actions !== n", arg=before)
    state = page.evaluate("""() => ({phase: window.jokerUI.state().view.phase,
      trick: window.jokerUI.state().view.trick.length,
      bubbles: document.querySelectorAll('.bid-bubble').length})""")
    assert state == {"phase": "play", "trick": 0, "bubbles": 3}, state   # Nino thinks about his lead
    page.wait_for_function("() => { const v = window.jokerUI.state().view;"
                           " return v.trick.length + v.tricks.length > 0; }")
    expect(page.locator(".bid-bubble")).to_have_count(0)
    for seat in (1, 2, 3):  # the badges keep every bid through the deal
        expect(page.get_by_test_id(f"badge-{seat}")).to_contain_text(f"/{v['bids'][seat]}")


# ---- 8: plurals on the statistics tiles ---------------------------------------------------------

def _counts_doc() -> str:
    """21 games (2 wins, 5 khishti, 1 premium): the forms for 21, 2, 5 and 1 in Russian."""
    group = {"games": 21, "wins": 2, "places": [2, 9, 5, 5], "total_score": 2100, "best_score": 900,
             "bids": 336, "bids_made": 100, "khishti": 5, "premiums": 1, "recent": [100] * 21,
             "recent_places": [2] * 21}
    return json.dumps({"version": 1, "groups": {"medium/full": group}})


def test_statistics_tiles_count_in_the_right_plural_form(page: Any, base_url: str) -> None:
    want = {"ru": ["21 партия", "2 победы", "5 хиштов", "1 премия"],
            "en": ["21 games", "2 wins", "5 khishti", "1 premium"],
            "ka": ["21 პარტია", "2 მოგება", "5 ხიშტი", "1 პრემია"]}
    for lang, texts in want.items():
        s = sweep(page, base_url, lang)
        s.open({sweep_states.key("stats"): _counts_doc()})
        page.wait_for_selector("html[data-storage=checked]", state="attached")
        page.get_by_test_id("settings-stats").click()
        # the figures come once the engine's worker has read them (a loading line until then)
        page.get_by_test_id("stat-games").wait_for(state="visible")
        for tile, text in zip(("games", "wins", "khishti", "premiums"), texts, strict=True):
            got = " ".join(page.get_by_test_id(f"stat-{tile}").locator("b, span").all_inner_texts())
            assert got == text, (lang, tile, got)


# ---- follow-up: a language switch redraws the cards' rank letters -------------------------------

def test_a_language_switch_at_the_table_redraws_the_cards_rank_letters(page: Any, base_url: str) -> None:
    def rank_letters(lang: str) -> dict[str, str]:
        entries = parse_po((LOCALE / f"{lang}.po").read_text(encoding="utf-8"), f"{lang}.po")
        return {e.ctxt[5:]: e.msgstr[0] for e in entries if e.ctxt and e.ctxt.startswith("rank.")}

    ranks = {lang: rank_letters(lang) for lang in ("ru", "ka")}
    shown = """() => Object.fromEntries([...document.querySelectorAll('.card.faceup[data-card]')]
      .filter((c) => c.dataset.card[0] !== 'X')
      .map((c) => [c.dataset.card, c.querySelector('.idx.tl b').textContent]))"""
    s = sweep(page, base_url, "ru")
    s.continue_at("play")
    before = page.evaluate(shown)
    assert any(ranks["ru"][c[0]] != ranks["ka"][c[0]] for c in before), before  # a court card or an ace
    assert before == {c: ranks["ru"][c[0]] for c in before}
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-lang-ka").click()
    s.close_dialog()
    after = page.evaluate(shown)
    assert after.keys() == before.keys()
    assert after == {c: ranks["ka"][c[0]] for c in after}, after


# ---- follow-up: the deal review opens from the score sheet --------------------------------------

def test_a_finished_deals_number_on_the_score_sheet_opens_its_review(page: Any, base_url: str) -> None:
    s = sweep(page, base_url, "en")
    s.continue_at("play")   # the second deal or later: at least one finished deal
    finished = len(s.view()["deals"])
    assert finished >= 1
    page.get_by_test_id("sheet-button").click()
    expect(page.locator("#overlay")).to_have_attribute("data-dialog", "sheet")
    expect(page.locator("[data-testid^=sheet-review-]")).to_have_count(finished)
    expect(page.get_by_test_id("sheet-table")).not_to_contain_text("Review")  # a number, nothing more
    page.get_by_test_id("sheet-review-1").click()
    expect(page.locator("#overlay")).to_have_attribute("data-dialog", "review")
    expect(page.locator("#dialog h2")).to_have_text("Review · deal 1")
    expect(page.get_by_test_id("review-step")).to_be_visible(timeout=60_000)  # the deal's tricks
    for seat in range(4):
        expect(page.get_by_test_id(f"review-hand-{seat}")).to_be_visible()
    s.close_dialog()


# ---- follow-up: the top bar owns its layout in one place ----------------------------------------

def test_only_table_css_lays_out_the_top_bar() -> None:
    """The bar's columns and every button's place in them live in table.css; the coach's hint
    button (added by hint.js) has its place there too, so no other sheet re-declares the grid."""
    css = LOCALE.parent / "css"
    for sheet in sorted(css.glob("*.css")):
        text = re.sub(r"/\*.*?\*/", "", sheet.read_text(encoding="utf-8"), flags=re.S)
        rules = re.findall(r"([^{}]*\.topbar[^{}]*)\{([^}]*)\}", text)
        layout = [sel.strip() for sel, body in rules if re.search(r"grid-(template|column|row)", body)]
        if sheet.name == "table.css":
            assert any("#hint-button" in sel for sel in layout), layout
        else:
            assert not layout, (sheet.name, layout)


# ---- 10: the menu's speed and language rows have visible names ----------------------------------

def test_the_menus_speed_and_language_rows_are_labelled(page: Any, base_url: str) -> None:
    labels = {"ru": ("Скорость", "Язык"), "en": ("Speed", "Language"), "ka": ("სიჩქარე", "ენა")}
    for lang, names in labels.items():
        s = sweep(page, base_url, lang)
        s.continue_at("bid")
        page.get_by_test_id("menu-button").click()
        for row, name, first in (("speed", names[0], "menu-speed-slow"), ("lang", names[1], "menu-lang-ka")):
            label = page.get_by_test_id(f"menu-{row}-label")
            expect(label).to_be_visible()
            expect(label).to_have_text(name)
            expect(page.get_by_role("group", name=name)).to_be_visible()
            lb, bb = label.bounding_box(), page.get_by_test_id(first).bounding_box()
            assert lb and bb and lb["y"] + lb["height"] <= bb["y"] + 1, (lang, row, lb, bb)  # above its row
        s.shot("menu")
        assert not s.problems, s.problems


# ---- 7: a desktop uses its room -----------------------------------------------------------------

MEASURE_JS = """() => {
  const r = (el) => el.getBoundingClientRect();
  const plates = [...document.querySelectorAll('.plate')].map(r);
  const felt = r(document.querySelector('#felt'));
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('#status'));
  const st = range.getBoundingClientRect();
  const card = document.querySelector('.card.in-hand');
  return {
    platesCx: (Math.min(...plates.map((p) => p.left)) + Math.max(...plates.map((p) => p.right))) / 2,
    platesBottom: Math.max(...plates.map((p) => p.bottom)), statusCx: (st.left + st.right) / 2,
    statusRight: st.right, statusTop: st.top, hintLeft: r(document.querySelector('#hint-button')).left,
    hintBottom: r(document.querySelector('#hint-button')).bottom,
    feltCx: (felt.left + felt.right) / 2, feltTop: felt.top, width: innerWidth,
    plateFont: parseFloat(getComputedStyle(document.querySelector('.plate')).fontSize),
    statusFont: parseFloat(getComputedStyle(document.querySelector('#status')).fontSize),
    cardW: card.offsetWidth };
}"""


def test_desktop_plates_and_status_sit_over_the_table_and_everything_grows_with_the_window(
        page: Any, base_url: str) -> None:
    got = {}
    for size in ("phone-390x844", "laptop-1440x900", "desktop-1920x1080"):
        s = sweep(page, base_url, "ru", size)
        s.continue_at("play")
        m = got[size] = page.evaluate(MEASURE_JS)
        if size.startswith("phone"):
            # upright, the hint button sits at the status line's end: the line is still centred on
            # the screen (not in the space left of the button), and its text stays clear of it
            assert abs(m["statusCx"] - m["width"] / 2) < 2, m
            assert m["statusRight"] <= m["hintLeft"] or m["statusTop"] >= m["hintBottom"], m
            continue
        # the plates and the status line are centred over the felt, right above it
        assert abs(m["platesCx"] - m["feltCx"]) < 0.05 * m["width"], (size, m)
        assert abs(m["statusCx"] - m["feltCx"]) < 0.05 * m["width"], (size, m)
        assert m["feltTop"] - m["platesBottom"] < 80, (size, m)
    phone, laptop, desk = got["phone-390x844"], got["laptop-1440x900"], got["desktop-1920x1080"]
    assert laptop["plateFont"] >= 16 and desk["plateFont"] >= 19, (laptop, desk)  # not 11-12 px
    assert phone["plateFont"] < laptop["plateFont"] < desk["plateFont"]
    assert phone["statusFont"] < laptop["statusFont"] < desk["statusFont"]
    assert phone["cardW"] < laptop["cardW"] < desk["cardW"]
