"""tools/probe_playread.py: readings of the others' plays, checked against the true hands."""
from __future__ import annotations

import re

from tool_loader import load_tool


def _view(plays: list[str], leader: int, winner: int, bids: list[int], trump: str | None = "H",
          earlier: list[dict] | None = None) -> dict:
    seats = [(leader + i) % 4 for i in range(4)]
    trick = {"leader": leader, "winner": winner,
             "plays": [{"seat": s, "play": p} for s, p in zip(seats, plays, strict=True)]}
    return {"seat": 0, "trump": trump, "bids": bids, "trick": [], "tricks": (earlier or []) + [trick]}


def _read(view: dict) -> list[tuple[int, str, list[str]]]:
    mod = load_tool("probe_playread")
    return [(r.seat, r.kind, mod.card_texts(r.mask)) for r in mod.read_plays(view)]


def test_a_seat_short_of_its_bid_that_lets_the_last_place_go_is_read_apart_from_its_top_card():
    # seat 0 plays last, needs a trick, and lets the 9S win: no TS..KS (ducked), perhaps the AS
    v = _view(["7S", "9S", "8S", "TS"], 1, 2, [1, 0, 2, 2])
    assert _read(v) == [(0, "ducked", ["JS", "QS", "KS"]), (0, "ducked_top", ["AS"])]


def test_a_seat_exact_on_its_bid_that_takes_the_trick_held_nothing_lower_that_would_have_lost():
    v = _view(["TS", "AS", "7S", "8S"], 1, 2, [1, 2, 0, 2])
    # seat 2 (0-bid, clean) took it with the ace over the ten: no 9S (7S, 8S are on the table)
    assert _read(v) == [(2, "overtook", ["9S"])]


def test_tricks_with_a_joker_trumped_tricks_and_disproved_readings_say_nothing():
    assert _read(_view(["7S", "X1-", "8S", "TS"], 1, 1, [1, 0, 2, 2])) == []
    # trumped before the last seat: following suit could not have won
    assert _read(_view(["7S", "9H", "8S", "TS"], 1, 2, [1, 0, 2, 2])) == []
    # seat 0 ducked at the first trick, then played the JS: that reading was wrong, and is dropped
    first = _view(["7S", "9S", "8S", "TS"], 1, 2, [1, 0, 2, 2])["tricks"]
    v = _view(["9D", "JD", "JS", "QD"], 2, 1, [1, 0, 2, 2], earlier=first)
    assert [r for r in _read(v) if r[1] == "ducked"] == []
    assert (0, "ducked_top", ["AS"]) in _read(v)


def test_the_fitted_factor_makes_the_priors_predict_the_true_share():
    mod = load_tool("probe_playread")
    priors = [0.2, 0.3, 0.4]
    assert abs(mod.fitted_factor(priors, sum(priors) / 3) - 1.0) < 1e-6
    f = mod.fitted_factor(priors, 0.1)
    assert f < 1.0 and abs(sum(p * f / (p * f + 1 - p) for p in priors) / 3 - 0.1) < 1e-6


def test_probe_playread_runs_and_reports_every_kind_it_saw(capsys, monkeypatch):
    mod = load_tool("probe_playread")
    monkeypatch.setattr("sys.argv", ["probe_playread.py", "--bots", "hard@2w,hard@2w,hard@2w,hard@2w",
                                     "--games", "1", "--probe", "0,1,2,3", "--samples", "20", "--seed", "5"])
    mod.main()
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines and all(re.match(r"game seed 1/1 (ducked|ducked_top|overtook): \d+ readings, held", x)
                         for x in lines)
