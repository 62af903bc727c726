"""``python -m joker bench``: throughput of the engine's two hot paths.

* random full games per second through :class:`joker.game.Game` (legal actions, apply, scoring),
  with the events :meth:`~joker.game.Game.apply` returns for a table, and without them
  (``events=False``: replays, simulations);
* random 9-card deal playouts per second through :func:`joker.playout.random_playout`.

Rates are per CPU-second of this process (``time.process_time``), so a machine shared with other
jobs still gives comparable figures; the wall time is printed beside them.
"""
from __future__ import annotations

import random
import time

from .cards import DECK
from .game import Game, Shuffler
from .playout import random_playout
from .rules import PRESETS


def bench_games(seconds: float = 3.0, seed: int = 1, events: bool = True) -> tuple[int, float, float]:
    """(games, wall seconds, CPU seconds) of random full games played for about ``seconds``."""
    rng = random.Random(seed)
    presets = list(PRESETS.values())
    n = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game(presets[n % 3], "full", seed=seed + n)
        legal, apply, choice = g.legal_actions, g.apply, rng.choice
        while g.phase != "over":
            apply(choice(legal()), events=events)
        n += 1
    return n, time.perf_counter() - start, time.process_time() - cpu


def bench_playouts(seconds: float = 3.0, seed: int = 1) -> tuple[int, float, float]:
    """(playouts, wall seconds, CPU seconds) of random 9-card deal playouts for about ``seconds``."""
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
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for i in range(1000):
            random_playout(deals[i & 255], i % 5 - 1, i & 3, (), (0, 0, 0, 0), bool(i & 8), getrandbits)
        n += 1000
    return n, time.perf_counter() - start, time.process_time() - cpu


def main(seconds: float = 3.0) -> None:
    for events, how in ((True, "events included"), (False, "events=False")):
        n, wall, cpu = bench_games(seconds, events=events)
        print(f"Game: {n / cpu:,.0f} random full games per CPU-second "
              f"({n} games, {cpu:.2f} s CPU in {wall:.2f} s, all three presets, {how})")
    n, wall, cpu = bench_playouts(seconds)
    print(f"playout: {n / cpu:,.0f} random 9-card deal playouts per CPU-second "
          f"({n}, {cpu:.2f} s CPU in {wall:.2f} s)")
