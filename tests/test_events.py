"""Game.apply's events (issue #11 item 2): in order, public only, and enough to follow the game.

A table that only listens to the events (never diffs views) must know, after every action, what the
views say: whose turn, hand counts, tricks taken, the score sheet.  The events must never carry a
card that a seat could not see on the table.
"""

import json
import random

import pytest

from joker.cards import JOKERS, card_text
from joker.game import Game, IllegalAction
from joker.rules import PRESETS
from joker.scoring import is_khishti

FACTS = (
    "deal_no",
    "deals_total",
    "pulka",
    "deal_in_pulka",
    "cards",
    "dealer",
    "phase",
    "to_act",
    "trump",
    "trump_card",
    "trump_card_holder",
    "trump_chooser",
)


class Follower:
    """What a table knows from the events alone (and the first view)."""

    def __init__(self, first_view):
        self.facts = {k: first_view[k] for k in FACTS}
        self.counts = list(first_view["hand_counts"])
        self.taken = [0, 0, 0, 0]
        self.bids = [None] * 4
        self.scores = [0, 0, 0, 0]
        self.seen = {first_view["trump_card"]}  # cards shown face up on the table, ever
        self.deals, self.pulkas = [], []
        self.over = None

    def follow(self, events, action, actor):
        kinds = [e["type"] for e in events]
        first = {"trump": "trump", "bid": "bid", "play": "play"}[self.facts["phase"]]
        assert kinds[0] == first and events[0]["seat"] == actor
        grammar = [
            "trump",
            "bid",
            "play",
            "trick",
            "deal_scored",
            "pulka_scored",
            "deal_started",
            "game_over",
        ]
        assert kinds == sorted(kinds, key=grammar.index) and len(set(kinds)) == len(kinds), kinds
        assert ("trick" in kinds) <= ("play" in kinds) and ("deal_scored" in kinds) == (
            "deal_started" in kinds or "game_over" in kinds
        )
        for e in events:
            getattr(self, "on_" + e["type"])(e, action)

    def on_trump(self, e, action):
        assert e["trump"] == (None if action == "-" else action)
        self.facts.update(phase="bid", trump=e["trump"], trump_chooser=None, to_act=e["seat"])
        self.counts = [self.facts["cards"]] * 4
        assert e["hand_counts"] == self.counts

    def on_bid(self, e, action):
        assert e["bid"] == int(action)
        self.bids[e["seat"]] = e["bid"]
        if e["seat"] == self.facts["dealer"]:
            self.facts.update(phase="play", to_act=(e["seat"] + 1) % 4)
        else:
            self.facts["to_act"] = (e["seat"] + 1) % 4

    def on_play(self, e, action):
        assert e["play"] == action and e["card"] == action[:2]
        self.counts[e["seat"]] -= 1
        assert e["hand_counts"] == self.counts
        self.seen.add(e["card"])
        self.facts["to_act"] = (e["seat"] + 1) % 4

    def on_trick(self, e, action):
        assert [p["card"] for p in e["plays"]] == [p["play"][:2] for p in e["plays"]]
        assert e["plays"][-1]["play"] == action and e["winner"] in {p["seat"] for p in e["plays"]}
        self.taken[e["winner"]] += 1
        self.facts["to_act"] = e["winner"]
        assert e["taken"] == self.taken and e["no"] == sum(self.taken)

    def on_deal_scored(self, e, action):
        d = e["deal"]
        assert d["bids"] == self.bids and d["taken"] == self.taken and d["cards"] == self.facts["cards"]
        self.scores = [s + p for s, p in zip(self.scores, d["points"], strict=True)]
        assert e["scores"] == self.scores
        self.deals.append(d)

    def on_pulka_scored(self, e, action):
        p = e["pulka"]
        self.scores = list(p["scores"])
        self.pulkas.append(p)

    def on_deal_started(self, e, action):
        self.facts = {k: e[k] for k in FACTS}
        self.counts = [0, 0, 0, 0] if e["phase"] == "trump" else [e["cards"]] * 4
        self.taken, self.bids = [0, 0, 0, 0], [None] * 4
        self.seen.add(e["trump_card"])

    def on_game_over(self, e, action):
        self.over = e


def public_cards(view):
    out = {view["trump_card"]} | {p["card"] for p in view["trick"]}
    out |= {p["card"] for t in view["tricks"] for p in t["plays"]}
    return out


def cards_in(value):
    names = {card_text(c) for c in range(38) if c not in (0, 9)}
    if isinstance(value, str):
        return {value[:2]} & names
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("mode", ["full", "nines"])
def test_a_table_that_follows_the_events_knows_what_the_views_say(preset, mode):
    for seed in range(3):
        g = Game(PRESETS[preset], mode, seed=seed * 7 + len(preset))
        rng = random.Random(seed)
        f = Follower(g.view(0))
        while g.phase != "over":
            before = g.view(0)
            actor, action = g.to_act, rng.choice(g.legal_actions())
            events = g.apply(action)
            assert json.loads(json.dumps(events)) == events
            f.follow(events, action, actor)
            v = g.view(0)
            # nothing a seat may not see: every card named is on the table (played, or the trump card)
            assert cards_in(events) <= f.seen, (events, f.seen)
            assert (public_cards(before) | public_cards(v)) - {None} <= f.seen
            if v["phase"] == "over":
                break
            assert {k: v[k] for k in FACTS} == f.facts
            assert v["hand_counts"] == f.counts and v["taken"] == f.taken and v["bids"] == f.bids
            assert v["scores"] == f.scores
        assert f.over == {"type": "game_over", "scores": g.scores(), "places": g.view(0)["places"]}
        assert f.deals == g.view(0)["deals"] and f.pulkas == g.view(0)["pulkas"]


def test_events_are_copies():
    g = Game(PRESETS["standard"], "nines", seed=2)
    rng = random.Random(2)
    while not g.deals:
        for e in g.apply(rng.choice(g.legal_actions())):
            for v in e.values():
                if isinstance(v, list):
                    v.clear()
                if isinstance(v, dict):
                    v.clear()
    assert g.deals[0]["bids"] and g.view(0)["deals"][0]["points"] and g.last_trick["plays"]


def test_view_answers_what_the_table_used_to_work_out():
    seen_played = seen_unplayed = 0
    for seed in range(40):
        g = Game(PRESETS["tvaladze"], "nines", seed=seed)
        rng = random.Random(seed)
        while g.phase != "over":
            v = g.view(0)
            holder = v["trump_card_holder"]
            assert holder == (v["dealer"] if v["cards"] == 9 else None)
            played_cards = {p["card"] for p in v["trick"]} | {
                p["card"] for t in v["tricks"] for p in t["plays"]
            }
            assert v["trump_card_played"] == (v["trump_card"] in played_cards)
            assert (v["trump_card"] in v["hand"]) == (holder == 0 and not v["trump_card_played"])
            seen_played += v["trump_card_played"]
            seen_unplayed += not v["trump_card_played"]
            for p in v["trick"] + [p for t in v["tricks"] for p in t["plays"]]:
                assert p["card"] == p["play"][:2]
            g.apply(rng.choice(g.legal_actions()))
        for d in g.deals:
            assert d["khishti"] == [
                is_khishti(b, t, g.rules) for b, t in zip(d["bids"], d["taken"], strict=True)
            ]
    assert seen_played and seen_unplayed
    # standard: turned-up trump cards belong to nobody and are never "played"
    g = Game(PRESETS["standard"], "full", seed=1)
    assert g.view(0)["trump_card_holder"] is None and g.view(0)["trump_card_played"] is False
    assert g.view(0)["trump_card"] not in g.view(0)["hand"]


def test_khishti_is_defined_once():
    std, tva = PRESETS["standard"], PRESETS["tvaladze"]
    assert is_khishti(1, 0, std) and not is_khishti(0, 0, std) and not is_khishti(1, 1, std)
    assert not is_khishti(3, 0, tva)  # no khishti rule: an ordinary miss
    g = Game(std, "nines", seed=5)
    rng = random.Random(5)
    while g.phase != "over":
        g.apply(rng.choice(g.legal_actions()))
    for d in g.deals:
        for p in range(4):
            assert d["khishti"][p] == (d["points"][p] < 0)


def test_refusals_carry_the_reason_of_why_illegal():
    rng = random.Random(3)
    checked = 0
    for seed in range(10):
        g = Game(PRESETS["folk"], "full", seed=seed)
        while g.phase != "over":
            seat = g.to_act
            for action in ["ZZ", "X1", "9", "AS", "X1+", "X2+H", "H", rng.choice(g.legal_actions())]:
                for who in (None, seat, (seat + 1) % 4):
                    why = g.why_illegal(action, who)
                    try:
                        g.copy().apply(action, who)
                    except IllegalAction as e:
                        assert (e.reason, e.params) == why
                        checked += 1
                    else:
                        assert why is None
            g.apply(rng.choice(g.legal_actions()))
            if len(g.actions) > 40:
                break
    assert checked > 1000
    g = Game(seed=1)
    with pytest.raises(IllegalAction) as e:
        g.apply("0", seat=(g.to_act + 1) % 4)
    assert e.value.reason == "not_your_turn" and e.value.params == {"seat": g.to_act}


def test_no_joker_is_ever_a_card_of_the_deck_slots():
    # the "card" of a joker play is the joker itself, so a table never needs to cut strings
    g = Game(PRESETS["standard"], "nines", seed=9)
    rng = random.Random(9)
    jokers = {card_text(j) for j in JOKERS}
    found = False
    while g.phase != "over":
        for e in g.apply(rng.choice(g.legal_actions())):
            if e["type"] == "play" and e["card"] in jokers:
                assert e["play"].startswith(e["card"]) and len(e["play"]) in (3, 4)
                found = True
    assert found


def test_events_false_reaches_the_same_state_and_builds_nothing():
    # Replays and simulations skip the events (issue: they cost a third of a random game's time);
    # the state, views and refusals must not depend on it.
    for seed, preset in enumerate(PRESETS):
        loud = Game(PRESETS[preset], "full", seed=seed)
        quiet = Game(PRESETS[preset], "full", seed=seed)
        rng = random.Random(seed)
        while loud.phase != "over":
            action = rng.choice(loud.legal_actions())
            assert loud.apply(action) and quiet.apply(action, events=False) == []
            seat = len(loud.actions) % 4
            assert quiet.view(seat) == loud.view(seat)
        assert quiet.to_dict() == loud.to_dict() and quiet.scores() == loud.scores()
        with pytest.raises(IllegalAction) as e:
            quiet.apply("AS", events=False)
        assert e.value.reason == "game_over"


def test_events_after_a_quiet_action_are_whole():
    # a quiet call must not leave its "no events" behind for the next call
    g = Game(PRESETS["standard"], "nines", seed=4)
    rng = random.Random(4)
    while not g.deals:
        g.apply(rng.choice(g.legal_actions()), events=False)
    kind = g.phase
    events = g.apply(rng.choice(g.legal_actions()))
    assert [e["type"] for e in events] == [kind]


@pytest.mark.parametrize("junk", [None, 1, 0, "yes", [True]])
def test_events_flag_must_be_a_bool(junk):
    g = Game(seed=1)
    before = g.to_dict()
    with pytest.raises(ValueError, match="events must be True or False"):
        g.apply(g.legal_actions()[0], events=junk)
    assert g.to_dict() == before
