"""The coach's calls as the ``bot`` worker answers them: JSON text in, JSON text out.

Hints and reviews search (Insane's analysis), and a replay walks a whole game: all of it runs in
the worker, so the page's thread only passes text along (:mod:`joker.coach_web`).  Each call does
one bounded piece of work — one hint, one decision of a review, one game's frames — so the page
can show progress between calls and cancel by not asking for more.

>>> import json
>>> from joker.game import Game
>>> g = Game(mode="nines", seed=2, first_dealer=0)
>>> json.loads(hint(json.dumps(g.view(1)), 0, 0, 8))["action"] in g.legal_actions()
True
"""
from __future__ import annotations

import json
import math
from typing import Any

from . import coach, guard
from .replay import replay

#: A whole game's save is about 5,000 characters and a view a few thousand; nothing of ours nests
#: deeper than 6 levels.  Larger or deeper text is refused before a parser sees it (joker.guard).
MAX_TEXT = 100_000
MAX_DEPTH = 16


def _json(text: Any) -> Any:
    return guard.loads(text, max_chars=MAX_TEXT, max_depth=MAX_DEPTH)


def _game(game_json: str) -> dict[str, Any]:
    game = _json(game_json)
    if not isinstance(game, dict):
        raise ValueError("a saved game must be a JSON object")
    return game


def _whole(value: Any, what: str) -> int:
    """A whole number from the worker's arguments (JavaScript numbers may arrive as floats)."""
    if type(value) is float and value.is_integer():
        value = int(value)
    return guard.whole(value, what, -(2**64), 2**64)


def _ms(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ValueError(f"budget_ms must be a number, got {guard.shown(value)}")
    return float(value)


def hint(view_json: str, seed: int = 0, budget_ms: float = coach.HINT_BUDGET_MS, worlds: int = 0) -> str:
    """:func:`joker.coach.hint` for the view (``worlds`` > 0: that many samples, else ``budget_ms``)."""
    view = _json(view_json)
    w = _whole(worlds, "worlds") or None
    return json.dumps(coach.hint(view, seed=_whole(seed, "seed"), budget_ms=None if w else _ms(budget_ms),
                                 worlds=w))


def review_plan(game_json: str, deal_no: int, seat: int = 0) -> str:
    """What a review of deal ``deal_no`` will judge, and the deal's frames with every hand.

    ``{"deal_no", "seat", "decisions": [{"at", "phase", "action", "trick_no", "forced"}], "frames"}``.
    """
    game = _game(game_json)
    deal_no, seat = _whole(deal_no, "deal_no"), _whole(seat, "seat")
    decisions = coach.decisions(game, deal_no, seat)   # first: it checks the game, the deal and the seat
    frames = [f for f in replay(game) if f["deal_no"] == deal_no]
    return json.dumps({"deal_no": deal_no, "seat": seat, "frames": frames, "decisions": decisions})


def review_step(game_json: str, at: int, seed: int = 0, worlds: int = coach.REVIEW_WORLDS) -> str:
    """:func:`joker.coach.review_decision` of the action ``at``: one step of a review."""
    return json.dumps(coach.review_decision(_game(game_json), _whole(at, "at"), seed=_whole(seed, "seed"),
                                            worlds=_whole(worlds, "worlds")))


def replay_frames(game_json: str) -> str:
    """Every frame of a saved game (:func:`joker.replay.replay`) and its final scores."""
    game = _game(game_json)
    frames = list(replay(game))
    return json.dumps({"frames": frames, "scores": frames[-1]["scores"] if frames else [0, 0, 0, 0]})


__all__ = ["hint", "review_plan", "review_step", "replay_frames"]
