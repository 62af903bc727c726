"""Browser tests of the app around the table: statistics, storage robustness, keyboard, languages,
the last-trick peek and the update toast.

Waits are on state attributes (``#table[data-await]``, ``html[data-storage=checked]``,
``data-testid``s), never on time. Screenshots go to test-results/screens/ (looked at by a person).
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from conftest import READY_TIMEOUT_MS
from playwright.sync_api import expect
from test_table import SEED, SHOTS, STEP_MS, acted, attr, click_card, view, wait_settled

from joker import saves, stats
from joker.game import Game
from joker.rules import PRESETS

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
KEYS = ("joker[/].save", "joker[/].save.meta", "joker[/].settings", "joker[/].lang", "joker[/].sound",
        "joker[/].stats")


def stats_doc(level: str = "easy", mode: str = "nines", games: int = 2) -> dict[str, Any]:
    doc = stats.empty()
    for seed in range(games):
        g = Game(PRESETS["standard"], mode, seed=100 + seed)
        rng = random.Random(seed)
        while g.phase != "over":
            g.apply(rng.choice(g.legal_actions()))
        doc = stats.record(doc, level, mode, stats.game_summary(g))
    return doc


def storage(page: Any) -> dict[str, str | None]:
    return page.evaluate("keys => Object.fromEntries(keys.map(k => [k, localStorage.getItem(k)]))",
                         list(KEYS))


def open_app(page: Any, base_url: str, query: str = "") -> None:
    page.goto(f"{base_url}?seed={SEED}&pace=fast{query}")
    page.wait_for_selector("html[data-ui=ready]", state="attached")


def play_button(page: Any, level: str = "easy") -> None:
    """PLAY a new game of Nines; over a saved game PLAY asks first, and the answer is YES."""
    page.get_by_test_id(f"level-{level}").click()
    page.get_by_test_id("mode-nines").click()
    page.get_by_test_id("play").click()
    page.wait_for_selector('#table:not([hidden]), [data-testid="leave-yes"]', timeout=READY_TIMEOUT_MS)
    if page.get_by_test_id("leave-yes").is_visible():
        page.get_by_test_id("leave-yes").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)


LEFTOVERS_JS = """() => {
  const out = [];
  const shown = (el) => el && !el.closest('[hidden], [aria-hidden=true], script, style')
    && el.checkVisibility();
  // allowed: the "En" language button and key caps as printed on every keyboard (Enter, Esc)
  const latin = (s) => /[A-Za-z]{2,}/.test(
    s.replace(/(^|\\s)En(\\s|$)/g, ' ').replace(/\\b(Enter|Esc)\\b/g, ' '));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walker.nextNode());) {
    const s = n.textContent.trim();
    if (s && shown(n.parentElement) && latin(s)) out.push(s);
  }
  for (const el of document.querySelectorAll('[aria-label], [title]')) {
    if (!shown(el)) continue;
    for (const a of ['aria-label', 'title']) {
      const v = el.getAttribute(a);
      if (v && latin(v)) out.push(a + ': ' + v);
    }
  }
  return out;
}"""


def no_english(page: Any, where: str) -> None:
    """No visible English left in ru / ka (names, numbers and card symbols are not words)."""
    left = page.evaluate(LEFTOVERS_JS)
    assert not left, f"untranslated on {where} ({page.evaluate('document.documentElement.lang')}): {left}"


def human_step(page: Any, v: dict[str, Any]) -> None:
    """One of my moves with the mouse (trump: no trump; bid: pass unless forbidden; play: first legal)."""
    before = attr(page, "data-actions")
    if v["phase"] == "trump":
        page.get_by_test_id("trump-none").click()
    elif v["phase"] == "bid":
        if v["forbidden_bid"] == 0:
            page.keyboard.press("1")
        else:
            page.get_by_test_id("bid-pass").click()
    else:
        plain = [a for a in v["legal"] if a[0] != "X"]
        if plain:
            click_card(page, plain[0])
        else:
            click_card(page, v["legal"][0][:2])
            if not v["trick"]:
                page.get_by_test_id("joker-want").click()
                page.locator('[data-testid^="joker-suit-"]:not([disabled])').first.click()
            else:
                page.locator('[data-testid="joker-take"], [data-testid="joker-under"]').first.click()
    acted(page, before)


def test_stats_keyboard_languages_and_last_trick(page: Any, base_url: str, tmp_path: Path) -> None:
    """A whole seeded Nines game in Russian: keyboard bid and play, the last-trick peek; the
    statistics grow by exactly this game, persist, export/reset/import; no English on any screen."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(PHONE)
    open_app(page, base_url, "&lang=ru")
    before_doc = stats_doc("easy", "nines", 2)
    page.evaluate("t => localStorage.setItem('joker[/].stats', t)", stats.dumps(before_doc))
    no_english(page, "settings")
    play_button(page)
    done = dict.fromkeys(("bid_key", "bid_arrows", "play_key", "peek", "table_text", "summary_text"), False)
    while True:
        state = wait_settled(page)
        if state == "results":
            break
        if state == "next":
            if not done["summary_text"]:
                no_english(page, "deal table")
                done["summary_text"] = True
            page.get_by_test_id("summary-next").click()
            page.wait_for_selector("#table:not([data-await=next])", state="attached", timeout=STEP_MS)
            continue
        v = view(page)
        before = attr(page, "data-actions")
        if v["phase"] == "bid" and not done["bid_key"] and v["forbidden_bid"] != 1:
            page.keyboard.press("1")  # a digit bids at once
            acted(page, before)
            assert view(page)["bids"][0] == 1
            done["bid_key"] = True
        elif (v["phase"] == "bid" and done["bid_key"] and not done["bid_arrows"]
              and v["forbidden_bid"] not in (0, 2)):
            expect(page.get_by_test_id("bid-submit")).to_be_focused()  # keyboard players land on BID
            page.keyboard.press("ArrowUp")
            expect(page.get_by_test_id("bid-value")).to_have_attribute("data-value", "2")
            page.keyboard.press("ArrowDown")
            page.keyboard.press("ArrowDown")
            expect(page.get_by_test_id("bid-value")).to_have_attribute("data-value", "0")
            page.keyboard.press("Enter")
            acted(page, before)
            assert view(page)["bids"][0] == 0
            done["bid_arrows"] = True
        elif v["phase"] == "play" and not done["play_key"] and any(a[0] != "X" for a in v["legal"]):
            if not done["table_text"]:
                no_english(page, "table")
                done["table_text"] = True
            playable = {a[:2] for a in v["legal"]}
            legal_order = [c for c in page.evaluate("() => window.jokerUI.state().hand") if c in playable]
            page.keyboard.press("ArrowRight")
            first = legal_order[0]
            expect(page.locator(f'.card[data-key="{first}"]')).to_be_focused()
            expect(page.locator(f'.card[data-key="{first}"]')).to_have_class(re.compile(r"\bkbd\b"))
            steps = next(i for i, c in enumerate(legal_order) if c[0] != "X")
            for _ in range(steps):
                page.keyboard.press("ArrowRight")
            card = legal_order[steps]
            expect(page.locator(f'.card[data-key="{card}"]')).to_be_focused()
            page.keyboard.press("Enter")
            acted(page, before)
            assert card not in view(page)["hand"]
            done["play_key"] = True
        elif v["phase"] == "play" and not done["peek"] and v["tricks"]:
            last = v["last_trick"]
            page.get_by_test_id("last-button").click()
            expect(page.locator("#table")).to_have_attribute("data-dialog", "last")
            expect(page.get_by_test_id("last-card")).to_have_count(4)
            expect(page.get_by_test_id("last-trick")).to_have_attribute("data-winner", str(last["winner"]))
            for pl in last["plays"]:
                spot = page.locator(f'[data-testid="last-card"][data-seat="{pl["seat"]}"]')
                expect(spot).to_have_attribute("data-card", pl["card"])
            no_english(page, "last trick")
            page.screenshot(path=str(SHOTS / "phone_last_trick.png"))
            page.keyboard.press("Escape")  # Esc closes a window
            expect(page.locator("#table")).to_have_attribute("data-dialog", "")
            # a tap on the trick area opens it too
            felt = page.locator("#felt").bounding_box()
            page.mouse.click(felt["x"] + felt["width"] / 2, felt["y"] + felt["height"] * 0.42)
            expect(page.locator("#table")).to_have_attribute("data-dialog", "last")
            page.get_by_test_id("dialog-close").click()
            done["peek"] = True
        else:
            human_step(page, v)
    assert all(done.values()), done

    # ---- results: the group of this game, grown by exactly this game
    v = view(page)
    bids = [d["bids"][0] for d in v["deals"]]
    taken = [d["taken"][0] for d in v["deals"]]
    exp = dict(before_doc["groups"]["easy/nines"])
    exp.update(games=exp["games"] + 1, wins=exp["wins"] + (v["places"][0] == 1),
               total_score=exp["total_score"] + v["scores"][0],
               best_score=max(exp["best_score"], v["scores"][0]), bids=exp["bids"] + 16,
               bids_made=exp["bids_made"] + sum(b == t for b, t in zip(bids, taken, strict=True)),
               khishti=exp["khishti"] + sum(b >= 1 and t == 0 for b, t in zip(bids, taken, strict=True)),
               premiums=exp["premiums"] + sum(p["premium"][0] > 0 for p in v["pulkas"]),
               recent=exp["recent"] + [v["scores"][0]], recent_places=exp["recent_places"] + [v["places"][0]])
    exp["places"] = list(exp["places"])
    exp["places"][v["places"][0] - 1] += 1
    after = json.loads(page.evaluate("localStorage.getItem('joker[/].stats')"))
    assert after == {"version": 1, "groups": {"easy/nines": exp}}
    box = page.get_by_test_id("results-stats")
    expect(box).to_have_attribute("data-group", "easy/nines")
    expect(box.get_by_test_id("stat-games")).to_have_attribute("data-value", "3")
    expect(box.get_by_test_id("stat-khishti")).to_have_attribute("data-value", str(exp["khishti"]))
    expect(box.get_by_test_id("stat-premiums")).to_have_attribute("data-value", str(exp["premiums"]))
    bids_value = f"{exp['bids_made']}/{exp['bids']}"
    expect(box.get_by_test_id("stat-bids")).to_have_attribute("data-value", bids_value)
    no_english(page, "results")
    page.screenshot(path=str(SHOTS / "phone_results_stats.png"))
    sounds = {s["kind"] for s in page.evaluate("() => window.jokerUI.sounds()")}
    assert {"deal", "card", "trick"} <= sounds and sounds & {"bid_made", "bid_missed", "khishti"}, sounds

    # ---- the statistics screen from the results, then the same screens in Georgian
    page.get_by_test_id("results-statistics").click()
    expect(page.locator("#table")).to_have_attribute("data-dialog", "stats")
    expect(page.get_by_test_id("stats-chart")).to_have_attribute("data-points", "3")
    expect(page.get_by_test_id("stats-level-easy")).to_have_attribute("aria-pressed", "true")
    no_english(page, "statistics")
    page.screenshot(path=str(SHOTS / "phone_stats.png"))
    page.evaluate("() => window.jokerUI.setLang('ka')")
    expect(page.locator("html")).to_have_attribute("lang", "ka")
    no_english(page, "statistics")
    page.keyboard.press("Escape")
    expect(page.locator("#table")).to_have_attribute("data-dialog", "results")
    no_english(page, "results")
    page.get_by_test_id("results-again").click()  # a new game with the same settings, at once
    expect(page.locator("#table")).to_have_attribute("data-deal", "1")
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-new").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("settings")).to_be_visible()
    no_english(page, "settings")
    page.get_by_test_id("settings-help").click()
    no_english(page, "guide")
    page.get_by_test_id("help-tab-rules").click()
    no_english(page, "rules")
    page.keyboard.press("Escape")
    expect(page.locator("#overlay")).to_be_hidden()

    # ---- persists over a reload; export, reset, import restores exactly
    page.reload()
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    assert json.loads(page.evaluate("localStorage.getItem('joker[/].stats')")) == after
    page.get_by_test_id("settings-stats").click()
    expect(page.get_by_test_id("stat-games")).to_have_attribute("data-value", "3")
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(SHOTS / "desktop_stats.png"))
    with page.expect_download() as dl:
        page.get_by_test_id("stats-export").click()
    exported = tmp_path / "stats.json"
    dl.value.save_as(exported)
    assert stats.import_text(exported.read_text(encoding="utf-8")) == after
    page.get_by_test_id("stats-reset").click()
    page.get_by_test_id("stats-reset-no").click()  # asked first: NO keeps everything
    assert page.evaluate("localStorage.getItem('joker[/].stats')") is not None
    page.get_by_test_id("stats-reset").click()
    page.get_by_test_id("stats-reset-yes").click()
    expect(page.get_by_test_id("stats-none")).to_be_visible()
    assert page.evaluate("localStorage.getItem('joker[/].stats')") is None
    # a bad file: a clear message, nothing replaced
    bad = tmp_path / "bad.json"
    refused = {"app": "joker", "stats": {"version": 1, "groups": {"easy/nines": {"games": -1}}}}
    bad.write_text(json.dumps(refused), encoding="utf-8")
    page.get_by_test_id("stats-file").set_input_files(str(bad))
    expect(page.get_by_test_id("stats-message")).to_have_attribute("data-reason", "stats.import_bad")
    assert page.evaluate("localStorage.getItem('joker[/].stats')") is None
    page.get_by_test_id("stats-file").set_input_files(str(exported))
    expect(page.get_by_test_id("stats-message")).to_have_attribute("data-reason", "stats.imported")
    expect(page.get_by_test_id("stat-games")).to_have_attribute("data-value", "3")
    assert json.loads(page.evaluate("localStorage.getItem('joker[/].stats')")) == after


def test_continue_resumes_exactly(page: Any, base_url: str) -> None:
    """Reload in the middle of a deal: CONTINUE shows exactly the same engine view (and the
    last-trick peek, at desktop size)."""
    page.set_viewport_size(DESKTOP)
    open_app(page, base_url)
    play_button(page)
    while True:
        wait_settled(page, "human next")
        if attr(page, "data-await") == "next":
            page.get_by_test_id("summary-next").click()
            continue
        v = view(page)
        if v["phase"] == "play" and len(v["tricks"]) >= 2:
            break
        human_step(page, v)
    page.get_by_test_id("last-button").click()
    expect(page.get_by_test_id("last-card")).to_have_count(4)
    page.screenshot(path=str(SHOTS / "desktop_last_trick.png"))
    page.get_by_test_id("dialog-close").click()
    saved = view(page)
    page.reload()
    page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.get_by_test_id("continue")).to_be_visible()
    expect(page.get_by_test_id("toast")).to_have_count(0)  # nothing was wrong
    page.get_by_test_id("continue").click()
    page.wait_for_selector("#table:not([hidden])", timeout=READY_TIMEOUT_MS)
    assert wait_settled(page, "human") == "human"
    assert view(page) == saved


def _valid_storage(page: Any) -> dict[str, str | None]:
    """Every key holding a valid value: a game in progress, settings, language, sound, statistics."""
    page.evaluate("t => localStorage.setItem('joker[/].stats', t)", stats.dumps(stats_doc("hard", "full", 1)))
    page.get_by_test_id("settings-lang-ru").click()
    page.get_by_test_id("sound-toggle").click()
    play_button(page, "medium")
    wait_settled(page, "human")
    keys = storage(page)
    assert all(keys[k] for k in KEYS), keys
    assert keys["joker[/].sound"] == "off" and keys["joker[/].lang"] == "ru"
    return keys


def _save_text(mutate: Any) -> str:
    data = json.loads(saves.dumps(Game(PRESETS["standard"], "nines", seed=1), "easy"))
    mutate(data)
    return json.dumps(data)


CORRUPTIONS = [
    ("joker[/].settings", "{{{ not json", "storage.settings_reset"),
    ("joker[/].settings", json.dumps({"v": 99, "level": "easy", "mode": "full", "speed": "fast",
                                      "rules": {}}),
     "storage.settings_version"),
    ("joker[/].settings", json.dumps({"v": 1, "level": 3, "mode": ["full"], "speed": "fast", "rules": None}),
     "storage.settings_reset"),
    ("joker[/].lang", "klingon", "storage.lang_reset"),
    ("joker[/].sound", '{"on": 1}', "storage.sound_reset"),
    ("joker[/].stats", "\x00garbage", "storage.stats_reset"),
    ("joker[/].stats", json.dumps({"version": 2, "groups": {}}), "storage.stats_version"),
    ("joker[/].stats", json.dumps({"version": 1, "groups": {"easy/full": {"games": "many"}}}),
     "storage.stats_reset"),
    ("joker[/].save", "[1, 2", "save.corrupt"),
    ("joker[/].save", _save_text(lambda d: d.update(version=0)), "save.version"),
    ("joker[/].save", _save_text(lambda d: d.update(game="x")), "save.corrupt"),
]


def test_each_corrupted_key_is_reported_and_only_it_starts_afresh(page: Any, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, base_url)
    good = _valid_storage(page)
    for key, bad, reason in CORRUPTIONS:
        page.evaluate("([good, key, bad]) => { localStorage.clear();"
                      " for (const [k, v] of Object.entries(good))"
                      "   if (v !== null) localStorage.setItem(k, v);"
                      " localStorage.setItem(key, bad); }", [good, key, bad])
        page.reload()
        page.wait_for_selector("html[data-storage=checked]", state="attached", timeout=READY_TIMEOUT_MS)
        toast = page.locator(f'[data-testid="toast"][data-reason="{reason}"]')
        expect(toast).to_be_visible()
        expect(toast).not_to_be_empty()
        now = storage(page)
        assert now[key] is None, (key, now[key])
        assert page.evaluate("k => localStorage.getItem(k + '.bad')", key) == bad  # kept aside
        family = {"joker[/].save", "joker[/].save.meta"} if key == "joker[/].save" else {key}
        for k in KEYS:
            if k not in family:
                assert now[k] == good[k], (key, k)
        expect(page.get_by_test_id("play")).to_be_visible()  # the app started
        if key == "joker[/].save":
            expect(page.get_by_test_id("continue")).to_be_hidden()
        if key == "joker[/].lang":
            expect(page.locator("html")).not_to_have_attribute("lang", "")
        if key == "joker[/].settings":
            expect(page.locator('input[name="level"][value="medium"]')).to_be_checked()
    # still playable after all that
    play_button(page)
    wait_settled(page, "human")


QUOTA_SCRIPT = """
const real = Storage.prototype.setItem;
Storage.prototype.setItem = function (k, v) {
  if (String(k).startsWith('joker[')) {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  return real.call(this, k, v);
};
"""


def test_full_storage_is_reported(page: Any, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script(QUOTA_SCRIPT)
    open_app(page, base_url, "&lang=en")
    page.get_by_test_id("sound-toggle").click()
    toast = page.locator('[data-testid="toast"][data-reason="storage.full"]')
    expect(toast).to_have_count(1)
    expect(toast).to_contain_text("sound")
    play_button(page)
    # one message names everything that could not be saved: sound, settings, the game
    expect(toast).to_have_count(1)
    expect(toast).to_contain_text("your game")
    expect(toast).to_contain_text("the settings")
    page.screenshot(path=str(SHOTS / "phone_storage_full.png"))
    assert wait_settled(page, "human") == "human"  # the game goes on regardless


def test_update_toast(page: Any, base_url: str) -> None:
    """A new version (as sw-register.js reports it): a visible, translated toast that reloads."""
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        open_app(page, base_url, "&lang=ru")
        if name == "desktop":
            play_button(page)
            wait_settled(page, "human")
        page.evaluate("""() => {
          window.jokerApplyUpdate = () => { window.__applied = (window.__applied || 0) + 1; };
          document.documentElement.dataset.update = 'ready';
          const detail = { apply: window.jokerApplyUpdate };
          window.dispatchEvent(new CustomEvent('joker:update-ready', { detail }));
        }""")
        t = page.get_by_test_id("update-toast")
        expect(t).to_be_visible()
        expect(t).to_contain_text("Новая версия")
        no_english(page, "update toast")
        page.screenshot(path=str(SHOTS / f"{name}_update_toast.png"))
        page.get_by_test_id("update-toast-apply").click()
        assert page.evaluate("window.__applied") == 1
