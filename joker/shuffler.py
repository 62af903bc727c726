"""Seeded shuffles that deal the same cards in CPython 3.11 and Pyodide's 3.14."""
from __future__ import annotations

import random

from .guard import shown


class Shuffler:
    """Seeded shuffles that give the same decks in CPython 3.11 and Pyodide's 3.14.

    Only ``getrandbits`` of the Mersenne Twister is used (stable across versions), never
    ``random.shuffle``, whose internals are free to change.

    >>> Shuffler(7).shuffled([1, 2, 3, 4, 5])
    [5, 1, 4, 2, 3]
    """

    def __init__(self, seed: int) -> None:
        if type(seed) is not int or seed < 0:
            raise ValueError(f"a shuffler's seed must be a non-negative int, got {shown(seed)}")
        self._rng = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform int in ``0..n-1`` (``n`` ≥ 1)."""
        if type(n) is not int or n < 1:
            raise ValueError(f"below() needs a positive int, got {shown(n)}")
        return self._below(n)

    def _below(self, n: int) -> int:
        k = n.bit_length()
        getrandbits = self._rng.getrandbits
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def shuffled(self, items: tuple[int, ...] | list[int]) -> list[int]:
        if not isinstance(items, list | tuple):
            raise ValueError(f"shuffled() needs a list or tuple, got {shown(items)}")
        out = list(items)
        getrandbits = self._rng.getrandbits
        for i in range(len(out) - 1, 0, -1):
            # _below(i + 1), inlined: a deck is shuffled every deal, and the calls were a tenth of a game
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            out[i], out[j] = out[j], out[i]
        return out

    def cut(self, deck: list[int]) -> list[int]:
        """Cut the deck at a random point that leaves at least one card in each part."""
        if not isinstance(deck, list | tuple) or len(deck) < 2:
            raise ValueError(f"cut() needs a list of at least two cards, got {shown(deck)}")
        deck = list(deck)
        k = 1 + self._below(len(deck) - 1)
        return deck[k:] + deck[:k]


__all__ = ["Shuffler"]
