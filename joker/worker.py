"""Entry of the ``bot`` PyScript worker: bot search off the main thread.

The main thread (:mod:`joker.web`) sends the bot seat's ``Game.view(seat)`` as JSON and gets
back one action string.  Bots are kept per (seat, level, seed) between calls so that a bot
with memory keeps it for the whole game; :func:`reset` forgets them when a new game starts.

Until ``joker.bots`` exists, a seat plays a uniformly random legal action (a stand-in).
"""
from __future__ import annotations

import json
import random
import sys
from typing import Any

_BOTS: dict[tuple[int, str, int], Any] = {}


def _make(level: str, seed: int, budget_ms: int) -> Any:
    try:
        from joker.bots import make_bot  # type: ignore[import-not-found]
    except ImportError:
        return _RandomBot(seed)
    return make_bot(level, seed=seed, budget_ms=budget_ms)


class _RandomBot:
    """Temporary stand-in: a uniformly random legal action."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any]) -> str:
        return self.rng.choice(view["legal"])


def act(view_json: str, level: str = "medium", seed: int = 0, budget_ms: int = 300) -> str:
    """The action the bot at ``view["seat"]`` chooses in ``view``."""
    view = json.loads(view_json)
    seat = int(view["seat"])
    key = (seat, str(level), int(seed))
    bot = _BOTS.get(key)
    if bot is None:
        for k in [k for k in _BOTS if k[0] == seat]:
            del _BOTS[k]
        bot = _BOTS[key] = _make(str(level), int(seed), int(budget_ms))
    if hasattr(bot, "budget_ms"):
        try:
            bot.budget_ms = int(budget_ms)
        except Exception:  # noqa: BLE001 - read-only attribute: keep the bot's own budget
            pass
    return str(bot.act(view))


def reset() -> bool:
    """Forget every bot (a new game started)."""
    _BOTS.clear()
    return True


def ping(sender: str = "") -> str:
    return f"joker bot worker, Python {sys.version.split()[0]}, answering {sender}"


__export__ = ["act", "reset", "ping"]
