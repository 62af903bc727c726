"""The coach's calls on the page's side: hints, reviews, replays, take-backs and the daily deal.

:func:`publish` adds them to the engine worker's calls next to :mod:`joker.web`'s (JSON text out).
Everything that searches or walks a whole game is sent to the ``bot`` worker
(:mod:`joker.coach_api`), so the page's thread only passes text along; a take-back and the daily
deal's new game change the session's :class:`~joker.game.Game` and answer like ``act``.

    coach_hint()                       -> {"ok", "action", "candidates", "reason"}   (my turn only)
    coach_review_plan(deal_no, game?)  -> {"ok", "deal_no", "decisions", "frames"}  (game: saved JSON text)
    coach_review_step(at, game?)       -> {"ok", "decision"}   one decision judged
    coach_replay(game)                 -> {"ok", "frames", "scores"}
    take_back()                        -> {"ok", "view", "save", "level"} | {"ok": false, "reason"}
    daily_new(day, opts)               -> {"ok", "view", "save", "level", "day", "seed"}

Only this module, :mod:`joker.web` and :mod:`joker.worker` touch the browser.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import coach
from .daily import daily_game, day_text
from .game import Game
from .relay import answering, answering_async, ready_worker, text_or_none
from .replay import take_back

Answer = dict[str, Any]
ME = 0


class Coach:
    """The coach's side of a :class:`joker.web.Session` (its game, level and worker)."""

    def __init__(self, session: Any) -> None:
        self.session = session

    async def _worker(self, name: str, *args: Any) -> Answer:
        worker = await ready_worker(self.session)   # one still starting is waited for
        if worker is None:
            # No worker: the coach never searches on the page's thread (the table would freeze).
            return {"ok": False, "reason": "no_worker"}
        text = await getattr(worker, name)(*args)
        return {"ok": True, **json.loads(str(text))}

    def _game_json(self, game_text: str | None) -> str:
        if game_text:
            return json.dumps(json.loads(game_text))
        g = self.session.game
        if g is None:
            raise ValueError("no game")
        return json.dumps(g.to_dict())

    async def hint(self) -> Answer:
        g: Game | None = self.session.game
        if g is None or g.to_act != ME:
            return {"ok": False, "reason": "not_your_turn"}
        view = g.view(ME)
        seed = self.session.bot_seed * 4 + ME
        res = await self._worker("hint", json.dumps(view), seed, coach.HINT_BUDGET_MS, 0)
        if self.session.game is not g or len(g.actions) != len(self.session.game.actions):
            return {"ok": False, "reason": "stale"}
        return res

    async def review_plan(self, deal_no: int, game_text: str | None = None) -> Answer:
        return await self._worker("review_plan", self._game_json(game_text), int(deal_no), ME)

    async def review_step(self, at: int, game_text: str | None = None) -> Answer:
        game_json = self._game_json(game_text)
        seed = json.loads(game_json).get("seed", 0) * 4 + ME
        res = await self._worker("review_step", game_json, int(at), seed, coach.REVIEW_WORLDS)
        if res.get("ok"):
            res = {"ok": True, "decision": {k: v for k, v in res.items() if k != "ok"}}
        return res

    async def replay(self, game_text: str) -> Answer:
        return await self._worker("replay_frames", self._game_json(game_text))

    def take_back(self) -> Answer:
        s = self.session
        g: Game | None = s.game
        if g is None or g.phase == "over":
            return {"ok": False, "reason": "no_take_back"}
        try:
            back = take_back(g.to_dict(), ME)
        except ValueError:
            return {"ok": False, "reason": "no_take_back"}
        s.game = Game.from_dict(back)   # a new object: a bot move still in flight comes back stale
        return dict(s._state())

    def daily_new(self, day: str, opts: dict[str, Any]) -> Answer:
        s = self.session
        try:
            text = day_text(day)
        except ValueError:
            return {"ok": False, "reason": "bad_day"}
        s.game = daily_game(text)
        s._configure(opts)
        return {**s._state(), "day": text, "seed": s.game.seed}


def publish(api: Any, session: Any, proxy: Callable[[Any], Any]) -> None:
    """Add the coach's calls to ``api`` (the engine worker's exports); ``proxy`` wraps each function."""
    c = Coach(session)

    later, now = answering_async, answering
    api.coach_hint = proxy(later(c.hint))
    api.coach_review_plan = proxy(later(lambda n, text=None: c.review_plan(int(n), text_or_none(text))))
    api.coach_review_step = proxy(later(lambda at, text=None: c.review_step(int(at), text_or_none(text))))
    api.coach_replay = proxy(later(lambda text: c.replay(str(text))))
    api.take_back = proxy(now(c.take_back))
    api.daily_new = proxy(now(lambda day, opts="{}": c.daily_new(str(day), json.loads(str(opts) or "{}"))))


__all__ = ["Coach", "publish"]
