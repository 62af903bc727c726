"""Insane's 0-bids: with ``shed0`` (off by default: measured no better, docs/BOTS.md "Fifth pass") the
rollouts against our 0-bid shed the others' spare cards (kernel ``shed``), only while our seat plays a
0-bid it has not broken; legal, reproducible, a pure function of the view."""
from __future__ import annotations

import dataclasses
import importlib.util
import json
import os

import pytest

from joker.bots import make_bot
from joker.bots import search as search_mod
from joker.bots.kernel import rollout, to_kernel
from joker.cards import parse_hand, parse_play
from joker.game import Game
from joker.rules import PRESETS, legal_mask

BONUS = dataclasses.replace(PRESETS["standard"], premium="bonus")


def test_kernel_sheds_spare_cards_only_for_the_seats_asked():
    """Seat 0 bids 1 with the top trump and a low spade; seat 1 bid 0.  The plain kernel cashes the
    trump first, seat 1 throws its spade on it and escapes; a shedding seat 0 leads the spade while its
    trump still covers the bid, and the 0-bidder, who must follow, takes it."""
    hands = [parse_hand("AH 7S"), parse_hand("8S 6D"), parse_hand("7C 8C"), parse_hand("9C TC")]
    kh, _, tm = to_kernel(hands, [], 3)
    assert rollout(list(kh), 0, [], [0, 0, 0, 0], tm, False, [1, 0, 0, 0]) == [2, 0, 0, 0]
    assert rollout(list(kh), 0, [], [0, 0, 0, 0], tm, False, [1, 0, 0, 0], 0, 0b1110) == [2, 0, 0, 0]
    assert rollout(list(kh), 0, [], [0, 0, 0, 0], tm, False, [1, 0, 0, 0], 0, 0b0001) == [1, 1, 0, 0]
    # a greedy seat plays the greedy way, shedding or not
    assert rollout(list(kh), 0, [], [0, 0, 0, 0], tm, False, [1, 0, 0, 0], 1, 1) == [2, 0, 0, 0]


def test_kernel_sheds_with_no_trump_too():
    """No trump: seat 0's ace of spades is sure (no live spade above it); it needs one trick, so it
    leads its low club first, and the 0-bidder's king of clubs, alone in the suit, wins it.  (Then the
    ace, not of the suit led, loses the last trick: the rule sheds on the sure winners' word.)"""
    hands = [parse_hand("AS 7C"), parse_hand("KC 6D"), parse_hand("7D 8D"), parse_hand("9D TD")]
    kh, _, tm = to_kernel(hands, [], -1)
    assert rollout(list(kh), 0, [], [0, 0, 0, 0], tm, False, [1, 0, 0, 0]) == [2, 0, 0, 0]
    assert rollout(list(kh), 0, [], [0, 0, 0, 0], tm, False, [1, 0, 0, 0], 0, 1) == [0, 1, 0, 1]


def _insane(seed, worlds, shed0=1):
    bot = make_bot("insane", seed=seed, worlds=worlds)
    bot.shed0 = shed0   # type: ignore[attr-defined]
    return bot


def _zero_bid_positions(count):
    """Views of seat 0 (Insane) playing a 0-bid, with the game, from nines games against three Hards."""
    out = []
    seed = 1
    while len(out) < count:
        g = Game(BONUS, "nines", seed=seed)
        bots = [make_bot("insane", seed=3, worlds=6)]
        bots += [make_bot("hard", seed=s, worlds=4) for s in (4, 5, 6)]
        while g.phase != "over" and len(g.deals) < 4 and len(out) < count:
            s = g.to_act
            v = g.view(s)
            if s == 0 and v["phase"] == "play" and g.bids[0] == 0 and g.taken[0] == 0 and len(v["legal"]) > 1:
                out.append((g.copy(), v))
            g.apply(bots[s].act(v))
        seed += 1
    return out


def test_insane_sheds_the_others_only_while_its_zero_bid_holds(monkeypatch):
    seen = []
    real = search_mod.rollout

    def spy(*a):
        seen.append(a[8] if len(a) > 8 else 0)
        return real(*a)

    (g, v), = _zero_bid_positions(1)
    monkeypatch.setattr(search_mod, "rollout", spy)
    _insane(1, 3).act(v)
    assert seen and set(seen) == {15 & ~1}          # every rollout: the three others shed, not us
    seen.clear()
    make_bot("hard", seed=1, worlds=3).act(v)
    make_bot("insane", seed=1, worlds=3).act(v)     # as shipped: off
    assert seen and set(seen) == {0}               # the plain kernel's rollouts
    seen.clear()
    # a positive bid (the same seat, the same cards) and a broken 0-bid: the plain kernel
    g2 = g.copy()
    g2.bids[0] = 1
    _insane(1, 3).act(g2.view(0))
    g2.bids[0], g2.taken[0] = 0, 1
    _insane(1, 3).act(g2.view(0))
    assert seen and set(seen) == {0}
    # Insane's bid search keeps the plain kernel for every candidate (bid 0 included)
    b = Game(BONUS, "nines", seed=2)
    while b.phase != "bid":
        b.apply(make_bot("medium", seed=1).act(b.view(b.to_act)))
    seen.clear()
    _insane(1, 3).act(b.view(b.to_act))
    assert seen and set(seen) == {0}


def test_insane_plays_its_zero_bids_legally_reproducibly_and_from_the_view_only():
    positions = _zero_bid_positions(6)
    assert len(positions) == 6
    for g, v in positions:
        a = _insane(9, 8).act(v)
        play = parse_play(a, lead=not g.trick)
        lead = g.trick[0][1] if g.trick else -1
        assert legal_mask(g.hands[0], lead, g.trump) >> (play & 63) & 1
        assert _insane(9, 8).act(json.loads(json.dumps(v))) == a


@pytest.mark.parametrize("category", ["led", "duckable", "forced, shed", "forced, stuck"])
def test_probe_zero_classifies_the_first_trick_taken(category):
    """tools/probe_zero.py's split of a broken 0-bid into the deal's fault and the play's."""
    path = os.path.join(os.path.dirname(__file__), "..", "tools", "probe_zero.py")
    spec = importlib.util.spec_from_file_location("probe_zero", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
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
