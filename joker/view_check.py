"""Is this a seat's view on its turn, as :meth:`joker.game.Game.view` makes them?  The coach's gate.

The coach (and through it the bots' search) takes a view from the page, so a view may arrive
damaged or made by hand.  The bots trust the views the engine gives them; anything else must be
refused here with a ``ValueError`` before a search indexes a missing field, loops over a
nonsense hand or samples deals that cannot exist.  :func:`check_view` checks every field the bots
and the coach read — shapes, ranges, cards dealt once, counts that add up — and that ``legal``
is exactly what the rules allow from the hand, the trick and the bids.

>>> from joker.game import Game
>>> g = Game(mode="nines", seed=5, first_dealer=0)
>>> check_view(g.view(1)) == g.view(1)
True
>>> v = g.view(1); v["legal"] = ["S"]
>>> check_view(v)
Traceback (most recent call last):
...
ValueError: view: 'legal' is not what the rules allow here
"""
from __future__ import annotations

from typing import Any

from .actions import TRUMP_ACTIONS
from .cards import parse_card, parse_hand, parse_trick, parse_trump
from .dealing import DEAL_SIZES, MODES, PULKA_OF
from .guard import shown
from .rules import Rules, forbidden_bid, legal_plays

_SEAT_PLAY = frozenset({"seat", "play"})


def _bad(message: str) -> ValueError:
    return ValueError(f"view: {message}")


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise _bad(f"{what} must be a whole number {lo}..{hi}, got {shown(value)}")
    return value


def _list(value: Any, what: str, lo: int, hi: int) -> list[Any]:
    if not isinstance(value, list) or not lo <= len(value) <= hi:
        raise _bad(f"{what} must be a list of {lo}..{hi} items, got {shown(value)}")
    return value


def _ints(value: Any, what: str, lo: int, hi: int) -> list[int]:
    """One whole number per seat."""
    return [_int(v, what, lo, hi) for v in _list(value, what, 4, 4)]


def _bids(value: Any, cards: int) -> list[int | None]:
    return [None if v is None else _int(v, "a bid", 0, cards) for v in _list(value, "bids", 4, 4)]


def _plays(value: Any, what: str, most: int, full: bool) -> list[str]:
    """The plays of a trick, ``[{"seat", "play", ...}]``, seats clockwise; returns the play strings."""
    plays = _list(value, what, 4 if full else 0, most)
    seats = []
    for p in plays:
        if not isinstance(p, dict) or not _SEAT_PLAY <= set(p) or not isinstance(p["play"], str):
            raise _bad(f"{what} must hold plays {{'seat', 'play'}}, got {shown(p)}")
        seats.append(_int(p["seat"], f"the seat of a play in {what}", 0, 3))
    if any((seats[0] + i) % 4 != s for i, s in enumerate(seats)):
        raise _bad(f"the plays of {what} are not in turn")
    texts = [p["play"] for p in plays]
    parse_trick(texts)
    return texts


def check_view(view: Any) -> dict[str, Any]:
    """``view`` itself when it is a coherent view of the seat to act (trump, bid or play); else
    ``ValueError`` saying what is wrong (never echoing a hostile value whole)."""
    if not isinstance(view, dict):
        raise _bad(f"a view must be a dict, got {shown(view)}")
    missing = [k for k in ("seat", "phase", "to_act", "mode", "rules", "deal_no", "cards", "dealer", "leader",
                           "trump", "trump_card", "hand", "hand_counts", "bids", "taken", "trick", "tricks",
                           "deals", "legal", "forbidden_bid") if k not in view]
    if missing:
        raise _bad(f"lacks {', '.join(missing)}")
    seat = _int(view["seat"], "seat", 0, 3)
    phase = view["phase"]
    if not (isinstance(phase, str) and phase in ("trump", "bid", "play")) or view["to_act"] != seat:
        raise _bad("it is not this seat's turn (nothing to decide)")
    mode = view["mode"]
    if not (isinstance(mode, str) and mode in MODES):
        raise _bad(f"mode must be 'full' or 'nines', got {shown(mode)}")
    deal_no = _int(view["deal_no"], "deal_no", 1, len(DEAL_SIZES[mode]))
    cards = _int(view["cards"], "cards", 1, 9)
    if cards != DEAL_SIZES[mode][deal_no - 1]:
        raise _bad(f"deal {deal_no} of a {mode} game has {DEAL_SIZES[mode][deal_no - 1]} cards, not {cards}")
    rules = Rules.from_dict(view["rules"])
    dealer = _int(view["dealer"], "dealer", 0, 3)
    leader = _int(view["leader"], "leader", 0, 3)
    trump = view["trump"]
    if phase != "trump" or trump is not None:
        parse_trump(trump)
    if view["trump_card"] is not None:
        parse_card(view["trump_card"])
    hand = view["hand"]
    parse_hand(hand)
    counts = _ints(view["hand_counts"], "hand_counts", 0, cards)
    bids = _bids(view["bids"], cards)
    taken = _ints(view["taken"], "taken", 0, cards)
    trick = _plays(view["trick"], "the trick", 3, full=False)
    tricks = _list(view["tricks"], "tricks", 0, cards - 1)
    seen = list(hand) + trick
    for tr in tricks:
        if not isinstance(tr, dict) or "plays" not in tr:
            raise _bad(f"a trick of this deal must be a dict with its plays, got {shown(tr)}")
        _int(tr.get("winner"), "a trick's winner", 0, 3)
        seen += _plays(tr["plays"], "a finished trick", 4, full=True)
    if len({s[:2] for s in seen}) != len(seen):
        raise _bad("a card appears twice among the hand and the tricks")
    if sum(taken) != len(tricks):
        raise _bad("the tricks taken do not add up to the tricks played")
    if trick and view["trick"][0]["seat"] != leader:
        raise _bad("the trick is not led by the leader")
    _deals(view["deals"])
    turn = (leader + len(trick)) % 4 if phase == "play" else None
    if phase == "trump":
        expected = list(TRUMP_ACTIONS)
        ok = cards == 9 and len(hand) == 3 and not tricks and not trick
    elif phase == "bid":
        others = [b for s, b in enumerate(bids) if s != seat and b is not None]
        forbidden = forbidden_bid(others, cards) if seat == dealer and len(others) == 3 else None
        expected = [str(b) for b in range(cards + 1) if b != forbidden]
        ok = len(hand) == cards and not tricks and not trick and bids[seat] is None
    else:
        expected = legal_plays(hand, trick, trump, rules)
        ok = (turn == seat and None not in bids and len(hand) == cards - len(tricks)
              and counts[seat] == len(hand))
    if not ok:
        raise _bad(f"the cards, bids and tricks do not fit the {phase} phase of seat {seat}")
    legal = _list(view["legal"], "legal", 1, 64)
    if not all(isinstance(a, str) for a in legal) or sorted(legal) != sorted(expected):
        raise _bad("'legal' is not what the rules allow here")
    if view["forbidden_bid"] is not None:
        _int(view["forbidden_bid"], "forbidden_bid", 0, cards)
    return view


def _deals(value: Any) -> None:
    """The finished deals: what the bots' model of the other players reads from them."""
    for d in _list(value, "deals", 0, len(PULKA_OF["full"])):
        if not isinstance(d, dict):
            raise _bad(f"a finished deal must be a dict, got {shown(d)}")
        n = _int(d.get("cards"), "a deal's cards", 1, 9)
        _int(d.get("pulka"), "a deal's pulka", 1, 4)
        _ints(d.get("bids"), "a deal's bids", 0, n)
        _ints(d.get("taken"), "a deal's tricks taken", 0, n)
        _ints(d.get("points"), "a deal's points", -10_000, 1_000)


__all__ = ["check_view"]
