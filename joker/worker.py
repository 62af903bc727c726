"""Entry of the ``bot`` PyScript worker: bot search off the page's thread.

The page (:mod:`joker.web`) sends the bot seat's ``Game.view(seat)`` as JSON and gets back one
action string.  Bots are kept per (seat, level, seed) between calls so that a bot with memory keeps
it for the whole game; :func:`reset` forgets them when a new game starts.
"""
from __future__ import annotations

import json
import sys

from joker.bots import Bot, make_bot

_BOTS: dict[tuple[int, str, int], Bot] = {}


def act(view_json: str, level: str = "medium", seed: int = 0, budget_ms: int = 300) -> str:
    """The action the bot at ``view["seat"]`` chooses in ``view``, within ``budget_ms``."""
    view = json.loads(view_json)
    seat = int(view["seat"])
    key = (seat, str(level), int(seed))
    bot = _BOTS.get(key)
    if bot is None:
        for old in [k for k in _BOTS if k[0] == seat]:
            del _BOTS[old]
        bot = _BOTS[key] = make_bot(str(level), seed=int(seed), budget_ms=int(budget_ms))
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
