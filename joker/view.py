"""What one seat may know: the JSON-able view of a :class:`~joker.game.Game`, and nothing more.

The table UI renders it and the bots decide from it, so everything a screen would otherwise
re-derive from the rules is answered here once (issue #11): whether the shown trump card has
been played and who holds it, the card of every play without its joker suffix, and per deal
which players fell into khishti.  docs/ENGINE_API.md lists every field.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import card_text, hand_text, mask_of, trump_text
from .guard import shown
from .rules import preset_name
from .scoring import places

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def seat_view(game: Game, seat: Any) -> dict[str, Any]:
    """The view of ``seat`` (0..3); ``ValueError`` for anything else (``1.0`` and ``True`` too)."""
    from .game import Game  # here: joker.game imports this module

    if not isinstance(game, Game):
        raise ValueError(f"seat_view() needs a Game, got {shown(game)}")
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0..3, got {shown(seat)}")
    g = game
    over = g.phase == "over"
    if g.phase == "trump":
        # Our reading: while the trump is being named the deal is not finished; the chooser
        # holds exactly their first three cards and nobody else has looked at theirs.
        hand = hand_text(mask_of(g.dealt[seat][:3])) if seat == g.trump_chooser else []
        counts = [0, 0, 0, 0]
    else:
        hand = hand_text(g.hands[seat])
        counts = [h.bit_count() for h in g.hands]
    scores = g.scores()
    return {
        "seat": seat,
        "phase": g.phase,
        "to_act": g.to_act,
        "mode": g.mode,
        "rules": g.rules.to_dict(),
        "preset": preset_name(g.rules),
        "deal_no": min(g.deal_index, len(g.sizes) - 1) + 1,
        "deals_total": len(g.sizes),
        "pulka": g.pulka + 1,
        "deal_in_pulka": g.deal_in_pulka() if not over else None,
        "cards": g.cards,
        "dealer": g.dealer if not over else None,
        "trump": trump_text(g.trump) if g.phase != "trump" else None,
        "trump_card": card_text(g.trump_card) if g.trump_card is not None and not over else None,
        "trump_card_holder": g.trump_card_holder if not over else None,
        "trump_card_played": g.trump_card_played() if not over else False,
        "trump_chooser": g.trump_chooser,
        "hand": hand,
        "hand_counts": counts,
        "bids": list(g.bids) if not over else [None] * 4,
        "forbidden_bid": g.forbidden_bid(),
        "taken": list(g.taken) if not over else [0] * 4,
        "trick": g.trick_plays(),
        "leader": g.leader if not over else None,
        "tricks": [trick_copy(t) for t in g.tricks] if not over else [],
        "last_trick": trick_copy(g.last_trick) if g.last_trick is not None else None,
        "deals": [deal_copy(d) for d in g.deals],
        "pulkas": [pulka_copy(p) for p in g.pulkas],
        "scores": scores,
        "legal": g.legal_actions() if seat == g.to_act else [],
        "places": places(scores) if over else None,
        "aces": [{"seat": s, "card": card_text(c)} for s, c in g.aces],
    }


# Records are copied on their way out, so a caller who edits a view or an event cannot edit the game.
# (Internal helpers of joker.game: they trust their argument.)

def trick_copy(t: dict[str, Any]) -> dict[str, Any]:
    return {**t, "plays": [dict(p) for p in t["plays"]]}


def deal_copy(d: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in d.items()}


pulka_copy = deal_copy

__all__ = ["seat_view"]
