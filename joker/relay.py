"""The engine worker's side of the search workers, and of the JSON boundary to the page.

The engine worker (:mod:`joker.web`) owns the game; bot moves and the coach's searches run in the
search workers (:mod:`joker.worker`).  Workers cannot call each other, so they are reached through
the page: :class:`SearchRelay` turns ``relay.act(...)`` into a call of ``pyscript.sync.search`` (a JS
function of ``static/js/engine.js``).  Both the bots (:mod:`joker.web`) and the coach
(:mod:`joker.coach_web`) wait here for a worker that is still starting, so neither searches on a
thread the table needs; and every call the page makes answers JSON text, never a traceback.

Nothing here imports ``js`` or ``pyscript``: it runs (and is tested) in plain CPython.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from .bots.parallel import SPLIT_LEVELS, decide

#: How long a call waits for a search worker that is still starting before it does without.
WORKER_WAIT_S = 20


class SearchRelay:
    """The search worker(s), as the page offers them to this worker.

    ``call`` is ``pyscript.sync.search``: a JS function of ``static/js/engine.js`` that sends
    ``(name, *args)`` to the search pool and resolves with the answer (it rejects when no search
    worker starts).  ``relay.act(...)`` and any other name become such calls, awaited."""

    def __init__(self, call: Callable[..., Any]) -> None:
        self._call = call
        self._pending: set[asyncio.Future[Any]] = set()

    def __getattr__(self, name: str) -> Callable[..., Awaitable[Any]]:
        if name.startswith("_"):
            raise AttributeError(name)

        async def method(*args: Any) -> Any:
            return await self._call(name, *args)
        return method

    def notify(self, name: str, *args: Any) -> None:
        """Call ``name`` without waiting for its answer (a failure is only logged)."""
        async def send() -> None:
            try:
                await self._call(name, *args)
            except Exception as e:  # noqa: BLE001 - a stale search worker only loses its bots' memory
                print(f"joker.relay: search worker call {name} failed: {e}")
        task = asyncio.ensure_future(send())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)


async def ready_worker(session: Any) -> Any | None:
    """The session's search worker once it has settled, or None when there is none to ask.

    ``session.worker_settled`` (an ``asyncio.Event``, or None) is set when a worker still starting
    has connected or failed; a call made meanwhile waits for it (at most :data:`WORKER_WAIT_S`)
    rather than search on the engine's own thread.
    """
    settled = session.worker_settled
    if session.worker is None and settled is not None and not settled.is_set():
        try:
            await asyncio.wait_for(settled.wait(), WORKER_WAIT_S)
        except TimeoutError:
            pass
    return None if session.worker is None or session.worker_failed else session.worker


async def worker_running(worker: Any) -> bool:
    """Whether a search worker answers now.  The page's relay tells at once (``running``: how many
    search workers have started, 0 while the first one still starts) instead of waiting for one;
    a worker object without that call (tests, CPython) is taken as running."""
    running = getattr(worker, "running", None)
    return running is None or int(await running()) > 0


async def search_action(worker: Any, view: dict[str, Any], level: str, seed: int, budget: int) -> str:
    """The bot's action for ``view``, searched by the search workers.

    Hard and Insane split the decision over every search worker that runs (each searches its own
    sampled deals for the whole budget and the sums are merged: :mod:`joker.bots.parallel`); the other
    levels, and a decision with one legal action, ask one worker."""
    text = json.dumps(view)
    parts = 1
    size = getattr(worker, "size", None)  # how many search workers run (the page's relay)
    if size is not None and level in SPLIT_LEVELS and len(view["legal"]) > 1:
        parts = int(await size())
    if parts <= 1:
        return str(await worker.act(text, level, seed, budget))
    answers = await asyncio.gather(*(worker.search_part(text, level, seed, budget, k) for k in range(parts)))
    return decide([json.loads(str(a)) for a in answers])


def answering(fn: Callable[..., Any]) -> Callable[..., str]:
    """``fn`` as the page calls it: its answer as JSON text, an exception as ``{"ok": false, "error"}``."""
    def call(*args: Any) -> str:
        try:
            return json.dumps(fn(*args))
        except Exception as e:  # noqa: BLE001 - the page gets an answer, never a traceback
            return json.dumps({"ok": False, "error": f"{type(e).__name__}: {e}"})
    return call


def answering_async(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[str]]:
    """:func:`answering` for a coroutine function (the page awaits a Promise)."""
    async def call(*args: Any) -> str:
        try:
            return json.dumps(await fn(*args))
        except Exception as e:  # noqa: BLE001
            return json.dumps({"ok": False, "error": f"{type(e).__name__}: {e}"})
    return call


def text_or_none(value: Any) -> str | None:
    """A JS string as str; null / undefined (None, or a JsNull proxy) as None."""
    return value if isinstance(value, str) else None


__all__ = ["SearchRelay", "ready_worker", "worker_running", "search_action", "answering", "answering_async",
           "text_or_none", "WORKER_WAIT_S"]
