"""The bots' common base: a pure function of the view and a seed."""
from __future__ import annotations

import random
import zlib
from typing import Any

from ..cards import parse_hand
from .estimate import choose_trump


class Bot:
    """Base: dispatches on the view's phase; a forced decision returns at once."""

    level = "base"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = random.SystemRandom().getrandbits(32) if seed is None else seed

    def _rng(self, view: dict[str, Any]) -> random.Random:
        """A decision RNG derived from the seed and the position only (fresh bots agree)."""
        key = f"{self.seed}|{view.get('deal_no')}|{view.get('phase')}|{len(view.get('tricks') or [])}|" \
              f"{len(view.get('trick') or [])}|{view.get('seat')}"
        return random.Random(zlib.crc32(key.encode()))

    def act(self, view: dict[str, Any]) -> str:
        legal = view["legal"]
        if not legal:
            raise ValueError("this seat has nothing to do (view['legal'] is empty)")
        if len(legal) == 1:
            return str(legal[0])
        phase = view["phase"]
        if phase == "trump":
            return self.trump(view)
        if phase == "bid":
            return self.bid(view)
        return self.play(view)

    def trump(self, view: dict[str, Any]) -> str:
        a = choose_trump(parse_hand(view["hand"]))
        return a if a in view["legal"] else str(view["legal"][0])

    def bid(self, view: dict[str, Any]) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def play(self, view: dict[str, Any]) -> str:  # pragma: no cover - overridden
        raise NotImplementedError
