"""The records a game keeps of its finished deals and pulkas (what the score sheet shows).

A deal's record is public once the deal is over: bids, tricks taken, points and khishti marks.  A
pulka's record adds the premium settlement of :func:`joker.scoring.pulka_result`.  Both are plain
JSON-able dicts: a save replays the actions and rebuilds them, a view copies them.

>>> from joker.rules import PRESETS
>>> d = deal_record(0, 0, 1, 3, -1, 36, [1, 0, 0, 0], [1, 0, 0, 0], PRESETS["standard"])
>>> d["points"], d["trump"], d["trump_card"]
([100, 50, 50, 50], None, 'X1')
"""
from __future__ import annotations

from typing import Any

from .cards import card_text, trump_text
from .rules import Rules
from .scoring import _khishti, _pulka_result, _score


def deal_record(deal_index: int, pulka: int, cards: int, dealer: int, trump: int, trump_card: int | None,
                bids: list[int | None], taken: list[int], rules: Rules) -> dict[str, Any]:
    """The record of a finished deal (0-based ``deal_index`` and ``pulka``; trusted arguments)."""
    khishti = rules.khishti
    made = [b if b is not None else 0 for b in bids]
    return {"no": deal_index + 1, "pulka": pulka + 1, "cards": cards, "dealer": dealer,
            "trump": trump_text(trump),
            "trump_card": card_text(trump_card) if trump_card is not None else None,
            "bids": made, "taken": taken[:],
            "points": [_score(made[p], taken[p], cards, khishti) for p in range(4)],
            "khishti": [_khishti(made[p], taken[p], khishti) for p in range(4)]}


def pulka_record(deals: list[dict[str, Any]], pulka: int, totals: list[int], rules: Rules) -> dict[str, Any]:
    """The record of the finished 0-based ``pulka``: its settlement, and the totals after it
    (``totals``: after the pulkas before it)."""
    first = next(i for i, d in enumerate(deals) if d["pulka"] == pulka + 1)
    mine = deals[first:]
    res = _pulka_result([d["bids"] for d in mine], [d["taken"] for d in mine], [d["cards"] for d in mine],
                        rules)
    return {"no": pulka + 1, "first_deal": first, "points": list(res.points),
            "claimants": list(res.claimants), "premium": list(res.premium),
            "struck": [None if s is None else first + s for s in res.struck],
            "struck_points": list(res.struck_points), "total": list(res.total),
            "scores": [t + r for t, r in zip(totals, res.total, strict=True)]}


__all__: list[str] = []
