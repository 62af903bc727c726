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
from typing import Any

from . import coach
from .replay import replay


def _game(game_json: str) -> dict[str, Any]:
    game = json.loads(game_json)
    if not isinstance(game, dict):
        raise ValueError("a saved game must be a JSON object")
    return game


def hint(view_json: str, seed: int = 0, budget_ms: float = coach.HINT_BUDGET_MS, worlds: int = 0) -> str:
    """:func:`joker.coach.hint` for the view (``worlds`` > 0: that many samples, else ``budget_ms``)."""
    view = json.loads(view_json)
    w = int(worlds) or None
    return json.dumps(coach.hint(view, seed=int(seed), budget_ms=None if w else float(budget_ms), worlds=w))


def review_plan(game_json: str, deal_no: int, seat: int = 0) -> str:
    """What a review of deal ``deal_no`` will judge, and the deal's frames with every hand.

    ``{"deal_no", "seat", "decisions": [{"at", "phase", "action", "trick_no", "forced"}], "frames"}``.
    """
    game = _game(game_json)
    frames = [f for f in replay(game) if f["deal_no"] == int(deal_no)]
    return json.dumps({"deal_no": int(deal_no), "seat": int(seat), "frames": frames,
                       "decisions": coach.decisions(game, int(deal_no), int(seat))})


def review_step(game_json: str, at: int, seed: int = 0, worlds: int = coach.REVIEW_WORLDS) -> str:
    """:func:`joker.coach.review_decision` of the action ``at``: one step of a review."""
    return json.dumps(coach.review_decision(_game(game_json), int(at), seed=int(seed), worlds=int(worlds)))


def replay_frames(game_json: str) -> str:
    """Every frame of a saved game (:func:`joker.replay.replay`) and its final scores."""
    game = _game(game_json)
    frames = list(replay(game))
    return json.dumps({"frames": frames, "scores": frames[-1]["scores"] if frames else [0, 0, 0, 0]})


__all__ = ["hint", "review_plan", "review_step", "replay_frames"]
