"""Actions as text, and the one answer to "may this be done now?".

An action is a short string: a trump choice (``S C D H`` or ``-``), a bid (``0``..``9``) or a play
(``AS``, ``X1+``, ``X2-H``, see :mod:`joker.cards`).  :func:`legal_texts` lists what the seat to act
may do; :func:`why_illegal` says why anything else is refused, as a reason code and parameters the
UI translates.  :meth:`Game.apply <joker.game.Game.apply>` refuses with the same code
(:class:`IllegalAction`), so no front-end needs a check of its own.

They live beside :class:`~joker.game.Game` rather than in it: the state machine moves the game on,
this module only reads it.

>>> from joker.game import Game
>>> g = Game(mode="nines", seed=1, first_dealer=0)
>>> legal_texts(g)
['S', 'C', 'D', 'H', '-']
>>> why_illegal(g, "5"), why_illegal(g, "S", seat=2)
(('bad_action', {'action': '5'}), ('not_your_turn', {'seat': 1}))
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import FOLLOW_STRINGS, LEAD_STRINGS, parse_play, play_text
from .guard import label, shown
from .rules import illegal_reason, legal_mask

if TYPE_CHECKING:
    from .game import Game

TRUMP_ACTIONS = ["S", "C", "D", "H", "-"]
BID_ACTIONS = [str(i) for i in range(10)]

#: The English sentence of each rule reason, for :class:`IllegalAction`'s message (the UI
#: translates the code, not this text).
REASON_TEXT = {
    "": "illegal play",
    "not_in_hand": "{card} is not in the hand",
    "must_follow": "must follow suit {suit}",
    "must_highest": "must play the highest {suit}, {card}, to a high joker lead",
    "must_trump": "cannot follow suit, so must play a trump ({suit})",
}


class IllegalAction(ValueError):
    """An action refused by :meth:`Game.apply <joker.game.Game.apply>`, with the reason code and
    parameters the UI translates (the same answer as :func:`why_illegal`)."""

    def __init__(self, message: str, reason: str, params: dict[str, Any]) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params


def check_seat(seat: Any) -> None:
    """``ValueError`` unless ``seat`` is None or the int 0..3."""
    if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
        raise ValueError(f"seat must be None or 0..3, got {shown(seat)}")


def play_record(seat: int, play: int) -> dict[str, Any]:
    """``{"seat", "play", "card"}`` of one play in a trick (every card's text is two characters)."""
    text = play_text(play)
    return {"seat": seat, "play": text, "card": text[:2]}


def legal_texts(g: Game) -> list[str]:
    """Every legal action of the seat to act, as text (empty when the game is over).

    The hot path of a table and a replay: a play's texts come from precomputed tables, one lowest
    bit of the legal mask at a time.
    """
    phase = g.phase
    if phase == "play":
        seat = g.to_act
        assert seat is not None
        if g.trick:
            mask = legal_mask(g.hands[seat], g.trick[0][1], g.trump)
            table = FOLLOW_STRINGS
        else:
            mask = g.hands[seat]
            table = LEAD_STRINGS
        out: list[str] = []
        while mask:
            low = mask & -mask
            out += table[low.bit_length() - 1]
            mask ^= low
        return out
    if phase == "bid":
        forbidden = g.forbidden_bid()
        return [a for i, a in enumerate(BID_ACTIONS[: g.cards + 1]) if i != forbidden]
    if phase == "trump":
        return list(TRUMP_ACTIONS)
    return []


def why_illegal(g: Game, action: Any, seat: Any = None) -> tuple[str, dict[str, Any]] | None:
    """Reason code and parameters when ``action`` is illegal now in ``g``; None when it is legal.

    With ``seat`` (who is trying), whose turn it is comes first (``not_your_turn``,
    ``game_over``), then the rules.
    """
    check_seat(seat)
    if seat is not None and seat != g.to_act and g.to_act is not None:
        return ("not_your_turn", {"seat": g.to_act})
    if g.phase == "over":
        return ("game_over", {})
    if g.phase == "play":
        try:
            play = parse_play(action, lead=not g.trick)
        except ValueError:
            if isinstance(action, str) and action[:1] == "X":
                return ("joker_mode", {})
            return ("bad_action", {"action": label(action)})
        lead = g.trick[0][1] if g.trick else -1
        assert g.to_act is not None
        return illegal_reason(g.hands[g.to_act], lead, g.trump, play)
    if isinstance(action, str) and action in g.legal_actions():
        return None
    if g.phase == "bid" and isinstance(action, str) and action in BID_ACTIONS[: g.cards + 1]:
        return ("forced_dealer", {"bid": int(action), "cards": g.cards})
    return ("bad_action", {"action": label(action)})


def refusal(g: Game, action: Any, seat: int | None, message: str) -> IllegalAction:
    """The :class:`IllegalAction` that refuses ``action``: ``message`` for a developer, the code of
    :func:`why_illegal` for the UI."""
    reason, params = why_illegal(g, action, seat) or ("bad_action", {"action": label(action)})
    return IllegalAction(message, reason, params)


__all__ = ["IllegalAction", "TRUMP_ACTIONS", "BID_ACTIONS", "legal_texts", "why_illegal"]
