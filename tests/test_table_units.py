"""Checks of the table UI that need no browser: the translation table, the preset table the first
screen offers, and the browser glue (joker.web) driven from CPython."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from joker import web
from joker.cards import DECK, card_text  # noqa: F401 - DECK lists every card
from joker.game import Game
from joker.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "static" / "js" / "i18n.json").read_text(encoding="utf-8"))
JS = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "static" / "js").glob("*.js"))}
ALL_JS = "\n".join(JS.values())
INDEX = (ROOT / "index.html").read_text(encoding="utf-8")
LANGS = ("en", "ru", "ka")


def test_every_string_in_three_languages_with_the_same_placeholders() -> None:
    for key, entry in STRINGS.items():
        assert set(entry) == set(LANGS), key
        marks = {lang: sorted(re.findall(r"\{(\w+)\}", entry[lang])) for lang in LANGS}
        for lang in LANGS:
            assert entry[lang].strip(), f"{key} is empty in {lang}"
            assert marks[lang] == marks["en"], f"{key}: placeholders differ in {lang}"


def test_every_key_the_ui_uses_exists() -> None:
    used = {k for k in re.findall(r'\bt\("([a-z_.0-9]+)"', ALL_JS) if not k.endswith(".")} | set(re.findall(r'data-i18n(?:-aria)?="([^"]+)"', INDEX))
    missing = sorted(k for k in used if k not in STRINGS)
    assert not missing, missing
    # keys built at run time
    dynamic = [f"name.{s}" for s in range(4)] + [f"suit.{s}" for s in "SCDH"] + [f"rank.{r}" for r in "6789TJQKA"] \
        + [f"level.{lv}" for lv in web.LEVELS] + [f"mode.{m}" for m in ("full", "nines")] \
        + [f"preset.{p}" for p in PRESETS] + [f"preset.{p}.hint" for p in PRESETS] \
        + [f"speed.{s}" for s in ("slow", "normal", "fast")] + [f"lang.{lang}" for lang in LANGS] \
        + [f"results.place.{i}" for i in range(1, 5)] + [f"rules.premium.{p}" for p in ("bonus", "georgian", "folk")] \
        + [f"rules.trump.{k}" for k in ("chosen", "dealer_card")] + [f"rules.game.{m}" for m in ("full", "nines")] \
        + [f"rules.first_dealer.{k}" for k in ("random", "aces")] + ["save.corrupt", "save.version"] \
        + [f"mode_short.{m}" for m in ("full", "nines")]
    assert not [k for k in dynamic if k not in STRINGS]


def test_every_storage_message_is_translated() -> None:
    """Reasons reported through store.problem() and the 'what' of a failed write are i18n keys."""
    js = ALL_JS
    used = set(re.findall(r'problem\(\s*"([a-z_.]+)"', js)) | set(re.findall(r'"(storage\.[a-z_.]+)"', js)) \
        | set(re.findall(r'"(save\.[a-z_]+)"', js)) | set(re.findall(r'"(stats\.[a-z_]+)"', js))
    assert {"storage.full", "storage.what.save", "storage.lang_reset", "storage.sound_reset", "storage.settings_reset",
            "storage.stats_reset", "storage.stats_version", "stats.import_bad"} <= used
    missing = sorted(k for k in used if k not in STRINGS)
    assert not missing, missing


def _reasons_seen() -> set[str]:
    """Every reason code why_illegal gives over random games, for every conceivable action."""
    actions = [card_text(c) for c in DECK] + ["X1", "X2", "X1+", "X1-", "X2+", "X2-"] \
        + [f"X{j}{m}{s}" for j in "12" for m in "+-" for s in "SCDH"] + [str(n) for n in range(10)] \
        + ["S", "C", "D", "H", "-", "??"]
    seen: set[str] = set()
    for seed, preset in ((1, "standard"), (2, "tvaladze"), (3, "folk")):
        g = Game(PRESETS[preset], mode="full", seed=seed)
        rng = random.Random(seed)
        while g.phase != "over":
            for a in actions:
                why = g.why_illegal(a)
                if why:
                    seen.add(why[0])
            g.apply(rng.choice(g.legal_actions()))
        why = g.why_illegal("AS")
        if why:
            seen.add(why[0])
    return seen


def test_every_refusal_reason_is_translated() -> None:
    seen = _reasons_seen()
    # those the engine API documents (not_your_turn comes from the glue: why_illegal has no seat)
    seen |= {"must_follow", "must_trump", "must_highest", "forced_dealer", "not_your_turn",
             "not_in_hand", "joker_mode", "bad_action"}
    missing = sorted(r for r in seen if f"why.{r}" not in STRINGS)
    assert not missing, missing


def test_first_screen_presets_equal_the_engine_presets() -> None:
    settings = JS["settings.js"]
    block = settings[settings.index("const PRESETS = {"):]
    block = block[:block.index("};") + 1]
    for name, rules in PRESETS.items():
        m = re.search(rf"{name}: (\{{[^}}]*\}})", block)
        assert m, name
        js = json.loads(re.sub(r"(\w+):", r'"\1":', m.group(1)))
        assert js == rules.to_dict(), name


def _run(coro):  # type: ignore[no-untyped-def]
    """Run a coroutine that never suspends (no worker here); independent of any running loop."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    coro.close()
    raise AssertionError("the coroutine suspended")


def test_glue_plays_a_whole_game_from_cpython() -> None:
    s = web.Session()
    res = s.new_game({"rules": PRESETS["standard"].to_dict(), "mode": "nines", "seed": 5, "level": "easy", "fast": True})
    assert res["ok"] and res["view"]["mode"] == "nines"
    rng = random.Random(1)
    refused = 0
    while s.game.phase != "over":
        if s.game.to_act == 0:
            v = s.game.view(0)
            if v["phase"] == "play":
                bad = [c for c in v["hand"] if c not in {a[:2] for a in v["legal"]}]
                if bad:
                    r = s.act(bad[0])
                    assert not r["ok"] and r["reason"] in ("must_follow", "must_trump", "must_highest")
                    assert s.why(bad[0])["reason"] == r["reason"]
                    refused += 1
            r = s.act(rng.choice(v["legal"]))
            assert r["ok"]
        else:
            assert s.act("AS")["reason"] == "not_your_turn"
            r = _run(s.bot_move())
            assert r["ok"] and r["seat"] in (1, 2, 3)
    assert refused > 0
    assert s.act("AS")["reason"] == "game_over"
    st = s.record_stats(None)
    assert st["ok"] and st["group"]["games"] == 1
    st2 = s.record_stats(st["stats"])
    assert st2["group"]["games"] == 2


def test_glue_restores_saves_and_refuses_garbage() -> None:
    s = web.Session()
    res = s.new_game({"preset": "folk", "mode": "full", "seed": 9, "level": "hard"})
    while s.game.to_act != 0:
        _run(s.bot_move())
    text = s._state()["save"]
    t = web.Session()
    back = t.restore(text, {})
    assert back["ok"] and back["view"] == s.game.view(0) and back["level"] == "hard"
    for bad in ("", "not json {", "[]", json.dumps({"app": "joker", "version": 1, "level": "easy",
                                                    "game": {"format": 1, "rules": {}, "mode": "full", "seed": 1,
                                                             "actions": ["ZZ"]}})):
        r = t.restore(bad, {})
        assert not r["ok"] and r["reason"] in ("save_corrupt", "save_version")
    # the JSON API wrapper never raises
    assert json.loads(web._guard(lambda: 1 / 0)())["ok"] is False
    del res


@pytest.mark.parametrize("level", web.LEVELS)
def test_worker_entry_answers_legal_actions(level: str) -> None:
    from joker import worker
    worker.reset()
    g = Game(PRESETS["standard"], mode="nines", seed=3)
    for _ in range(12):
        seat = g.to_act
        a = worker.act(json.dumps(g.view(seat)), level, 42 + seat, 30)
        assert a in g.legal_actions()
        g.apply(a)


def test_a_bot_move_waits_for_a_starting_worker_instead_of_searching_on_the_main_thread() -> None:
    import asyncio

    class FakeWorker:
        def __init__(self) -> None:
            self.calls = 0

        async def act(self, view_json: str, level: str, seed: int, budget: int) -> str:
            self.calls += 1
            return json.loads(view_json)["legal"][-1]

    async def scenario() -> tuple[int, str, bool]:
        s = web.Session()
        s.new_game({"preset": "standard", "mode": "nines", "seed": 5, "level": "insane"})
        s.worker_settled = asyncio.Event()
        fake = FakeWorker()

        def local(seat, view):  # the main-thread fallback must not run while the worker starts
            raise AssertionError("searched on the main thread")
        s._local_bot = local  # type: ignore[method-assign]

        async def connect() -> None:
            await asyncio.sleep(0.05)
            s.worker = fake
            s.worker_settled.set()

        task = asyncio.ensure_future(connect())
        while s.game.to_act == 0:  # let the human's trump/bid go first if it is their turn
            s.act(s.game.legal_actions()[0])
        res = await s.bot_move()
        await task
        return fake.calls, res["action"], res["ok"]

    # A thread of its own: the browser tests leave Playwright's event loop running on this one.
    import threading
    out: list[tuple[int, str, bool]] = []
    t = threading.Thread(target=lambda: out.append(asyncio.run(scenario())))
    t.start()
    t.join(30)
    calls, action, ok = out[0]
    assert ok and calls == 1 and action
