"""The score pad (issue #12): a paper sheet kept by the engine's own scoring, refusing bad entries.

The expected figures here come from the engine's public scoring functions (and, in one test, from
whole games played by :class:`joker.game.Game`), never from a second copy of the rules.
"""
import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from joker.game import DEAL_SIZES, PULKA_OF, Game
from joker.pad import PadError, ScorePad
from joker.pad_checks import MAX_ENTRIES
from joker.rules import FIRST_DEALERS, PREMIUMS, PRESETS, TRUMP_IN_NINES, Rules, forbidden_bid
from joker.scoring import deal_score, places, pulka_result, pulka_scores

NAMES = ["Nino", "Giorgi", "Levan", "Me"]
FOLK = PRESETS["folk"]

rules_st = st.one_of(
    st.sampled_from(list(PRESETS.values())),
    st.builds(Rules, trump_in_nines=st.sampled_from(TRUMP_IN_NINES), high_lead_trumpable=st.booleans(),
              khishti=st.one_of(st.none(), st.sampled_from([(200, 500), (200, 200)]),
                                st.tuples(st.integers(0, 1000), st.integers(0, 1000))),
              premium=st.sampled_from(PREMIUMS), first_dealer=st.sampled_from(FIRST_DEALERS)))


def draw_deal(draw, pad, deal_no=None):
    """Random bids the table could say (the dealer never bids the forbidden number) and tricks taken."""
    deal_no = deal_no or pad.deal_no
    n = pad.sizes[deal_no - 1]
    dealer = pad.dealer_of(deal_no)
    bids = [0] * 4
    for seat in pad.bid_order_of(deal_no):
        if seat == dealer:
            no = forbidden_bid([bids[s] for s in range(4) if s != dealer], n)
            bids[seat] = draw(st.sampled_from([b for b in range(n + 1) if b != no]))
        else:
            bids[seat] = draw(st.integers(0, n))
    cuts = sorted(draw(st.lists(st.integers(0, n), min_size=3, max_size=3)))
    taken = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], n - cuts[2]]
    return bids, taken


def enter(pad, bids, taken, one_by_one=False):
    if one_by_one:
        for seat in pad.bid_order:
            assert pad.bidder == seat
            pad.enter_bid(bids[seat])
    else:
        pad.enter_bids(bids)
    pad.enter_taken(taken)


def expected_totals(rules, mode, deals):
    """Running totals from the engine's scoring: whole pulkas by pulka_scores, the rest by deal_score."""
    sizes, pulka_of = DEAL_SIZES[mode], PULKA_OF[mode]
    totals = [0] * 4
    for q in range(4):
        idx = [i for i in range(len(sizes)) if pulka_of[i] == q]
        if idx[-1] < len(deals):
            add = pulka_scores([deals[i][0] for i in idx], [deals[i][1] for i in idx],
                               [sizes[i] for i in idx], rules)
        else:
            add = [sum(deal_score(deals[i][0][p], deals[i][1][p], sizes[i], rules)
                       for i in idx if i < len(deals)) for p in range(4)]
        totals = [t + a for t, a in zip(totals, add, strict=True)]
    return totals


def random_pad(draw, rules=None, mode=None, deals=None):
    rules = rules or draw(rules_st)
    mode = mode or draw(st.sampled_from(["full", "nines"]))
    pad = ScorePad(rules, mode, NAMES, draw(st.integers(0, 3)))
    count = draw(st.integers(0, len(pad.sizes))) if deals is None else deals
    entered = []
    for _ in range(count):
        bids, taken = draw_deal(draw, pad)
        if draw(st.booleans()):
            pad.set_trump(draw(st.sampled_from(["S", "C", "D", "H", "-"])))
        enter(pad, bids, taken, draw(st.booleans()))
        entered.append((bids, taken))
    return pad, entered


def state(pad):
    return json.dumps(pad.to_dict()), json.dumps(pad.sheet())


# ---- totals equal the engine's scoring -------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_totals_equal_the_engines_scoring_under_every_rule(data):
    rules = data.draw(rules_st)
    mode = data.draw(st.sampled_from(["full", "nines"]))
    first = data.draw(st.integers(0, 3))
    pad = ScorePad(rules, mode, NAMES, first)
    deals = []
    while not pad.over:
        assert pad.dealer == (first + len(deals)) % 4 and pad.cards == DEAL_SIZES[mode][len(deals)]
        bids, taken = draw_deal(data.draw, pad)
        enter(pad, bids, taken, data.draw(st.booleans()))
        deals.append((bids, taken))
        sheet = pad.sheet()
        assert sheet["totals"] == expected_totals(rules, mode, deals)
        row = sheet["deals"][len(deals) - 1]
        assert row["points"] == [deal_score(bids[p], taken[p], row["cards"], rules) for p in range(4)]
    sheet = pad.sheet()
    assert sheet["step"] == "over" and sheet["over"] and sheet["deal_no"] is None
    assert sheet["places"] == places(sheet["totals"])
    for q, rec in enumerate(sheet["pulkas"]):
        idx = [i for i, p in enumerate(PULKA_OF[mode]) if p == q]
        res = pulka_result([deals[i][0] for i in idx], [deals[i][1] for i in idx],
                           [DEAL_SIZES[mode][i] for i in idx], rules)
        assert rec["complete"] and rec["total"] == list(res.total) and rec["premium"] == list(res.premium)
        assert rec["claimants"] == list(res.claimants)
        assert rec["struck"] == [None if s is None else idx[s] + 1 for s in res.struck]
        for p, s in enumerate(res.struck):
            assert [sheet["deals"][i]["struck"][p] for i in idx] == [s == k for k in range(len(idx))]
        assert rec["points"] == list(res.points)


@pytest.mark.parametrize("preset,mode,seed", [("standard", "full", 1), ("folk", "nines", 2),
                                              ("tvaladze", "full", 3), ("folk", "full", 4)])
def test_a_game_played_by_the_engine_gives_the_same_sheet(preset, mode, seed):
    g = Game(PRESETS[preset], mode, seed=seed, first_dealer=seed % 4)
    rng = random.Random(seed)
    while g.phase != "over":
        g.apply(rng.choice(g.legal_actions()))
    pad = ScorePad(PRESETS[preset], mode, NAMES, seed % 4)
    for d in g.deals:
        assert pad.dealer == d["dealer"]
        pad.set_trump(d["trump"] or "-")
        enter(pad, d["bids"], d["taken"])
    sheet = pad.sheet()
    assert sheet["totals"] == g.scores()
    assert [r["points"] for r in sheet["deals"]] == [d["points"] for d in g.deals]
    assert [(p["total"], p["premium"], p["struck"], p["scores"]) for p in sheet["pulkas"]] == \
        [(p["total"], p["premium"], [None if s is None else s + 1 for s in p["struck"]], p["scores"])
         for p in g.pulkas]
    assert sheet["places"] == g.view(0)["places"]


def test_khishti_and_struck_marks_on_the_sheet():
    # Folk, nines: seat 0 makes every bid of the first pulka, the others lose their best deal.
    pad = ScorePad(FOLK, "nines", NAMES, 3)
    enter(pad, [2, 3, 0, 3], [2, 3, 1, 3])    # seat 2 bid 0 took 1: missed
    enter(pad, [1, 2, 2, 2], [1, 0, 4, 4])    # seat 1 bid 2 took nothing: khishti
    enter(pad, [0, 3, 3, 0], [0, 3, 3, 3])
    enter(pad, [4, 1, 1, 1], [4, 1, 1, 3])
    sheet = pad.sheet()
    assert sheet["deals"][1]["khishti"] == [False, True, False, False]
    assert sheet["deals"][1]["points"][1] == -200
    rec = sheet["pulkas"][0]
    assert rec["claimants"] == [0] and rec["premium"] == [250, 0, 0, 0]
    # Each other seat loses its best deal (200), the earliest where two are equal.
    assert rec["struck"] == [None, 1, 3, 1] and rec["struck_points"] == [0, 200, 200, 200]
    assert sheet["deals"][0]["struck"] == [False, True, False, True]
    assert sheet["deals"][2]["struck"] == [False, False, True, False]
    assert rec["total"] == [150 + 100 + 50 + 250 + 250, 200 - 200 + 200 + 100 - 200,
                            10 + 40 + 200 + 100 - 200, 200 + 40 + 30 + 30 - 200]


# ---- bids in order, the dealer's forbidden number ---------------------------------------------

def test_bids_one_at_a_time_in_bidding_order_and_the_forbidden_number():
    pad = ScorePad(FOLK, "full", NAMES, 2)
    for _ in range(3):                       # to deal 4: 4 cards, dealer seat 1
        enter(pad, *_simple(pad))
    assert (pad.deal_no, pad.cards, pad.dealer, pad.bid_order) == (4, 4, 1, (2, 3, 0, 1))
    pad.enter_bid(1)
    pad.enter_bid(0)
    assert pad.bidder == 0 and pad.forbidden_bid() is None
    pad.enter_bid(2)
    assert pad.bidder == 1 and pad.forbidden_bid() == 1 and pad.sheet()["forbidden_bid"] == 1
    before = state(pad)
    with pytest.raises(PadError) as e:
        pad.enter_bid(1)
    assert (e.value.reason, e.value.params) == ("forced_dealer", {"bid": 1, "cards": 4, "seat": 1})
    assert state(pad) == before
    pad.enter_bid(0)
    assert pad.step == "taken" and pad.sheet()["bids"] == [2, 0, 1, 0]


def _simple(pad):
    """Bids that are always allowed: everyone passes; the dealer takes every trick."""
    taken = [0] * 4
    taken[pad.dealer] = pad.cards
    return [0] * 4, taken


def test_the_forbidden_reason_code_is_the_games():
    g = Game(FOLK, "full", seed=5, first_dealer=0)
    for a in ("0", "0", "0"):
        g.apply(a)
    assert g.why_illegal("1") == ("forced_dealer", {"bid": 1, "cards": 1})
    pad = ScorePad(FOLK, "full", NAMES, 0)
    with pytest.raises(PadError) as e:
        pad.enter_bids([1, 0, 0, 0])
    assert e.value.reason == "forced_dealer"
    assert {k: e.value.params[k] for k in ("bid", "cards")} == g.why_illegal("1")[1]


# ---- bad entries: refused with their reason, nothing changed --------------------------------

BAD_BIDS = [([0, 0, 0], "bad_entry"), ([0, 0, 0, 0, 0], "bad_entry"), ("0000", "bad_entry"),
            ([0, 0, True, 0], "bad_entry"), ([0, 0, 1.0, 0], "bad_entry"), ([0, None, 0, 0], "bad_entry"),
            ([0, [0], 0, 0], "bad_entry"), ([0, 0, 5, 0], "bid_range"), ([0, -1, 0, 0], "bid_range"),
            ([0, 0, 10**100, 0], "bid_range"), (None, "bad_entry"), ({"0": 0}, "bad_entry")]


@pytest.mark.parametrize("bids,reason", BAD_BIDS)
def test_bad_bids_are_refused_with_nothing_changed(bids, reason):
    pad, _ = _pad_at_deal(4)
    before = state(pad)
    with pytest.raises(ValueError) as e:
        pad.enter_bids(bids)
    assert isinstance(e.value, PadError) and e.value.reason == reason
    assert state(pad) == before


def _pad_at_deal(deal_no, rules=FOLK, mode="full", first=0):
    pad = ScorePad(rules, mode, NAMES, first)
    while pad.deal_no < deal_no:
        enter(pad, *_simple(pad))
    return pad, state(pad)


@pytest.mark.parametrize("taken,reason", [([1, 1, 1, 0], "taken_sum"), ([4, 1, 0, 0], "taken_sum"),
                                          ([5, -1, 0, 0], "taken_range"), ([0, 0, 0, 5], "taken_range"),
                                          ([2, 2], "bad_entry"), ([2, 2, "0", 0], "bad_entry"),
                                          ([4, 0, 0, False], "bad_entry")])
def test_bad_tricks_taken_are_refused_with_nothing_changed(taken, reason):
    pad, _ = _pad_at_deal(4)
    pad.enter_bids([1, 1, 1, 0])
    before = state(pad)
    with pytest.raises(PadError) as e:
        pad.enter_taken(taken)
    assert e.value.reason == reason and state(pad) == before
    if reason == "taken_sum":
        assert e.value.params == {"sum": sum(taken), "cards": 4}


def test_entries_out_of_turn_are_refused():
    pad, before = _pad_at_deal(2)
    for entry, reason in [(lambda: pad.enter_taken([1, 1, 0, 0]), "wrong_step"),
                          (lambda: pad.correct(2, bids=[0, 0, 0, 0]), "no_deal"),
                          (lambda: pad.correct(0, bids=[0, 0, 0, 1]), "no_deal"),
                          (lambda: pad.correct(1), "bad_entry"),
                          (lambda: pad.correct("1", taken=[1, 0, 0, 0]), "no_deal"),
                          (lambda: pad.set_trump("X"), "bad_trump"),
                          (lambda: pad.set_trump("s"), "bad_trump"),
                          (lambda: pad.set_trump("H", deal_no=3), "no_deal"),
                          (lambda: pad.enter_bid(9), "bid_range")]:
        with pytest.raises(PadError) as e:
            entry()
        assert e.value.reason == reason and state(pad) == before
    pad.enter_bid(0)
    with pytest.raises(PadError) as e:
        pad.enter_bids([0, 0, 0, 2])
    assert e.value.reason == "wrong_step"
    for _ in range(3):
        pad.enter_bid(0)
    with pytest.raises(PadError) as e:
        pad.enter_bid(0)
    assert e.value.reason == "wrong_step"


def test_a_finished_game_takes_no_more_entries():
    pad = ScorePad(FOLK, "nines", NAMES, 1)
    while not pad.over:
        enter(pad, *_simple(pad))
    before = state(pad)
    for entry in (lambda: pad.enter_bids([0, 0, 0, 0]), lambda: pad.enter_bid(0),
                  lambda: pad.enter_taken([9, 0, 0, 0]), lambda: pad.set_trump("H")):
        with pytest.raises(PadError) as e:
            entry()
        assert e.value.reason == "wrong_step" and state(pad) == before
    pad.set_trump("H", deal_no=16)
    assert pad.sheet()["deals"][15]["trump"] == "H"


# ---- corrections and undo ---------------------------------------------------------------

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_correction_recomputes_everything_after_it(data):
    pad, deals = random_pad(data.draw, deals=data.draw(st.integers(1, 16)))
    mode, rules = pad.mode, pad.rules
    k = data.draw(st.integers(1, len(deals)))
    bids, taken = draw_deal(data.draw, pad, k)
    what = data.draw(st.sampled_from(["bids", "taken", "both"]))
    new = list(deals)
    new[k - 1] = (bids if what != "taken" else deals[k - 1][0], taken if what != "bids" else deals[k - 1][1])
    pad.correct(k, bids=bids if what != "taken" else None, taken=taken if what != "bids" else None)
    fresh = ScorePad(rules, mode, NAMES, pad.first_dealer)
    for b, t in new:
        enter(fresh, b, t)
    ours, theirs = pad.sheet(), fresh.sheet()
    ours["can_undo"] = theirs["can_undo"]
    for row in ours["deals"] + theirs["deals"]:
        row["trump"] = None
    assert ours == theirs
    assert ours["totals"] == expected_totals(rules, mode, new)


def test_correcting_a_bid_keeps_the_dealer_rule():
    pad, _ = _pad_at_deal(5)        # deal 3: 3 cards, dealer seat 2; all passed
    before = state(pad)
    with pytest.raises(PadError) as e:
        pad.correct(3, bids=[1, 1, 1, 0])
    assert e.value.reason == "forced_dealer" and state(pad) == before
    with pytest.raises(PadError) as e:
        pad.correct(3, bids=[1, 1, 2, 0], taken=[1, 1, 1, 1])
    assert e.value.reason == "taken_sum" and state(pad) == before   # neither half is applied
    pad.correct(3, bids=[1, 1, 2, 0], taken=[1, 1, 1, 0])
    assert pad.sheet()["deals"][2]["points"] == [100, 100, 10, 50]


def test_the_bids_of_the_deal_being_entered_can_be_corrected_before_play_ends():
    pad, _ = _pad_at_deal(2)
    pad.enter_bids([0, 2, 1, 0])
    pad.correct(2, bids=[1, 0, 0, 0])
    assert pad.sheet()["bids"] == [1, 0, 0, 0] and pad.step == "taken"
    with pytest.raises(PadError) as e:
        pad.correct(2, taken=[1, 1, 0, 0])
    assert e.value.reason == "wrong_step"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_undo_walks_back_through_every_entry(data):
    pad = ScorePad(data.draw(rules_st), data.draw(st.sampled_from(["full", "nines"])), NAMES,
                   data.draw(st.integers(0, 3)))
    history = [state(pad)]
    for _ in range(data.draw(st.integers(1, 40))):
        action = data.draw(st.sampled_from(["bid", "bids", "taken", "trump", "correct", "bad"]))
        try:
            if action == "bid":
                pad.enter_bid(data.draw(st.integers(0, 9)))
            elif action == "bids":
                pad.enter_bids(draw_deal(data.draw, pad)[0] if pad.step == "bids" else [0, 0, 0, 0])
            elif action == "taken":
                pad.enter_taken(draw_deal(data.draw, pad)[1] if pad.step == "taken" else [1, 0, 0, 0])
            elif action == "trump":
                pad.set_trump(data.draw(st.sampled_from(["S", "-", None, "Z"])))
            elif action == "correct" and pad.deal_no and pad.deal_no > 1:
                k = data.draw(st.integers(1, pad.deal_no - 1))
                pad.correct(k, *draw_deal(data.draw, pad, k))
            else:
                pad.enter_taken([99, 0, 0, 0])
        except PadError:
            assert state(pad) == history[-1]
            continue
        history.append(state(pad))
    assert pad.can_undo == (len(history) > 1)
    while len(history) > 1:
        history.pop()
        pad.undo()
        assert state(pad) == history[-1]
    with pytest.raises(PadError) as e:
        pad.undo()
    assert e.value.reason == "nothing_to_undo" and not pad.can_undo


# ---- who deals first, names -------------------------------------------------------------------

def test_who_deals_first():
    assert ScorePad(FOLK, "full", NAMES, 2).dealer == 2
    with pytest.raises(PadError) as e:
        ScorePad(FOLK, "full", NAMES)                  # folk deals for aces: the table says who
    assert e.value.reason == "first_dealer" and "ace" in str(e.value)
    std = PRESETS["standard"]
    seats = {ScorePad(std, "nines", NAMES, rng=random.Random(i)).first_dealer for i in range(40)}
    assert seats == {0, 1, 2, 3}
    assert ScorePad(FOLK, "full", NAMES, "random", rng=random.Random(1)).first_dealer in range(4)
    for bad in (4, -1, True, "aces", "left", 1.0, [0]):
        with pytest.raises(PadError):
            ScorePad(std, "full", NAMES, bad)


@pytest.mark.parametrize("players", [NAMES[:3], NAMES + ["X"], "abcd", ["", "a", "b", "c"],
                                     ["   ", "a", "b", "c"], ["a\nb", "a", "b", "c"], [1, "a", "b", "c"],
                                     ["x" * 31, "a", "b", "c"], None])
def test_names_are_checked(players):
    with pytest.raises(PadError):
        ScorePad(FOLK, "full", players, 0)


def test_names_are_trimmed_and_may_be_any_script():
    pad = ScorePad(FOLK, "nines", ["  ნინო ", "Гиорги", "Levan", "Me"], 0)
    assert pad.players == ("ნინო", "Гиорги", "Levan", "Me")


@pytest.mark.parametrize("rules,mode", [("folk", "full"), (None, "full"), (FOLK, "half"), (FOLK, None)])
def test_rules_and_mode_are_checked(rules, mode):
    with pytest.raises(PadError):
        ScorePad(rules, mode, NAMES, 0)


# ---- saving: round trip, and corrupted input refused -----------------------------------------

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_to_dict_from_dict_round_trip(data):
    pad, _ = random_pad(data.draw)
    if pad.step == "bids" and data.draw(st.booleans()):
        pad.enter_bid(0)                    # a bid of the deal under way is saved too
    d = json.loads(json.dumps(pad.to_dict()))
    back = ScorePad.from_dict(d)
    assert state(back) == state(pad)
    if pad.can_undo:
        back.undo()
        pad.undo()
        assert state(back) == state(pad)


def _valid_dict():
    pad, _ = _pad_at_deal(3)
    pad.set_trump("H")
    pad.enter_bid(1)
    pad.correct(1, taken=[1, 0, 0, 0])
    return pad.to_dict()


def _deep(depth):
    v = []
    for _ in range(depth):
        v = [v]
    return v


def _deep_dict(depth):
    v = {}
    for _ in range(depth):
        v = {"op": v}
    return v


HOSTILE = [None, True, 1.5, float("nan"), float("inf"), -1, 10**5000, "x" * 5_000_000, "", [], {},
           _deep(200_000), _deep_dict(200_000), [0] * 1_000_000, [[0, 0, 0, 0]] * 100_000,
           {"k": _deep(100_000)}]


@pytest.mark.parametrize("field", ["format", "kind", "rules", "mode", "players", "first_dealer", "entries"])
@pytest.mark.parametrize("value", range(len(HOSTILE)))
def test_hostile_values_in_any_field_are_refused(field, value):
    d = _valid_dict()
    d[field] = HOSTILE[value]
    if field == "entries" and HOSTILE[value] == []:
        assert ScorePad.from_dict(d).step == "bids"    # a pad with nothing written yet
        return
    with pytest.raises(PadError) as e:
        ScorePad.from_dict(d)
    assert e.value.reason in ("pad_corrupt", "pad_version") and len(str(e.value)) < 300


@pytest.mark.parametrize("value", range(len(HOSTILE)))
def test_hostile_values_inside_entries_and_rules_are_refused(value):
    for path in (("entries", 0, "bid"), ("entries", 1, "bids"), ("entries", 2, "taken"),
                 ("entries", 3, "deal"), ("entries", 3, "trump"), ("entries", 0, "op"), ("entries", 1),
                 ("rules", "khishti"), ("rules", "premium"), ("rules", "high_lead_trumpable"),
                 ("players", 2)):
        d = _valid_dict()
        node = d
        for key in path[:-1]:
            node = node[key]
        if isinstance(node, list) and path[-1] >= len(node):
            continue
        node[path[-1]] = HOSTILE[value]
        try:
            pad = ScorePad.from_dict(d)
        except PadError as e:
            assert e.reason == "pad_corrupt" and len(str(e)) < 300
        else:   # a value that happens to be valid there (e.g. a trump of None)
            assert ScorePad.from_dict(pad.to_dict()).to_dict() == pad.to_dict()


def test_other_corruptions_are_refused():
    good = _valid_dict()
    cases = []
    for mutate in (lambda d: d.update(format=2), lambda d: d.update(extra=1), lambda d: d.pop("entries"),
                   lambda d: d["rules"].pop("premium"), lambda d: d["rules"].update(premium="none"),
                   lambda d: d["rules"].update(unknown=1), lambda d: d["rules"].update(khishti=[200, 10**6]),
                   lambda d: d["entries"].append({"op": "taken", "taken": [9, 0, 0, 0]}),
                   lambda d: d["entries"].append({"op": "redo"}),
                   lambda d: d["entries"].append({"op": "bid", "bid": 0, "more": 1}),
                   lambda d: d["entries"].insert(0, {"op": "taken", "taken": [1, 0, 0, 0]}),
                   lambda d: d["entries"].extend([{"op": "trump", "trump": "S", "deal": None}] * MAX_ENTRIES),
                   lambda d: d.update(players=["a", "b", "c", "d\x00"]),
                   lambda d: d.update(first_dealer=None),
                   lambda d: d.update(kind="joker"), lambda d: d["entries"].__setitem__(0, [1, 2])):
        d = copy.deepcopy(good)
        mutate(d)
        cases.append(d)
    for d in cases:
        with pytest.raises(PadError) as e:
            ScorePad.from_dict(d)
        assert e.value.reason in ("pad_corrupt", "pad_version")
    assert ScorePad.from_dict(good).to_dict() == good


json_st = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                       lambda kids: st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=6), kids,
                                                                                  max_size=5), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_mutation_of_a_saved_pad_is_either_a_valid_pad_or_refused(data):
    d = _valid_dict()
    paths = []

    def walk(node, path):
        paths.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            walk(v, path + (k,))
    walk(d, ())
    path = data.draw(st.sampled_from(paths[1:]))
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(json_st)
    try:
        pad = ScorePad.from_dict(d)
    except PadError as e:
        assert e.reason in ("pad_corrupt", "pad_version")
    else:
        assert ScorePad.from_dict(json.loads(json.dumps(pad.to_dict()))).to_dict() == pad.to_dict()


@settings(max_examples=200, deadline=None)
@given(json_st)
def test_arbitrary_json_is_refused(value):
    with pytest.raises(PadError):
        ScorePad.from_dict(value)
