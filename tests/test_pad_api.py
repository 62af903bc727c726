"""joker.pad_api: the Score pad screen's calls — stored text in, text and sheet out, never an exception."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from joker import pad_api
from joker.rules import PRESETS

NOW = 1_750_000_000_000
OPTS = {"preset": "folk", "mode": "full", "players": ["Nino", "Giorgi", "Levan", "Me"], "first_dealer": 0,
        "now": NOW}


def started(**over):
    r = pad_api.new({**OPTS, **over})
    assert r["ok"], r
    return r["text"]


def test_a_pulka_entered_tap_by_tap_then_corrected_and_undone():
    text = started()
    for deal in range(8):
        sheet = pad_api.open_pad(text)["sheet"]
        assert sheet["deal_no"] == deal + 1 and sheet["step"] == "bids"
        for _seat in sheet["bid_order"]:
            r = pad_api.act(text, {"op": "bid", "bid": 0}, NOW + deal)
            assert r["ok"], r
            text = r["text"]
        taken = [0] * 4
        taken[sheet["dealer"]] = sheet["cards"]
        text = pad_api.act(text, {"op": "taken", "taken": taken}, NOW + deal)["text"]
    sheet = pad_api.open_pad(text)["sheet"]
    assert sheet["pulkas"][0]["complete"] and sheet["deal_no"] == 9
    before = sheet["totals"]
    r = pad_api.act(text, {"op": "correct", "deal": 3, "bids": [0, 0, 1, 0], "taken": [0, 1, 2, 0]}, NOW + 9)
    assert r["ok"] and r["sheet"]["totals"] != before
    r = pad_api.act(r["text"], {"op": "undo"}, NOW + 10)
    assert r["sheet"]["totals"] == before
    info = pad_api.summary(r["text"])
    assert info["ok"] and info["created"] == NOW and info["updated"] == NOW + 10
    assert info["players"] == OPTS["players"] and info["deal_no"] == 9
    assert info["leaders"] == [p for p, t in enumerate(before) if t == max(before)]


@pytest.mark.parametrize("action,reason", [
    ({"op": "bids", "bids": [1, 0, 0, 0]}, "forced_dealer"), ({"op": "bid", "bid": 2}, "bid_range"),
    ({"op": "taken", "taken": [1, 0, 0, 0]}, "wrong_step"), ({"op": "bids", "bids": [0, 0]}, "bad_entry"),
    ({"op": "trump", "trump": "Q"}, "bad_trump"), ({"op": "undo"}, "nothing_to_undo"),
    ({"op": "correct", "deal": 1, "taken": [1, 0, 0, 0]}, "no_deal"), ({"op": "deal"}, "bad_entry"),
    ("bid", "bad_entry"), (None, "bad_entry")])
def test_refusals_name_their_reason(action, reason):
    text = started()
    r = pad_api.act(text, action, NOW)
    assert r == {"ok": False, "reason": reason, "params": r["params"], "message": r["message"]}
    json.dumps(r)


def test_taken_must_add_up():
    text = pad_api.act(started(), {"op": "bids", "bids": [0, 1, 1, 0]}, NOW)["text"]
    r = pad_api.act(text, {"op": "taken", "taken": [1, 1, 0, 0]}, NOW)
    assert (r["ok"], r["reason"], r["params"]) == (False, "taken_sum", {"sum": 2, "cards": 1})


@pytest.mark.parametrize("over,reason", [({"preset": "house"}, "bad_rules"), ({"mode": "short"}, "bad_mode"),
                                         ({"players": ["a", "b"]}, "bad_players"),
                                         ({"players": ["a", "b", "c", ""]}, "bad_name"),
                                         ({"first_dealer": None}, "first_dealer"),   # folk: aces, say who
                                         ({"now": "today"}, "pad_corrupt"),
                                         ({"rules": {"premium": "folk"}}, "bad_rules")])
def test_a_new_pad_checks_its_options(over, reason):
    r = pad_api.new({**OPTS, **over})
    assert not r["ok"] and r["reason"] == reason


def test_a_new_pad_with_edited_rules_and_a_drawn_dealer():
    rules = {**PRESETS["standard"].to_dict(), "khishti": None, "premium": "bonus"}
    r = pad_api.new({**OPTS, "preset": None, "rules": rules, "first_dealer": "random"})
    assert r["ok"] and r["sheet"]["rules"] == rules and r["sheet"]["preset"] is None
    assert r["sheet"]["dealer"] in range(4)


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("text", [None, 5, "", "{", DEEP, '{"a":' * 50_000 + "1" + "}" * 50_000,
                                  "1" * 10_000, "x" * 300_000, "[]", '"pad"',
                                  '{"app": "joker", "kind": "pad", "version": 2}',
                                  '{"app": "joker", "kind": "game", "version": 1}'])
def test_unreadable_text_is_refused(text):
    for call in (pad_api.open_pad, pad_api.summary, lambda t: pad_api.act(t, {"op": "undo"}, NOW)):
        r = call(text)
        assert r["ok"] is False and r["reason"] in ("pad_corrupt", "pad_version")
    assert pad_api.summaries([text, started()])[1]["ok"]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_tampered_stored_text_is_refused_or_a_valid_pad(data):
    text = pad_api.act(started(), {"op": "bid", "bid": 0}, NOW)["text"]
    i = data.draw(st.integers(0, len(text) - 1))
    j = data.draw(st.integers(i, min(len(text), i + 8)))
    tampered = text[:i] + data.draw(st.text(max_size=8)) + text[j:]
    r = pad_api.open_pad(tampered)
    if r["ok"]:
        assert pad_api.open_pad(r["text"])["sheet"] == r["sheet"]
    else:
        assert r["reason"] in ("pad_corrupt", "pad_version")


def test_dates_are_checked():
    text = started()
    doc = json.loads(text)
    for bad in (True, -1, 1.5e12, "2024", None, 10**20):
        r = pad_api.open_pad(json.dumps({**doc, "updated": bad}))
        assert r["reason"] == "pad_corrupt"
    r = pad_api.act(text, {"op": "bid", "bid": 0}, NOW - 5)     # a clock set back: never before created
    assert pad_api.summary(r["text"])["updated"] == NOW
