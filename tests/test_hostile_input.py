"""Issue #9, engine side: hostile stored text, huge numbers and wrong types end in a clear refusal.

Each of these failed before: deep JSON reached ``json.loads`` (fatal in Pyodide), ``10**400`` passed
statistics validation and broke every summary, ``view(1.0)`` raised ``TypeError``, a deeply nested
field raised ``RecursionError``, ``format: true`` counted as version 1, rules lacking an option were
filled in with defaults.
"""

import json
import random

import pytest

from joker import saves, stats
from joker.game import Game
from joker.rules import PRESETS, Rules

DEEP_TEXTS = [
    "[" * 20000 + "]" * 20000,
    "[" * 400_000,
    '{"version": 1, "groups": ' + "[" * 6000 + "]" * 6000 + "}",
]


def finished(seed: int) -> Game:
    g = Game(PRESETS["standard"], "nines", seed=seed)
    rng = random.Random(seed)
    while g.phase != "over":
        g.apply(rng.choice(g.legal_actions()))
    return g


def nested(depth: int, leaf: object = 1) -> object:
    v = leaf
    for _ in range(depth):
        v = [v]
    return v


@pytest.mark.parametrize("text", DEEP_TEXTS)
def test_deep_or_huge_entries_are_set_aside_with_a_reason(text):
    expected = "too_large" if len(text) > saves.MAX_CHARS else "too_deep"
    assert saves.load(text) == (None, None, f"save_{expected}")
    assert stats.load(text) == (stats.empty(), f"stats_{expected}")
    with pytest.raises(ValueError) as e:
        stats.import_text(text)
    assert e.value.code == expected


def test_a_deep_entry_inside_a_save_is_refused_before_parsing():
    g = Game(seed=3)
    text = saves.dumps(g, "easy").replace('"actions":[]', '"actions":' + "[" * 5300 + "]" * 5300)
    assert len(text) < saves.MAX_CHARS
    assert saves.load(text) == (None, None, "save_too_deep")


def test_huge_numbers_never_reach_a_summary():
    base = stats.record(stats.empty(), "easy", "nines", stats.game_summary(finished(1)))
    for field, value in [
        ("total_score", 10**400),
        ("total_score", -(10**400)),
        ("games", 10**400),
        ("best_score", 10**18),
        ("bids", 2**53),
        ("recent", [10**400]),
        ("khishti", 10**30),
    ]:
        doc = json.loads(json.dumps(base))
        doc["groups"]["easy/nines"][field] = value
        text = json.dumps(doc)
        assert stats.load(text) == (stats.empty(), "stats_corrupt"), field
        with pytest.raises(ValueError):
            stats.validate(doc)
        with pytest.raises(ValueError):
            stats.import_text(text)
        with pytest.raises(ValueError):
            stats.screen(doc)
    infinite = '{"version": 1, "groups": {"easy/nines": {"total_score": 1e400}}}'
    assert stats.load(infinite)[1] == "stats_corrupt"


def test_a_corrupt_stats_entry_never_stops_the_next_game_being_recorded():
    """What the page does after a game: load (whatever is stored), record, store."""
    g = finished(2)
    for stored in [
        *DEEP_TEXTS,
        json.dumps({"version": 1, "groups": {"easy/nines": {"games": 10**400}}}),
        "garbage",
        json.dumps({"version": True, "groups": {}}),
    ]:
        doc, reason = stats.load(stored)
        assert reason is not None
        doc = stats.record(doc, "easy", "nines", stats.game_summary(g))
        assert stats.screen(doc)["easy/nines"]["games"] == 1
        assert stats.load(stats.dumps(doc)) == (doc, None)


def test_view_seat_must_be_an_int():
    g = Game(seed=1)
    with pytest.raises(ValueError):
        g.view(None)
    for bad in (1.0, True, "1", [1], 4, -1):
        with pytest.raises(ValueError):
            g.view(bad)
        with pytest.raises(ValueError):
            g.apply(g.legal_actions()[0], seat=bad)
        with pytest.raises(ValueError):
            g.why_illegal("0", seat=bad)


@pytest.mark.parametrize("field", ["rules", "mode", "seed", "first_dealer", "actions", "format"])
def test_from_dict_of_a_field_nested_a_thousand_deep_is_a_value_error(field):
    d = Game(seed=4).to_dict()
    d[field] = nested(1000)
    with pytest.raises(ValueError):
        Game.from_dict(d)
    d = Game(seed=4).to_dict()
    d["rules"] = {**d["rules"], "premium": nested(3000)}
    with pytest.raises(ValueError):
        Game.from_dict(d)


def test_format_true_is_not_version_1():
    g = Game(seed=5)
    d = g.to_dict()
    d["format"] = True
    with pytest.raises(ValueError, match="format"):
        Game.from_dict(d)
    text = saves.dumps(g, "easy")
    assert saves.load(text.replace('"format":1', '"format":true'))[2] == "save_version"
    assert saves.load(text.replace('"version":1', '"version":true'))[2] == "save_version"
    assert saves.load(text.replace('"format":1', '"format":1.0'))[2] == "save_version"
    assert saves.load(text)[2] is None


@pytest.mark.parametrize("option", list(PRESETS["folk"].to_dict()))
def test_a_save_whose_rules_lack_an_option_is_refused(option):
    g = Game(PRESETS["folk"], seed=6)
    d = json.loads(saves.dumps(g, "hard"))
    del d["game"]["rules"][option]
    assert saves.load(json.dumps(d)) == (None, None, "save_corrupt")
    with pytest.raises(ValueError, match=option):
        Rules.from_dict({k: v for k, v in PRESETS["folk"].to_dict().items() if k != option})


def test_saves_and_stats_refuse_non_text_and_unknown_fields():
    for bad in (5, b"{}", ["x"], {"a": 1}):
        with pytest.raises(ValueError):
            saves.load(bad)
        with pytest.raises(ValueError):
            stats.load(bad)
    d = Game(seed=7).to_dict()
    d["extra"] = nested(10)
    with pytest.raises(ValueError, match="unknown"):
        Game.from_dict(d)
    with pytest.raises(ValueError):
        stats.validate({"version": 1, "groups": {}, "extra": nested(5000)})


def test_seeds_stay_exact_in_javascript():
    Game(seed=2**53 - 1)
    for bad in (2**53, 10**400, -1, 1.5, True):
        with pytest.raises(ValueError):
            Game(seed=bad)
