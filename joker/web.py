"""Browser glue: owns the :class:`~joker.game.Game` and answers the table layer, in a worker.

This module runs in the ``engine`` PyScript worker (``static/py/engine.py``), never on the page's
thread: the page is drawn by JS and reaches these functions through ``static/js/engine.js`` (the
worker's ``__export__``).  Every function takes and returns JSON text, so no proxies leak across
the boundary; ``bot_move`` is asynchronous.  docs/TABLE_UI.md has the contract, call by call.

Bot moves are searched in the ``search`` worker(s) (:mod:`joker.worker`) from the bot seat's own
view, passed as JSON.  Workers cannot call each other, so the search is reached through the page
(:class:`joker.relay.SearchRelay`: ``pyscript.sync.search`` is a JS function of ``engine.js``); only while
the first search worker is still starting, or if none answers, do the bots search here, in this
worker, still off the page's thread.
localStorage is the page's: stored text comes in as arguments and goes back in answers.
Only this module and :mod:`joker.worker` import ``js``/``pyscript``.
"""
from __future__ import annotations

import asyncio
import json
import random
import types
from collections.abc import Awaitable, Callable
from typing import Any

from joker import pad_api, saves, store_api
from joker.bots import LEVELS, Bot, make_bot
from joker.game import Game, IllegalAction
from joker.relay import (
    SearchRelay,
    answering,
    answering_async,
    ready_worker,
    search_action,
    text_or_none,
    worker_running,
)
from joker.rules import PRESETS, Rules
from joker.worker import loaded_modules

# Search budget per level (ms of the worker's time per decision); the "fast" pace caps it.
BUDGET_MS = {"easy": 60, "medium": 250, "hard": 400, "insane": 1000}
FAST_BUDGET_MS = 40
# The seat of the person at this table.
ME = 0

Answer = dict[str, Any]


class Session:
    """One game in progress plus what the bots need to know (level, seeds, pace)."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.level = "medium"
        self.fast = False
        self.bot_seed = 0
        # The search worker(s), reached through the page (a SearchRelay) once connect() ran;
        # the page waits for a search worker that is still starting before it answers.
        self.worker: Any = None
        self.worker_failed = False
        # Kept for callers that wait for the worker to settle (the relay is there from the start).
        self.worker_settled: asyncio.Event | None = None
        self.local_bots: dict[tuple[int, int], Bot] = {}

    # ---- answers ---------------------------------------------------------------------

    def _state(self) -> Answer:
        g = self.game
        assert g is not None
        return {"ok": True, "view": g.view(ME), "save": saves.dumps(g, self.level),
                "level": self.level}

    def new_game(self, opts: dict[str, Any]) -> Answer:
        preset = PRESETS[opts.get("preset", "standard")]
        rules = Rules.from_dict(opts["rules"]) if opts.get("rules") else preset
        seed = opts.get("seed")
        seed = int(seed) if seed is not None else None
        self.game = Game(rules=rules, mode=opts.get("mode", "full"), seed=seed)
        self._configure(opts)
        return self._state()

    def restore(self, text: str, opts: dict[str, Any]) -> Answer:
        game, level, reason = saves.load(text)
        if game is None:
            return {"ok": False, "reason": reason or "save_corrupt"}
        self.game = game
        self._configure({**opts, "level": level})
        return self._state()

    def record_stats(self, text: str | None, coached: bool = False) -> Answer:
        g = self.game
        if g is None or g.phase != "over":
            return {"ok": False, "reason": "not_over"}
        return store_api.record_stats(text, g, self.level, ME, coached)

    def _configure(self, opts: dict[str, Any]) -> None:
        level = opts.get("level", "medium")
        self.level = level if level in LEVELS else "medium"
        self.fast = bool(opts.get("fast"))
        assert self.game is not None
        self.bot_seed = self.game.seed
        self.local_bots = {}
        if self.worker is not None and not self.worker_failed:
            # The search workers keep bots between moves; tell them a new game began.
            self.worker.notify("reset")

    def why(self, action: str) -> Answer | None:
        """Why my ``action`` would be refused now, as the engine says it (whose turn it is
        included), or None when it is legal: {"reason", "params"}."""
        g = self.game
        if g is None:
            return {"reason": "bad_action", "params": {"action": action}}
        why = g.why_illegal(action, seat=ME)
        return None if why is None else {"reason": why[0], "params": why[1]}

    def act(self, action: str) -> Answer:
        """Apply my ``action``: the new state and the events it caused, or the engine's refusal
        (the same answer as :meth:`why`); the glue decides nothing itself."""
        g = self.game
        if g is None:
            return {"ok": False, "reason": "bad_action", "params": {"action": action}}
        try:
            events = g.apply(action, seat=ME)
        except IllegalAction as e:
            return {"ok": False, "reason": e.reason, "params": e.params}
        return {**self._state(), "events": events}

    def budget(self) -> int:
        return FAST_BUDGET_MS if self.fast else BUDGET_MS[self.level]

    async def bot_move(self) -> Answer:
        g = self.game
        if g is None or g.to_act in (None, ME):
            return {"ok": False, "error": "no bot to move"}
        seat = g.to_act
        view = g.view(seat)
        legal = view["legal"]
        action = None
        worker = await ready_worker(self)
        if self.game is not g:
            return {"ok": False, "error": "stale", "stale": True}
        starting = False
        if worker is not None:
            seed = self.bot_seed * 4 + seat
            try:
                starting = not await worker_running(worker)
                if not starting:
                    action = await search_action(worker, view, self.level, seed, self.budget())
            except Exception as e:  # noqa: BLE001 - fall back to a local move, keep playing
                print(f"joker.web: no search worker ({e}); bots now search in the engine worker")
                self.worker_failed = True
        if self.game is not g:  # a new game began while the worker was thinking
            return {"ok": False, "error": "stale", "stale": True}
        if action is None:
            # While the first search worker still starts (on two cores it starts once this worker
            # is up, docs/STARTUP.md) the bot searches here at its full budget rather than keep the
            # table waiting about a second for it: it is a bot's turn, so no action of the person's
            # waits behind it. With no search worker at all, a short search keeps this worker free.
            action = self._local_bot(seat, view, self.budget() if starting else min(self.budget(), 150))
        if action not in legal:
            print(f"joker.web: bot {seat} proposed {action!r}, not legal; playing a random legal move")
            action = random.Random(self.bot_seed + len(g.actions)).choice(legal)
        events = g.apply(action, seat=seat)
        return {**self._state(), "seat": seat, "action": action, "events": events}

    def _local_bot(self, seat: int, view: dict[str, Any], budget_ms: int) -> str:
        """The bot's move searched in this worker, within ``budget_ms`` (the same seed as the search
        workers': a bot's move is a function of its view and seed)."""
        key = (seat, budget_ms)
        bot = self.local_bots.get(key)
        if bot is None:
            bot = make_bot(self.level, seed=self.bot_seed * 4 + seat, budget_ms=budget_ms)
            self.local_bots[key] = bot
        return str(bot.act(view))


SESSION = Session()


def api_new_game(opts_json: str) -> Answer:
    return SESSION.new_game(json.loads(opts_json))


def api_restore(text: str, opts_json: str = "{}") -> Answer:
    return SESSION.restore(str(text), json.loads(opts_json or "{}"))


def api_record_stats(text: Any = None, coached: Any = False) -> Answer:
    return SESSION.record_stats(text_or_none(text), coached is True)


def api_stats_load(text: Any = None) -> Answer:
    return store_api.stats_load(text_or_none(text))


def api_stats_import(text: Any) -> Answer:
    return store_api.stats_import(str(text))


def api_stats_export(text: Any = None) -> Answer:
    return store_api.stats_export(text_or_none(text))


def api_check_save(text: Any = None) -> Answer:
    return store_api.check_save(text_or_none(text))


def api_act(action: str) -> Answer:
    return SESSION.act(str(action))


def api_why(action: str) -> Answer | None:
    return SESSION.why(str(action))


def api_view() -> Answer | None:
    return SESSION._state() if SESSION.game is not None else None


def api_pad_new(opts_json: str) -> Answer:
    return pad_api.new(json.loads(opts_json))


def api_pad_act(text: Any, action_json: str, now: Any) -> Answer:
    return pad_api.act(text_or_none(text), json.loads(action_json), int(now))


def api_pad_open(text: Any) -> Answer:
    return pad_api.open_pad(text_or_none(text))


def api_pad_summaries(texts_json: str) -> list[Answer]:
    return pad_api.summaries(json.loads(texts_json))


#: What window.jokerPy offers: name -> function (JSON text in and out; bot_move returns a Promise).
API: dict[str, Callable[..., str] | Callable[[], Awaitable[str]]] = {
    "new_game": answering(api_new_game),
    "restore": answering(api_restore),
    "act": answering(api_act),
    "why": answering(api_why),
    "view": answering(api_view),
    "record_stats": answering(api_record_stats),
    "stats_load": answering(api_stats_load),
    "stats_import": answering(api_stats_import),
    "stats_export": answering(api_stats_export),
    "check_save": answering(api_check_save),
    "pad_new": answering(api_pad_new),
    "pad_act": answering(api_pad_act),
    "pad_open": answering(api_pad_open),
    "pad_summaries": answering(api_pad_summaries),
    "bot_move": answering_async(lambda: SESSION.bot_move()),
    "loaded_modules": loaded_modules,
}


def connect(search: Callable[..., Any]) -> None:
    """Reach the search workers through ``search`` (the page's relay, see :class:`SearchRelay`)."""
    SESSION.worker = SearchRelay(search)
    SESSION.worker_failed = False


def serve() -> list[str]:
    """Run in the engine worker's entry (static/py/engine.py): connect the search relay and return
    the names to export; the caller puts :data:`API` into its globals and ``__export__``s them."""
    from pyscript import sync  # type: ignore[import-not-found]
    connect(lambda *args: sync.search(*args))  # looked up at each call: the page sets it once we run
    from joker import coach_web  # hints, reviews, replays, take-backs, the daily deal (issue 13)
    calls = types.SimpleNamespace()
    coach_web.publish(calls, SESSION, lambda fn: fn)
    API.update(vars(calls))
    return list(API)
