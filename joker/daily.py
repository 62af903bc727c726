"""The daily deal: one game a day whose cards come from the date — the same for everyone, offline.

The seed is a checksum of the date and the game's options, so on a given day every device deals
the same decks (a person in Tbilisi and one in Toronto who both play "2025-03-01" get the same
cards), whatever they play: the deck of each deal depends on the seed alone, never on the play.
The checksum is ``zlib.crc32`` and the shuffles are :class:`joker.game.Shuffler`'s, both
defined bit for bit, so CPython and Pyodide agree (the tests check it under Node).

>>> daily_seed("2025-03-01") == daily_seed(datetime.date(2025, 3, 1))
True
>>> daily_game("2025-03-01").seed == daily_game("2025-03-01").seed != daily_game("2025-03-02").seed
True
"""
from __future__ import annotations

import datetime
import zlib
from typing import Any

from .cards import card_text
from .dealing import DEAL_SIZES
from .game import Game
from .guard import shown
from .rules import PRESETS

#: The daily deal's options: everyone plays the same game, so they are fixed (the standard preset's
#: sixteen 9-card deals: short enough for a day, and every deal has all the cards in play).
DAILY_PRESET = "standard"
DAILY_MODE = "nines"
#: The first dealer is drawn from the seed too, so the seats match on every device.
DAILY_FIRST_DEALER = "random"


def day_text(day: datetime.date | str) -> str:
    """``YYYY-MM-DD`` of a date (``ValueError`` for anything else)."""
    if isinstance(day, datetime.date):
        return day.isoformat()
    if isinstance(day, str):
        try:
            return datetime.date.fromisoformat(day.strip()).isoformat()
        except ValueError:
            pass
    raise ValueError(f"a day must be a date or 'YYYY-MM-DD', got {shown(day)}")


def daily_seed(day: datetime.date | str, preset: str = DAILY_PRESET, mode: str = DAILY_MODE) -> int:
    """The seed of the day's game: a 32-bit checksum of the date and the options."""
    if not (isinstance(preset, str) and preset in PRESETS and isinstance(mode, str) and mode in DEAL_SIZES):
        raise ValueError(f"no daily deal for preset {shown(preset)} and mode {shown(mode)}")
    return zlib.crc32(f"joker-daily|{day_text(day)}|{preset}|{mode}".encode())


def daily_game(day: datetime.date | str, preset: str = DAILY_PRESET, mode: str = DAILY_MODE) -> Game:
    """A new game of the day (its first dealer, too, comes from the date)."""
    seed = daily_seed(day, preset, mode)   # first: it checks the day and the options
    return Game(PRESETS[preset], mode, seed=seed, first_dealer=DAILY_FIRST_DEALER)


def daily_deals(day: datetime.date | str, preset: str = DAILY_PRESET, mode: str = DAILY_MODE
                ) -> list[dict[str, Any]]:
    """Every deal of the day as dealt: the dealer, the shown trump card and the four hands.

    The game is played through with the first legal action everywhere only to reach each deal;
    the cards dealt do not depend on the play.
    """
    g = daily_game(day, preset, mode)
    out: list[dict[str, Any]] = []
    while g.phase != "over":
        if len(out) == g.deal_index:
            out.append({"no": g.deal_index + 1, "dealer": g.dealer, "trump_card": g.view(0)["trump_card"],
                        "hands": [[card_text(c) for c in g.dealt[s]] for s in range(4)]})
        g.apply(g.legal_actions()[0], events=False)
    return out


__all__ = ["daily_seed", "daily_game", "daily_deals", "day_text", "DAILY_PRESET", "DAILY_MODE"]
