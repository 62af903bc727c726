"""The coach: hints and deal reviews by Insane's search (issue 13, library side)."""
import json

import pytest
from test_replay_daily import played_game  # one game driver for the replay and the coach tests

from joker import coach
from joker.bots import make_bot
from joker.game import Game
from joker.replay import actors
from joker.rules import PRESETS

WORLDS = 12


def positions(g: Game) -> list[dict]:
    """Views of the seat to act at every decision of the first deals of a finished game."""
    out = []
    replayed = Game.from_dict({**g.to_dict(), "actions": []})
    for a in g.actions[:80]:
        seat = replayed.to_act
        out.append(replayed.view(seat))
        replayed.apply(a)
    return out


# ---- hints ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2])
def test_hint_is_legal_and_is_insanes_choice(seed):
    g = played_game(seed)
    views = positions(g)
    phases = set()
    for k, view in enumerate(views[::3]):
        h = coach.hint(view, seed=k, worlds=WORLDS)
        assert h["action"] in view["legal"]
        assert h["action"] == make_bot("insane", seed=k, worlds=WORLDS).act(view)
        cands = h["candidates"]
        assert cands[0]["action"] == h["action"]
        assert sorted(c["action"] for c in cands) == sorted(view["legal"])
        assert [c["value"] for c in cands] == sorted((c["value"] for c in cands), reverse=True)
        assert isinstance(h["reason"]["code"], str) and isinstance(h["reason"]["params"], dict)
        json.dumps(h)
        phases.add(view["phase"])
    assert phases == {"trump", "bid", "play"}


def test_hint_is_reproducible_with_worlds_and_refuses_a_seat_not_to_act():
    g = played_game(3, stop=7)
    view = g.view(g.to_act)
    assert coach.hint(view, seed=4, worlds=WORLDS) == coach.hint(view, seed=4, worlds=WORLDS)
    other = g.view((g.to_act + 1) % 4)
    with pytest.raises(ValueError):
        coach.hint(other, seed=4, worlds=WORLDS)


def test_hint_under_a_time_budget_still_answers_legally():
    g = played_game(5, stop=12)
    view = g.view(g.to_act)
    h = coach.hint(view, seed=1, budget_ms=30)
    assert h["action"] in view["legal"]


def _view(hand, trick, bids, taken, trump="H", tricks=(), seat=0, leader=None, cards=None):
    """A hand-made play-phase view (cards not mentioned are unseen), coherent enough for the coach's
    check (joker.view_check): deal ``n`` of a full game deals ``n`` cards (n < 9)."""
    n = cards or len(hand) + len(tricks)
    from joker.rules import legal_plays
    counts = [len(hand)] * 4
    for p in trick:
        counts[p["seat"]] -= 1
    leader = trick[0]["seat"] if trick else (seat if leader is None else leader)
    return {"seat": seat, "phase": "play", "cards": n, "dealer": 3, "trump": trump, "trump_card": None,
            "hand": hand, "hand_counts": counts, "bids": bids, "taken": taken, "trick": list(trick),
            "leader": leader, "tricks": list(tricks), "deals": [], "pulkas": [], "mode": "full",
            "deal_no": n, "to_act": seat,
            "rules": PRESETS["standard"].to_dict(), "forbidden_bid": None,
            "legal": legal_plays(hand, [p["play"] for p in trick], trump, PRESETS["standard"])}


def test_reasons_say_what_the_move_does():
    # needs a trick, holds the ace of the led suit: the highest spade left
    v = _view(["AS", "7S", "7D"], [{"seat": 3, "play": "9S"}], [1, 0, 0, 0], [0, 0, 0, 0])
    assert coach.reason(v, "AS") == {"code": "highest_left", "params": {"card": "AS", "need": 1}}
    # bid made: play to lose the trick
    v = _view(["AS", "7S"], [{"seat": 3, "play": "9S"}], [0, 0, 0, 0], [0, 0, 0, 0])
    assert coach.reason(v, "7S")["code"] == "avoid_trick"
    # void in spades, needs a trick: ruff
    v = _view(["7H", "KH", "8D"], [{"seat": 3, "play": "9S"}], [1, 0, 0, 0], [0, 0, 0, 0])
    assert coach.reason(v, "7H") == {"code": "ruff", "params": {"card": "7H", "need": 1}}
    # a joker led high naming spades
    v = _view(["X1", "8D"], [], [1, 0, 0, 0], [0, 0, 0, 0])
    assert coach.reason(v, "X1+S") == {"code": "joker_high", "params": {"suit": "S", "need": 1}}
    # one legal action (a first trick went to seat 3, who leads the second)
    plays = [{"seat": s, "play": c, "card": c} for s, c in enumerate(["7C", "8C", "9C", "AC"])]
    first = {"no": 1, "leader": 0, "winner": 3, "plays": plays}
    v = _view(["8D"], [{"seat": 3, "play": "9D"}], [0, 0, 0, 0], [0, 0, 0, 1], tricks=[first], leader=3)
    assert coach.reason(v, "8D")["code"] == "only_move"
    # needs three with two cards left: the bid is lost
    v = _view(["8D", "KC"], [{"seat": 3, "play": "9S"}], [3, 0, 0, 0], [0, 0, 0, 1], tricks=[first], leader=3)
    assert coach.reason(v, "KC")["code"] == "bid_lost"


# ---- reviews -------------------------------------------------------------------------------

@pytest.mark.parametrize("seed,deal_no", [(7, 1), (8, 2)])
def test_review_marks_every_decision_with_a_loss_zero_for_the_best(seed, deal_no):
    g = played_game(seed)
    d = g.to_dict()
    for seat in range(4):
        todo = coach.decisions(d, deal_no, seat)
        who = actors(d)
        phases = [x["phase"] for x in todo]
        assert phases.count("bid") == 1 and phases.count("play") == 9
        assert phases.count("trump") == (1 if g.deals[deal_no - 1]["dealer"] == (seat - 1) % 4 else 0)
        assert all(who[x["at"]] == seat and d["actions"][x["at"]] == x["action"] for x in todo)
    seen = []
    r = coach.review_deal(d, deal_no, 0, worlds=WORLDS,
                          progress=lambda done, total: seen.append((done, total)))
    decs = r["decisions"]
    assert r["complete"] and len(decs) == len(seen) == seen[-1][1] == seen[-1][0]
    assert [x["action"] for x in decs] == [x["action"] for x in coach.decisions(d, deal_no, 0)]
    for x in decs:
        assert x["loss"] >= 0
        if x["best"] == x["action"]:
            assert x["loss"] == 0
        for c in x["candidates"]:
            if c["action"] == x["best"]:
                assert c["value"] == x["best_value"]
        assert x["severity"] == coach.severity(x["loss"])
    assert r["lost"] == pytest.approx(sum(x["loss"] for x in decs), abs=0.5)
    json.dumps(r)


def test_review_judges_from_the_seats_view_only_and_matches_a_hint_there():
    g = played_game(9)
    d = g.to_dict()
    x = coach.decisions(d, 1, 2)[3]
    dec = coach.review_decision(d, x["at"], seed=5, worlds=WORLDS)
    then = Game.from_dict({**d, "actions": d["actions"][:x["at"]]})
    h = coach.hint(then.view(2), seed=5, worlds=WORLDS)
    assert dec["best"] == h["action"] and dec["candidates"] == h["candidates"]
    # the best choice played instead scores a loss of 0
    other = {**d, "actions": d["actions"][:x["at"]] + [dec["best"]]}
    assert coach.review_decision(other, x["at"], seed=5, worlds=WORLDS)["loss"] == 0


def test_review_can_be_cancelled_and_refuses_deals_not_reached():
    g = played_game(10)
    d = g.to_dict()
    r = coach.review_deal(d, 1, 0, worlds=WORLDS, progress=lambda done, total: done < 2)
    assert not r["complete"] and len(r["decisions"]) == 2
    steps = coach.review_steps(d, 1, 0, worlds=WORLDS)
    first = next(steps)
    assert first["done"] == 1 and first["total"] == len(coach.decisions(d, 1, 0))
    steps.close()
    short = played_game(10, stop=20).to_dict()
    with pytest.raises(ValueError):
        coach.decisions(short, 3, 0)
    with pytest.raises(ValueError):
        coach.decisions(short, 0, 0)


def test_coached_games_are_kept_apart_in_the_statistics():
    from joker import stats
    g = played_game(40)
    summary = stats.game_summary(g, 0)
    doc = stats.record(stats.empty(), "hard", "nines", summary)
    doc = stats.record(doc, "hard", "nines", summary, coached=True)
    assert set(doc["groups"]) == {"hard/nines", "hard/nines/coached"}
    assert doc["groups"]["hard/nines"]["games"] == doc["groups"]["hard/nines/coached"]["games"] == 1
    assert stats.validate(doc) == doc and stats.load(stats.dumps(doc)) == (doc, None)
    bad = {"version": 1, "groups": {"hard/nines/other": stats.empty_group()}}
    assert stats.load(json.dumps(bad))[1] == "stats_corrupt"
