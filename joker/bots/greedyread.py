"""The greedy way of playing, read from a seat's plays in the current deal: whether the seat plays it
(``greedy_evidence``, for the opponent model) and what it then cannot hold (``greedy_exclusions``).

The greedy way (the model's ``greedy`` seats, :mod:`joker.bots.model`; the overbidders of the pool
play it): while the seat needs tricks, its highest plain legal card; once its bid is made, its lowest;
a joker only when no plain card is legal.  So every play says more than a void does: a seat that
needed tricks and followed spades with the ten holds no higher spade; one whose bid was made and led
the eight of a side suit holds no lower side card.  The search adds these cards to the seat's
exclusions (``Info.excl``) when the model reads the seat as greedy (``GREEDY_TRUST``), so the deals it
samples fit the plays it saw, as the true deal does: a rollout that plays such a seat the greedy way
from a hand that could not have made its plays is not a picture of that seat.

The model stops reading a seat as greedy at its first play that contradicts the way
(``greedy_evidence``), so the exclusions of a seat that merely looked greedy for a while are dropped
with it.

>>> view = {"trump": "H", "bids": [2, 0, 1, 1], "trick": [], "tricks": [{"winner": 0, "plays": [
...     {"seat": 0, "play": "AS"}, {"seat": 1, "play": "TS"}, {"seat": 2, "play": "8S"},
...     {"seat": 3, "play": "7C"}]}]}
>>> from joker.cards import cards_of, card_text
>>> ex = greedy_exclusions(view)
>>> [card_text(c) for c in cards_of(ex[1])]        # 0-bid made: played its lowest spade
['7S', '8S', '9S']
>>> [card_text(c) for c in cards_of(ex[2])]        # needing a trick: played its highest spade
['9S', 'TS', 'JS', 'QS', 'KS', 'AS']
>>> [card_text(c) for c in cards_of(ex[3] & SUIT_MASKS[1])]  # void in both, needing: no side card above
['8C', '9C', 'TC', 'JC', 'QC', 'KC', 'AC']
"""
from __future__ import annotations

from typing import Any

from ..cards import FULL_DECK_MASK, HIGH, JOKER_MASK, SUIT_MASKS, X1, cards_of, parse_play

#: The model's reading (``TableModel.greedy``) from which the search trusts the greedy way's
#: exclusions.  Our reading: half way, since a seat read as greedy is played that way in the rollouts
#: at least as often as not, and its hand should then fit its plays.
GREEDY_TRUST = 0.5

#: The model's reading of a seat as playing at random (``wild``) from which its greedy exclusions are
#: dropped: a random player's plays only look greedy now and then, and rule out nothing.
WILD_DISTRUST = 0.5

#: Odds factor of one play that fits the greedy way and not our kernel (``greedy_evidence``).
GREEDY_SUPPORT = 3.0

PLAIN = FULL_DECK_MASK & ~JOKER_MASK

#: One play of the deal: (seat, play as parsed, the seat's need — its bid less the tricks it had
#: taken before this trick).
Play = tuple[int, int, int]


def greedy_power(p: int, trump: int) -> tuple[int, int]:
    """How high a plain card plays in the greedy way: trumps above every side card, then by rank."""
    c = p & 63
    return (1 if c // 9 == trump else 0, c % 9)


def _beyond(c: int, trump: int, among: int, up: bool) -> int:
    """The cards of ``among`` above (``up``) or below ``c`` in the greedy way's order (trumps over
    side cards, then rank; side cards of one rank are equal)."""
    pc = greedy_power(c, trump)
    out = 0
    for d in cards_of(among & FULL_DECK_MASK):
        pd = greedy_power(d, trump)
        if pd > pc if up else pd < pc:
            out |= 1 << d
    return out


def _deal_tricks(view: dict[str, Any]) -> tuple[int, list[list[Play]]] | None:
    """The trump suit (-1 for none) and the deal's tricks so far, the one on the table last, each as
    its plays in order; None until every bid is made (no need to read before)."""
    bids = view.get("bids") or [None] * 4
    if any(b is None for b in bids):
        return None
    t = view.get("trump")
    trump = -1 if t is None else "SCDH".index(t)
    taken = [0, 0, 0, 0]
    tricks = list(view.get("tricks") or [])
    if view.get("trick"):
        tricks.append({"plays": view["trick"], "winner": None})
    out = []
    for tr in tricks:
        out.append([(p["seat"], parse_play(p["play"], lead=i == 0), bids[p["seat"]] - taken[p["seat"]])
                    for i, p in enumerate(tr["plays"])])
        if tr["winner"] is not None:
            taken[tr["winner"]] += 1
    return trump, out


def greedy_exclusions(view: dict[str, Any]) -> list[int]:
    """Per seat, the plain cards it cannot hold if it has played the greedy way all deal (0 for every
    seat before play)."""
    out = [0, 0, 0, 0]
    deal = _deal_tricks(view)
    if deal is None:
        return out
    trump, tricks = deal
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    for plays in tricks:
        lead = plays[0][1]
        if lead & 63 >= X1:
            led, high_lead = (lead >> 8) - 1, lead >> 6 & 3 == HIGH
        else:
            led, high_lead = (lead & 63) // 9, False
        for i, (s, p, need) in enumerate(plays):
            c = p & 63
            if c >= X1:
                out[s] |= PLAIN                  # a joker goes only when no plain card is legal
                continue
            if i == 0:
                among = PLAIN                    # a lead: any card of the hand
            elif high_lead:
                continue                         # forced to its highest of the suit: Info reads that
            elif c // 9 == led:
                among = SUIT_MASKS[led]
            elif c // 9 == trump:
                among = tmask                    # void in the led suit: a trump
            else:
                among = PLAIN & ~tmask           # void in both: anything
            out[s] |= _beyond(c, trump, among, need > 0)
    return out


def greedy_evidence(view: dict[str, Any]) -> list[float]:
    """Per seat, the odds factor for "plays the greedy way" from its plays in the current deal.

    0 when a play contradicts it: a joker spent while it still held a plain card; needing tricks, a
    card below one of the same kind it played later (the greedy player plays its highest); with its
    bid made, a card above one it played later.  Each play that fits the greedy way but not our kernel
    (needing tricks, a losing card above one of the same suit it played later) multiplies the odds.
    """
    deal = _deal_tricks(view)
    if deal is None:
        return [1.0] * 4
    trump, tricks = deal
    mine: list[list[tuple[int, int, int, bool]]] = [[], [], [], []]   # (play, lead play or -1, need, losing)
    for plays in tricks:
        lead = plays[0][1]
        for i, (s, p, need) in enumerate(plays):
            c = p & 63
            losing = False
            if i and c < X1 and lead & 63 < X1:
                best = max((q & 63 for _, q, _ in plays[:i] if q & 63 < X1
                            and (q & 63) // 9 in ((lead & 63) // 9, trump)),
                           key=lambda q: greedy_power(q, trump))
                off = c // 9 != (lead & 63) // 9 and c // 9 != trump
                losing = off or greedy_power(c, trump) < greedy_power(best, trump)
            mine[s].append((p, lead if i else -1, need, losing))
    out = [1.0] * 4
    for s in range(4):
        for k, (p, lead, need, losing) in enumerate(mine[s]):
            c = p & 63
            later = [q & 63 for q, _, _, _ in mine[s][k + 1:] if q & 63 < X1]
            if c >= X1:
                if later:
                    out[s] = 0.0
                continue
            if lead < 0 or lead & 63 >= X1 and lead >> 6 & 3 == HIGH:
                # a lead, or answering a high joker (forced): the greedy player leads its best / plays forced
                same = later if lead < 0 else []
            elif c // 9 == ((lead >> 8) - 1 if lead & 63 >= X1 else (lead & 63) // 9) or c // 9 == trump:
                same = [q for q in later if q // 9 == c // 9]
            else:
                same = [q for q in later if q // 9 != trump]
            if need > 0:
                if any(greedy_power(q, trump) > greedy_power(c, trump) for q in same):
                    out[s] = 0.0
                elif losing and any(q // 9 == c // 9 and q % 9 < c % 9 for q in same):
                    out[s] *= GREEDY_SUPPORT
            elif any(greedy_power(q, trump) < greedy_power(c, trump) for q in same):
                out[s] = 0.0
    return out


__all__ = ["GREEDY_SUPPORT", "GREEDY_TRUST", "WILD_DISTRUST", "greedy_evidence", "greedy_exclusions",
           "greedy_power"]
