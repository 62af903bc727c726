"""tools/probe_pairs.py: the neighbouring bids are played out on the same deal, from a copy of the game."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from joker.arena import game_seeds, parse_entry
from joker.bots import bidsearch as bid_mod
from joker.bots import search as search_mod
from joker.game import Game
from joker.rules import PRESETS

RULES = dataclasses.replace(PRESETS["standard"], premium="bonus")


@pytest.fixture(scope="module")
def probe() -> Iterator[Any]:
    """The probe module, with the bid search's recording hooks on only while these tests run."""
    from tools import probe_bids, probe_pairs
    bid_mod.rollout = probe_bids._rollout  # type: ignore[assignment]
    search_mod.Searcher._loop = probe_bids._loop  # type: ignore[method-assign]
    yield probe_pairs
    bid_mod.rollout = probe_bids._orig_rollout  # type: ignore[assignment]
    search_mod.Searcher._loop = probe_bids._orig_loop  # type: ignore[method-assign]


def test_a_copy_played_on_is_the_game_played_on(probe: Any) -> None:
    """The forked deals stand for "the same deal with another bid" only if the bots choose from the
    view alone: a copy given the same bid ends the deal exactly as the game itself does."""
    lineup = [parse_entry(x) for x in ("insane@12w", "hard@6w", "hard@6w", "hard@6w")]
    bots = [e.make(i) for i, e in enumerate(lineup)]
    g = Game(RULES, "nines", seed=game_seeds(5, 1)[0])
    while g.phase != "bid":
        g.apply(bots[g.to_act].act(g.view(g.to_act)))
    g2 = g.copy()
    assert probe.play_deal(g, bots) == probe.play_deal(g2, bots)


def test_probed_bids_carry_their_neighbours_outcomes(probe: Any, capsys: pytest.CaptureFixture[str]) -> None:
    lineup = [parse_entry(x) for x in ("insane@12w", "hard@6w", "hard@6w", "hard@6w")]
    rows = probe.probe_game(RULES, "nines", game_seeds(7, 1)[0], 1, lineup, {0}, 0, 3, "t")
    assert len(rows) == 3   # one probed bid a deal
    seen_forced = False
    for r in rows:
        cs = r["cands"]
        assert set(cs) <= {"-1", "0", "1"} and "0" in cs
        for off, c in cs.items():
            assert c["bid"] == r["bid"] + int(off) and c["bid"] in r["legal"]
            assert c["bids"][r["seat"]] == c["bid"]          # the bid really played
            assert 0 <= c["taken"] <= r["n"]
            assert abs(sum(c["dist"]) - 1.0) < 1e-3
            seen_forced |= off != "0"
    assert seen_forced
    probe.report(rows)
    out = capsys.readouterr().out
    assert "neighbours" in out and "P(exact)" in out


def _row(values: dict[int, float], taken: dict[int, int], dists: dict[int, list[float]], chosen: int
         ) -> dict[str, Any]:
    cands = {str(b - chosen): {"bid": b, "dist": dists[b], "value": values[b], "taken": taken[b],
                               "points": 10 * taken[b], "opp": 0.0, "real_value": float(taken[b] == b)}
             for b in values}
    return {"bid": chosen, "n": 3, "table": "t", "cands": cands}


def test_replay_rechooses_only_positive_bids_by_the_steered_values(probe: Any) -> None:
    """With no correction the replay keeps every chosen bid; a correction that credits one-off outcomes
    moves a bid to the neighbour whose rollouts mostly missed it by one, and never touches a chosen 0."""
    kh = RULES.khishti
    # bid 1 chosen by a hair over 2; 2's rollouts took 1 trick most of the time (one under it)
    row = _row({0: 0.0, 1: 60.0, 2: 59.0}, {0: 1, 1: 2, 2: 2},
               {0: [0.5, 0.5, 0, 0], 1: [0.1, 0.5, 0.4, 0], 2: [0, 0.7, 0.3, 0]}, 1)
    zero = _row({0: 40.0, 1: 39.0}, {0: 0, 1: 0}, {0: [0.6, 0.4, 0, 0], 1: [0.6, 0.4, 0, 0]}, 0)
    assert probe.replay([row, zero], 0.0, 0.0).endswith("exact 50.0% -> 50.0%, bid +0.00")
    assert probe.steered(2, [0, 0.7, 0.3, 0], 3, kh, 0.5, 0.0) == pytest.approx(0.5 * 0.7 * (150 - 10))
    assert probe.replay([row, zero], 0.5, 0.0).endswith("exact 50.0% -> 100.0%, bid +0.50")
