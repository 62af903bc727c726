"""Statistics and saves: exact accounting, and tampered input handled without loss."""
import json
import random

import pytest

from joker import saves, stats
from joker.game import Game
from joker.rules import PRESETS


def finished(seed: int, mode: str = "nines") -> Game:
    g = Game(PRESETS["standard"], mode, seed=seed)
    rng = random.Random(seed)
    while g.phase != "over":
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_record_adds_exactly_one_game():
    s = stats.empty()
    games = [finished(i) for i in range(5)]
    for g in games:
        s = stats.record(s, "hard", "nines", stats.game_summary(g))
    grp = s["groups"]["hard/nines"]
    assert grp["games"] == 5 and sum(grp["places"]) == 5
    scores = [g.scores()[0] for g in games]
    assert grp["total_score"] == sum(scores) and grp["best_score"] == max(scores) and grp["recent"] == scores
    assert grp["bids"] == 5 * 16
    made = sum(1 for g in games for d in g.deals if d["bids"][0] == d["taken"][0])
    assert grp["bids_made"] == made
    assert grp["wins"] == sum(1 for g in games if g.view(0)["places"][0] == 1)
    assert stats.derived(grp)["average_score"] == round(sum(scores) / 5)
    assert stats.validate(json.loads(stats.dumps(s))) == s


def test_summary_needs_a_finished_game():
    with pytest.raises(ValueError):
        stats.game_summary(Game(seed=1))


@pytest.mark.parametrize("text", ["garbage{", "[]", '{"version": 2, "groups": {}}', '{"version": 1}',
                                  '{"version": 1, "groups": {"hard/full": {"games": "x"}}}',
                                  '{"version": 1, "groups": {"god/full": {}}}', "null", "1e999"])
def test_tampered_stats_give_a_fresh_start_and_a_reason(text):
    s, reason = stats.load(text)
    assert s == stats.empty() and reason == ("stats_version" if '"version": 2' in text else "stats_corrupt")
    with pytest.raises(ValueError):
        stats.import_text(text)


def test_counts_that_do_not_add_up_are_refused():
    s = stats.record(stats.empty(), "easy", "full", stats.game_summary(finished(1, "full")))
    s["groups"]["easy/full"]["wins"] = 5
    with pytest.raises(ValueError, match="add up"):
        stats.validate(s)


def test_export_import_roundtrip():
    s = stats.record(stats.empty(), "insane", "full", stats.game_summary(finished(2, "full")))
    assert stats.import_text(stats.export_text(s)) == s
    assert stats.load(None) == (stats.empty(), None)


def test_save_roundtrip_and_bad_saves():
    g = Game(PRESETS["folk"], "full", seed=4)
    rng = random.Random(4)
    for _ in range(77):
        g.apply(rng.choice(g.legal_actions()))
    text = saves.dumps(g, "hard")
    h, level, reason = saves.load(text)
    assert reason is None and level == "hard" and h.to_dict() == g.to_dict()
    assert saves.load(None) == (None, None, None)
    assert saves.load("{{{")[2] == "save_corrupt"
    data = json.loads(text)
    data["game"]["actions"][3] = "XX"
    assert saves.load(json.dumps(data))[2] == "save_corrupt"
    data = json.loads(text)
    data["version"] = 7
    assert saves.load(json.dumps(data))[2] == "save_version"
    data = json.loads(text)
    data["game"]["format"] = 0
    assert saves.load(json.dumps(data))[2] == "save_version"
    bare, level, reason = saves.load(json.dumps(g.to_dict()))   # a bare engine dict is migrated
    assert reason is None and level == "medium" and bare.to_dict() == g.to_dict()


def test_screen_figures_per_group():
    s = stats.record(stats.empty(), "easy", "nines", stats.game_summary(finished(3)))
    fig = stats.screen(s)["easy/nines"]
    assert fig["games"] == 1 and fig["average_score"] == fig["best_score"] == fig["recent"][0]
    assert 0 <= fig["bids_made_rate"] <= 1 and fig["win_rate"] in (0, 1)
    assert stats.screen(stats.empty()) == {}


def test_glue_stats_import_export_and_save_check():
    from joker import store_api as web_answers
    s = stats.record(stats.empty(), "hard", "full", stats.game_summary(finished(5, "full")))
    text = stats.dumps(s)
    exported = web_answers.stats_export(text)
    assert exported["ok"] and stats.import_text(exported["text"]) == s
    back = web_answers.stats_import(exported["text"])
    assert back["ok"] and json.loads(back["stats"]) == s and back["groups"]["hard/full"]["games"] == 1
    for bad in ("", "{", "[1]", '{"app": "joker", "stats": {"version": 1, "groups": {"hard/full": {}}}}'):
        r = web_answers.stats_import(bad)
        assert not r["ok"] and r["reason"] == "stats_corrupt" and r["code"] and r["detail"]
    too_deep = web_answers.stats_import("[" * (stats.MAX_DEPTH + 5) + "]" * (stats.MAX_DEPTH + 5))
    assert (too_deep["reason"], too_deep["code"]) == ("stats_too_deep", "too_deep")
    too_large = web_answers.stats_import(" " * (stats.MAX_CHARS + 1))
    assert (too_large["reason"], too_large["code"]) == ("stats_too_large", "too_large")
    other = web_answers.stats_import('{"version": 9, "groups": {}}')
    assert (other["reason"], other["code"]) == ("stats_version", "version")
    loaded = web_answers.stats_load("garbage")
    assert loaded["reason"] == "stats_corrupt" and loaded["groups"] == {}
    assert web_answers.stats_load('{"version": 9, "groups": {}}')["reason"] == "stats_version"
    assert web_answers.stats_load(text)["reason"] is None
    g = Game(PRESETS["standard"], "nines", seed=2)
    assert web_answers.check_save(saves.dumps(g, "easy")) == {"ok": True, "reason": None}
    assert web_answers.check_save(None)["ok"] and web_answers.check_save("")["ok"]
    assert web_answers.check_save("nope")["reason"] == "save_corrupt"
    data = json.loads(saves.dumps(g, "easy"))
    data["version"] = 0
    assert web_answers.check_save(json.dumps(data))["reason"] == "save_version"


def test_recent_places_follow_the_recent_scores_and_older_groups_stay_valid() -> None:
    """The chart colours each recent game by its place: places are kept beside the scores; a group
    written before places were kept is still valid and gets unknown (None) places for its old games."""
    old = {"version": 1, "groups": {"easy/nines": {
        "games": 2, "wins": 1, "places": [1, 0, 0, 1], "total_score": 100, "best_score": 300,
        "bids": 32, "bids_made": 10, "khishti": 1, "premiums": 0, "recent": [300, -200]}}}
    assert stats.load(json.dumps(old))[1] is None
    summary = {"score": 50, "place": 2, "bids": 16, "bids_made": 5, "khishti": 0, "premiums": 0}
    g = stats.record(old, "easy", "nines", summary)["groups"]["easy/nines"]
    assert g["recent"] == [300, -200, 50] and g["recent_places"] == [None, None, 2]
    for bad in ([1, 2], [1, 5, 2], ["1", None, 2]):
        doc = {"version": 1, "groups": {"easy/nines": {**g, "recent_places": bad}}}
        assert stats.load(json.dumps(doc))[1] == "stats_corrupt", bad
    doc = stats.empty()
    for i in range(stats.RECENT + 3):
        doc = stats.record(doc, "hard", "full", {**summary, "place": 1 + i % 4})
    g = doc["groups"]["hard/full"]
    assert len(g["recent_places"]) == len(g["recent"]) == stats.RECENT
    assert g["recent_places"][-1] == 1 + (stats.RECENT + 2) % 4
