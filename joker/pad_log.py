"""How the score pad's log of entries changes it: each entry checked against the pad, then applied.

Live entries (:meth:`~joker.pad.ScorePad.enter_bid` ...), undo (the log replayed without its last
entry) and a saved pad read back (:func:`load`) all go through :func:`apply_entry`, so a save obeys
exactly the checks that typing at the table does.  Every check raises :class:`PadError` before
anything changes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .guard import shown as what
from .pad_checks import (
    ENTRY_KEYS,
    FORMAT_VERSION,
    KIND,
    MAX_ENTRIES,
    TRUMPS,
    PadError,
    corrupt,
    four_ints,
    is_int,
    plural,
    saved_rules,
    saved_seat,
)
from .rules import forbidden_bid as dealer_forbidden

if TYPE_CHECKING:
    from .pad import ScorePad


def check_bid(pad: ScorePad, seat: int, bid: object, others: list[int], deal_no: int) -> int:
    cards = pad.sizes[deal_no - 1]
    if not is_int(bid):
        raise PadError("bad_entry", {"what": "bid"}, f"a bid must be a whole number, got {what(bid)}")
    if not 0 <= bid <= cards:
        raise PadError("bid_range", {"seat": seat, "cards": cards},
                       f"seat {seat}'s bid must be 0..{cards}, got {what(bid)}")
    if seat == pad.dealer_of(deal_no) and bid == dealer_forbidden(others, cards):
        raise PadError("forced_dealer", {"bid": bid, "cards": cards, "seat": seat},
                       f"the dealer (seat {seat}) may not bid {bid}: the bids would add up to {cards}, "
                       f"the number of cards")
    return bid

def check_bids(pad: ScorePad, value: object, deal_no: int) -> list[int]:
    bids = four_ints(value, "bids")
    dealer = pad.dealer_of(deal_no)
    others = [b for s, b in enumerate(bids) if s != dealer]
    for seat in pad.bid_order_of(deal_no):
        check_bid(pad, seat, bids[seat], others, deal_no)
    return bids

def check_taken(pad: ScorePad, value: object, deal_no: int) -> list[int]:
    taken = four_ints(value, "taken")
    cards = pad.sizes[deal_no - 1]
    for seat, t in enumerate(taken):
        if not 0 <= t <= cards:
            raise PadError("taken_range", {"seat": seat, "cards": cards},
                           f"seat {seat} cannot take {what(t)} tricks of {cards}")
    if sum(taken) != cards:
        raise PadError("taken_sum", {"sum": sum(taken), "cards": cards},
                       f"the tricks taken add up to {sum(taken)}, but {plural(cards, 'card')} "
                       f"{'was' if cards == 1 else 'were'} dealt to each player")
    return taken

def check_step(pad: ScorePad, step: str) -> None:
    if pad.step != step:
        raise PadError("wrong_step", {"step": pad.step},
                       "the game is over" if pad.over else f"the pad waits for the {pad.step} now")

def check_deal(deal_no: object, last: int) -> int:
    if not (is_int(deal_no) and 1 <= deal_no <= last):
        raise PadError("no_deal", {"last": last}, f"no deal {what(deal_no)} to change (deals 1..{last})")
    return deal_no

def apply_entry(pad: ScorePad, e: dict[str, Any]) -> dict[str, Any]:
    """Check one entry against the pad's state, then apply it; return it normalised for the log."""
    op = e.get("op")
    n = len(pad._bids)   # the deal being entered (or the last deal, once over)
    if op == "trump":
        deal = e.get("deal")
        if deal is None and pad.over:
            raise PadError("wrong_step", {"step": "over"}, "the game is over: give the deal number")
        i = n - 1 if deal is None else check_deal(deal, n) - 1
        trump = e.get("trump")
        if trump is not None and (not isinstance(trump, str) or trump not in TRUMPS):
            raise PadError("bad_trump", {}, f"a trump is S, C, D, H or - (none), not {what(trump)}")
        pad._trumps[i] = trump
        return {"op": op, "trump": trump, "deal": deal}
    if op == "bid":
        check_step(pad, "bids")
        seat = pad.bidder
        assert seat is not None
        bid = check_bid(pad, seat, e.get("bid"), [b for b in pad._bids[-1] if b is not None], n)
        pad._bids[-1][seat] = bid
        return {"op": op, "bid": bid}
    if op == "bids":
        check_step(pad, "bids")
        if pad._bids[-1] != [None] * 4:
            raise PadError("wrong_step", {"step": "bid"}, "some bids of this deal are written already: "
                                                          "enter the rest one at a time, or undo them")
        bids = check_bids(pad, e.get("bids"), n)
        pad._bids[-1] = list(bids)
        return {"op": op, "bids": bids}
    if op == "taken":
        check_step(pad, "taken")
        taken = check_taken(pad, e.get("taken"), n)
        pad._taken[-1] = taken
        if n < len(pad.sizes):
            pad._trumps.append(None)
            pad._bids.append([None] * 4)
            pad._taken.append(None)
        return {"op": op, "taken": taken}
    if op == "correct":
        return correct(pad, e, n)
    raise PadError("bad_entry", {"what": "op"}, f"unknown entry {what(op)}")

def correct(pad: ScorePad, e: dict[str, Any], n: int) -> dict[str, Any]:
    bids_v, taken_v = e.get("bids"), e.get("taken")
    if bids_v is None and taken_v is None:
        raise PadError("bad_entry", {"what": "correct"}, "a correction needs new bids or tricks taken")
    # Our reading (docs/RULES.md §12): any finished deal may be corrected, and the deal under way
    # once its bids are complete (a misheard bid); corrected bids still obey the dealer's rule,
    # because the bids said at the table did.
    last = n if pad.step in ("taken", "over") else n - 1
    deal_no = check_deal(e.get("deal"), last)
    i = deal_no - 1
    if taken_v is not None and pad._taken[i] is None:
        raise PadError("wrong_step", {"step": "taken"}, "this deal has no tricks taken to correct yet")
    bids = None if bids_v is None else check_bids(pad, bids_v, deal_no)
    taken = None if taken_v is None else check_taken(pad, taken_v, deal_no)
    if bids is not None:
        pad._bids[i] = list(bids)
    if taken is not None:
        pad._taken[i] = taken
    return {"op": "correct", "deal": deal_no, "bids": bids, "taken": taken}


def load(cls: type[ScorePad], d: Any) -> ScorePad:
    """A pad saved by :meth:`ScorePad.to_dict`, its every entry replayed through the live checks.

    Anything else — wrong shapes, unknown fields, a foreign format, a log that breaks a rule,
    input nested or sized to hurt — raises :class:`PadError` (``reason="pad_corrupt"``, or
    ``"pad_version"`` for another format version), a ``ValueError``; nothing else escapes.
    """
    if not isinstance(d, dict):
        raise corrupt(f"a saved pad must be a dict, got {what(d)}")
    if d.get("kind") != KIND:
        raise corrupt("this is not a saved score pad")
    if not (is_int(d.get("format")) and d["format"] == FORMAT_VERSION):   # True == 1.0 == 1
        raise PadError("pad_version", {}, f"a score pad of another format ({what(d.get('format'))}); "
                                          f"this version reads {FORMAT_VERSION}")
    fields = {"format", "kind", "rules", "mode", "players", "first_dealer", "entries"}
    if len(d) != len(fields) or any(k not in fields for k in d):
        raise corrupt("a saved pad has exactly the fields " + ", ".join(sorted(fields)))
    entries = d["entries"]
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise corrupt(f"'entries' must be a list of at most {MAX_ENTRIES} entries")
    try:
        pad = cls(saved_rules(d["rules"]), d["mode"], d["players"], saved_seat(d["first_dealer"]))
        for k, e in enumerate(entries):
            if not (isinstance(e, dict) and len(e) <= 4 and isinstance(e.get("op"), str)
                    and e["op"] in ENTRY_KEYS and all(key in ENTRY_KEYS[e["op"]] for key in e)):
                raise corrupt(f"entry #{k + 1} is not an entry of a pad")
            try:
                pad._do(e)
            except PadError as err:
                raise corrupt(f"entry #{k + 1} ({e['op']}) cannot be replayed: {err}") from None
    except PadError as err:
        raise err if err.reason in ("pad_corrupt", "pad_version") else corrupt(str(err)) from None
    return pad


# apply_entry, correct and the checks are ScorePad's own machinery (they trust the pad and the entry
# dict it builds); a caller outside reads a saved pad with load (or ScorePad.from_dict).
__all__ = ["load"]
