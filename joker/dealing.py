"""The deals of a game: how many cards each has, which pulka it belongs to, and how it is dealt.

A full game is four pulkas: 1→8 cards (eight deals), four nines, 8→1, four nines; a game of nines
is sixteen nines, four per pulka.  Premiums are settled at the end of each pulka, so the engine,
the score pad and the bots' premium reckoning all read the pulka of a deal from here.

>>> len(DEAL_SIZES["full"]), sum(DEAL_SIZES["full"]), PULKA_OF["full"][8]
(24, 144, 1)

The cards come from a seeded :class:`~joker.shuffler.Shuffler`, so a game's seed fixes every deal
(the saves store the seed and the actions only):

>>> from joker.shuffler import Shuffler
>>> hands, rest = deal(Shuffler(5), dealer=0, cards=2)
>>> [len(h) for h in hands], len(rest)
([2, 2, 2, 2], 28)
"""
from __future__ import annotations

from .cards import DECK
from .shuffler import Shuffler

MODES = ("full", "nines")

#: Hand sizes of the deals, in order.
DEAL_SIZES = {
    "full": (1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1, 9, 9, 9, 9),
    "nines": (9,) * 16,
}
#: The 0-based pulka of each deal.
PULKA_OF = {
    "full": (0,) * 8 + (1,) * 4 + (2,) * 8 + (3,) * 4,
    "nines": (0,) * 4 + (1,) * 4 + (2,) * 4 + (3,) * 4,
}

_ACES = tuple(8 + 9 * s for s in range(4))


def deal_for_aces(shuffler: Shuffler) -> list[tuple[int, int]]:
    """Deal face up from seat 0 clockwise until the first ace: ``(seat, card)`` of every card, the
    last one's seat deals first (the folk custom of choosing the first dealer).

    Our reading: docs/RULES.md does not say who receives the first face-up card; we start with seat 0
    (the human at the table) and record every card so the table can show the ritual.
    """
    shown: list[tuple[int, int]] = []
    for i, card in enumerate(shuffler.shuffled(DECK)):
        shown.append((i % 4, card))
        if card in _ACES:
            return shown
    raise AssertionError("the deck has four aces")  # pragma: no cover


def deal(shuffler: Shuffler, dealer: int, cards: int) -> tuple[list[list[int]], list[int]]:
    """Shuffle, cut and deal ``cards`` to each seat: each seat's cards in the order dealt, and the
    rest of the deck (its first card is the one turned up for trump in a short deal).

    One card at a time from the dealer's left: seat s gets every fourth card from its turn on.
    """
    deck = shuffler.cut(shuffler.shuffled(DECK))
    first = dealer + 1
    return [deck[(s - first) % 4:4 * cards:4] for s in range(4)], deck[4 * cards:]


__all__ = ["MODES", "DEAL_SIZES", "PULKA_OF"]
