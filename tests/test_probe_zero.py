"""tools/probe_zero.py: a broken 0-bid split into the deal's fault and the play's."""
from __future__ import annotations

import re

import pytest
from tool_loader import load_tool

from joker.cards import parse_hand, parse_play


@pytest.mark.parametrize("category", ["led", "duckable", "forced, shed", "forced, stuck"])
def test_probe_zero_classifies_the_first_trick_taken(category):
    """tools/probe_zero.py's split of a broken 0-bid into the deal's fault and the play's."""
    mod = load_tool("probe_zero")
    c = {t: parse_play(t, lead=False) for t in ("6H", "7H", "8H", "9H", "AH", "KH", "QH", "AD", "7D")}
    trump = 0   # spades
    led = [{"hand": parse_hand("AH 6D"), "before": [], "after": [c["6H"], c["7H"], c["8H"]], "card": c["AH"],
            "won": True}]
    duck = [{"hand": parse_hand("KH 6H"), "before": [c["QH"]], "after": [c["7H"], c["8H"]], "card": c["KH"],
             "won": True}]
    stuck = [{"hand": parse_hand("KH 7D"), "before": [c["AD"]], "after": [c["8H"], c["9H"]], "card": c["7D"],
              "won": False},
             {"hand": parse_hand("KH"), "before": [c["QH"]], "after": [c["7H"], c["8H"]], "card": c["KH"],
              "won": True}]
    shed = [{"hand": parse_hand("KH 6H"), "before": [c["AH"]], "after": [c["8H"], c["9H"]], "card": c["6H"],
             "won": False}, stuck[1]]
    cases = {"led": led, "duckable": duck, "forced, shed": shed, "forced, stuck": stuck}
    assert mod.classify(cases[category], trump, False) == category


def test_probe_zero_plays_and_counts_every_zero_bid(capsys, monkeypatch):
    """A short run: every 0-bid of the probed seats is counted once, in exactly one category."""
    mod = load_tool("probe_zero")
    monkeypatch.setattr("sys.argv", ["probe_zero.py", "--bots", "hard@2w,hard@2w,hard@2w,hard@2w",
                                     "--games", "1", "--rotations", "1", "--probe", "0,1,2,3", "--seed", "5"])
    mod.main()
    line = capsys.readouterr().out.strip().splitlines()[-1]
    total = int(line.split(": ")[1].split()[0])
    parts = [int(x) for x in re.findall(r"(\d+) \(\d+%\)", line)]
    assert total > 0 and len(parts) == 5 and sum(parts) == total
