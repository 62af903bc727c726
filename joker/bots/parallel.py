"""One Hard or Insane decision searched by several workers at once, merged into one decision.

A search bot's decision is a sum over sampled deals (:class:`joker.bots.search.Searcher`): per
candidate, the weighted value and points of each deal, and the sum of the weights.  Part ``k`` of a
decision is the same search with its own seed (:func:`part_seed`; part 0 has the bot's seed), so the
parts sample different deals; :func:`merge` adds their sums and ranks them exactly as one search over
all those deals would.  On a phone with N cores, N search workers each search one part within the
same time budget: N times the deals in the time one worker takes.

The merged decision depends only on the parts' seeds and sample counts, not on which worker (or
process) searched which part, nor in what order they finished: parts are merged in part order.

>>> from joker.game import Game
>>> g = Game(mode="nines", seed=5)
>>> v = g.view(g.to_act)
>>> one = merge([search_part("hard", 7, v, 0, worlds=12)])
>>> one == make_bot("hard", seed=7, worlds=12).analyse(v)    # one part is the bot itself
True
>>> parts = [search_part("hard", 7, v, k, worlds=12) for k in range(3)]
>>> merge(parts)[0]["action"] in v["legal"], sum(p["count"] for p in parts) == 36
(True, True)
"""
from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from . import SearchBot, make_bot
from .choices import Choice, ranked

#: The levels whose decisions are searches, and so can be split.
SPLIT_LEVELS = ("hard", "insane")

Part = dict[str, Any]


def part_seed(seed: int, part: int) -> int:
    """The seed of part ``part`` of a decision of the bot seeded ``seed`` (part 0: the bot's own)."""
    return seed if part == 0 else zlib.crc32(f"{seed}|part|{part}".encode())


def search_part(level: str, seed: int, view: dict[str, Any], part: int, budget_ms: float | None = None,
                worlds: int | None = None) -> Part:
    """Part ``part`` of the decision in ``view`` of the ``level`` bot seeded ``seed``: the sums of its
    search (JSON-able) -- candidates, per-candidate value and point sums, the weight sum ``count``
    and the number of sampled deals ``worlds``."""
    if level not in SPLIT_LEVELS:
        raise ValueError(f"only a search level can be split ({', '.join(SPLIT_LEVELS)}), not {level!r}")
    bot = make_bot(level, seed=part_seed(seed, part), budget_ms=budget_ms, worlds=worlds)
    assert isinstance(bot, SearchBot)
    searcher = bot._searcher(view)
    searcher.analyse(view)
    assert searcher.sums is not None
    return {**searcher.sums, "worlds": int(searcher.stats["worlds"])}


def merge(parts: Sequence[Part]) -> list[Choice]:
    """Every legal action with its value over all the parts' deals, best first (as :func:`ranked`)."""
    if not parts:
        raise ValueError("no part to merge")
    first = parts[0]
    for p in parts[1:]:
        if (p["actions"], p["rep"], p["order"]) != (first["actions"], first["rep"], first["order"]):
            raise ValueError("parts of different decisions cannot be merged")
    n = len(first["totals"])
    totals = [0.0] * n
    points = [0.0] * n
    count = 0.0
    for p in parts:
        for i in range(n):
            totals[i] += p["totals"][i]
            points[i] += p["points"][i]
        count += p["count"]
    return ranked(first["actions"], first["rep"], totals, points, count, first["order"])


def decide(parts: Sequence[Part]) -> str:
    """The action the merged search picks."""
    return str(merge(parts)[0]["action"])


__all__ = ["SPLIT_LEVELS", "Part", "part_seed", "search_part", "merge", "decide"]
