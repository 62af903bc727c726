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

from joker import cards, game, guard, playout, rules, saves, scoring, shuffler, stats, transcript, view
from joker.game import Game
from joker.rules import PRESETS, Rules

MODULES = [cards, rules, scoring, game, saves, stats, guard, shuffler, view, transcript, playout]
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
MADE_BY_THE_ENGINE = {"scoring.PulkaResult", "game.IllegalAction", "guard.Rejected"}
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
modes = st.sampled_from(list(game.MODES)) | junk


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
@given(games, play_strs | st.sampled_from(game.TRUMP_ACTIONS + game.BID_ACTIONS) | junk, seats | st.none())
def test_game_methods_refuse_junk_and_change_nothing(g, action, seat):
    before = snapshot(g)
    only_value_error(g.view, seat)
    only_value_error(g.why_illegal, action, seat)
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
}
