"""Game positions for the screenshot sweep (tests/test_sweep.py), made in plain CPython.

Each position is a real :class:`~joker.game.Game` reached by seeded random legal moves, stored
as the browser stores it (a ``joker.saves`` envelope), so the sweep opens any screen of the
table with CONTINUE instead of playing up to it. Nothing here is a hard-coded result: the
first seed whose game reaches the wanted moment is used, and the predicate says what that is.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from joker import saves, stats
from joker.game import Game
from joker.rules import PRESETS

View = dict[str, Any]
#: localStorage keys live under the app's base path (static/js/store.js); the tests serve it at "/".
NS = "joker[/]"


def key(name: str) -> str:
    return f"{NS}.{name}"

Want = Callable[[View], bool]


def _mine(v: View, phase: str) -> bool:
    return v["phase"] == phase and v["to_act"] == 0


def _last_card_of_deal(v: View) -> bool:
    """I hold my last card and the three others are on the table: my card ends the deal."""
    return _mine(v, "play") and len(v["hand"]) == 1 and len(v["trick"]) == 3


def _joker_play(v: View, lead: bool) -> bool:
    return (_mine(v, "play") and bool(v["trick"]) != lead and v["deal_no"] >= 2
            and any(a[0] == "X" for a in v["legal"]))


# name -> (mode, what the position must show). Deals of 9 are the crowded ones.
WANTS: dict[str, tuple[str, Want]] = {
    # I name the trump from my first three cards (the rest of the hand is face down).
    "trump": ("nines", lambda v: _mine(v, "trump") and v["deal_no"] >= 2),
    # I bid last, as the dealer: one number is forbidden; three bids are on the table.
    "bid": ("nines", lambda v: _mine(v, "bid") and v["dealer"] == 0 and v["deal_no"] >= 2),
    # The middle of a deal: three cards in the trick, badges, the last-trick button.
    "play": ("nines", lambda v: _mine(v, "play") and len(v["trick"]) == 3 and len(v["tricks"]) >= 3
             and v["deal_no"] >= 2 and any(b and b > 0 for b in v["bids"])),
    # A short deal of the full game: the turned-up trump card lies by the dealer.
    "play_small": ("full", lambda v: _mine(v, "play") and v["cards"] in (3, 4) and len(v["trick"]) == 2
                   and v["dealer"] in (1, 2, 3)),
    # ... and my bid in a short deal I dealt: the turned-up card lies by my seat, under the bid panel's edge.
    "bid_small": ("full", lambda v: _mine(v, "bid") and v["cards"] in (4, 5) and v["dealer"] == 0
                  and v["trump_card"] is not None),
    "joker_follow": ("nines", lambda v: _joker_play(v, lead=False)),
    "joker_lead": ("nines", lambda v: _joker_play(v, lead=True)),
    # My card ends a deal (the deal table), the last deal of a pulka, the last deal of the game.
    "deal_end": ("nines", lambda v: _last_card_of_deal(v) and v["deal_in_pulka"] in (2, 3)
                 and v["deal_no"] > 4),
    "pulka_end": ("nines", lambda v: _last_card_of_deal(v) and v["deal_in_pulka"] == 4 and v["pulka"] == 2),
    "game_end": ("nines", lambda v: _last_card_of_deal(v) and v["deal_no"] == v["deals_total"]),
}


def find(name: str, seeds: range = range(1, 400)) -> Game:
    """The first seeded game (random legal moves, seed-driven) that reaches position ``name``."""
    mode, want = WANTS[name]
    for seed in seeds:
        g = Game(rules=PRESETS["standard"], mode=mode, seed=seed)
        rng = random.Random(seed)
        while g.phase != "over":
            if want(g.view(0)):
                return g
            g.apply(rng.choice(g.legal_actions()))
    raise LookupError(f"no seed in {seeds} reaches {name!r}")


def save_entries(g: Game, level: str = "easy") -> dict[str, str]:
    """localStorage entries that make CONTINUE open this game where it stands."""
    v = g.view(0)
    meta = {"deal_no": v["deal_no"], "deals_total": v["deals_total"], "mode": v["mode"]}
    return {key("save"): saves.dumps(g, level), key("save.meta"): json.dumps(meta)}


def stats_text(games: int = 14, level: str = "medium", mode: str = "full") -> str:
    """A statistics document holding ``games`` finished random games (for the statistics screen)."""
    doc = stats.empty()
    for seed in range(1, games + 1):
        g = Game(rules=PRESETS["standard"], mode=mode, seed=1000 + seed)
        rng = random.Random(seed)
        while g.phase != "over":
            g.apply(rng.choice(g.legal_actions()))
        doc = stats.record(doc, level, mode, stats.game_summary(g, 0))
    return stats.dumps(doc)
