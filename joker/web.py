"""Browser glue on the main thread: owns the :class:`~joker.game.Game`, answers the table UI.

The table UI (``static/js/app.js``) renders ``Game.view(0)`` and never decides a rule itself.
This module publishes ``window.jokerPy`` with a few functions that take and return JSON
strings (so no proxies leak across the boundary), then sets ``<html data-python="ready">``
and fires a ``joker:ready`` event.

    new_game(opts)   -> {"ok", "view", "save"}        opts: {"rules", "mode", "seed", "level", "fast"}
    restore(text, opts) -> {"ok", "view", "save", "level"} | {"ok": false, "reason"}   (joker.saves envelope)
    record_stats(text) -> {"ok", "stats" (text), "group", "derived", "summary", "reason"}   after the game is over
    stats_load(text) -> {"ok", "stats", "groups": {"level/mode": figures}, "reason"}   (joker.stats)
    stats_import(text) -> {"ok", "stats", "groups"} | {"ok": false, "reason": "stats_import", "detail"}
    stats_export(text) -> {"ok", "text"}   the file to download
    check_save(text) -> {"ok", "reason"}   can the stored save be continued?
    act(action)      -> {"ok", "view", "save"} | {"ok": false, "reason", "params"}
    why(action)      -> {"reason", "params"} | null
    bot_move()       -> Promise of {"ok", "seat", "action", "view", "save"}   (search in the worker)

Bot moves are computed in the ``bot`` PyScript worker (``joker/worker.py``) from the bot
seat's own view, passed as JSON; only if the worker cannot start do they run here.
Only this module and ``joker.worker`` import ``js``/``pyscript``.
"""
from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from joker import saves, stats
from joker.game import Game
from joker.rules import PRESETS, Rules

LEVELS = ("easy", "medium", "hard", "insane")
# Search budget per level (ms of the worker's time per decision); "fast" pace caps it.
BUDGET_MS = {"easy": 60, "medium": 250, "hard": 400, "insane": 1000}
FAST_BUDGET_MS = 40
# How long a bot move waits for a worker that is still starting before searching here instead.
WORKER_WAIT_S = 20


class Session:
    """One game in progress plus what the bots need to know (level, seeds, pace)."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.level = "medium"
        self.fast = False
        self.bot_seed = 0
        self.worker: Any = None          # the PyScript worker proxy, once it answered
        self.worker_failed = False
        # Set once the worker answered or failed: until then a bot move waits for it rather than
        # searching on the main thread (the table would freeze for the whole search).
        self.worker_settled: asyncio.Event | None = None
        self.local_bots: dict[int, Any] = {}

    # ---- answers ---------------------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        g = self.game
        assert g is not None
        return {"ok": True, "view": g.view(0), "save": saves.dumps(g, self.level), "level": self.level}

    def new_game(self, opts: dict[str, Any]) -> dict[str, Any]:
        rules = Rules.from_dict(opts["rules"]) if opts.get("rules") else PRESETS[opts.get("preset", "standard")]
        seed = opts.get("seed")
        seed = int(seed) if seed is not None else None
        self.game = Game(rules=rules, mode=opts.get("mode", "full"), seed=seed)
        self._configure(opts)
        return self._state()

    def restore(self, text: str, opts: dict[str, Any]) -> dict[str, Any]:
        game, level, reason = saves.load(text)
        if game is None:
            return {"ok": False, "reason": reason or "save_corrupt"}
        self.game = game
        self._configure({**opts, "level": level})
        return self._state()

    def record_stats(self, text: str | None) -> dict[str, Any]:
        g = self.game
        if g is None or g.phase != "over":
            return {"ok": False, "reason": "not_over"}
        doc, reason = stats.load(text)
        summary = stats.game_summary(g, 0)
        doc = stats.record(doc, self.level, g.mode, summary)
        key = stats.group_key(self.level, g.mode)
        group = doc["groups"][key]
        return {"ok": True, "stats": stats.dumps(doc), "group": group, "derived": stats.derived(group),
                "key": key, "summary": summary, "reason": reason}

    @staticmethod
    def stats_load(text: str | None) -> dict[str, Any]:
        """The stored statistics, checked: {"ok", "stats", "groups", "reason"} (reason set when the
        stored text was unreadable: the caller keeps it aside and tells the user)."""
        doc, reason = stats.load(text)
        return {"ok": True, "stats": stats.dumps(doc), "groups": stats.screen(doc), "reason": reason}

    @staticmethod
    def stats_import(text: str) -> dict[str, Any]:
        """A file chosen by the user: validated; nothing is replaced when it is not valid."""
        try:
            doc = stats.import_text(text)
        except (ValueError, TypeError, RecursionError) as e:
            return {"ok": False, "reason": "stats_import", "detail": str(e)}
        return {"ok": True, "stats": stats.dumps(doc), "groups": stats.screen(doc)}

    @staticmethod
    def stats_export(text: str | None) -> dict[str, Any]:
        doc, reason = stats.load(text)
        return {"ok": reason is None, "text": stats.export_text(doc), "reason": reason}

    @staticmethod
    def check_save(text: str | None) -> dict[str, Any]:
        """Whether a stored save can be continued (replayed in a throwaway game)."""
        game, _level, reason = saves.load(text)
        return {"ok": game is not None or not text, "reason": reason}

    def _configure(self, opts: dict[str, Any]) -> None:
        level = opts.get("level", "medium")
        self.level = level if level in LEVELS else "medium"
        self.fast = bool(opts.get("fast"))
        assert self.game is not None
        self.bot_seed = self.game.seed
        self.local_bots = {}
        if self.worker is not None:
            # The worker keeps bots between moves; tell it a new game began.
            try:
                self.worker.reset()
            except Exception:  # noqa: BLE001 - a stale worker only loses its bots' memory
                pass

    def act(self, action: str) -> dict[str, Any]:
        g = self.game
        if g is None:
            return {"ok": False, "reason": "bad_action", "params": {"action": action}}
        if g.to_act != 0:
            if g.phase == "over":
                return {"ok": False, "reason": "game_over", "params": {}}
            return {"ok": False, "reason": "not_your_turn", "params": {"seat": g.to_act}}
        why = g.why_illegal(action)
        if why is not None:
            return {"ok": False, "reason": why[0], "params": why[1]}
        g.apply(action)
        return self._state()

    def why(self, action: str) -> dict[str, Any] | None:
        g = self.game
        if g is None:
            return None
        if g.phase == "over":
            return {"reason": "game_over", "params": {}}
        if g.to_act != 0:
            return {"reason": "not_your_turn", "params": {"seat": g.to_act}}
        why = g.why_illegal(action)
        return None if why is None else {"reason": why[0], "params": why[1]}

    def budget(self) -> int:
        return FAST_BUDGET_MS if self.fast else BUDGET_MS[self.level]

    async def bot_move(self) -> dict[str, Any]:
        g = self.game
        if g is None or g.phase == "over" or g.to_act in (None, 0):
            return {"ok": False, "error": "no bot to move"}
        seat = g.to_act
        view = g.view(seat)
        legal = view["legal"]
        action = None
        if self.worker is None and self.worker_settled is not None and not self.worker_settled.is_set():
            try:
                await asyncio.wait_for(self.worker_settled.wait(), WORKER_WAIT_S)
            except asyncio.TimeoutError:
                pass
        if self.game is not g:
            return {"ok": False, "error": "stale", "stale": True}
        if self.worker is not None and not self.worker_failed:
            try:
                action = await self.worker.act(json.dumps(view), self.level, self.bot_seed * 4 + seat,
                                               self.budget())
            except Exception as e:  # noqa: BLE001 - fall back to a local move, keep playing
                print(f"joker.web: the bot worker failed ({e}); bots now play on the main thread")
                self.worker_failed = True
                action = None
        if self.game is not g:  # a new game began while the worker was thinking
            return {"ok": False, "error": "stale", "stale": True}
        if action is None:
            action = self._local_bot(seat, view)
        if action not in legal:
            print(f"joker.web: bot {seat} proposed {action!r}, not legal; playing a random legal move")
            action = random.Random(self.bot_seed + len(g.actions)).choice(legal)
        g.apply(action)
        return {**self._state(), "seat": seat, "action": action}

    def _local_bot(self, seat: int, view: dict[str, Any]) -> str:
        try:
            from joker.bots import make_bot  # type: ignore[import-not-found]
        except ImportError:
            return random.Random(self.bot_seed * 1000 + len(self.game.actions)).choice(view["legal"])  # type: ignore[union-attr]
        bot = self.local_bots.get(seat)
        if bot is None:
            bot = self.local_bots[seat] = make_bot(self.level, seed=self.bot_seed * 4 + seat,
                                                   budget_ms=min(self.budget(), 150))
        return str(bot.act(view))


SESSION = Session()


def _guard(fn):  # type: ignore[no-untyped-def]
    """Wrap an API function: JSON in, JSON out, and never a Python traceback in the console."""
    def wrapper(*args: Any) -> str:
        try:
            return json.dumps(fn(*args))
        except Exception as e:  # noqa: BLE001
            return json.dumps({"ok": False, "error": f"{type(e).__name__}: {e}"})
    return wrapper


def api_new_game(opts_json: str) -> dict[str, Any]:
    return SESSION.new_game(json.loads(opts_json))


def api_restore(text: str, opts_json: str = "{}") -> dict[str, Any]:
    return SESSION.restore(str(text), json.loads(opts_json or "{}"))


def api_record_stats(text: Any = None) -> dict[str, Any]:
    return SESSION.record_stats(text if isinstance(text, str) else None)


def api_stats_load(text: Any = None) -> dict[str, Any]:
    return Session.stats_load(text if isinstance(text, str) else None)


def api_stats_import(text: Any) -> dict[str, Any]:
    return Session.stats_import(str(text))


def api_stats_export(text: Any = None) -> dict[str, Any]:
    return Session.stats_export(text if isinstance(text, str) else None)


def api_check_save(text: Any = None) -> dict[str, Any]:
    return Session.check_save(text if isinstance(text, str) else None)


def api_act(action: str) -> dict[str, Any]:
    return SESSION.act(str(action))


def api_why(action: str) -> dict[str, Any] | None:
    return SESSION.why(str(action))


def api_view() -> dict[str, Any] | None:
    return SESSION._state() if SESSION.game is not None else None


async def api_bot_move() -> str:
    try:
        return json.dumps(await SESSION.bot_move())
    except Exception as e:  # noqa: BLE001
        return json.dumps({"ok": False, "error": f"{type(e).__name__}: {e}"})


async def _connect_worker() -> None:
    from pyscript import document, workers  # type: ignore[import-not-found]
    settled = SESSION.worker_settled = asyncio.Event()
    try:
        worker = await workers["bot"]
        await worker.ping("main")
        SESSION.worker = worker
        document.documentElement.setAttribute("data-worker", "ready")
    except Exception as e:  # noqa: BLE001
        SESSION.worker_failed = True
        print(f"joker.web: no bot worker ({e}); bots play on the main thread")
        document.documentElement.setAttribute("data-worker", "failed")
    finally:
        settled.set()


async def main() -> None:
    """Entry point of the page's main script: publish the API, then connect the worker."""
    from pyscript import document, window  # type: ignore[import-not-found]
    from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

    api = window.Object.new()
    api.new_game = create_proxy(_guard(api_new_game))
    api.restore = create_proxy(_guard(api_restore))
    api.act = create_proxy(_guard(api_act))
    api.why = create_proxy(_guard(api_why))
    api.view = create_proxy(_guard(api_view))
    api.record_stats = create_proxy(_guard(api_record_stats))
    api.stats_load = create_proxy(_guard(api_stats_load))
    api.stats_import = create_proxy(_guard(api_stats_import))
    api.stats_export = create_proxy(_guard(api_stats_export))
    api.check_save = create_proxy(_guard(api_check_save))
    api.bot_move = create_proxy(api_bot_move)
    window.jokerPy = api
    document.documentElement.setAttribute("data-python", "ready")
    window.dispatchEvent(window.CustomEvent.new("joker:ready"))
    await _connect_worker()
