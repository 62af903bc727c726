"""The score pad's sheet: what the paper shows, every figure from the engine's scoring.

Per deal its bids and tricks taken, :func:`~joker.scoring.deal_score` points and khishti marks; per
pulka, once complete, :func:`~joker.scoring.pulka_result` (claimants, premium, struck deals, total);
running totals and :func:`~joker.scoring.places`.  Nothing is cached: the sheet is computed from
the pad's entries each time, so a correction of deal 3 changes every figure after it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .dealing import PULKA_OF
from .rules import preset_name
from .scoring import deal_score, is_khishti, places, pulka_result

if TYPE_CHECKING:
    from .pad import ScorePad


def build_sheet(pad: ScorePad) -> dict[str, Any]:
    """The whole sheet of ``pad``, JSON-able.

    ``deals``: a row per deal of the game (rows not reached yet carry only number, pulka, cards and
    dealer) with trump, bids, taken, points, khishti and struck marks per seat.  ``pulkas``: deal
    points so far and, once complete, claimants, premium, struck deals (deal numbers), the pulka's
    total and the running scores after it.  ``totals``: finished pulkas with their premiums plus the
    current pulka's deal points (what a paper sheet shows mid-game); ``places`` from them.
    """
    rules, mode = pad.rules, pad.mode
    entered = pad.deals_entered()
    deals: list[dict[str, Any]] = []
    for i, cards in enumerate(pad.sizes):
        trump, bids, taken = entered[i] if i < len(entered) else (None, [None] * 4, None)
        row: dict[str, Any] = {"no": i + 1, "pulka": PULKA_OF[mode][i] + 1, "cards": cards,
                               "dealer": pad.dealer_of(i + 1), "trump": trump, "bids": bids, "taken": taken,
                               "points": None, "khishti": None, "struck": [False] * 4}
        if taken is not None:
            made = [b for b in bids if b is not None]
            row["points"] = [deal_score(made[p], taken[p], cards, rules) for p in range(4)]
            row["khishti"] = [is_khishti(made[p], taken[p], rules) for p in range(4)]
        deals.append(row)
    pulkas: list[dict[str, Any]] = []
    totals = [0, 0, 0, 0]          # after the complete pulkas
    for q in range(PULKA_OF[mode][-1] + 1):
        idx = [i for i, p in enumerate(PULKA_OF[mode]) if p == q]
        rows = [deals[i] for i in idx if deals[i]["points"] is not None]
        rec: dict[str, Any] = {"no": q + 1, "first_deal": idx[0] + 1, "last_deal": idx[-1] + 1,
                               "complete": len(rows) == len(idx),
                               "points": [sum(r["points"][p] for r in rows) for p in range(4)],
                               "claimants": None, "premium": None, "struck": None, "struck_points": None,
                               "total": None, "scores": None}
        if rec["complete"]:
            res = pulka_result([r["bids"] for r in rows], [r["taken"] for r in rows],
                               [r["cards"] for r in rows], rules)
            totals = [totals[p] + res.total[p] for p in range(4)]
            for p, d in enumerate(res.struck):
                if d is not None:
                    rows[d]["struck"][p] = True
            rec.update(claimants=list(res.claimants), premium=list(res.premium),
                       struck=[None if d is None else idx[d] + 1 for d in res.struck],
                       struck_points=list(res.struck_points), total=list(res.total), scores=list(totals))
        pulkas.append(rec)
    # At most one pulka is under way: its deal points so far join the running totals.
    running = [totals[p] + sum(r["points"][p] for r in pulkas if not r["complete"]) for p in range(4)]
    over = pad.over
    return {"players": list(pad.players), "mode": mode, "rules": rules.to_dict(),
            "preset": preset_name(rules), "first_dealer": pad.first_dealer, "deals_total": len(pad.sizes),
            "deal_no": pad.deal_no,
            "pulka": pad.pulka, "dealer": pad.dealer, "cards": pad.cards, "step": pad.step,
            "bid_order": list(pad.bid_order), "bidder": pad.bidder, "forbidden_bid": pad.forbidden_bid(),
            "trump": None if over else entered[-1][0], "bids": None if over else entered[-1][1],
            "can_undo": pad.can_undo, "over": over, "deals": deals, "pulkas": pulkas, "totals": running,
            "places": places(running)}
