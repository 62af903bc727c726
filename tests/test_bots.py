"""Bots: building blocks (hand evaluation, inference, sampling), legality, reproducibility."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from joker.bots import LEVELS, STYLES, InsaneBot, make_bot
from joker.bots.choices import candidates
from joker.bots.estimate import choose_trump, est_tricks
from joker.bots.info import Info
from joker.bots.kernel import rollout, to_kernel
from joker.bots.sampling import Sampler
from joker.bots.search import Searcher
from joker.bots.utility import Utility
from joker.cards import FULL_DECK_MASK, SUIT_MASKS, parse_hand
from joker.game import Game
from joker.rules import PRESETS

ALL_RULES = list(PRESETS.items()) + [
    ("standard-nokhishti", dataclasses.replace(PRESETS["standard"], khishti=None)),
    ("standard-bonus", dataclasses.replace(PRESETS["standard"], premium="bonus"))]


def _random_positions(rules, mode, seed, count, phases=("play",)):
    """Views (with the game) at random decision points of randomly played games."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = Game(rules, mode, seed=rng.getrandbits(32))
        bot = make_bot("medium", seed=1)
        while g.phase != "over" and len(out) < count:
            v = g.view(g.to_act)
            if v["phase"] in phases and rng.random() < 0.08:
                out.append((g.copy(), v))
            g.apply(bot.act(v) if rng.random() < 0.7 else rng.choice(v["legal"]))
    return out


# ---- hand evaluation --------------------------------------------------------------------

def test_est_tricks_orders_hands():
    strong = parse_hand("X1 X2 AH KH QH AS AD KC 9H")
    weak = parse_hand("7S 8S 7C 8C 9D 7D 6D 8D TC")
    assert est_tricks(strong, 3, 9) > 5 > 1 > est_tricks(weak, 3, 9)
    assert est_tricks(parse_hand("7H"), 3, 1) > est_tricks(parse_hand("7S"), 3, 1)
    for n in range(1, 10):
        assert 0 <= est_tricks(parse_hand("X1 X2 AH AS AD AC KH QH JH"), 3, n) <= n


def test_choose_trump():
    assert choose_trump(parse_hand("AS KS 7D")) == "S"
    assert choose_trump(parse_hand("7S 8C 9D")) == "-"
    assert choose_trump(parse_hand("X1 AH 7D")) == "H"


# ---- inference ------------------------------------------------------------------------

def _view(trick_plays, trump="H", hand=("AS",), counts=(1, 1, 1, 2), tricks=None):
    return {"seat": 0, "phase": "play", "cards": 3, "dealer": 3, "trump": trump, "trump_card": "6D",
            "hand": list(hand), "hand_counts": list(counts), "bids": [1, 0, 1, 0], "taken": [0, 0, 0, 0],
            "trick": [], "leader": 0, "rules": PRESETS["standard"].to_dict(), "mode": "full", "deal_no": 3,
            "tricks": tricks if tricks is not None else [{"leader": 0, "winner": 0, "plays": [
                {"seat": (i) % 4, "play": p} for i, p in enumerate(trick_plays)]}],
            "deals": [], "pulkas": [], "legal": list(hand)}


def test_void_inference():
    info = Info.from_view(_view(["KS", "7D", "QS", "X1-"]))
    S, H = SUIT_MASKS[0], SUIT_MASKS[3]
    assert info.excl[1] & S == S and info.excl[1] & H == H       # no spade, no trump
    assert info.excl[2] == 0 and info.excl[3] == 0               # followed / joker: nothing learnt
    info = Info.from_view(_view(["KS", "7H", "QS", "8S"]))
    assert info.excl[1] & S == S and not info.excl[1] & H        # trumped: void in spades only


def test_high_joker_inference():
    v = _view(["X1+D", "QD", "7S", "AD"])
    hard = Info.from_view(v)
    insane = Info.from_view(v, hl_inference=True)
    kd, ad_mask = parse_hand("KD"), parse_hand("AD")
    assert not hard.excl[1] & kd
    assert insane.excl[1] & kd and not insane.excl[1] & parse_hand("JD")   # QD was its highest diamond
    assert insane.excl[2] & SUIT_MASKS[2] == SUIT_MASKS[2]                  # void in diamonds
    assert not insane.excl[3] & ad_mask


@pytest.mark.parametrize("name,rules", ALL_RULES[:3])
@pytest.mark.parametrize("mode", ["full", "nines"])
def test_inference_and_sampling_never_contradict_what_was_seen(name, rules, mode):
    for g, v in _random_positions(rules, mode, 7, 25):
        me = v["seat"]
        info = Info.from_view(json.loads(json.dumps(v)), hl_inference=True)
        # the inferences hold for the real hands
        for s in range(4):
            if s != me:
                assert not g.hands[s] & info.excl[s], (name, s)
                assert info.known[s] & ~g.hands[s] == 0
        assert info.out_count >= 0
        sampler = Sampler(info, random.Random(1))
        for _ in range(20):
            hands = sampler.sample()
            assert hands[me] == info.hand
            union = 0
            for s in range(4):
                assert not union & hands[s]
                union |= hands[s]
                assert hands[s].bit_count() == v["hand_counts"][s]
                assert not hands[s] & info.played
                if s != me:
                    assert not hands[s] & info.excl[s]
                    assert hands[s] & info.known[s] == info.known[s]
            assert union & ~FULL_DECK_MASK == 0
        assert sampler.failures == 0


def test_candidates_merge_equivalent_cards():
    v = _view([], hand=("AS", "KS", "9S", "X1", "X2"), counts=(5, 5, 5, 5), tricks=[])
    v["legal"] = ["9S", "KS", "AS"] + [f"X1{m}{s}" for m in "+-" for s in "SCDH"] + \
                 [f"X2{m}{s}" for m in "+-" for s in "SCDH"]
    info = Info.from_view(v)
    cands, rep = candidates(info, v["legal"])
    assert len(cands) == 10   # AS~KS merged, 9S apart, one joker with its 8 modes
    assert rep[:3] == [0, 1, 1] and rep[3:11] == rep[11:] == list(range(2, 10))


def test_kernel_plays_every_trick():
    rng = random.Random(3)
    from joker.cards import DECK
    from joker.game import Shuffler
    sh = Shuffler(5)
    for i in range(200):
        deck = sh.shuffled(DECK)
        hands = [0, 0, 0, 0]
        for j, c in enumerate(deck):
            hands[j & 3] |= 1 << c
        trump = i % 5 - 1
        kh, _, tm = to_kernel(hands, [], trump)
        bids = [rng.randrange(4) for _ in range(4)]
        t = rollout(kh, i & 3, [], [0, 0, 0, 0], tm, bool(i & 1), bids)
        assert sum(t) == 9 and kh == [0, 0, 0, 0]


def test_kernel_plays_a_wild_seat_at_random_from_its_seed():
    """A seat in ``wild`` plays random legal actions: every trick is still played, the same seed gives
    the same rollout, other seeds other ones; a 0-bid holding both jokers and the lowest cards, which
    the kernel ducks with, takes tricks once the seat plays at random (its jokers, high)."""
    from joker.bots.kernel import WILD_ONE
    hands = [parse_hand("9S TS 9C TC 8D 9D 7H 8H 9H"), parse_hand("X1 X2 7S 8S 7C 8C 6D 7D 6H"),
             parse_hand("JS QS JC QC TD JD TH JH QH"), parse_hand("KS AS KC AC QD KD AD KH AH")]
    kh, _, tm = to_kernel(hands, [], 3)
    bids = [2, 0, 3, 4]
    plain = rollout(list(kh), 0, [], [0, 0, 0, 0], tm, False, bids)
    assert plain[1] == 0                                        # the kernel ducks every trick
    wild = [0, WILD_ONE, 0, 0]
    runs = [rollout(list(kh), 0, [], [0, 0, 0, 0], tm, False, bids, wild=wild, seed=s) for s in range(60)]
    assert all(sum(t) == 9 for t in runs)
    assert runs[7] == rollout(list(kh), 0, [], [0, 0, 0, 0], tm, False, bids, wild=wild, seed=7)
    assert len({tuple(t) for t in runs}) >= 3
    assert sum(t[1] for t in runs) / len(runs) > 0.5            # a joker played high wins
    # every seat at random, every deal: all tricks are played and the hands emptied
    rng = random.Random(4)
    from joker.cards import DECK
    for i in range(100):
        deck = list(DECK)
        rng.shuffle(deck)
        hs = [0, 0, 0, 0]
        for j, c in enumerate(deck):
            hs[j & 3] |= 1 << c
        k, _, tmask = to_kernel(hs, [], i % 5 - 1)
        t = rollout(k, i & 3, [], [0, 0, 0, 0], tmask, bool(i & 1), [2, 2, 2, 2],
                    wild=[WILD_ONE] * 4, seed=i)
        assert sum(t) == 9 and k == [0, 0, 0, 0]


def test_insane_utility_counts_the_premium():
    # last deal of the first pulka of a nines game; seat 1 made every bid so far
    deals = [{"pulka": 1, "bids": [1, 2, 0, 3], "taken": [2, 2, 1, 4], "points": [20, 150, 10, 40]}] * 3
    v = _view([], tricks=[])
    v.update({"mode": "nines", "deal_no": 4, "deals": deals, "cards": 9})
    info = Info.from_view(v)
    bids = [3, 2, 2, 1]
    u = Utility(v, info, bids, harm=0.5)
    # seat 1 misses -> no sole claimant -> we keep our best deal; seat 1 makes it -> we lose it
    assert u([3, 3, 2, 1])[0] > u([3, 2, 3, 1])[0]
    assert u([3, 3, 2, 1])[1] == u([3, 2, 3, 1])[1] == 200   # our own points: bid 3 made
    hard = Utility(v, info, bids, harm=0.0)
    assert hard([3, 3, 2, 1]) == hard([3, 2, 3, 1]) == (200, 200)


# ---- legality and reproducibility ---------------------------------------------------------

@pytest.mark.parametrize("name,rules", ALL_RULES)
def test_every_level_plays_legally(name, rules):
    rng = random.Random(hash(name) & 0xFFFF)
    for mode in ("full", "nines"):
        g = Game(rules, mode, seed=rng.getrandbits(32))
        bots = {lv: make_bot(lv, seed=2, worlds=2) if lv in ("hard", "insane") else make_bot(lv, seed=2)
                for lv in LEVELS}
        n = 0
        while g.phase != "over" and n < 120:
            v = g.view(g.to_act)
            for lv, bot in bots.items():
                a = bot.act(json.loads(json.dumps(v)))
                assert a in v["legal"], (lv, a, v["legal"])
            g.apply(bots[LEVELS[n % 4]].act(v))
            n += 1


def test_forced_decision_is_instant_and_fresh_bots_agree():
    import time
    g = Game(PRESETS["tvaladze"], "nines", seed=9)
    seen_forced = False
    while g.phase != "over" and len(g.deals) < 1:
        v = g.view(g.to_act)
        if len(v["legal"]) == 1:
            t = time.perf_counter()
            assert make_bot("insane", seed=1).act(v) == v["legal"][0]
            assert time.perf_counter() - t < 0.05
            seen_forced = True
        a = make_bot("hard", seed=4, worlds=3).act(v)
        assert a == make_bot("hard", seed=4, worlds=3).act(json.loads(json.dumps(v)))
        g.apply(a)
    assert seen_forced


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "insane"])
def test_seeded_bots_are_reproducible(level):
    def run(seed):
        g = Game(PRESETS["folk"], "full", seed=21)
        bots = [make_bot(level, seed=seed + i, worlds=3) for i in range(4)]
        while g.phase != "over" and len(g.deals) < 6:
            g.apply(bots[g.to_act].act(g.view(g.to_act)))
        return list(g.actions)
    assert run(1) == run(1)


def test_unknown_level():
    with pytest.raises(ValueError):
        make_bot("godlike")


# ---- analysis (the coach's hints and reviews build on it) -----------------------------------

@pytest.mark.parametrize("level", ["hard", "insane"])
def test_analyse_ranks_every_legal_action_and_agrees_with_act(level):
    rng = random.Random(17)
    phases_seen = set()
    for rules_name, mode in (("standard", "nines"), ("tvaladze", "full"), ("folk", "nines")):
        g = Game(PRESETS[rules_name], mode, seed=rng.getrandbits(32))
        med = make_bot("medium", seed=3)
        while g.phase != "over" and len(g.deals) < 2:
            v = g.view(g.to_act)
            if rng.random() < 0.3 or v["phase"] == "trump":
                bot = make_bot(level, seed=5, worlds=8)
                a = bot.analyse(json.loads(json.dumps(v)))
                assert sorted(c["action"] for c in a) == sorted(v["legal"])
                values = [c["value"] for c in a]
                assert values == sorted(values, reverse=True)
                assert make_bot(level, seed=5, worlds=8).act(v) == a[0]["action"]
                assert all(-500 <= c["points"] <= 900 for c in a)
                if level == "hard":
                    assert all(c["value"] == c["points"] for c in a)
                phases_seen.add(v["phase"])
            g.apply(med.act(v))
    assert phases_seen == {"trump", "bid", "play"}


def test_insane_holding_a_zero_bid_values_cards_by_its_own_points():
    """While its 0-bid holds, Insane values a card by its own change of total only (the others'
    weight 0): a 0-bid about to break is not given up to spoil their bids. Once it has taken a
    trick, or with a positive bid, the others count again (value and points part)."""
    holding = others = 0
    for _, v in _random_positions(PRESETS["standard"], "nines", 23, 60):
        me = v["seat"]
        if len(v["legal"]) < 2 or v["bids"][me] is None:
            continue
        a = make_bot("insane", seed=5, worlds=8).analyse(json.loads(json.dumps(v)))
        if v["bids"][me] == 0 and v["taken"][me] == 0:
            holding += 1
            assert all(c["value"] == c["points"] for c in a), a
        elif any(c["value"] != c["points"] for c in a):
            others += 1
    assert holding >= 3 and others >= 3, (holding, others)


def test_analyse_values_joker_modes_and_merged_cards():
    v = _view([], hand=("AS", "KS", "9S", "X1", "X2"), counts=(5, 5, 5, 5), tricks=[])
    v["legal"] = ["9S", "KS", "AS"] + [f"X1{m}{s}" for m in "+-" for s in "SCDH"] + \
                 [f"X2{m}{s}" for m in "+-" for s in "SCDH"]
    v["cards"] = 5
    a = {c["action"]: c["value"] for c in make_bot("hard", seed=2, worlds=10).analyse(v)}
    assert a["KS"] == a["AS"] and a["X1+S"] == a["X2+S"] and a["X1-D"] == a["X2-D"]
    assert len(a) == 19


# ---- the arena's opponent pool -----------------------------------------------------------------

@pytest.mark.parametrize("style", STYLES)
def test_pool_styles_are_legal_and_reproducible(style):
    def run(seed):
        g = Game(PRESETS["standard"], "nines", seed=8)
        bots = [make_bot(style, seed=seed + i) for i in range(4)]
        while g.phase != "over" and len(g.deals) < 4:
            v = g.view(g.to_act)
            a = bots[g.to_act].act(json.loads(json.dumps(v)))
            assert a in v["legal"]
            assert a == make_bot(style, seed=seed + g.to_act).act(v)     # a fresh bot agrees
            g.apply(a)
        return list(g.actions)
    assert run(1) == run(1)
    if style == "sloppy":
        assert run(1) != run(50)     # its lapses come from its seed


def test_spoiler_turns_on_the_others_once_its_own_bid_is_lost():
    """Over its bid (0 bid, 1 taken) the spoiler takes a trick from a seat that needs it, where Medium
    would duck; a trick held by a seat whose bid is made it leaves there; while its own bid stands it
    plays like Medium."""
    def view(bids, taken, hand=("AS", "7S")):
        v = _view([], hand=hand, counts=(2, 1, 2, 2), tricks=[])
        v.update(bids=list(bids), taken=list(taken), leader=1, trick=[{"seat": 1, "play": "9S"}],
                 legal=list(hand))
        return v
    spoiler, medium = make_bot("spoiler", seed=1), make_bot("medium", seed=1)
    needs = view([0, 2, 1, 0], [1, 0, 0, 0])
    assert spoiler.act(needs) == "AS" and medium.act(needs) == "7S"
    made = view([0, 1, 1, 0], [1, 1, 0, 0])
    assert spoiler.act(made) == "7S"
    short = view([2, 2, 1, 0], [0, 0, 0, 0], hand=("AS",))          # 2 to take, 1 card left: lost
    short.update(hand_counts=[1, 0, 1, 1])
    assert spoiler.act(short) == "AS"
    open_bid = view([1, 2, 1, 0], [0, 0, 0, 0])                      # 1 to take: still Medium's play
    assert spoiler.act(open_bid) == medium.act(open_bid)


def test_montecarlo_bids_what_its_random_playouts_give_its_hand():
    """The flat Monte Carlo style bids high on a strong hand and 0 on a hand of small cards."""
    def bid(hand):
        v = _view([], hand=hand.split(), counts=(9, 9, 9, 9), tricks=[])
        v.update(phase="bid", cards=9, bids=[None] * 4, legal=[str(b) for b in range(10)], trump_card=None)
        return int(make_bot("montecarlo", seed=3).act(v))
    assert bid("X1 X2 AH KH QH AS AC AD KS") >= 5
    assert bid("7S 8S 7C 8C 6D 7D 8D 9D TD") == 0


def test_pool_styles_have_their_habits():
    """Over many deals the overbidder bids above what it takes and the underbidder below."""
    stats = {}
    for style in ("overbid", "underbid", "jokerearly"):
        bid = taken = 0
        for gs in range(3):
            g = Game(PRESETS["standard"], "nines", seed=gs)
            bots = [make_bot(style, seed=i) if i else make_bot("medium", seed=9) for i in range(4)]
            while g.phase != "over":
                g.apply(bots[g.to_act].act(g.view(g.to_act)))
            bid += sum(sum(d["bids"][1:]) for d in g.deals)
            taken += sum(sum(d["taken"][1:]) for d in g.deals)
        stats[style] = (bid - taken) / (3 * 3 * 16)
    assert stats["overbid"] > 0.5 and stats["underbid"] < -0.4 and abs(stats["jokerearly"]) < 0.5


# ---- opponent modelling ------------------------------------------------------------------------

def _pool_game(styles, deals, seed=4):
    g = Game(PRESETS["standard"], "nines", seed=seed)
    bots = [make_bot(st, seed=i) for i, st in enumerate(styles)]
    while g.phase != "over" and len(g.deals) < deals:
        g.apply(bots[g.to_act].act(g.view(g.to_act)))
    return g


def test_model_reads_each_seats_habit_from_the_view():
    from joker.bots.model import TableModel
    g = _pool_game(["medium", "overbid", "underbid", "medium"], 8)
    m = TableModel.from_view(g.view(0))
    assert m.deals_seen == 8
    assert m.bias_for(1, 9) > 0.4 and m.bias_for(2, 9) < -0.4 and abs(m.bias_for(0, 9)) < 0.5
    first = TableModel.from_view(Game(PRESETS["standard"], "nines", seed=1).view(0))
    assert first.bias == [0.0] * 4 and first.spread == [1.0] * 4      # the prior on the first deal


def test_model_reads_a_random_player_as_wild():
    """Seats that bid and play at random scatter far beyond any style of the pool: the model reads
    them as playing at random; a Medium, an overbidder and an underbidder are not."""
    from joker.bots.model import TableModel
    g = _pool_game(["medium", "random", "random", "overbid"], 8)
    m = TableModel.from_view(g.view(0))
    assert m.wild[1] == m.wild[2] == 1.0 and m.wild[0] == m.wild[3] == 0.0   # after 8 deals: all random
    g = _pool_game(["underbid", "sloppy", "jokerearly", "overbid"], 8)
    assert TableModel.from_view(g.view(0)).wild == [0.0] * 4
    assert TableModel.prior().wild == [0.0] * 4


def _spy_wild(monkeypatch):
    """The ``wild`` thresholds of every rollout the searches start from now on (bids and card play),
    one tuple per rollout (empty when none is passed)."""
    import joker.bots.bidsearch as bidsearch
    import joker.bots.search as search
    seen = []
    search_rollout = search.rollout

    def spy(*args, **kw):
        seen.append(tuple(args[9]) if len(args) > 9 else ())
        return search_rollout(*args, **kw)

    monkeypatch.setattr(search, "rollout", spy)        # card play
    monkeypatch.setattr(bidsearch, "rollout", spy)     # bids
    return seen


def test_search_plays_the_seats_read_as_random_at_random(monkeypatch):
    """Every rollout of a bid or a card gets a ``wild`` threshold for each other seat the model reads
    as random (none for our own seat), and none at all at a table without random play (so nothing is
    drawn there)."""
    import joker.bots.search as search
    from joker.bots.kernel import WILD_ONE
    from joker.bots.model import TableModel
    seen = _spy_wild(monkeypatch)
    g = _pool_game(["medium"] * 4, 1, seed=6)
    views = {}
    while g.view(g.to_act)["phase"] != "play" or "play" not in views:
        v = g.view(g.to_act)
        if len(v["legal"]) > 1:
            views.setdefault(v["phase"], v)
        g.apply(make_bot("medium", seed=2).act(v))
    for phase in ("bid", "play"):
        v = views[phase]
        model = TableModel.prior()
        model.wild = [1.0, 0.5, 0.0, 1.0]
        expect = tuple(0 if i == v["seat"] else int(w * WILD_ONE) for i, w in enumerate(model.wild))
        seen.clear()
        search.Searcher(random.Random(1), 100.0, False, 1, 0.0, worlds=8, model=model).analyse(v)
        assert seen and set(seen) == {expect}
        seen.clear()
        search.Searcher(random.Random(1), 100.0, False, 1, 0.0, worlds=8).analyse(v)
        assert seen and set(seen) == {()}


def test_insane_hedges_its_picture_of_every_other_seat_with_random_play(monkeypatch):
    """From the first deal on, Insane's rollouts (bids and card play) play every other seat at random
    at least ``WILD_FLOOR`` of the time (less the part read as playing the greedy way), never its own
    seat; Hard's only the seats the model reads as random (none here); a reading above the floor is
    kept."""
    from joker.bots.kernel import WILD_ONE
    from joker.bots.model import WILD_FLOOR, TableModel
    seen = _spy_wild(monkeypatch)
    g = _pool_game(["medium"] * 4, 0, seed=6)
    views = {}
    while "play" not in views:
        v = g.view(g.to_act)
        if len(v["legal"]) > 1 and v["phase"] in ("bid", "play"):
            views.setdefault(v["phase"], v)
        g.apply(make_bot("medium", seed=2).act(v))
    assert 0 < WILD_FLOOR < 1
    for v in views.values():
        greedy = TableModel.from_view(v).greedy      # read as the kernel here: a small prior only
        assert all(g < 0.2 for g in greedy)
        floor = tuple(0 if i == v["seat"] else int(WILD_FLOOR * (1 - greedy[i]) * WILD_ONE)
                      for i in range(4))
        assert all(f > 0.8 * WILD_FLOOR * WILD_ONE for i, f in enumerate(floor) if i != v["seat"])
        seen.clear()
        make_bot("insane", seed=1, worlds=8).analyse(v)
        assert seen and set(seen) == {floor}
        seen.clear()
        make_bot("hard", seed=1, worlds=8).analyse(v)
        assert seen and set(seen) == {()}
    m = TableModel.prior()
    m.wild = [1.0, 0.1, 0.0, 0.6]
    m.hedge(WILD_FLOOR)
    assert m.wild == [1.0, WILD_FLOOR, WILD_FLOOR, 0.6]
    # a seat read as playing the greedy way is hedged in proportion to what is left of the reading
    m = TableModel.prior()
    m.greedy = [0.0, 0.5, 0.9, 1.0]
    m.hedge(WILD_FLOOR)
    assert m.wild == [WILD_FLOOR, WILD_FLOOR * 0.5, WILD_FLOOR * (1 - 0.9), 0.0]


def test_model_shapes_the_bid_reading():
    """Two seats bid 4 and 1: read as our kernel, the first is sampled a much stronger hand; known as an
    overbidder (and the other as an underbidder), the gap between their sampled hands shrinks."""
    from joker.bots.model import TableModel
    from joker.bots.sampling import bid_reader
    g = Game(PRESETS["standard"], "nines", seed=4)
    med = make_bot("medium", seed=1)
    while g.phase != "play":
        g.apply(med.act(g.view(g.to_act)))
    v = g.view(g.to_act)
    me = v["seat"]
    a, b, c = [(me + k) % 4 for k in (1, 2, 3)]
    v["bids"] = [0] * 4
    v["bids"][a], v["bids"][b], v["bids"][c], v["bids"][me] = 4, 1, 2, 2
    past = {"cards": 9, "bids": [0] * 4, "taken": [0] * 4}
    past["bids"][a], past["taken"][a] = 4, 2          # bids two more than it takes
    past["bids"][b], past["taken"][b] = 1, 3          # two fewer
    v["deals"] = [past] * 8
    info = Info.from_view(v)
    model = TableModel.from_view(v)
    assert model.bias_for(a, 9) > 1.0 and model.bias_for(b, 9) < -1.0 and model.bias_for(c, 9) == 0
    gap = {}
    for name, bias in (("kernel", [0.0] * 4), ("model", [model.bias_for(s, 9) for s in range(4)])):
        draw = bid_reader(info, Sampler(info, random.Random(3)), random.Random(4), bias, model.spread, 6)
        hands = [draw()[0] for _ in range(400)]
        est = [(est_tricks(h[a], info.trump, 9), est_tricks(h[b], info.trump, 9)) for h in hands]
        gap[name] = sum(x - y for x, y in est) / 400
    assert gap["kernel"] > 0.8 and gap["model"] < gap["kernel"] - 0.5


def test_resampling_draws_in_proportion_to_the_weights():
    """The draw the bid reader and the reading probes share: never a zero weight, the rest as weighed."""
    from joker.bots.sampling import drawn
    rng = random.Random(9)
    counts = [0] * 4
    for _ in range(3000):
        counts[drawn([0.0, 2.0, 0.0, 1.0], rng)] += 1
    assert counts[0] == counts[2] == 0 and 1.7 < counts[1] / counts[3] < 2.3
    assert drawn([0.0, 0.0, 0.0], rng) == 2


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "insane"])
def test_a_fresh_bot_given_the_view_plays_like_one_that_watched(level):
    g = Game(PRESETS["standard"], "nines", seed=12)
    watcher = make_bot(level, seed=7, worlds=4)
    others = [make_bot(st, seed=i) for i, st in enumerate(["overbid", "sloppy", "underbid"])]
    checked = 0
    while g.phase != "over" and len(g.deals) < 5:
        v = g.view(g.to_act)
        if g.to_act == 0:
            a = watcher.act(v)
            if len(g.deals) >= 3:
                assert make_bot(level, seed=7, worlds=4).act(json.loads(json.dumps(v))) == a
                checked += 1
        else:
            a = others[g.to_act - 1].act(v)
        g.apply(a)
    assert checked > 20


def test_the_dead_zone_rolls_a_seat_that_takes_a_little_more_than_it_bids_out_toward_its_bid():
    """With ``takes_more_dead`` (off as shipped) the rollouts leave out that much of a habit of taking
    more than one bids (the Monte Carlo players' -0.2 a 9-card deal counts as 0, the underbidders'
    -0.6 as -0.35); the bid reading keeps the whole habit, and the shipped levels keep it all."""
    from joker.bots.model import TAKES_MORE_DEAD, TableModel
    g = Game(mode="nines", seed=3)
    v = g.view(g.to_act)
    model = TableModel.prior()
    model.bias = [0.0, -0.2 / 9, -0.6 / 9, 0.3 / 9]           # bid - taken per card
    bot = make_bot("insane", seed=1, worlds=10)
    shipped = [make_bot(level, seed=1, worlds=10)._searcher(v) for level in ("hard", "insane")]
    bot.takes_more_dead = TAKES_MORE_DEAD
    dead = bot._searcher(v)
    for s in [dead, *shipped]:
        s.model = model
    assert all(s._aims(9) == s._habits(9) for s in shipped)
    aims = dead._aims(9)
    assert aims[:2] == [0.0, 0.0] and aims[2] == pytest.approx(-0.35) and aims[3] == pytest.approx(0.3)
    assert dead._aims(3)[2] == pytest.approx(-0.2 + 0.25 / 3)       # the dead zone scales with the deal
    assert dead._habits(9) == shipped[1]._habits(9)
    # in a rollout's targets the -0.2 seat plays for its bid, never bid + 1; with the whole habit it may
    for u in (0.0, 0.1, 0.5, 0.99):
        assert Searcher._targets([1, 1, 1, 1], 0, 9, aims, [u] * 4)[1] == 1
    assert Searcher._targets([1, 1, 1, 1], 0, 9, shipped[1]._aims(9), [0.0] * 4)[1] == 2
    # and a search with the option set runs to a legal action
    assert dead.analyse(v)[0]["action"] in v["legal"]


def test_rollouts_play_each_seat_toward_what_it_really_takes():
    from joker.bots.estimate import estimated_bids
    t = Searcher._targets([3, 3, 3, 3], 0, 9, [1.5, 1.0, -1.0, 0.4], [0.5, 0.5, 0.5, 0.5])
    assert t == [3, 2, 4, 3]                    # our own seat plays for its bid; 2.6 rounds up when u < 0.6
    assert Searcher._targets([3, 3, 3, 3], 0, 9, [0, 0, 0, 0.4], [0, 0, 0, 0.9])[3] == 2
    assert Searcher._targets([0, 1, 9, 3], 0, 9, [0, 2.0, -2.0, 0], [0.9] * 4)[1:3] == [0, 9]   # clamped
    # the bids still to come are guessed with each seat's habit
    hands = [parse_hand("AS KS QS AC KC AD KD AH KH"), parse_hand("7S 8S 9S 7C 8C 9C 7D 8D 9D"), 0, 0]
    plain = estimated_bids(hands, 3, 9, [0, 0, 0, 0], [0, 1], 3)
    habit = estimated_bids(hands, 3, 9, [0, 0, 0, 0], [0, 1], 3, [1.2, 1.0, 0, 0])
    assert habit[0] == plain[0] + 1 and habit[1] == plain[1] + 1


def test_the_guessed_bids_still_to_come_can_answer_the_bids_before_them():
    """With ``react`` (Insane's guess, not Hard's) a later seat's guessed bid falls as the bids before
    it rise above an even share, and rises as they fall short; 0 leaves the plain guess."""
    from bot_variants import assert_pure_and_not_insane

    from joker.bots import HardBot
    from joker.bots.estimate import BID_REACT, PLAIN_GUESS, SEARCH_GUESS, BidGuess, estimated_bids
    hands = [0, parse_hand("AS KS QS AC KC 7D 8D 9D 6H"), parse_hand("AD KD QD AH KH 7C 8C 9C 7H"), 0]
    guess = lambda b0, r: estimated_bids(hands, 3, 9, [b0, 0, 0, 0], [1, 2], 3,  # noqa: E731
                                         guess=BidGuess(react=r))
    assert guess(2, 0.0)[1:] == guess(6, 0.0)[1:] == estimated_bids(hands, 3, 9, [2, 0, 0, 0], [1, 2], 3)[1:]
    low, high = guess(0, 0.5), guess(7, 0.5)
    assert high[1] < guess(7, 0.0)[1] and low[1] > guess(0, 0.0)[1]
    assert high[2] <= guess(7, 0.0)[2] and high[1] + high[2] < low[1] + low[2]

    assert InsaneBot.bid_guess == SEARCH_GUESS and SEARCH_GUESS.react == BID_REACT > 0
    assert HardBot.bid_guess == PLAIN_GUESS

    class NotReacting(InsaneBot):
        bid_guess = PLAIN_GUESS
    assert_pure_and_not_insane(NotReacting, deals=8)   # the shipped reaction reaches Insane's choices


def test_a_guess_can_have_the_shape_of_a_searching_players_bids():
    """The shape tried in the *Twenty-fifth pass* (not shipped): a searching player bids 0 on a hand worth
    a trick or so and stretches a strong hand's bid; the habit still counts and the dealer's guess
    still obeys the forced-dealer rule."""
    from joker.bots.estimate import PLAIN_GUESS, BidGuess, est_tricks, estimated_bids
    shaped = BidGuess(zero_below=1.6, scale=1.2, offset=-0.5, rounding=0.5)
    weak, strong = parse_hand("AS 7C 8C 9C 7D 8D 9D 6H 7H"), parse_hand("X1 AH KH QH JH AS KS AC 7D")
    assert 1.0 <= est_tricks(weak, 3, 9) < shaped.zero_below and est_tricks(strong, 3, 9) > 4
    hands = [weak, strong, weak, weak]                       # seat 0 bids first, seat 3 deals
    plain = estimated_bids(hands, 3, 9, [0, 0, 0, 0], [0, 1, 2, 3], 3)
    assert plain == estimated_bids(hands, 3, 9, [0, 0, 0, 0], [0, 1, 2, 3], 3, guess=PLAIN_GUESS)
    bent = estimated_bids(hands, 3, 9, [0, 0, 0, 0], [0, 1, 2, 3], 3, guess=shaped)
    assert plain[0] == 1 and bent[0] == 0 and bent[1] > plain[1]
    assert [shaped.bid(e, 0.0, 9) for e in (0.0, 0.5, 1.0, 1.59)] == [0, 0, 0, 0]
    assert [shaped.bid(e, 0.0, 9) for e in (1.6, 2.5, 3.5, 4.5, 8.0)] == [1, 3, 4, 5, 9]
    assert shaped.bid(1.0, 1.2, 9) == 1                      # a seat's habit still counts
    # the dealer may not bring the sum to the cards: after bids of 5, 2 and 2 in a 9-card deal, not 0
    assert estimated_bids([0, 0, 0, weak], 3, 9, [5, 2, 2, 0], [3], 3, guess=shaped)[3] == 1
    assert PLAIN_GUESS == BidGuess()


def test_model_reads_the_greedy_way_of_playing():
    """A seat that plays its highest card while it needs tricks (and keeps its jokers) is read as greedy
    once it habitually misses; one whose plays contradict it is not, whatever its bids."""
    from joker.bots.greedyread import greedy_evidence
    from joker.bots.model import TableModel
    g = _pool_game(["medium", "overbid", "sloppy", "overbid"], 6, seed=3)
    med, over = make_bot("medium", seed=1), make_bot("overbid", seed=2)
    seen = []
    while len(g.deals) < 8:
        v = g.view(g.to_act)
        if v["phase"] == "play" and len(v["tricks"]) >= 4:
            seen.append(TableModel.from_view(v).greedy)
        g.apply((over if g.to_act % 2 else med).act(v))
    assert all(m[1] > 0.5 and m[3] > 0.5 for m in seen)
    assert all(m[0] < 0.1 for m in seen)
    # a joker spent while the seat still held a plain card it played later: not the greedy way
    v = _view([], tricks=[
        {"leader": 0, "winner": 1, "plays": [{"seat": 0, "play": "KS"}, {"seat": 1, "play": "X1+"},
                                             {"seat": 2, "play": "QS"}, {"seat": 3, "play": "9S"}]},
        {"leader": 1, "winner": 1, "plays": [{"seat": 1, "play": "AD"}, {"seat": 2, "play": "7D"},
                                             {"seat": 3, "play": "8D"}, {"seat": 0, "play": "9D"}]}])
    v["bids"] = [1, 2, 1, 0]
    ev = greedy_evidence(v)
    assert ev[1] == 0.0
    # needing a trick, 9S lost to KS although the seat held the lower 7S (played later): the greedy way
    v["tricks"][1]["plays"][2]["play"] = "7S"          # seat 3's card in the second trick
    v["bids"] = [1, 2, 1, 1]
    ev = greedy_evidence(v)
    assert ev[3] > 1.0



def test_a_greedy_seats_plays_exclude_only_cards_it_does_not_hold():
    """Read under the greedy way, an overbidder's plays rule out cards (more than its voids) and never
    one it holds; with ``greedy_reads`` the search samples no such card into a seat read as greedy."""
    from joker.bots.greedyread import greedy_exclusions
    from joker.bots.model import TableModel
    g = Game(PRESETS["standard"], "nines", seed=7)
    bots = [make_bot("medium", seed=1)] + [make_bot("overbid", seed=s) for s in (2, 3, 4)]
    views = extra = 0
    while g.phase != "over" and len(g.deals) < 6:
        seat = g.to_act
        v = g.view(seat)
        if v["phase"] == "play" and seat == 0 and v["tricks"]:
            ex, info = greedy_exclusions(v), Info.from_view(v)
            for o in (1, 2, 3):
                assert not ex[o] & parse_hand(g.view(o)["hand"])
                extra += bool(ex[o] & info.pool & ~info.excl[o])
            views += 1
            model = TableModel.from_view(v)
            greedy = [o for o in (1, 2, 3) if model.greedy[o] >= 0.5]
            s = Searcher(random.Random(1), 100.0, True, 1, 0.0, worlds=5, model=model, greedy_reads=True)
            s._read_greedy(v, info)
            sampler = Sampler(info, random.Random(2))
            for _ in range(5):
                hands = sampler.sample()
                assert not any(hands[o] & ex[o] for o in greedy)
        g.apply(bots[seat].act(v))
    assert views > 20 and extra > views     # most views rule out a card of the pool for some seat

    from bot_variants import assert_pure_and_not_insane

    class NotReadingGreedy(InsaneBot):
        greedy_reads = False
    assert_pure_and_not_insane(NotReadingGreedy, deals=4)   # the shipped reading reaches Insane's choices


def nearest(c: float) -> float:
    """``c`` rounded to the nearest whole trick (halves toward zero): a level that shifts its bid by
    whole tricks only."""
    f = float(int(abs(c) + 0.5 - 1e-9))
    return f if c >= 0 else -f


def test_table_drift_reads_our_raw_bids_and_does_not_fade():
    """A seat that takes a trick more than its raw bid every deal: once its bids are moved up by that
    trick they are exact, and the reading (from the raw bids, not the moved ones) keeps the shift."""
    from joker.bots.calibrate import table_drift
    deals: list[dict] = []
    shifts = []
    for k in range(12):
        raw = 2 + k % 3
        c = table_drift({"deals": deals}, 1, 9, nearest)
        shifts.append(nearest(c))
        bid = raw + int(shifts[-1])
        deals.append({"cards": 9, "bids": [3, bid, 3, 3], "taken": [2, raw + 1, 2, 2]})
    assert shifts[0] == 0 and all(x == 1 for x in shifts[3:])
    # a seat that takes what it bids is left alone; one that takes less is moved down
    exact = [{"cards": 9, "bids": [3, 2, 3, 3], "taken": [3, 2, 2, 2]}] * 8
    assert table_drift({"deals": exact}, 1, 9, nearest) == 0
    assert nearest(table_drift({"deals": exact}, 0, 9, nearest)) == 0
    short = [{"cards": 9, "bids": [4, 2, 3, 3], "taken": [2, 2, 2, 2]}] * 8
    assert nearest(table_drift({"deals": short}, 0, 9, lambda c: 0.0)) == -2     # 16 of 90 cards, shrunk
    assert -0.5 < table_drift({"deals": short}, 0, 1, lambda c: 0.0) < 0     # scaled to the deal's cards
    # a 0-bid that could not be moved lower is read as the raw bid: no runaway downward
    zeros = [{"cards": 9, "bids": [0, 2, 3, 3], "taken": [0, 3, 3, 3]}] * 8
    assert table_drift({"deals": zeros}, 0, 9, lambda c: -1.0) == 0
    # Medium's dead zone: a small reading is left out, a large one moved toward 0 by it (in short
    # deals by as much per card)
    from joker.bots.calibrate import DEAD_ZONE
    lean = [{"cards": 9, "bids": [2, 2, 3, 3], "taken": [4, 2, 2, 2]}] * 40      # +2 a deal
    slight = [{"cards": 9, "bids": [2, 2, 3, 3], "taken": [2, 2, 2, 2]}] * 5 + [
        {"cards": 9, "bids": [2, 2, 3, 3], "taken": [3, 2, 2, 2]}]               # 1 of 72 cards

    def unmoved(c: float) -> float:      # the bids read as raw, to see the dead zone alone
        return 0.0

    zone = DEAD_ZONE * 9
    assert 0 < table_drift({"deals": slight}, 0, 9, unmoved) < zone
    assert table_drift({"deals": slight}, 0, 9, unmoved, dead=DEAD_ZONE) == 0
    full = table_drift({"deals": lean}, 0, 9, unmoved)
    assert full > 1.5
    assert table_drift({"deals": lean}, 0, 9, unmoved, dead=DEAD_ZONE) == pytest.approx(full - zone)
    assert table_drift({"deals": lean}, 0, 3, unmoved, dead=DEAD_ZONE) == pytest.approx((full - zone) / 3)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_bid_up_at_a_table_that_leaves_them_tricks(level):
    """The same bid views, read with a history in which this seat took two tricks more than it bid in
    every deal: the bids move up (Medium's look ahead moves its rollouts' counts); with a history of
    exact bids Medium's do not move at all."""
    g = Game(PRESETS["standard"], "nines", seed=21)
    bots = [make_bot(st, seed=i) for i, st in enumerate(["medium", "overbid", "overbid", "overbid"])]
    views = []
    while g.phase != "over" and len(g.deals) < 6:
        v = g.view(g.to_act)
        if v["phase"] == "bid" and len(v["legal"]) > 1:
            views.append(v)
        g.apply(bots[g.to_act].act(v))
    bot = make_bot(level, seed=5)
    up = same = 0
    for v in views:
        s = v["seat"]
        lucky = [{"cards": 9, "bids": [2] * 4, "taken": [2] * 4} for _ in range(8)]
        for d in lucky:
            d["taken"] = [4 if i == s else 1 for i in range(4)]
            d["taken"][(s + 1) & 3] = 0
        base = int(bot.act(dict(v, deals=[])))
        moved = int(bot.act(dict(v, deals=lucky)))
        exact = int(bot.act(dict(v, deals=[{"cards": 9, "bids": [2, 2, 2, 3], "taken": [2, 2, 2, 3]}] * 8)))
        up += moved > base
        same += exact == base
        assert moved >= base
    assert up >= len(views) * 0.6
    if level == "medium":
        assert same == len(views)
