"""What a search worker runs (static/py/search.py): bot search off the page's thread and off the
engine's worker.

The engine worker (:mod:`joker.web`, through the page's relay) sends the bot seat's
``Game.view(seat)`` as JSON and gets back one action string.  Bots are kept per (seat, level, seed)
between calls so that a bot with memory keeps it for the whole game; :func:`reset` forgets them
when a new game starts.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from joker import coach_api
from joker.bots import Bot, make_bot, parallel

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


def search_part(view_json: str, level: str, seed: int, budget_ms: int, part: int) -> str:
    """Part ``part`` of the decision in ``view`` (joker.bots.parallel), as JSON: the engine worker
    asks every search worker for one part at once and merges them."""
    return json.dumps(parallel.search_part(str(level), int(seed), json.loads(view_json), int(part),
                                           budget_ms=int(budget_ms)))


def reset() -> bool:
    """Forget every bot (a new game started)."""
    _BOTS.clear()
    return True


def ping(sender: str = "") -> str:
    return f"joker search worker, Python {sys.version.split()[0]}, answering {sender}"


def loaded_modules() -> str:
    """The modules this interpreter has imported, as JSON ``{name: file or null}``: what the build's
    trimmed stdlib must hold (tools/trace_stdlib.py gathers it from both workers after whole games)."""
    out = {}
    for name, module in sorted(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) if spec is not None else None
        out[name] = origin if isinstance(origin, str) else None
    return json.dumps(out)


#: What a search worker offers the page (static/py/search.py exports every name).
EXPORTS: dict[str, Callable[..., Any]] = {
    "act": act, "search_part": search_part, "reset": reset, "ping": ping, "loaded_modules": loaded_modules,
    # the coach's analysis (issue 13), asked by joker.coach_web in the engine worker
    "hint": coach_api.hint, "review_plan": coach_api.review_plan, "review_step": coach_api.review_step,
    "replay_frames": coach_api.replay_frames,
}
__export__ = list(EXPORTS)
