"""Parallel search (issue #14 item 2): a decision split over N search workers and merged equals one
worker's search over the same samples and seeds."""
from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from joker.bots import make_bot
from joker.bots.parallel import decide, merge, part_seed, search_part
from joker.game import Game


def views() -> list[dict[str, Any]]:
    """A trump choice, a bid and card plays (first and later tricks) from a real game."""
    g = Game(mode="nines", seed=9)
    out: list[dict[str, Any]] = []
    bot = make_bot("medium", seed=1)
    while g.to_act is not None and len(out) < 40:
        v = g.view(g.to_act)
        if len(v["legal"]) > 1:
            out.append(v)
        g.apply(bot.act(v), seat=g.to_act)
    phases = {v["phase"] for v in out}
    assert {"trump", "bid", "play"} <= phases, phases
    return [v for i, v in enumerate(out) if v["phase"] != "play" or i % 4 == 0]


def _part(args: tuple[str, int, str, int, int]) -> str:
    """Runs in another process: one part, as JSON (what a search worker sends back)."""
    level, seed, view_json, k, worlds = args
    return json.dumps(search_part(level, seed, json.loads(view_json), k, worlds=worlds))


@pytest.mark.parametrize("level", ["hard", "insane"])
def test_one_part_is_the_bot_itself(level: str) -> None:
    for v in views():
        bot = make_bot(level, seed=3, worlds=10)
        assert merge([search_part(level, 3, v, 0, worlds=10)]) == bot.analyse(v)


@pytest.mark.parametrize("level", ["hard", "insane"])
def test_split_over_processes_equals_one_worker_with_the_same_seeds(level: str) -> None:
    """Four parts searched in two other processes (in whatever order they finish) merge to exactly
    what one process searching the same four seeds' deals decides, values included."""
    n, worlds = 4, 8
    vs = views()
    jobs = [(level, 11, json.dumps(v), k, worlds) for v in vs for k in range(n)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(_part, jobs))
    for i, v in enumerate(vs):
        split = [json.loads(a) for a in answers[i * n:(i + 1) * n]]
        one = [search_part(level, 11, v, k, worlds=worlds) for k in range(n)]
        assert merge(split) == merge(one)
        assert decide(split) == decide(one) and decide(split) in v["legal"]
        assert sum(p["worlds"] for p in split) == n * worlds


def test_parts_sample_different_deals() -> None:
    v = next(v for v in views() if v["phase"] == "play")
    assert len({part_seed(5, k) for k in range(8)}) == 8 and part_seed(5, 0) == 5
    a, b = (search_part("insane", 5, v, k, worlds=6) for k in (0, 1))
    assert a["actions"] == b["actions"] and a["totals"] != b["totals"]


def test_merge_refuses_parts_of_other_decisions_and_other_levels() -> None:
    vs = [v for v in views() if v["phase"] == "play"]
    a = search_part("hard", 1, vs[0], 0, worlds=4)
    b = search_part("hard", 1, vs[-1], 1, worlds=4)
    with pytest.raises(ValueError):
        merge([a, b])
    with pytest.raises(ValueError):
        merge([])
    with pytest.raises(ValueError):
        search_part("medium", 1, vs[0], 0, worlds=4)
