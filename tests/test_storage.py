"""Browser tests of storage (issue #9): two tabs never overwrite each other's game or statistics,
hostile stored or imported text never reaches a parser that could blow the stack, numbers out of
bounds are set aside, keys live under a namespace derived from the base path, and a bad entry too
big to copy aside is reported.

Two pages of one browser context share localStorage exactly as two tabs do. Waits are on state
attributes (``html[data-tab]``, ``#table[data-await]``, ``data-testid``s), never on time.
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import READY_TIMEOUT_MS, start_server, stop_server
from playwright.sync_api import expect
from test_app import DESKTOP, PHONE, human_step, open_app, play_button, stats_doc
from test_table import SHOTS, STEP_MS, attr, click_card, view, wait_settled

from joker import saves, stats
from joker.game import Game
from joker.rules import PRESETS
from tools.build.i18n import compile_catalogs

DEEP = "[" * 20000 + "]" * 20000  # ~5,300 levels used to kill Python in the page


def key(name: str, base: str = "/") -> str:
    """A localStorage key of the app served under ``base`` (static/js/store.js: key())."""
    return f"joker[{base}].{name}"


def get(page: Any, k: str) -> str | None:
    return page.evaluate("k => localStorage.getItem(k)", k)


def put(page: Any, k: str, value: str) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [k, value])


def stored_actions(page: Any) -> list[str]:
    text = get(page, key("save"))
    assert text, "no save stored"
    return list(json.loads(text)["game"]["actions"])


def games_recorded(page: Any, group: str = "easy/nines") -> int:
    text = get(page, key("stats"))
    return json.loads(text)["groups"].get(group, {"games": 0})["games"] if text else 0


def next_human_turn(page: Any) -> None:
    """Past any deal summary, until it is my turn."""
    while wait_settled(page, "human next") == "next":
        page.get_by_test_id("summary-next").click()
        page.wait_for_selector("#table:not([data-await=next])", state="attached", timeout=STEP_MS)


def try_move(page: Any, v: dict[str, Any]) -> None:
    """What human_step does, without waiting for the engine (a follower tab refuses it)."""
    if v["phase"] == "trump":
        page.get_by_test_id("trump-none").click()
    elif v["phase"] == "bid":
        if v["forbidden_bid"] != 0:
            page.get_by_test_id("bid-pass").click()
        else:
            page.keyboard.press("1")
    else:
        plain = [a for a in v["legal"] if a[0] != "X"]
        click_card(page, plain[0] if plain else v["legal"][0][:2])
        if not plain:
            choices = '[data-testid="joker-take"], [data-testid="joker-under"], [data-testid="joker-want"]'
            page.locator(choices).first.click()
            suit = page.locator('[data-testid^="joker-suit-"]:not([disabled])')
            if suit.count():
                suit.first.click()


def try_stale_move(page: Any) -> None:
    """A move in a tab that no longer writes the game: its felt is inert, so a tap where my first
    card lies and a key press reach no card and no panel; they only bring the banner back."""
    box = page.locator(".card.in-hand").first.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
    page.keyboard.press("1")


def continue_game(page: Any) -> None:
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("continue").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)


def near_end_save(seed: int, level: str = "easy", mode: str = "nines") -> str:
    """A save at my last card of the last deal: one click (and the bots) finish the game."""
    g = Game(PRESETS["standard"], mode, seed=seed)
    rng = random.Random(seed)
    while True:
        v = g.view(0)
        last_deal = v["deal_no"] == v["deals_total"]
        if last_deal and v["phase"] == "play" and g.to_act == 0 and len(v["hand"]) == 1:
            return saves.dumps(g, level)
        g.apply(rng.choice(g.legal_actions()))


def finish_game(page: Any) -> None:
    """From my last card to the results screen."""
    v = view(page)
    before = attr(page, "data-actions")
    try_move(page, v)
    page.wait_for_function("n => document.querySelector('#table').dataset.actions !== n",
                           arg=before, timeout=STEP_MS)
    while wait_settled(page, "next results") == "next":
        page.get_by_test_id("summary-next").click()
        page.wait_for_selector("#table:not([data-await=next])", state="attached", timeout=STEP_MS)


# ------------------------------------------------------------------ without a browser

ROOT = Path(__file__).resolve().parent.parent
CATALOG = compile_catalogs(ROOT / "static" / "locale")


def test_messages_exist_in_every_language() -> None:
    js = "".join(f.read_text(encoding="utf-8") for f in (ROOT / "static" / "js").glob("*.js"))
    used = set(re.findall(r'"((?:tabs|storage)\.[a-z_.]+)"', js))
    assert {"tabs.elsewhere", "tabs.take_over", "tabs.gone", "storage.lost", "storage.what.data",
            "storage.busy"} <= used
    for lang in ("en", "ru", "ka"):
        missing = sorted(k for k in used if not CATALOG["strings"][lang].get(k))  # type: ignore[index]
        assert not missing, (lang, missing)


GUARD_CASES = {
    "[]": None,
    "[" * 64 + "]" * 64: None,
    "[" * 65 + "]" * 65: "depth",
    '{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}': None,
    r'["\\", "\"[[[[", ' + "[" * 63 + "]" * 63 + "]": None,  # an escaped backslash, an escaped quote
    r'["\\"' + "[" * 64 + "]" * 64 + "]": "depth",
    "[" + "1" * 40 + "]": None,
    "[" + "1" * 41 + "]": "number",
    "[-1.5e+300, true, false, null]": None,
    "x" * 1_000_000: None,
    "x" * 1_000_001: "size",
    DEEP: "depth",
}


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_json_guard(tmp_path: Path) -> None:
    """store.js's jsonProblem(), run by Node on the module as the page loads it."""
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps(list(GUARD_CASES)), encoding="utf-8")
    script = (f"import {{ jsonProblem }} from {json.dumps((ROOT / 'static/js/store.js').as_uri())};\n"
              f"import {{ readFileSync }} from 'node:fs';\n"
              f"const cases = JSON.parse(readFileSync({json.dumps(str(cases))}, 'utf8'));\n"
              "console.log(JSON.stringify(cases.map((c) => jsonProblem(c))));\n")
    out = subprocess.run(["node", "--input-type=module", "-e", script],
                         capture_output=True, text=True, check=True)
    assert dict(zip(GUARD_CASES, json.loads(out.stdout), strict=True)) == GUARD_CASES


# ------------------------------------------------------------------ two tabs, one game

def test_two_tabs_one_writer_nothing_lost(context: Any, base_url: str) -> None:
    a = context.new_page()
    a.set_viewport_size(PHONE)
    open_app(a, base_url, "&lang=en")
    play_button(a)
    for _ in range(2):
        next_human_turn(a)
        human_step(a, view(a))
    next_human_turn(a)
    expect(a.locator("html")).to_have_attribute("data-tab", "writer")
    first = stored_actions(a)

    # the second tab continues the game: exactly where the first one is
    b = context.new_page()
    b.set_viewport_size(DESKTOP)
    open_app(b, base_url, "&lang=en")
    continue_game(b)
    next_human_turn(b)
    assert view(b) == view(a)
    # the first tab knows at once that it no longer writes this game
    expect(a.locator("html")).to_have_attribute("data-tab", "follower")
    expect(a.get_by_test_id("tabs-banner")).to_be_visible()
    # on the phone the banner leaves the top bar (menu, score sheet, help) in reach: it sits over the
    # felt, dimmed and inert meanwhile
    banner, bar = a.get_by_test_id("tabs-banner").bounding_box(), a.locator(".topbar").bounding_box()
    assert banner and bar and banner["y"] >= bar["y"] + bar["height"], (banner, bar)
    expect(b.locator("html")).to_have_attribute("data-tab", "writer")
    expect(b.get_by_test_id("tabs-banner")).to_have_count(0)

    # three moves in the second tab
    for _ in range(3):
        next_human_turn(b)
        human_step(b, view(b))
    next_human_turn(b)
    second = stored_actions(b)
    assert len(second) > len(first) and second[: len(first)] == first

    # a move in the first tab (it still shows the older position): refused, said, nothing lost
    a.get_by_test_id("tabs-banner").get_by_test_id("toast-close").click()
    expect(a.get_by_test_id("tabs-banner")).to_have_count(0)
    stale = view(a)
    assert stale["to_act"] == 0
    try_stale_move(a)
    banner = a.get_by_test_id("tabs-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("another tab")
    assert stored_actions(a) == second
    assert view(a) == stale  # the refused move shows nothing either
    SHOTS.mkdir(parents=True, exist_ok=True)
    a.screenshot(path=str(SHOTS / "phone_tabs_banner.png"))
    a.set_viewport_size(DESKTOP)
    a.screenshot(path=str(SHOTS / "desktop_tabs_banner.png"))
    a.set_viewport_size(PHONE)

    # the first tab takes over: exactly the latest stored position, and moves on from it
    a.get_by_test_id("tabs-take-over").click()
    expect(a.locator("html")).to_have_attribute("data-tab", "writer")
    expect(a.get_by_test_id("tabs-banner")).to_have_count(0)
    next_human_turn(a)
    assert view(a) == view(b)
    expect(b.locator("html")).to_have_attribute("data-tab", "follower")
    expect(b.get_by_test_id("tabs-banner")).to_be_visible()
    human_step(a, view(a))
    next_human_turn(a)
    third = stored_actions(a)
    assert len(third) > len(second) and third[: len(second)] == second

    # now the second tab is the stale one
    try_stale_move(b)
    expect(b.get_by_test_id("tabs-banner")).to_be_visible()
    assert stored_actions(b) == third


def test_a_tab_that_does_not_write_the_game_shows_it_dimmed_and_inert(context: Any, base_url: str) -> None:
    """The follower does not pretend it is my turn: no "Your turn", no playable card, no panel,
    the felt dimmed and inert, until PLAY HERE makes it the writer again."""
    a = context.new_page()
    a.set_viewport_size(PHONE)
    open_app(a, base_url, "&lang=en")
    play_button(a)
    next_human_turn(a)
    status, table = a.get_by_test_id("status"), a.locator("#table")
    live = "() => !!document.querySelector('.card.in-hand[data-legal=\"1\"], #panel:not([hidden])')"
    assert a.evaluate(live)
    expect(status).to_have_class(re.compile(r"\byou\b"))
    b = context.new_page()
    open_app(b, base_url, "&lang=en")
    continue_game(b)
    next_human_turn(b)
    expect(a.locator("html")).to_have_attribute("data-tab", "follower")
    expect(table).to_have_attribute("data-elsewhere", "1")
    expect(table).to_have_attribute("data-await", "")
    expect(status).to_have_text("This game is being played in another tab")
    expect(status).not_to_have_class(re.compile(r"\byou\b"))
    assert not a.evaluate(live)
    assert a.evaluate("() => document.querySelector('#felt').inert")
    assert float(a.evaluate("() => getComputedStyle(document.querySelector('#felt')).opacity")) < 0.6
    SHOTS.mkdir(parents=True, exist_ok=True)
    a.screenshot(path=str(SHOTS / "phone_tabs_follower.png"))
    a.set_viewport_size(DESKTOP)
    a.screenshot(path=str(SHOTS / "desktop_tabs_follower.png"))
    # the banner closed, a tap on the felt brings it back; nothing is played
    saved = get(a, key("save"))
    a.get_by_test_id("tabs-banner").get_by_test_id("toast-close").click()
    expect(a.get_by_test_id("tabs-banner")).to_have_count(0)
    try_stale_move(a)
    expect(a.get_by_test_id("tabs-banner")).to_be_visible()
    assert get(a, key("save")) == saved
    # PLAY HERE: my turn again, live
    a.get_by_test_id("tabs-take-over").click()
    expect(table).to_have_attribute("data-elsewhere", "0")
    next_human_turn(a)
    expect(status).to_have_class(re.compile(r"\byou\b"))
    assert a.evaluate(live)
    assert not a.evaluate("() => document.querySelector('#felt').inert")
    expect(b.locator("#table")).to_have_attribute("data-elsewhere", "1")


def test_new_game_in_another_tab_makes_this_one_a_follower(context: Any, base_url: str) -> None:
    """PLAY in another tab replaces the save (as it does in one tab): this tab says so in its
    language, its next move is refused, not written, and taking over continues the new game."""
    a = context.new_page()
    open_app(a, base_url, "&lang=ru")
    play_button(a)
    next_human_turn(a)
    b = context.new_page()
    open_app(b, base_url, "&lang=ru")
    b.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    play_button(b, "medium")  # PLAY, not CONTINUE: a new game replaces the save
    next_human_turn(b)
    fresh = get(b, key("save"))
    expect(a.get_by_test_id("tabs-banner")).to_be_visible()
    expect(a.get_by_test_id("tabs-banner")).to_contain_text("другой вкладке")
    a.evaluate("() => window.jokerUI.setLang('ka')")
    expect(a.get_by_test_id("tabs-banner")).to_contain_text("სხვა ჩანართში")
    a.set_viewport_size(PHONE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    a.screenshot(path=str(SHOTS / "phone_tabs_banner_ka.png"))
    try_stale_move(a)
    assert get(a, key("save")) == fresh
    # taking over continues the game the other tab started; the engine worker restores it
    # asynchronously, so wait until this tab writes the game again (flow.js enterTable claims it)
    # before reading its view: until then it still shows the old game's table
    a.get_by_test_id("tabs-take-over").click()
    expect(a.locator("html")).to_have_attribute("data-tab", "writer")
    next_human_turn(a)
    assert view(a) == view(b)


def test_a_finished_game_is_counted_once(context: Any, base_url: str) -> None:
    """Statistics: the tab that finishes the game records it; the stale tab can neither finish it
    again nor write statistics over it, and its own later game is added to the newer document."""
    a = context.new_page()
    a.set_viewport_size(PHONE)
    open_app(a, base_url, "&lang=en")
    a.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    put(a, key("save"), near_end_save(11))
    a.reload()
    continue_game(a)
    wait_settled(a, "human")
    b = context.new_page()
    open_app(b, base_url, "&lang=en")
    continue_game(b)
    wait_settled(b, "human")
    expect(a.get_by_test_id("tabs-banner")).to_be_visible()

    finish_game(b)
    expect(b.get_by_test_id("results-stats")).to_be_visible()
    assert games_recorded(b) == 1
    assert get(b, key("save")) is None

    # the stale tab plays the same last card: refused, the game is not finished twice
    try_stale_move(a)
    expect(a.get_by_test_id("tabs-banner")).to_be_visible()
    assert get(a, key("save")) is None
    assert games_recorded(a) == 1
    # PLAY HERE: nothing left to continue, said so, back on the first screen
    a.get_by_test_id("tabs-take-over").click()
    expect(a.get_by_test_id("tabs-gone")).to_be_visible()
    expect(a.get_by_test_id("settings")).to_be_visible()
    a.screenshot(path=str(SHOTS / "phone_tabs_gone.png"))

    # another game reaches the stale tab through storage (its CONTINUE appears by itself) and is
    # finished there: added to the statistics the other tab wrote, not to an older document
    put(b, key("save"), near_end_save(12))
    expect(a.get_by_test_id("continue")).to_be_visible()
    continue_game(a)
    wait_settled(a, "human")
    finish_game(a)
    assert games_recorded(a) == 2
    doc = json.loads(get(a, key("stats")))
    assert len(doc["groups"]["easy/nines"]["recent"]) == 2


HOLD_RECORDING = """k => {
  // Python adds the finished game only after another tab has written the statistics.
  const py = window.jokerPy, orig = py.record_stats;
  py.record_stats = (text) => new Promise((resolve) => {
    py.record_stats = orig;
    window.addEventListener('storage', function heard(e) {
      if (e.key !== k) return;
      window.removeEventListener('storage', heard);
      resolve(orig(text));
    });
  });
}"""


def test_statistics_another_tab_writes_meanwhile_are_kept(context: Any, base_url: str,
                                                          tmp_path: Path) -> None:
    """A game is recorded into the newest statistics: a file imported in another tab while
    Python was adding the game is not written over."""
    a = context.new_page()
    open_app(a, base_url, "&lang=en")
    a.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    put(a, key("save"), near_end_save(31))
    a.reload()
    continue_game(a)
    wait_settled(a, "human")
    a.evaluate(HOLD_RECORDING, key("stats"))
    try_move(a, view(a))
    wait_settled(a, "next")
    a.get_by_test_id("summary-next").click()  # the results wait for the statistics

    b = context.new_page()
    open_app(b, base_url, "&lang=en")
    b.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    _open_stats(b)
    path = tmp_path / "statistics.json"
    path.write_text(stats.export_text(stats_doc("hard", "full", 1)), encoding="utf-8")
    b.get_by_test_id("stats-file").set_input_files(str(path))
    expect(b.get_by_test_id("stats-message")).to_have_attribute("data-reason", "stats.imported")

    wait_settled(a, "results")
    expect(a.get_by_test_id("results-stats")).to_be_visible()
    assert games_recorded(a, "easy/nines") == 1
    assert games_recorded(a, "hard/full") == 1  # the other tab's statistics are still there


# ------------------------------------------------------------------ hostile stored text

def _reload_with(page: Any, entries: dict[str, str]) -> None:
    """Exactly these entries, then a fresh start (after the first start's own check is done)."""
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    page.evaluate("e => { localStorage.clear();"
                  " for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v); }", entries)
    page.reload()
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)


@pytest.mark.parametrize(("name", "reason"), [
    ("save", "save.corrupt"), ("stats", "storage.stats_reset"), ("settings", "storage.settings_reset"),
])
def test_deeply_nested_entry_is_set_aside(page: Any, base_url: str, name: str, reason: str) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, base_url, "&lang=en")
    _reload_with(page, {key(name): DEEP})
    toast = page.locator(f'[data-testid="toast"][data-reason="{reason}"]')
    expect(toast).to_be_visible()
    assert get(page, key(name)) is None
    assert get(page, key(name) + ".bad") == DEEP
    expect(page.get_by_test_id("continue")).to_be_hidden()
    # Python is alive and the game goes on (a fatal Pyodide error would fail the guard too)
    play_button(page)
    wait_settled(page, "human")
    if name == "stats":
        page.screenshot(path=str(SHOTS / "phone_deep_stats.png"))


def test_deeply_nested_score_pad_is_set_aside(page: Any, base_url: str) -> None:
    open_app(page, base_url, "&lang=en")
    _reload_with(page, {key("pad.deeppad01"): DEEP, key("pad_names"): DEEP})
    page.get_by_test_id("pad-button").click()
    expect(page.locator('[data-testid="toast"][data-reason="storage.pad_reset"]')).to_be_visible()
    expect(page.get_by_test_id("pad-none")).to_be_visible()
    assert get(page, key("pad.deeppad01")) is None and get(page, key("pad.deeppad01") + ".bad") == DEEP
    page.get_by_test_id("pad-new").click()  # the names list is read there
    expect(page.locator('[data-testid="toast"][data-reason="storage.names_reset"]')).to_be_visible()
    assert get(page, key("pad_names") + ".bad") == DEEP


def test_huge_stored_entries_are_set_aside(page: Any, base_url: str) -> None:
    """Too long for any save (1 MB of digits inside a valid-looking envelope) and a number with
    400 digits: refused before Python parses them."""
    open_app(page, base_url, "&lang=en")
    long_save = json.dumps({"app": "joker", "version": 1, "level": "easy",
                            "game": {"format": 1, "actions": ["1"] * 200_000}})
    huge_number = '{"version": 1, "groups": {"n": ' + "9" * 400 + "}}"
    _reload_with(page, {key("save"): long_save, key("stats"): huge_number})
    expect(page.locator('[data-testid="toast"][data-reason="save.corrupt"]')).to_be_visible()
    expect(page.locator('[data-testid="toast"][data-reason="storage.stats_reset"]')).to_be_visible()
    assert get(page, key("save")) is None and get(page, key("stats")) is None
    assert get(page, key("save") + ".bad") == long_save


@pytest.mark.parametrize("total", [10**400, 10**15, -(10**15)])
def test_huge_number_in_statistics_is_set_aside_and_games_still_count(page: Any, base_url: str,
                                                                       total: int) -> None:
    """total_score = 10**400 once passed validation and then stopped every later recording.
    A number that long never reaches Python (store.jsonProblem); a shorter one beyond any real
    player is refused by joker.stats's bounds (stats.MAX_GAMES * stats.MAX_SCORE)."""
    assert abs(total) > stats.MAX_GAMES * stats.MAX_SCORE
    page.set_viewport_size(PHONE)
    open_app(page, base_url, "&lang=en")
    doc = stats_doc("easy", "nines", 1)
    doc["groups"]["easy/nines"]["total_score"] = total
    bad = json.dumps(doc)
    _reload_with(page, {key("stats"): bad, key("save"): near_end_save(21)})
    expect(page.locator('[data-testid="toast"][data-reason="storage.stats_reset"]')).to_be_visible()
    assert get(page, key("stats") + ".bad") == bad
    continue_game(page)
    wait_settled(page, "human")
    finish_game(page)
    assert games_recorded(page) == 1


def _open_stats(page: Any) -> None:
    page.get_by_test_id("settings-stats").click()
    expect(page.get_by_test_id("stats-import")).to_be_enabled(timeout=READY_TIMEOUT_MS)


DEEP_FILE = '{"app": "joker", "stats": ' + '{"a": ' * 3000 + "1" + "}" * 3001


@pytest.mark.parametrize("content", ["[" * 400_000, DEEP_FILE])
def test_hostile_statistics_file_is_refused_on_import(page: Any, base_url: str, tmp_path: Path,
                                                      content: str) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, base_url, "&lang=en")
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    before = stats.dumps(stats_doc("easy", "nines", 1))
    put(page, key("stats"), before)
    _open_stats(page)
    path = tmp_path / "statistics.json"
    path.write_text(content, encoding="utf-8")
    page.get_by_test_id("stats-file").set_input_files(str(path))
    msg = page.get_by_test_id("stats-message")
    expect(msg).to_have_attribute("data-reason", "stats.import_too_deep")  # said, not just "damaged"
    assert get(page, key("stats")) == before  # nothing replaced
    # still alive: a valid file imports
    path.write_text(stats.export_text(stats_doc("hard", "full", 1)), encoding="utf-8")
    page.get_by_test_id("stats-file").set_input_files(str(path))
    expect(msg).to_have_attribute("data-reason", "stats.imported")


# ------------------------------------------------------------------ a copy that does not fit

NO_ROOM_FOR_COPIES = """
const real = Storage.prototype.setItem;
Storage.prototype.setItem = function (k, v) {
  if (String(k).endsWith('.bad'))
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return real.call(this, k, v);
};
"""


@pytest.mark.parametrize(("name", "bad", "what"), [
    ("stats", "\x00garbage", "your statistics"),
    ("save", DEEP, "your game"),
    ("settings", "{{{", "the settings"),
])
def test_entry_too_big_to_copy_is_reported(page: Any, base_url: str, name: str, bad: str, what: str) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script(NO_ROOM_FOR_COPIES)
    open_app(page, base_url, "&lang=en")
    _reload_with(page, {key(name): bad})
    toast = page.locator('[data-testid="toast"][data-reason="storage.lost"]')
    expect(toast).to_be_visible()
    expect(toast).to_contain_text(what)
    expect(toast).to_contain_text("deleted")
    assert get(page, key(name)) is None
    if name == "stats":
        page.screenshot(path=str(SHOTS / "phone_storage_lost.png"))
        page.set_viewport_size(DESKTOP)
        page.screenshot(path=str(SHOTS / "desktop_storage_lost.png"))
    for lang, word in (("ru", "удалены"), ("ka", "წაიშალა")):
        page.evaluate("l => window.jokerUI.setLang(l)", lang)
        expect(toast).to_contain_text(word)


def test_big_bad_entry_is_kept_when_storage_is_nearly_full(page: Any, base_url: str) -> None:
    """Setting aside frees the entry's own room first, so a copy fits where the entry did."""
    open_app(page, base_url, "&lang=en")
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    # fill the origin's quota with another page's data, leaving room for one ~900 KB entry only
    filled = page.evaluate("""() => {
      localStorage.clear();
      let size = 1 << 22, n = 0;
      while (size >= 1024) {
        try { localStorage.setItem('other.page.' + n, 'x'.repeat(size)); n++; } catch (e) { size >>= 1; }
      }
      for (let i = 0; i < n; i++) {  // free ~1 MB: room for the bad entry, not for a second copy
        const v = localStorage.getItem('other.page.' + i);
        if (v.length >= (1 << 20)) {
          localStorage.setItem('other.page.' + i, v.slice(0, v.length - (1 << 20)));
          break;
        }
      }
      return n;
    }""")
    assert filled > 0
    bad = "{" + "x" * 900_000
    put(page, key("stats"), bad)
    page.reload()
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator('[data-testid="toast"][data-reason="storage.stats_too_large"]')).to_be_visible()
    assert get(page, key("stats") + ".bad") == bad
    page.evaluate("() => localStorage.clear()")


# ------------------------------------------------------------------ a namespace per base path

def test_old_keys_move_under_the_namespace_once(page: Any, base_url: str) -> None:
    open_app(page, base_url)
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    save = saves.dumps(Game(PRESETS["standard"], "nines", seed=5), "hard")
    old = {"joker.save": save,
           "joker.save.meta": json.dumps({"deal_no": 1, "deals_total": 16, "mode": "nines"}),
           "joker.lang": "ka", "joker.sound": "off",
           "joker.stats": stats.dumps(stats_doc("easy", "nines", 1)), "joker.pad.oldpad01": "{}"}
    _reload_with(page, old)
    expect(page.get_by_test_id("continue")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "ka")
    for k, v in old.items():
        assert get(page, key(k.removeprefix("joker."))) == v, k
        assert get(page, k) is None, k
    assert get(page, key("migrated")) == "1"
    # once: a key an old version writes later is left alone
    put(page, "joker.lang", "ru")
    page.reload()
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "ka")
    assert get(page, "joker.lang") == "ru"
    expect(page.get_by_test_id("toast")).to_have_count(0)


@pytest.mark.browser_context_args(service_workers="allow")
def test_two_base_paths_never_share_a_save(site_dir: Path, new_context: Any, guard_context: Any,
                                           tmp_path: Path) -> None:
    """dist/ under /a/ and /b/ of one origin (as two GitHub Pages projects of one account):
    separate saves, statistics and service-worker caches."""
    root = tmp_path / "origin"
    root.mkdir()
    for name in ("a", "b"):
        os.symlink(site_dir.resolve(), root / name, target_is_directory=True)
    proc, url = start_server(root)
    try:
        ctx = new_context()
        guard_context(ctx, url)
        pa, pb = ctx.new_page(), ctx.new_page()
        for p, path in ((pa, "a/"), (pb, "b/")):
            p.goto(f"{url}{path}?seed=7&pace=fast&lang=en")
            p.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
        play_button(pa)
        next_human_turn(pa)
        human_step(pa, view(pa))
        next_human_turn(pa)  # the bots have moved too
        saved_a = get(pa, key("save", "/a/"))
        assert saved_a
        assert get(pb, key("save", "/b/")) is None
        pb.reload()
        pb.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
        expect(pb.get_by_test_id("continue")).to_be_hidden()
        play_button(pb, "hard")
        next_human_turn(pb)
        assert get(pb, key("save", "/b/"))
        assert get(pa, key("save", "/a/")) == saved_a  # untouched by the other build
        expect(pa.locator("html")).to_have_attribute("data-tab", "writer")  # and not a follower
        keys = pa.evaluate("Object.keys(localStorage)")
        assert all(k.startswith(("joker[/a/].", "joker[/b/].")) for k in keys), keys
        # each build's service worker keeps its own cache
        for p in (pa, pb):
            p.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS)
        names = pa.evaluate("caches.keys()")
        for path in ("/a/", "/b/"):
            assert any(n.startswith(f"joker-{path}-") for n in names), names
    finally:
        stop_server(proc)


# ------------------------------------------------------------------ double clicks

DIALOGS = """() => {
  window.__dialogs = [];
  new MutationObserver(() => window.__dialogs.push(document.querySelector('#overlay').dataset.dialog || ''))
    .observe(document.querySelector('#overlay'),
             { attributes: true, attributeFilter: ['data-dialog', 'hidden'] });
}"""


def _dblclick_card(page: Any, card: str) -> None:
    loc = page.locator(f'.card[data-key="{card}"]')
    box = loc.bounding_box()
    loc.dblclick(position={"x": max(14, box["width"] * 0.2), "y": box["height"] * 0.3})


def _settled_or_peek(page: Any) -> None:
    page.wait_for_selector("#table[data-await=human], #table[data-await=next], #table[data-dialog=last]",
                           state="attached", timeout=STEP_MS)


def test_double_click_on_a_card_is_no_peek(page: Any, base_url: str) -> None:
    """At the normal pace the card flies to the trick: the second click of a double click lands
    on it there; that is no tap on the trick area. The card is played once."""
    page.set_viewport_size(PHONE)
    page.goto(f"{base_url}?seed=7&lang=en")
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    play_button(page)
    page.evaluate(DIALOGS)
    played = 0
    while played < 6:
        if wait_settled(page, "human next") == "next":
            page.get_by_test_id("summary-next").click()
            continue
        v = view(page)
        plain = [a for a in v["legal"] if a[0] != "X"]
        if v["phase"] != "play" or not v["last_trick"] or not plain:
            human_step(page, v)
            continue
        _dblclick_card(page, plain[0])
        page.wait_for_function("n => window.jokerUI.state().view.hand.length === n - 1",
                               arg=len(v["hand"]), timeout=STEP_MS)
        played += 1
        _settled_or_peek(page)
        assert "last" not in page.evaluate("window.__dialogs"), f"peek after double click #{played}"
        assert len(view(page)["hand"]) == len(v["hand"]) - 1  # one card, not two
    expect(page.get_by_test_id("dialog-last")).to_have_count(0)


def test_double_click_on_next_is_no_peek(page: Any, base_url: str) -> None:
    """The deal summary closes on the first click; the second lands on the table (where the
    bots' next deal is already under way)."""
    page.set_viewport_size(PHONE)
    open_app(page, base_url, "&lang=en")
    play_button(page)
    page.evaluate(DIALOGS)
    nexts = 0
    while nexts < 3:
        if wait_settled(page, "human next") == "human":
            human_step(page, view(page))
            continue
        page.get_by_test_id("summary-next").dblclick()
        nexts += 1
        page.wait_for_selector("#table:not([data-await=next])", state="attached", timeout=STEP_MS)
        _settled_or_peek(page)
        assert "last" not in page.evaluate("window.__dialogs"), f"peek after NEXT #{nexts}"
