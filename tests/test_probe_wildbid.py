"""tools/probe_wildbid.py: random bids, Medium's play, registered only while the probe runs."""
from __future__ import annotations

import json
import types
from typing import Any

import pytest
from tool_loader import load_tool

from joker.bots import make_bot
from joker.game import Game


def _tool() -> types.ModuleType:
    return load_tool("probe_wildbid")


def test_wildbid_bids_at_random_and_plays_like_medium(tmp_path: Any) -> None:
    mod = _tool()
    with pytest.raises(ValueError):
        make_bot("wildbid", seed=1)
    with mod.wildbid_style():
        g = Game(mode="nines", seed=3)
        wild = [make_bot("wildbid", seed=s) for s in range(4)]
        bids, plays = set(), 0
        while len(g.deals) < 3:
            v = g.view(g.to_act)
            a = wild[g.to_act].act(v)
            assert a in v["legal"]
            if v["phase"] == "bid":
                bids.add(a)
            elif v["phase"] == "play" and len(v["legal"]) > 1:
                assert a == make_bot("underbid", seed=9).act(v)    # the pool's Medium play
                plays += 1
            g.apply(a)
        assert len(bids) >= 5 and plays
    with pytest.raises(ValueError):
        make_bot("wildbid", seed=1)
    save = tmp_path / "wb.jsonl"     # the probe's command line: the arena with the style registered
    assert mod.main(["--pool", "--mode", "nines", "--games", "1", "--seed", "2", "--jobs", "1",
                     "--levels", "easy", "--styles", "wildbid", "--save", str(save)]) == 0
    rec = json.loads(save.read_text().splitlines()[0])
    assert rec["table"] == "wildbid" and rec["level"] == "easy"
