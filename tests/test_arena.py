"""The duplicate arena: a small fixed-seed match that Medium must win against random play."""
from __future__ import annotations

from joker.arena import main, mean_ci, play_game, summarize
from joker.rules import PRESETS


def test_mean_ci():
    m, ci = mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0 and 1.1 < ci < 1.2


def test_medium_beats_random_in_duplicate():
    lineup = [("medium", None), ("random", None), ("random", None), ("random", None)]
    rules = PRESETS["standard"].to_dict()
    results = [[play_game(lineup, rules, "full", 1000 + k, r, k * 4 + r) for r in range(4)] for k in range(6)]
    s = summarize(lineup, results)
    (d,) = s["diffs"]
    assert d["a"] == "medium" and d["b"] == "random"
    assert d["diff"] - d["ci95"] > 0
    med = s["entries"][0]
    assert med["first_rate"] > 0.5 and med["mean_ms"] < 5


def test_cli_json(capsys):
    assert main(["--bots", "easy,random,hard@2,medium", "--games", "1", "--mode", "nines", "--json",
                 "--rules", "folk"]) == 0
    out = capsys.readouterr().out
    import json
    s = json.loads(out)
    assert s["games"] == 1 and len(s["entries"]) == 4 and len(s["diffs"]) == 6
