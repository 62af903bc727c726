"""The duplicate arena: a small fixed-seed match that Medium must win against random play, the entry
syntax, and a smoke run of the pool mode (every level at every table, saved and reported)."""
from __future__ import annotations

import json

import pytest

from joker.arena import Entry, main, parse_entry, play_seed
from joker.arena_pool import report
from joker.arena_stats import entry_stats, mean_ci, summarize
from joker.rules import PRESETS


def test_mean_ci():
    m, ci = mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0 and 1.1 < ci < 1.2


def test_parse_entry():
    assert parse_entry("hard@50") == Entry("hard", 50.0, None)
    assert parse_entry("insane@300w") == Entry("insane", None, 300)
    assert parse_entry("overbid", 20.0) == Entry("overbid", 20.0, None)
    assert parse_entry("insane@300w").label == "insane@300w" and Entry("sloppy", 5.0).label == "sloppy"
    with pytest.raises(ValueError):
        parse_entry("godlike")
    with pytest.raises(ValueError):
        parse_entry("hard@fast")


def test_medium_beats_random_in_duplicate():
    lineup = [Entry("medium"), Entry("random"), Entry("random"), Entry("random")]
    rules = PRESETS["standard"].to_dict()
    results = [play_seed(lineup, rules, "full", 1000 + k, k) for k in range(6)]
    s = summarize(lineup, results)
    (d,) = s["diffs"]
    assert d["a"] == "medium" and d["b"] == "random"
    assert d["diff"] - d["ci95"] > 0
    med = s["entries"][0]
    assert med["first_rate"] > 0.5 and med["decisions"] > 0
    assert -1 < med["bid_minus_taken"] < 1 and 0 < med["exact_rate"] < 1


def test_cli_json(capsys):
    assert main(["--bots", "easy,random,hard@2,overbid", "--games", "1", "--mode", "nines", "--json",
                 "--rules", "folk"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 1 and len(s["entries"]) == 4 and len(s["diffs"]) == 6


def test_pool_mode_smoke(tmp_path, capsys):
    save = tmp_path / "pool.jsonl"
    assert main(["--pool", "--levels", "easy,medium,hard@2w", "--styles", "overbid,sloppy", "--games", "1",
                 "--mode", "nines", "--seed", "4", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "margin" in out and "hard@2w - medium" in out
    assert "by deal size" not in out  # a nines pool deals one size: no split to show
    records = [json.loads(line) for line in save.read_text().splitlines()]
    assert len(records) == 6 and {r["table"] for r in records} == {"overbid", "sloppy"}
    rep = report(records)
    assert len(rep["rows"]) == 6 and len(rep["steps"]) == 4
    row = rep["rows"][0]
    assert row["seeds"] == 1 and 0 <= row["exact_rate"] <= 1 and row["decisions"] > 0
    # the opponents' calibration is reported too: the overbidder bids more than it takes
    over = [r for r in rep["rows"] if r["table"] == "overbid"]
    assert all(r["opp_bid_minus_taken"] > 0 for r in over)
    assert main(["--report", str(save)]) == 0
    assert capsys.readouterr().out.count("\n") >= 8


def test_pool_mode_sits_a_level_at_a_mixed_table(tmp_path, capsys):
    """A table of three different players (joined by +) seats them in that order to the level's left,
    rotated with it; it is saved and reported under its joined name, beside one-style tables."""
    save = tmp_path / "mixed.jsonl"
    assert main(["--pool", "--levels", "easy,medium", "--styles", "overbid+random+underbid,sloppy",
                 "--games", "1", "--mode", "nines", "--seed", "4", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "overbid+random+underbid" in out and "medium - easy" in out
    records = [json.loads(line) for line in save.read_text().splitlines()]
    assert {r["table"] for r in records} == {"overbid+random+underbid", "sloppy"}
    mixed = [r for r in records if r["table"] == "overbid+random+underbid"]
    assert len(mixed) == 2 and all(len(r["games"]) == 4 for r in mixed)
    # the overbidder (line-up entry 1) bids over what it takes, the underbidder (entry 3) under
    games = [g for r in mixed for g in r["games"]]
    over = sum(g["entries"][1]["bid"] - g["entries"][1]["taken"] for g in games)
    under = sum(g["entries"][3]["bid"] - g["entries"][3]["taken"] for g in games)
    assert over > 0 > under
    for bad in ("overbid+random", "overbid+nobody+random"):
        with pytest.raises(SystemExit):
            main(["--pool", "--levels", "easy", "--styles", bad, "--games", "1"])
    capsys.readouterr()


def test_pool_cells_are_reproducible():
    """A pool cell with fixed sample counts is the same on every run (the seeds fix the deals, the
    styles' lapses and the search), which is what makes runs comparable and resumable."""
    from joker.arena import Entry
    from joker.arena_pool import _pool_task
    from joker.rules import PRESETS

    task = (Entry("hard", None, 2), (Entry("sloppy"),) * 3, PRESETS["standard"].to_dict(), "nines", 77, 3)

    def outcome():
        rec = _pool_task(task)
        return [[(e["total"], e["bid"], e["taken"], e["exact"]) for e in g["entries"]] for g in rec["games"]]
    first = outcome()
    assert first == outcome()
    assert len(first) == 4 and len({tuple(g[0]) for g in first}) > 1      # four rotations, four seats


def test_exact_bids_are_kept_per_bid():
    """Each game keeps, per bid, how many deals were bid so and how many of them were made; they add
    up to the game's deals and exact bids, and the per-group rates to the overall rate."""
    lineup = [Entry("medium"), Entry("overbid"), Entry("easy"), Entry("random")]
    games = play_seed(lineup, PRESETS["standard"].to_dict(), "nines", 77, 0)
    rows = [g["entries"][i] for g in games for i in range(4)]
    for r in rows:
        assert sum(k for k, _ in r["by_bid"]) == r["deals"]
        assert sum(e for _, e in r["by_bid"]) == r["exact"]
        assert sum(b * k for b, (k, _) in enumerate(r["by_bid"])) == r["bid"]
    st = entry_stats(rows)
    groups = st["exact_by_bid"]
    assert set(groups) <= {"0", "1-2", "3-4", "5+"} and "0" in groups
    assert sum(n for n, _ in groups.values()) == sum(r["deals"] for r in rows)
    assert abs(sum(n * rate for n, rate in groups.values()) - sum(r["exact"] for r in rows)) < 1e-6
    assert entry_stats([{k: v for k, v in r.items() if k != "by_bid"} for r in rows])["exact_by_bid"] == {}


def test_skip_plays_the_rest_of_a_run(tmp_path, capsys):
    """--skip K plays the game seeds of the whole run after the first K, with the whole run's bots'
    seeds: a run split across processes merges into the same results as one run."""
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    common = ["--pool", "--levels", "easy", "--styles", "sloppy", "--games", "2", "--mode", "nines",
              "--seed", "4"]
    assert main(common + ["--save", str(a)]) == 0
    assert main(common + ["--skip", "1", "--save", str(b)]) == 0
    capsys.readouterr()

    def key(path):
        return [(r["seed"], [[e["total"] for e in g["entries"]] for g in r["games"]])
                for r in map(json.loads, path.read_text().splitlines())]
    assert len(key(a)) == 2 and key(b) == key(a)[1:]


def test_a_step_is_split_by_deal_size(tmp_path, capsys):
    """Each game keeps its deal points per deal size; a step of a full-game pool is split by them
    (the sizes' differences add up to the step less the premiums), a nines pool prints no split."""
    lineup = [Entry("medium"), Entry("overbid"), Entry("easy"), Entry("random")]
    games = play_seed(lineup, PRESETS["standard"].to_dict(), "full", 78, 0)
    for g in games:
        for e in g["entries"]:
            assert len(e["by_cards"]) == 10 and e["by_cards"][0] == [0, 0.0]
    save = tmp_path / "full.jsonl"
    assert main(["--pool", "--levels", "easy,medium", "--styles", "sloppy", "--games", "2", "--mode", "full",
                 "--seed", "5", "--save", str(save)]) == 0
    assert "by deal size (deal points, premiums aside): 1: " in capsys.readouterr().out
    records = [json.loads(line) for line in save.read_text().splitlines()]
    (step,) = report(records)["steps"]
    assert [c["cards"] for c in step["by_cards"]] == list(range(1, 10))
    def premium_margin(r):      # the level's premiums less the others' mean, per game
        prem = [[e["total"] - sum(p for p, _ in e["by_cards"]) for e in g["entries"]] for g in r["games"]]
        return sum(p[0] - sum(p[1:]) / 3 for p in prem) / len(prem)
    by_seed = {r["seed"]: {} for r in records}
    for r in records:
        by_seed[r["seed"]][r["level"]] = premium_margin(r)
    premiums = sum(d["medium"] - d["easy"] for d in by_seed.values()) / len(by_seed)
    assert sum(c["diff"] for c in step["by_cards"]) + premiums == pytest.approx(step["diff"])
    # saves made before the split was kept report the step without it
    for r in records:
        for g in r["games"]:
            for e in g["entries"]:
                del e["by_cards"]
    assert report(records)["steps"][0]["by_cards"] == []
