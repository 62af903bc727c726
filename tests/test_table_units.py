"""Checks of the table UI that need no browser: the translation table, the preset table the first
screen offers, and the browser glue (joker.web) driven from CPython."""
from __future__ import annotations

import asyncio
import json
import random
import re
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from joker import relay, web
from joker.cards import DECK, card_text  # noqa: F401 - DECK lists every card
from joker.facts import facts
from joker.game import Game
from joker.rules import PRESETS
from tools.build.i18n import compile_catalogs

ROOT = Path(__file__).resolve().parent.parent
CATALOG = compile_catalogs(ROOT / "static" / "locale")
STRINGS = CATALOG["strings"]["en"]
JS = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "static" / "js").glob("*.js"))}
ALL_JS = "\n".join(JS.values())
INDEX = (ROOT / "index.html").read_text(encoding="utf-8")
LANGS = ("ru", "en", "ka")
T = TypeVar("T")


def test_every_string_in_three_languages_with_the_same_placeholders() -> None:
    """compile_catalogs refuses missing keys and placeholders that differ; nothing may be empty."""
    assert CATALOG["langs"] == list(LANGS)
    for lang in LANGS:
        assert set(CATALOG["strings"][lang]) == set(STRINGS)
        for key, text in CATALOG["strings"][lang].items():
            for form in text.values() if isinstance(text, dict) else [text]:
                assert form.strip(), f"{key} is empty in {lang}"


def test_every_key_the_ui_uses_exists() -> None:
    used = {k for k in re.findall(r'\bt\("([a-z_.0-9]+)"', ALL_JS) if not k.endswith(".")}
    used |= set(re.findall(r'data-i18n(?:-aria)?="([^"]+)"', INDEX))
    missing = sorted(k for k in used if k not in STRINGS)
    assert not missing, missing
    # keys built at run time, from what the package offers (facts.json) and what the screens show
    f = facts()
    opts = f["options"]
    dynamic = [f"opt.{name}.{v}" for name, values in opts.items() for v in values if isinstance(v, str)]
    dynamic += [f"opt.{name}.off" for name, values in opts.items() if None in values]
    dynamic += ["opt.on", "opt.off", "opt.khishti.pair", "opt.khishti.always", "save.corrupt", "save.version"]
    dynamic += [f"name.{s}" for s in range(4)] + [f"suit.{s}" for s in "SCDH"]
    dynamic += [f"rank.{r}" for r in "6789TJQKA"]
    dynamic += [f"level.{lv}" for lv in f["levels"]] + [f"lang.{lang}" for lang in LANGS]
    dynamic += [f"{key}.{m['name']}" for m in f["modes"] for key in ("mode", "mode_short", "rules.game")]
    dynamic += [f"preset.{p}" for p in f["presets"]] + [f"preset.{p}.hint" for p in f["presets"]]
    dynamic += [f"speed.{s}" for s in ("slow", "normal", "fast")]
    dynamic += [f"results.place.{i}" for i in range(1, 5)]
    dynamic += [f"rules.premium.{p}" for p in opts["premium"]]
    dynamic += [f"rules.trump.{k}" for k in opts["trump_in_nines"]]
    dynamic += [f"rules.first_dealer.{k}" for k in opts["first_dealer"]]
    assert not [k for k in dynamic if k not in STRINGS]


def test_every_storage_message_is_translated() -> None:
    """Reasons reported through store.problem() and the 'what' of a failed write are i18n keys."""
    js = ALL_JS
    used = set(re.findall(r'problem\(\s*"([a-z_.]+)"', js)) | set(re.findall(r'"(storage\.[a-z_.]+)"', js)) \
        | set(re.findall(r'"(save\.[a-z_]+)"', js)) | set(re.findall(r'"(stats\.[a-z_]+)"', js))
    assert {"storage.full", "storage.what.save", "storage.lang_reset", "storage.sound_reset",
            "storage.settings_reset", "storage.stats_reset", "storage.stats_version",
            "stats.import_bad"} <= used
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


def test_facts_are_the_engines() -> None:
    """What the first screen offers (facts.json) is what the package accepts, nothing restated."""
    from joker.bots import LEVELS
    from joker.game import DEAL_SIZES
    from joker.rules import FIRST_DEALERS, PREMIUMS, TRUMP_IN_NINES, Rules
    f = facts()
    assert f["levels"] == list(LEVELS)
    assert {m["name"]: m["deals"] for m in f["modes"]} == {m: len(sizes) for m, sizes in DEAL_SIZES.items()}
    assert f["presets"] == {name: rules.to_dict() for name, rules in PRESETS.items()}
    assert f["option_names"] == list(Rules().to_dict())
    assert sorted(f["options"]["trump_in_nines"]) == sorted(TRUMP_IN_NINES)
    assert sorted(f["options"]["premium"]) == sorted(PREMIUMS)
    assert sorted(f["options"]["first_dealer"]) == sorted(FIRST_DEALERS)
    for rules in PRESETS.values():  # every preset can be set with the options offered
        for name, value in rules.to_dict().items():
            assert value in f["options"][name], (name, value)
    for name, values in f["options"].items():  # and every value offered is a valid rule
        for value in values:
            Rules.from_dict({**PRESETS["standard"].to_dict(), name: value})
    assert f["defaults"]["preset"] in f["presets"] and f["defaults"]["level"] in f["levels"]
    json.dumps(f)


def test_first_screen_has_a_place_for_every_choice() -> None:
    """index.html lays the first screen out; every group of choices the package offers has its place."""
    for name in ("level", "mode", "preset"):
        assert f'data-choices="{name}"' in INDEX, name
    for name in facts()["option_names"]:
        assert f'data-option="{name}"' in INDEX, name
    assert 'type="radio" name="level"' not in INDEX  # the choices themselves come from facts.json


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
    res = s.new_game({"rules": PRESETS["standard"].to_dict(), "mode": "nines", "seed": 5, "level": "easy",
                      "fast": True})
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
    unplayable = {"app": "joker", "version": 1, "level": "easy",
                  "game": {"format": 1, "rules": {}, "mode": "full", "seed": 1, "actions": ["ZZ"]}}
    for bad in ("", "not json {", "[]", json.dumps(unplayable)):
        r = t.restore(bad, {})
        assert not r["ok"] and r["reason"] in ("save_corrupt", "save_version")
    # the JSON API wrapper never raises
    assert json.loads(relay.answering(lambda: 1 / 0)())["ok"] is False
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


def run_alone(scenario: Callable[[], Awaitable[T]]) -> T:
    """``asyncio.run(scenario())`` in a thread of its own: the browser tests leave Playwright's event
    loop running on this one."""
    out: list[T] = []
    t = threading.Thread(target=lambda: out.append(asyncio.run(scenario())))
    t.start()
    t.join(30)
    return out[0]


def to_bot_turn(s: web.Session) -> None:
    """Play the person's first legal actions until a bot is to act."""
    while s.game is not None and s.game.to_act == 0:
        s.act(s.game.legal_actions()[0])


def spy_local(s: web.Session) -> list[int]:
    """The budgets of the bot moves ``s`` searches in the engine worker itself (still searched)."""
    budgets: list[int] = []
    searched = s._local_bot

    def spy(seat: int, view: dict[str, Any], budget_ms: int) -> str:
        budgets.append(budget_ms)
        return searched(seat, view, budget_ms)
    s._local_bot = spy  # type: ignore[method-assign]
    return budgets


def test_a_bot_move_waits_for_a_starting_worker_instead_of_searching_on_the_main_thread() -> None:
    class FakeWorker:
        def __init__(self) -> None:
            self.calls = 0

        async def act(self, view_json: str, level: str, seed: int, budget: int) -> str:
            self.calls += 1
            return json.loads(view_json)["legal"][-1]

    async def scenario() -> tuple[int, str, bool]:
        s = web.Session()
        s.new_game({"preset": "standard", "mode": "nines", "seed": 5, "level": "insane"})
        settled = s.worker_settled = asyncio.Event()
        fake = FakeWorker()

        def local(seat: int, view: dict[str, Any], budget_ms: int) -> str:
            raise AssertionError("searched on the main thread")  # must not run while the worker starts
        s._local_bot = local  # type: ignore[method-assign]

        async def connect() -> None:
            await asyncio.sleep(0.05)
            s.worker = fake
            settled.set()

        task = asyncio.ensure_future(connect())
        to_bot_turn(s)
        res = await s.bot_move()
        await task
        return fake.calls, res["action"], res["ok"]

    calls, action, ok = run_alone(scenario)
    assert ok and calls == 1 and action


def test_a_bot_move_is_searched_in_the_engine_while_the_first_search_worker_starts() -> None:
    """On two cores the search worker starts after the engine's; the first bot moves do not wait
    about a second for it: the engine searches them itself, at the level's full budget, and asks
    the search worker once it runs (the page's relay says how many run without waiting)."""
    class Relay:
        def __init__(self) -> None:
            self.started = 0
            self.acts = 0

        async def running(self) -> int:
            return self.started

        async def act(self, view_json: str, level: str, seed: int, budget: int) -> str:
            self.acts += 1
            return json.loads(view_json)["legal"][0]

    async def scenario() -> tuple[list[int], int, bool]:
        s = web.Session()
        s.new_game({"preset": "standard", "mode": "nines", "seed": 5, "level": "easy"})
        relay = s.worker = Relay()
        local = spy_local(s)
        to_bot_turn(s)
        first = await s.bot_move()
        relay.started = 1
        to_bot_turn(s)
        second = await s.bot_move()
        return local, relay.acts, first["ok"] and second["ok"] and not s.worker_failed

    local, acts, ok = run_alone(scenario)
    assert ok and local == [web.BUDGET_MS["easy"]] and acts == 1


def test_a_bot_move_with_no_search_worker_is_searched_briefly_in_the_engine() -> None:
    """A search worker that could not start: the relay says so (``running`` rejects), the bots
    search in the engine worker from then on, with a short budget that keeps it free."""
    class Failed:
        async def running(self) -> int:
            raise RuntimeError("no search worker")

        async def act(self, *args: object) -> str:
            raise AssertionError("asked a search worker that did not start")

    async def scenario() -> tuple[list[int], bool, bool]:
        s = web.Session()
        s.new_game({"preset": "standard", "mode": "nines", "seed": 5, "level": "insane"})
        s.worker = Failed()
        local = spy_local(s)
        to_bot_turn(s)
        res = await s.bot_move()
        return local, res["ok"], s.worker_failed

    local, ok, failed = run_alone(scenario)
    assert ok and failed and local == [min(web.BUDGET_MS["insane"], 150)]
