"""``python -m joker bench``: throughput of the engine's two hot paths.

* random full games per second through :class:`joker.game.Game` (legal actions, apply, scoring);
* random 9-card deal playouts per second through :func:`joker.playout.random_playout`.
"""
from __future__ import annotations

import random
import time

from .cards import DECK
from .game import Game, Shuffler
from .playout import random_playout
from .rules import PRESETS


def bench_games(seconds: float = 3.0, seed: int = 1) -> tuple[int, float]:
    rng = random.Random(seed)
    presets = list(PRESETS.values())
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game(presets[n % 3], "full", seed=seed + n)
        legal, apply, choice = g.legal_actions, g.apply, rng.choice
        while g.phase != "over":
            apply(choice(legal()))
        n += 1
    return n, time.perf_counter() - start


def bench_playouts(seconds: float = 3.0, seed: int = 1) -> tuple[int, float]:
    sh = Shuffler(seed)
    deals = []
    for _ in range(256):
        deck = sh.shuffled(DECK)
        hands = [0, 0, 0, 0]
        for i, c in enumerate(deck):
            hands[i & 3] |= 1 << c
        deals.append(hands)
    getrandbits = random.Random(seed).getrandbits
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for i in range(1000):
            random_playout(deals[i & 255], i % 5 - 1, i & 3, (), (0, 0, 0, 0), bool(i & 8), getrandbits)
        n += 1000
    return n, time.perf_counter() - start


def main(seconds: float = 3.0) -> None:
    n, dt = bench_games(seconds)
    print(f"Game: {n / dt:,.0f} random full games/s ({n} games in {dt:.2f} s, all three presets)")
    n, dt = bench_playouts(seconds)
    print(f"playout: {n / dt:,.0f} random 9-card deal playouts/s ({n} in {dt:.2f} s)")
