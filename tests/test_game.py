"""The Game state machine: dealing, trump, bidding, play, scoring, views, saves, bad input."""
import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from joker.cards import JOKERS, card_text, parse_card
from joker.game import DEAL_SIZES, FORMAT_VERSION, Game
from joker.rules import PRESETS, trick_winner
from joker.scoring import places, pulka_scores

PRESET_NAMES = list(PRESETS)


def play_random(g: Game, rng: random.Random, until: int | None = None) -> None:
    while g.phase != "over" and (until is None or len(g.actions) < until):
        g.apply(rng.choice(g.legal_actions()))


def test_deal_sizes():
    assert DEAL_SIZES["full"] == tuple(range(1, 9)) + (9,) * 4 + tuple(range(8, 0, -1)) + (9,) * 4
    assert DEAL_SIZES["nines"] == (9,) * 16


def test_deals_one_card_at_a_time_from_the_left_of_the_dealer_and_turns_the_trump():
    g = Game(PRESETS["standard"], "full", seed=5, first_dealer=2)
    assert g.dealer == 2 and g.cards == 1 and g.phase == "bid" and g.to_act == 3
    hands = [set(g.view(s)["hand"]) for s in range(4)]
    assert all(len(h) == 1 for h in hands)
    tc = g.view(0)["trump_card"]
    assert tc is not None and all(tc not in h for h in hands)
    assert g.view(0)["trump"] == (None if tc in ("X1", "X2") else tc[1])


def test_same_seed_same_game_different_seed_different_deal():
    a, b, c = (Game(seed=s) for s in (11, 11, 12))
    assert a.view(0) == b.view(0)
    hands_a, hands_c = ([x.view(s)["hand"] for s in range(4)] for x in (a, c))
    assert hands_a != hands_c or a.dealer != c.dealer


def test_chosen_trump_the_chooser_sees_exactly_their_first_three_cards():
    g = Game(PRESETS["standard"], "nines", seed=3, first_dealer=0)
    assert g.phase == "trump" and g.to_act == 1 and g.legal_actions() == ["S", "C", "D", "H", "-"]
    v = g.view(1)
    assert len(v["hand"]) == 3 and v["trump"] is None
    assert set(v["hand"]) == {card_text(c) for c in g.dealt[1][:3]}
    assert all(g.view(s)["hand"] == [] for s in (0, 2, 3))
    g.apply("-")
    assert g.phase == "bid" and g.to_act == 1 and g.view(0)["trump"] is None and len(g.view(1)["hand"]) == 9
    assert set(v["hand"]) <= set(g.view(1)["hand"])


def test_dealer_card_trump_is_the_dealers_last_card_and_stays_in_hand():
    g = Game(PRESETS["tvaladze"], "nines", seed=8, first_dealer=3)
    assert g.phase == "bid"
    tc = g.view(0)["trump_card"]
    assert tc in g.view(3)["hand"] and parse_card(tc) == g.dealt[3][-1]
    assert g.view(1)["trump"] == (None if parse_card(tc) in JOKERS else tc[1])


def test_dealing_for_aces():
    for seed in range(20):
        g = Game(PRESETS["folk"], "full", seed=seed)
        aces = g.view(0)["aces"]
        assert aces[-1]["card"][0] == "A" and all(a["card"][0] != "A" for a in aces[:-1])
        assert [a["seat"] for a in aces] == [i % 4 for i in range(len(aces))]
        assert g.dealer == aces[-1]["seat"]
    assert Game(PRESETS["standard"], seed=1).view(0)["aces"] == []
    assert Game(PRESETS["standard"], seed=1, first_dealer="aces").view(0)["aces"]


def test_forced_dealer():
    g = Game(PRESETS["standard"], "full", seed=2, first_dealer=0)   # 1 card; seat 1 bids first
    for bid in ("0", "0", "0"):
        g.apply(bid)
    assert g.to_act == 0 and g.forbidden_bid() == 1 and g.legal_actions() == ["0"]
    assert g.view(0)["forbidden_bid"] == 1
    assert g.why_illegal("1") == ("forced_dealer", {"bid": 1, "cards": 1})
    with pytest.raises(ValueError, match="dealer may not bid 1"):
        g.apply("1")
    g.apply("0")
    assert g.phase == "play" and g.to_act == 1


def test_bids_over_the_hand_size_leave_the_dealer_free():
    g = Game(PRESETS["standard"], "nines", seed=2, first_dealer=0)
    g.apply("H")
    for bid in ("5", "4", "3"):
        g.apply(bid)
    assert g.forbidden_bid() is None and g.legal_actions() == [str(i) for i in range(10)]


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("mode", ["full", "nines"])
def test_random_games_keep_every_invariant(preset, mode):
    rules = PRESETS[preset]
    for seed in range(40 if mode == "full" else 100):
        rng = random.Random(seed)
        g = Game(rules, mode, seed=seed)
        seen_deal = -1
        played: set[str] = set()
        while g.phase != "over":
            if g.deal_index != seen_deal:
                seen_deal, played = g.deal_index, set()
                hands = [set(g.view(s)["hand"]) for s in range(4)]
                if g.phase != "trump":
                    assert all(len(h) == g.cards for h in hands)
                    assert not set.intersection(*hands)
            legal = g.legal_actions()
            a = rng.choice(legal)
            v = g.view(g.to_act)
            assert v["legal"] == legal
            if g.phase == "play":
                card = a[:2]
                assert card not in played and card in v["hand"]
                played.add(card)
            if g.phase == "bid" and g.to_act == g.dealer:
                assert sum(b for b in g.bids if b is not None) + int(a) != g.cards
            g.apply(a)
        assert len(g.deals) == len(DEAL_SIZES[mode]) and len(g.pulkas) == 4
        for d in g.deals:
            assert sum(d["taken"]) == d["cards"]
            assert sum(d["bids"]) != d["cards"]
        # scores recomputed from the history equal the running scores
        totals = [0, 0, 0, 0]
        for p in range(4):
            deals = [d for d in g.deals if d["pulka"] == p + 1]
            for s, v in enumerate(pulka_scores([d["bids"] for d in deals], [d["taken"] for d in deals],
                                               [d["cards"] for d in deals], rules)):
                totals[s] += v
        assert g.scores() == totals
        assert g.view(0)["places"] == places(totals)


def test_trick_records_agree_with_the_reference_api():
    g = Game(PRESETS["folk"], "full", seed=4)
    play_random(g, random.Random(4), until=400)
    for t in g.tricks:
        plays = [p["play"] for p in t["plays"]]
        trump = g.view(0)["trump"]
        assert t["plays"][trick_winner(plays, trump, g.rules)]["seat"] == t["winner"]


@given(seed=st.integers(0, 2**32), preset=st.sampled_from(PRESET_NAMES), steps=st.integers(0, 250))
@settings(max_examples=60, deadline=None)
def test_roundtrip_and_views_hide_other_hands(seed, preset, steps):
    g = Game(PRESETS[preset], "nines", seed=seed)
    play_random(g, random.Random(seed), until=steps)
    d = g.to_dict()
    json.dumps(d)
    h = Game.from_dict(json.loads(json.dumps(d)))
    assert h.to_dict() == d
    for s in range(4):
        assert h.view(s) == g.view(s)
        v = g.view(s)
        text = json.dumps(v)
        visible = set(v["hand"]) | {p["play"][:2] for t in v["tricks"] for p in t["plays"]} \
            | {p["play"][:2] for p in v["trick"]} | ({v["trump_card"]} if v["trump_card"] else set()) \
            | ({p["play"][:2] for p in v["last_trick"]["plays"]} if v["last_trick"] else set()) \
            | {d["trump_card"] for d in v["deals"] if d["trump_card"]} | {a["card"] for a in v["aces"]}
        for o in range(4):
            if o != s:
                for c in g.view(o)["hand"]:
                    if c not in visible:
                        assert f'"{c}"' not in text


def test_roundtrip_at_every_step_of_a_whole_nines_game():
    g = Game(PRESETS["standard"], "nines", seed=99)
    rng = random.Random(99)
    while g.phase != "over":
        assert Game.from_dict(g.to_dict()).view(g.to_act) == g.view(g.to_act)
        g.apply(rng.choice(g.legal_actions()))
    assert Game.from_dict(g.to_dict()).scores() == g.scores()


def test_premium_and_struck_deals_are_recorded_in_pulkas():
    for seed in range(40):
        g = Game(PRESETS["standard"], "nines", seed=seed)
        play_random(g, random.Random(seed))
        for p in g.pulkas:
            for s in range(4):
                if s in p["claimants"]:
                    assert p["premium"][s] > 0
                if p["struck"][s] is not None:
                    assert g.deals[p["struck"][s]]["points"][s] == p["struck_points"][s] > 0


# ---- bad input ------------------------------------------------------------------------------

def snapshot(g: Game):
    return json.dumps([g.to_dict(), [g.view(s) for s in range(4)], g.legal_actions()])


@pytest.mark.parametrize("action", ["ZZ", "", "10", "-1", "AS", "X1", None, 3, "9", "S"])
def test_bad_actions_raise_and_change_nothing(action):
    g = Game(PRESETS["standard"], "full", seed=3, first_dealer=0)
    play_random(g, random.Random(1), until=2)
    before = snapshot(g)
    with pytest.raises(ValueError):
        g.apply(action)
    assert snapshot(g) == before


def test_illegal_plays_raise_and_change_nothing():
    rng = random.Random(7)
    checked = 0
    for seed in range(30):
        g = Game(PRESETS["tvaladze"], "full", seed=seed)
        while g.phase != "over":
            if g.phase == "play" and g.trick:
                legal = set(g.legal_actions())
                hand = g.view(g.to_act)["hand"]
                bad = [c for c in hand if c not in legal and not c.startswith("X")]
                if bad:
                    before = snapshot(g)
                    with pytest.raises(ValueError, match="must"):
                        g.apply(bad[0])
                    assert snapshot(g) == before
                    assert g.why_illegal(bad[0])[0] in ("must_follow", "must_trump", "must_highest")
                    checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 50


def test_out_of_turn_and_after_the_end():
    g = Game(seed=1)
    other = (g.to_act + 1) % 4
    with pytest.raises(ValueError, match="not seat"):
        g.apply(g.legal_actions()[0], seat=other)
    assert g.why_illegal("0", seat=other) == ("not_your_turn", {"seat": g.to_act})
    g.apply(g.legal_actions()[0], seat=g.to_act)
    g2 = Game(mode="nines", seed=1)
    play_random(g2, random.Random(1))
    with pytest.raises(ValueError, match="over"):
        g2.apply("0")
    assert g2.legal_actions() == [] and g2.to_act is None


@pytest.mark.parametrize("mutate,msg", [
    (lambda d: d.update(format=99), "format"),
    (lambda d: d.pop("format"), "format"),
    (lambda d: d.pop("seed"), "lacks"),
    (lambda d: d.update(mode="short"), "mode"),
    (lambda d: d.update(seed="x"), "seed"),
    (lambda d: d.update(rules={"premium": "everything"}), "premium"),
    (lambda d: d.update(rules=[1]), "rules"),
    (lambda d: d.update(actions="0 0 0"), "actions"),
    (lambda d: d["actions"].append("QQ"), "action #"),
    (lambda d: d["actions"].__setitem__(0, "9"), "action #1"),
    (lambda d: d.update(first_dealer=7), "first_dealer"),
])
def test_corrupted_saves_raise_value_error(mutate, msg):
    g = Game(PRESETS["standard"], "full", seed=3)
    play_random(g, random.Random(3), until=30)
    d = g.to_dict()
    assert d["format"] == FORMAT_VERSION
    mutate(d)
    with pytest.raises(ValueError, match=msg):
        Game.from_dict(d)
    with pytest.raises(ValueError):
        Game.from_dict("not a dict")


def test_constructor_validation():
    with pytest.raises(ValueError):
        Game(rules="standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Game(mode="fast")
    with pytest.raises(ValueError):
        Game(first_dealer=4)
    with pytest.raises(ValueError):
        Game(seed=-1)
    with pytest.raises(ValueError):
        Game().view(4)
    assert isinstance(Game().seed, int)
    assert Game(dataclasses.replace(PRESETS["standard"], khishti=None), seed=1).rules.khishti is None


def test_thousands_of_random_games_score_consistently():
    """Cheap invariants over 2,400 games (every preset and mode; the detailed checks are above)."""
    for i in range(2400):
        preset = PRESET_NAMES[i % 3]
        mode = "nines" if i % 2 else "full"
        g = Game(PRESETS[preset], mode, seed=10_000 + i)
        rng = random.Random(i)
        legal, apply, choice = g.legal_actions, g.apply, rng.choice
        while g.phase != "over":
            apply(choice(legal()))
        assert all(sum(d["taken"]) == d["cards"] != sum(d["bids"]) for d in g.deals)
        assert sum(p["total"][s] for p in g.pulkas for s in range(4)) == sum(g.scores())
        assert [sum(p["total"][s] for p in g.pulkas) for s in range(4)] == g.scores()
