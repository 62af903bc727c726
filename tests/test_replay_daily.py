"""Take-backs, replays and the daily deal (issue 13, library side)."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from joker.bots import make_bot
from joker.daily import daily_deals, daily_game, daily_seed, day_text
from joker.game import Game
from joker.replay import final_scores, replay, take_back
from joker.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent


def played_game(seed: int, mode: str = "nines", preset: str = "standard", stop: int | None = None) -> Game:
    """A game played by Medium bots at every seat (fast, varied), maybe stopped after ``stop`` actions."""
    g = Game(PRESETS[preset], mode, seed=seed)
    bots = [make_bot("medium", seed=seed * 4 + s) for s in range(4)]
    while g.phase != "over" and (stop is None or len(g.actions) < stop):
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].act(g.view(seat)))
    return g


# ---- take-backs ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [11, 12])
def test_take_back_restores_exactly_the_state_before_the_seats_last_action(seed):
    g = Game(PRESETS["standard"], "full", seed=seed)
    bots = [make_bot("medium", seed=seed + s) for s in range(4)]
    history = []   # (to_dict before, seat acting)
    while g.phase != "over" and len(g.actions) < 140:
        seat = g.to_act
        history.append((g.to_dict(), seat))
        g.apply(bots[seat].act(g.view(seat)))
        last_before = next(before for before, s in reversed(history) if s == 0) if any(
            s == 0 for _, s in history) else None
        if last_before is None:
            with pytest.raises(ValueError):
                take_back(g.to_dict(), 0)
            continue
        back = take_back(g.to_dict(), 0)
        assert back == last_before
        restored = Game.from_dict(back)
        assert restored.to_dict() == last_before
        assert restored.view(0) == Game.from_dict(last_before).view(0)


def test_take_back_rejects_bad_input():
    with pytest.raises(ValueError):
        take_back({"format": 1}, 0)
    g = played_game(13, stop=10)
    with pytest.raises(ValueError):
        take_back(g.to_dict(), 7)
    bad = {**g.to_dict(), "actions": g.actions + ["ZZ"]}
    with pytest.raises(ValueError):
        take_back(bad, 0)


# ---- replays -------------------------------------------------------------------------------

@pytest.mark.parametrize("preset,mode,seed",
                         [("standard", "full", 21), ("folk", "nines", 22), ("tvaladze", "full", 23)])
def test_replay_reproduces_the_game_with_every_hand(preset, mode, seed):
    g = played_game(seed, mode, preset)
    d = json.loads(json.dumps(g.to_dict()))       # as stored
    assert final_scores(d) == g.scores()
    frames = list(replay(d))
    assert frames[-1]["scores"] == g.scores()
    deals = [f for f in frames if f["kind"] == "deal"]
    assert len(deals) == len(g.deals)
    for f in deals:
        dealt = g.deals[f["deal_no"] - 1]
        assert f["bids"] == dealt["bids"] and sum(len(h) for h in f["hands"]) == 4 * dealt["cards"]
    results = [f["result"] for f in frames if "result" in f]
    assert results == g.deals
    assert [f["pulka"] for f in frames if "pulka" in f] == g.pulkas
    for f in frames:
        if f["kind"] == "trick":
            # the hands before the trick hold the cards it plays, and the replayed moment matches
            for p in f["trick"]["plays"]:
                assert p["play"][:2] in f["hands"][p["seat"]]
            then = Game.from_dict({**d, "actions": d["actions"][:f["at"]]})
            assert [len(h) for h in f["hands"]] == then.view(0)["hand_counts"]
            assert then.view(f["trick"]["leader"])["hand"] == f["hands"][f["trick"]["leader"]]


def test_replay_of_a_game_in_progress_ends_with_the_trick_on_the_table():
    g = played_game(24, stop=30)
    frames = list(replay(g.to_dict()))
    last = frames[-1]
    if g.trick:
        assert last.get("partial") and len(last["trick"]["plays"]) == len(g.trick)
    assert last["scores"] == g.scores()


# ---- the daily deal ------------------------------------------------------------------------

def test_daily_deal_comes_from_the_date_alone():
    assert day_text("2026-03-01") == "2026-03-01"
    with pytest.raises(ValueError):
        day_text("1 March")
    a, b = daily_game("2026-03-01"), daily_game("2026-03-01")
    assert a.to_dict() == b.to_dict() and a.view(0) == b.view(0)
    assert daily_seed("2026-03-01") != daily_seed("2026-03-02")
    deals = daily_deals("2026-03-01")
    assert len(deals) == 16 and deals == daily_deals("2026-03-01")
    assert deals != daily_deals("2026-03-02")
    # the decks do not depend on the play
    g = daily_game("2026-03-01")
    bots = [make_bot("medium", seed=s) for s in range(4)]
    seen = []
    while g.phase != "over":
        if len(seen) == g.deal_index:
            seen.append([sorted(g.view(s)["hand"]) if g.phase != "trump" else None for s in range(4)])
        g.apply(bots[g.to_act].act(g.view(g.to_act)))
    for got, dealt in zip(seen, deals, strict=True):
        if got[0] is not None:
            assert got == [sorted(h) for h in dealt["hands"]]


PYODIDE = next(iter(sorted((ROOT / ".cache").glob("pyodide-*/package/pyodide.mjs"))), None)

NODE_SCRIPT = r"""
import { loadPyodide } from "%(mjs)s";
import fs from "node:fs";
const files = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const py = await loadPyodide({ indexURL: "%(dir)s/" });
for (const [name, text] of Object.entries(files)) {
  py.FS.mkdirTree("/app/" + name.split("/").slice(0, -1).join("/"));
  py.FS.writeFile("/app/" + name, text);
}
py.globals.set("saved", fs.readFileSync(process.argv[3], "utf8"));
const out = py.runPython(`
import sys, json
sys.path.insert(0, "/app")
from joker.daily import daily_deals, daily_seed
from joker.replay import replay, final_scores
game = json.loads(saved)
json.dumps({"seed": daily_seed("2026-03-01"), "deals": daily_deals("2026-03-01"),
            "replay": list(replay(game)), "final": final_scores(game)})
`);
process.stdout.write(out);
"""


@pytest.mark.skipif(PYODIDE is None or shutil.which("node") is None,
                    reason="needs node and the pyodide package (python3 build.py fetches it)")
def test_daily_deal_and_replays_are_identical_in_pyodide(tmp_path):
    files = {str(p.relative_to(ROOT)): p.read_text() for p in (ROOT / "joker").rglob("*.py")}
    (tmp_path / "files.json").write_text(json.dumps(files))
    g = played_game(31, "full")
    (tmp_path / "game.json").write_text(json.dumps(g.to_dict()))
    script = tmp_path / "run.mjs"
    script.write_text(NODE_SCRIPT % {"mjs": PYODIDE.as_uri(), "dir": PYODIDE.parent})
    res = subprocess.run(["node", str(script), str(tmp_path / "files.json"), str(tmp_path / "game.json")],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    out = json.loads(res.stdout)
    assert out["seed"] == daily_seed("2026-03-01")
    assert out["deals"] == daily_deals("2026-03-01")
    assert out["final"] == g.scores()
    assert out["replay"] == json.loads(json.dumps(list(replay(g.to_dict()))))
