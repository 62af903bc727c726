"""Random junk into every public function of the engine: the only exception allowed is ValueError.

Issue #9: wrong types, huge and negative numbers, floats standing in for ints, bools standing in
for numbers, deep nesting, weird strings, hostile stored text and mutated saves.  A ``TypeError``,
``KeyError``, ``RecursionError``, ``OverflowError`` (or a hang) from any of these is a bug: the
glue turns ``ValueError`` into a clear message, and in Pyodide a deep recursion kills the page.

"Public" is each engine module's ``__all__``; ``test_every_public_function_is_covered`` keeps this
table complete.  The raw bit-level helpers (:data:`RAW`) take trusted ints from the engine and the
bots' inner loops and are documented as unchecked (docs/ENGINE_API.md), so they are not thrown junk.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from joker import (
    actions,
    cards,
    coach,
    coach_api,
    daily,
    dealing,
    facts,
    game,
    guard,
    pad,
    pad_api,
    pad_log,
    playout,
    records,
    replay,
    rules,
    saves,
    scoring,
    shuffler,
    stats,
    transcript,
    view,
    view_check,
)
from joker.game import Game
from joker.pad import ScorePad
from joker.rules import PRESETS, Rules

MODULES = [
    cards,
    rules,
    scoring,
    dealing,
    actions,
    records,
    game,
    saves,
    stats,
    guard,
    shuffler,
    view,
    transcript,
    playout,
    pad,
    pad_api,
    pad_log,
    replay,
    daily,
    coach,
    coach_api,
    facts,
    view_check,
]
RAW = {
    "cards": {
        "suit_of",
        "is_joker",
        "make_play",
        "play_card",
        "play_mode",
        "play_suit",
        "mask_of",
        "cards_of",
    },
    "rules": {"legal_mask", "winner_index", "illegal_reason"},
    "playout": {"random_playout", "playout", "random_policy", "swap_suits", "swap_play", "trick_state"},
    "transcript": {"write"},  # writes files: a developer's command, not an API
}
# Types whose instances the engine makes (a result record, exceptions): not entry points for input.
MADE_BY_THE_ENGINE = {"scoring.PulkaResult", "game.IllegalAction", "actions.IllegalAction", "guard.Rejected",
                      "pad.PadError"}
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


def nest(depth: int, leaf: object, kind: int) -> object:
    for _ in range(depth):
        leaf = [leaf] if kind == 0 else {"k": leaf} if kind == 1 else (leaf,)
    return leaf


WEIRD_STRINGS = [
    "",
    " ",
    "AS",
    "6S",
    "X1",
    "X1+",
    "X1+S",
    "X2-H",
    "X1+Z",
    "AS AS",
    "as",
    "10",
    "-1",
    "9",
    "0",
    "S",
    "-",
    "standard",
    "full",
    "nines",
    "hard",
    "easy/full",
    "\x00",
    "\ud800",
    "💥",
    "１",
    "1e400",
    "NaN",
    "null",
    "[" * 30000,
    "{" * 30000,
    '"' * 1001,
    "\\",
    "x" * 200_000,
    "AS" * 50_000,
]
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.sampled_from([0, 1, 3, 4, 9, -1, 2**53, 10**400, -(10**400)])
    | st.floats()
    | st.sampled_from([1.0, 0.0, float("inf"), float("nan")])
    | st.text(max_size=20)
    | st.binary(max_size=8)
    | st.sampled_from(WEIRD_STRINGS)
)
deep = st.builds(nest, st.integers(900, 3000), scalars, st.integers(0, 2))
shallow = st.recursive(
    scalars,
    lambda c: (
        st.lists(c, max_size=5)
        | st.dictionaries(st.text(max_size=6), c, max_size=5)
        | st.tuples(c, c)
        | st.frozensets(st.integers(), max_size=3)
    ),
    max_leaves=12,
)
junk = shallow | deep

card_strs = st.sampled_from([cards.card_text(c) for c in cards.DECK])
play_strs = st.sampled_from(
    sorted(set(s for c in cards.DECK for s in cards.LEAD_STRINGS[c] + cards.FOLLOW_STRINGS[c]))
)
hands = st.lists(card_strs, max_size=12) | st.lists(card_strs | junk, max_size=4) | junk
tricks = st.lists(play_strs, max_size=5) | st.lists(play_strs | junk, max_size=3) | junk
trumps = st.sampled_from(["S", "C", "D", "H", None]) | junk
rule_values = st.sampled_from(list(PRESETS.values())) | junk
ints = st.integers(-2, 12) | junk
seats = st.integers(0, 3) | junk
levels = st.sampled_from(list(stats.LEVELS)) | junk
modes = st.sampled_from(list(dealing.MODES)) | junk


def only_value_error(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except ValueError:
        pass


def test_every_public_function_is_covered():
    for module in MODULES:
        short = module.__name__.split(".")[-1]
        for name in module.__all__:
            obj = getattr(module, name)
            if (
                callable(obj)
                and name not in RAW.get(short, set())
                and f"{short}.{name}" not in MADE_BY_THE_ENGINE
            ):
                assert f"{short}.{name}" in COVERED, f"{short}.{name} has no junk test"


# ---- cards, rules, scoring: the reference API ------------------------------------------------------


@SETTINGS
@given(junk | card_strs | play_strs, st.booleans() | junk)
def test_cards(x, lead):
    for fn in (
        cards.card_text,
        cards.parse_card,
        cards.parse_suit,
        cards.parse_trump,
        cards.trump_text,
        cards.play_text,
        cards.parse_trick,
        cards.parse_hand,
        cards.hand_text,
    ):
        only_value_error(fn, x)
    only_value_error(cards.parse_play, x, lead)


@SETTINGS
@given(hands, tricks, trumps, rule_values, play_strs | junk)
def test_reference_api(hand, trick, trump, rls, play):
    only_value_error(rules.legal_plays, hand, trick, trump, rls)
    only_value_error(rules.why_illegal, hand, trick, trump, rls, play)
    only_value_error(rules.trick_winner, trick, trump, rls)
    only_value_error(rules.preset_name, rls)
    for bids, n in [(hand, 9), (trick, 5), ([1, 2], trump), ((b for b in [1, 0, 2]), rls)]:
        only_value_error(rules.forbidden_bid, bids, n)
    assert rules.forbidden_bid([1, 0, 2], 5) == 2


@SETTINGS
@given(
    st.fixed_dictionaries({}, optional={k: junk | st.just(v) for k, v in PRESETS["folk"].to_dict().items()})
    | junk,
    junk,
    junk,
    junk,
)
def test_rule_options(d, a, b, c):
    only_value_error(Rules.from_dict, d)
    only_value_error(Rules, a, b, c)
    only_value_error(Rules, trump_in_nines="chosen", khishti=a)


@SETTINGS
@given(
    ints,
    ints,
    ints,
    rule_values,
    st.lists(st.lists(st.integers(0, 9), min_size=4, max_size=4), max_size=3) | junk,
    st.lists(st.integers(-5, 9) | junk, max_size=5) | junk,
)
def test_scoring(bid, taken, n, rls, table, totals):
    only_value_error(scoring.deal_score, bid, taken, n, rls)
    only_value_error(scoring.is_khishti, bid, taken, rls)
    only_value_error(scoring.pulka_result, table, table, n if isinstance(n, list) else [9] * 3, rls)
    only_value_error(scoring.pulka_scores, table, junk_like(table), [n, n], rls)
    only_value_error(scoring.places, totals)


def junk_like(v):
    return v[::-1] if isinstance(v, list) else v


# ---- the game ----------------------------------------------------------------------------------


def game_after(seed: int, steps: int, preset: str, mode: str) -> Game:
    g = Game(PRESETS[preset], mode, seed=seed)
    rng = random.Random(seed)
    while g.phase != "over" and len(g.actions) < steps:
        g.apply(rng.choice(g.legal_actions()))
    return g


games = st.builds(
    game_after,
    st.integers(0, 50),
    st.integers(0, 900),
    st.sampled_from(list(PRESETS)),
    st.sampled_from(["full", "nines"]),
)


def snapshot(g: Game) -> str:
    return json.dumps([g.to_dict(), [g.view(s) for s in range(4)], g.legal_actions(), g.scores()])


@SETTINGS
@given(rule_values, modes, ints | st.integers(), seats | st.sampled_from(["random", "aces"]))
def test_game_constructor(rls, mode, seed, first):
    only_value_error(Game, rls, mode, seed, first)


@SETTINGS
@given(games, play_strs | st.sampled_from(actions.TRUMP_ACTIONS + actions.BID_ACTIONS) | junk,
       seats | st.none())
def test_game_methods_refuse_junk_and_change_nothing(g, action, seat):
    before = snapshot(g)
    only_value_error(g.view, seat)
    only_value_error(g.why_illegal, action, seat)
    only_value_error(actions.why_illegal, g, action, seat)
    assert actions.legal_texts(g) == g.legal_actions()
    try:
        g.apply(action, seat)
    except ValueError:
        assert snapshot(g) == before
    g.legal_actions(), g.forbidden_bid(), g.scores(), g.to_dict(), g.trump_card_played(), g.trick_plays()
    only_value_error(view.seat_view, g if seat is None else seat, seat)


@SETTINGS
@given(
    games,
    st.sampled_from(["format", "rules", "mode", "seed", "first_dealer", "actions", "extra"]),
    junk,
    st.integers(0, 5),
)
def test_mutated_save_dicts(g, field, value, k):
    d = g.to_dict()
    if k == 0:
        d.pop(field, None)
    elif k == 1 and d["actions"]:
        d["actions"][len(d["actions"]) // 2] = value if isinstance(value, str) else str(type(value))
    elif k == 2:
        d["rules"] = {**d["rules"], random.Random(k).choice(list(d["rules"])): value}
    else:
        d[field] = value
    only_value_error(Game.from_dict, d)
    only_value_error(Game.from_dict, value)


# ---- stored text: saves and statistics -------------------------------------------------------------


def mutate(text: str, rng: random.Random, edits: int) -> str:
    chars = list(text)
    for _ in range(edits):
        i = rng.randrange(len(chars) + 1)
        op = rng.randrange(3)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice('[]{}",:0123456789-etruafsnl .e'))
        elif chars:
            chars[min(i, len(chars) - 1)] = rng.choice('[]{}",:019.-')
    return "".join(chars)


stored_texts = (
    st.text(max_size=40)
    | st.sampled_from(WEIRD_STRINGS)
    | shallow.map(lambda v: json.dumps(v, default=str))
    | st.builds(
        lambda d, k: "[" * d + "]" * d if k else '{"a":' * d + "0" + "}" * d,
        st.integers(1, 30000),
        st.booleans(),
    )
)


@SETTINGS
@given(games, levels, st.integers(0, 2**32), st.integers(1, 6), stored_texts)
def test_saves(g, level, seed, edits, text):
    only_value_error(saves.dumps, g, level)
    only_value_error(saves.dumps, level, g)
    good = saves.dumps(g, "hard")
    for t in (mutate(good, random.Random(seed), edits), text):
        game_, lvl, reason = saves.load(t)
        assert (game_ is None) == (reason is not None) or t == ""


@pytest.fixture(scope="module")
def played_stats():
    s = stats.empty()
    for i, mode in enumerate(["nines", "full", "nines"]):
        g = game_after(i, 10**6, "standard", mode)
        s = stats.record(s, stats.LEVELS[i], mode, stats.game_summary(g))
    return s


@SETTINGS
@given(st.integers(0, 2**32), st.integers(1, 6), stored_texts, junk, levels, modes, seats)
def test_stats(played_stats, seed, edits, text, value, level, mode, seat):
    good = stats.dumps(played_stats)
    for t in (
        mutate(good, random.Random(seed), edits),
        mutate(stats.export_text(played_stats), random.Random(seed), edits),
        text,
    ):
        doc, reason = stats.load(t)
        assert stats.validate(doc) is doc
        only_value_error(stats.import_text, t)
    doc = json.loads(good)
    group = doc["groups"][next(iter(doc["groups"]))]
    group[random.Random(seed).choice(list(group))] = value
    summary = {"score": 100, "place": 1, "bids": 16, "bids_made": 3, "khishti": 1, "premiums": 0}
    summary[random.Random(seed).choice(list(summary))] = value
    for fn, args in [
        (stats.validate, (doc,)),
        (stats.screen, (doc,)),
        (stats.dumps, (doc,)),
        (stats.export_text, (doc,)),
        (stats.derived, (group,)),
        (stats.derived, (value,)),
        (stats.record, (doc, level, mode, summary)),
        (stats.record, (played_stats, level, mode, summary)),
        (stats.record, (value, "easy", "full", summary)),
        (stats.group_key, (level, mode)),
        (stats.game_summary, (value, seat)),
        (stats.load, (value,)),
        (stats.validate, (value,)),
    ]:
        only_value_error(fn, *args)
    stats.empty(), stats.empty_group()


@SETTINGS
@given(junk, junk, junk)
def test_guard_and_tools(a, b, c):
    only_value_error(guard.loads, a, max_chars=100_000, max_depth=16)
    only_value_error(guard.nesting_depth, a)
    guard.shown(a), guard.label(a)
    only_value_error(guard.whole, a, "x", 0, 9)
    only_value_error(shuffler.Shuffler, a)
    sh = shuffler.Shuffler(1)
    only_value_error(sh.below, a)
    only_value_error(sh.shuffled, a)
    only_value_error(sh.cut, a)
    only_value_error(transcript.transcript, a, b, c)


# What the tests above call with junk, by module.name.
COVERED = {
    "actions.legal_texts",
    "actions.why_illegal",
    *(
        f"cards.{n}"
        for n in (
            "card_text",
            "parse_card",
            "parse_suit",
            "parse_trump",
            "trump_text",
            "play_text",
            "parse_play",
            "parse_trick",
            "parse_hand",
            "hand_text",
        )
    ),
    "rules.legal_plays",
    "rules.forbidden_bid",
    "rules.why_illegal",
    "rules.trick_winner",
    "rules.preset_name",
    "rules.Rules",
    "scoring.deal_score",
    "scoring.is_khishti",
    "scoring.pulka_result",
    "scoring.pulka_scores",
    "scoring.places",
    "game.Game",
    "game.Shuffler",
    "view.seat_view",
    "saves.dumps",
    "saves.load",
    *(
        f"stats.{n}"
        for n in (
            "empty",
            "empty_group",
            "group_key",
            "game_summary",
            "record",
            "derived",
            "validate",
            "load",
            "screen",
            "dumps",
            "import_text",
            "export_text",
        )
    ),
    *(f"guard.{n}" for n in ("loads", "nesting_depth", "shown", "label", "whole")),
    "shuffler.Shuffler",
    "transcript.transcript",
    "pad.ScorePad",
    "pad_log.load",
    *(f"pad_api.{n}" for n in ("new", "act", "open_pad", "summary", "summaries", "read")),
    *(f"replay.{n}" for n in ("actors", "take_back", "replay", "final_scores")),
    *(f"daily.{n}" for n in ("daily_seed", "daily_game", "daily_deals", "day_text")),
    *(
        f"coach.{n}"
        for n in ("hint", "reason", "decisions", "review_decision", "review_steps", "review_deal", "severity")
    ),
    *(f"coach_api.{n}" for n in ("hint", "review_plan", "review_step", "replay_frames")),
    *(f"facts.{n}" for n in ("facts", "option_values")),
    "view_check.check_view",
}


# ---- the score pad -----------------------------------------------------------------------------------


def pad_after(seed: int, steps: int, preset: str, mode: str) -> ScorePad:
    """A pad with ``steps`` legal entries written (bids one at a time or all four, tricks taken)."""
    rng = random.Random(seed)
    p = ScorePad(PRESETS[preset], mode, ["Nino", "Giorgi", "Levan", "Me"], first_dealer=seed % 4)
    for _ in range(steps):
        if p.step == "over":
            break
        if p.step == "bids":
            bid = rng.randrange(p.cards + 1)
            p.enter_bid(bid if bid != p.forbidden_bid() else (bid + 1) % (p.cards + 1))
        else:
            cuts = sorted(rng.randrange(p.cards + 1) for _ in range(3))
            p.enter_taken([cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], p.cards - cuts[2]])
        if rng.random() < 0.1:
            p.set_trump(rng.choice(["S", "C", "D", "H", "-"]))
    return p


pads = st.builds(
    pad_after,
    st.integers(0, 50),
    st.integers(0, 60),
    st.sampled_from(list(PRESETS)),
    st.sampled_from(["full", "nines"]),
)
four = st.lists(st.integers(-1, 10), min_size=4, max_size=4) | st.lists(ints, max_size=5) | junk


def pad_state(p: ScorePad) -> str:
    return json.dumps([p.to_dict(), p.sheet()])


@SETTINGS
@given(
    rule_values,
    modes,
    st.lists(st.text(max_size=8) | junk, max_size=5) | junk,
    seats | st.sampled_from(["random", "aces"]),
    junk,
)
def test_pad_constructor(rls, mode, players, first, rng):
    only_value_error(ScorePad, rls, mode, players, first)
    only_value_error(ScorePad, PRESETS["standard"], "full", ["A", "B", "C", "D"], "random", rng=rng)


@SETTINGS
@given(pads, ints, four, four, trumps | st.just("-"), ints)
def test_pad_entries_refuse_junk_and_change_nothing(p, n, bids, taken, trump, deal):
    for entry, args in [
        (p.enter_bid, (n,)),
        (p.enter_bids, (bids,)),
        (p.enter_taken, (taken,)),
        (p.set_trump, (trump, deal)),
        (p.correct, (deal, bids, taken)),
        (p.correct, (deal, None, taken)),
        (p.correct, (n, bids, None)),
    ]:
        before = pad_state(p)
        try:
            entry(*args)
        except ValueError:
            assert pad_state(p) == before
    only_value_error(p.dealer_of, deal)
    only_value_error(p.bid_order_of, deal)
    p.forbidden_bid(), p.deals_entered(), p.sheet(), p.bidder, p.step
    only_value_error(p.undo)


@SETTINGS
@given(
    pads,
    st.sampled_from(["format", "kind", "rules", "mode", "players", "first_dealer", "entries", "x"]),
    junk,
    st.integers(0, 4),
)
def test_pad_saves(p, field, value, k):
    d = p.to_dict()
    if k == 0:
        d.pop(field, None)
    elif k == 1 and d["entries"]:
        e = d["entries"][len(d["entries"]) // 2]
        e[random.Random(len(d["entries"])).choice(list(e))] = value
    else:
        d[field] = value
    only_value_error(ScorePad.from_dict, d)
    only_value_error(ScorePad.from_dict, value)
    only_value_error(pad_log.load, ScorePad, value)


@SETTINGS
@given(pads, junk, junk, st.integers(0, 2**32), st.integers(1, 6), stored_texts, st.integers(0, 3))
def test_pad_api_answers_never_raise(p, action, now, seed, edits, text, k):
    good = pad_api.open_pad(
        json.dumps(
            {
                "app": "joker",
                "kind": "pad",
                "version": 1,
                "created": 1700000000000,
                "updated": 1700000000000,
                "pad": p.to_dict(),
            }
        )
    )
    assert good["ok"], good
    opts = {
        "preset": "folk",
        "mode": "nines",
        "players": ["A", "B", "C", "D"],
        "first_dealer": 1,
        "now": 1700000000000,
    }
    opts[random.Random(seed).choice(list(opts) + ["rules", "extra"])] = action
    for t in (mutate(good["text"], random.Random(seed), edits), text, action):
        for answer in (
            pad_api.open_pad(t),
            pad_api.summary(t),
            pad_api.act(t, {"op": "undo"}, 1700000000001),
        ):
            assert isinstance(answer, dict) and isinstance(answer["ok"], bool)
            json.dumps(answer)
        only_value_error(pad_api.read, t)
    for a in (
        action,
        {"op": "bid", "bid": action},
        {"op": "bids", "bids": action},
        {"op": "taken", "taken": action},
        {"op": "trump", "trump": action, "deal": action},
        {"op": "correct", "deal": k + 1, "bids": action, "taken": action},
        {"op": action},
    ):
        json.dumps(pad_api.act(good["text"], a, now))
        json.dumps(pad_api.act(good["text"], a, 1700000000001))
    json.dumps(pad_api.new(opts)), json.dumps(pad_api.new(action))
    assert isinstance(pad_api.summaries(action), list)
    assert len(pad_api.summaries([good["text"], text, action])) == 3


# ---- replays, the daily deal, the first screen's facts --------------------------------------------------


@SETTINGS
@given(
    games,
    st.sampled_from(["format", "rules", "mode", "seed", "first_dealer", "actions", "extra"]),
    junk,
    st.integers(0, 4),
    seats,
)
def test_replays(g, field, value, k, seat):
    d = g.to_dict()
    if k == 0:
        d.pop(field, None)
    elif k == 1 and d["actions"]:
        d["actions"][len(d["actions"]) // 2] = value if isinstance(value, str) else str(type(value))
    elif k == 2:
        d["actions"] = d["actions"] + ["AS", "0", "X1+S"][:k]
    else:
        d[field] = value
    for save in (d, value):
        only_value_error(replay.actors, save)
        only_value_error(replay.take_back, save, seat)
        only_value_error(lambda s: list(replay.replay(s)), save)
        only_value_error(replay.final_scores, save)
    only_value_error(replay.take_back, g.to_dict(), value)


@SETTINGS
@given(junk | st.dates().map(str) | st.dates(), st.sampled_from(list(PRESETS)) | junk, modes)
def test_daily(day, preset, mode):
    only_value_error(daily.day_text, day)
    only_value_error(daily.daily_seed, day, preset, mode)
    only_value_error(daily.daily_game, day, preset, mode)
    only_value_error(daily.daily_seed, "2025-03-01", preset, mode)
    only_value_error(daily.daily_game, "2025-03-01", preset, mode)


def test_daily_deals_refuse_junk():
    for args in [
        ("2025-02-30",),
        ([[]],),
        ("2025-03-01", ["standard"]),
        ("2025-03-01", "standard", {"a": 1}),
    ]:
        with pytest.raises(ValueError):
            daily.daily_deals(*args)


def test_facts_take_nothing_and_are_json():
    assert json.loads(json.dumps(facts.facts())) == facts.facts()
    assert json.loads(json.dumps(facts.option_values())) == facts.option_values()


# ---- the coach -------------------------------------------------------------------------------------------

COACH = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
view_keys = st.sampled_from(sorted(Game(seed=1).view(0)))


def text_of(value: object) -> object:
    """JSON text of a value, or the value itself when even ``json.dumps`` cannot write it (too deep)."""
    try:
        return json.dumps(value, default=str)
    except (RecursionError, ValueError):
        return value


def mutated_view(g: Game, key: str, value: object, k: int) -> dict:
    v = g.view(g.to_act if g.to_act is not None else 0)
    if k == 0:
        v.pop(key, None)
    elif k == 1 and isinstance(v.get(key), list) and v[key]:
        v[key][0] = value
    elif k == 2 and v["trick"]:
        v["trick"][0][random.Random(len(v["trick"])).choice(["seat", "play", "card"])] = value
    else:
        v[key] = value
    return v


@COACH
@given(games, view_keys, junk, st.integers(0, 4), play_strs | junk, junk)
def test_coach_views(g, key, value, k, action, choices):
    v = mutated_view(g, key, value, k)
    only_value_error(view_check.check_view, v)
    only_value_error(view_check.check_view, value)
    only_value_error(coach.hint, v, seed=1, worlds=2)
    only_value_error(coach.hint, value, seed=1, worlds=2)
    only_value_error(coach.reason, v, action)
    only_value_error(coach.reason, v, action, choices)
    only_value_error(coach.reason, value, action)
    if g.to_act is not None:
        good = g.view(g.to_act)
        for a in good["legal"][:3]:
            coach.reason(good, a)
        only_value_error(coach.reason, good, action)
        only_value_error(coach.hint, good, seed=value, worlds=2)
        only_value_error(coach.hint, good, seed=1, worlds=value)
        only_value_error(coach.hint, good, seed=1, budget_ms=value)
        only_value_error(coach_api.hint, json.dumps(good), value, 1, 2)
    only_value_error(coach_api.hint, value, 0, 1, 2)
    only_value_error(coach_api.hint, text_of(v), 0, 1, 2)


@COACH
@given(
    games,
    st.sampled_from(["format", "rules", "mode", "seed", "first_dealer", "actions", "extra"]),
    junk,
    st.integers(0, 4),
    ints,
    seats,
)
def test_coach_reviews(g, field, value, k, n, seat):
    d = g.to_dict()
    if k == 0:
        d.pop(field, None)
    elif k == 1 and d["actions"]:
        d["actions"][len(d["actions"]) // 2] = value if isinstance(value, str) else str(type(value))
    else:
        d[field] = value
    for save in (d, value, g.to_dict()):
        only_value_error(coach.decisions, save, n, seat)
        only_value_error(coach.decisions, save, 1, seat)
        only_value_error(coach.review_decision, save, n, worlds=2)
        only_value_error(coach.review_decision, save, 0, seed=value, worlds=2)
        only_value_error(coach.review_decision, save, 0, worlds=value)
        only_value_error(lambda *a: next(coach.review_steps(*a, worlds=2), None), save, n, seat)
        only_value_error(coach.review_deal, save, 1, seat, worlds=2, progress=lambda done, total: False)
        only_value_error(coach.review_deal, save, 1, seat, worlds=2, progress=value)
        for text in (text_of(save), value):
            only_value_error(coach_api.review_plan, text, n, seat)
            only_value_error(coach_api.review_plan, text, 1, value)
            only_value_error(coach_api.review_step, text, n, value, 2)
            only_value_error(coach_api.replay_frames, text)
    only_value_error(coach.severity, value)
    only_value_error(coach.severity, n)
