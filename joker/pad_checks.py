"""Checks of everything a score pad is given: entries typed at the table and saved pads read back.

They are strict and safe: a hostile value (nested a million deep, megabytes long, a 5,000-digit
number) is refused with a :class:`PadError` whose message never echoes it, so no RecursionError,
TypeError or OverflowError can escape from :mod:`joker.pad`.
"""
from __future__ import annotations

from typing import Any, TypeGuard

from .guard import shown as what
from .rules import Rules

FORMAT_VERSION = 1
KIND = "joker.pad"
#: A trump as the table names it: a suit letter or "-" for no trump (None: not written down).
TRUMPS = ("S", "C", "D", "H", "-")
MAX_NAME = 30
#: Far more entries than any game with all its corrections; a longer log is not a pad of ours.
MAX_ENTRIES = 5000
#: Ten times the largest penalty anyone plays; a larger one is a tampered save.
MAX_PENALTY = 10_000
#: The keys an entry of the log may have, by its "op".
ENTRY_KEYS = {"trump": frozenset({"op", "trump", "deal"}), "bid": frozenset({"op", "bid"}),
              "bids": frozenset({"op", "bids"}), "taken": frozenset({"op", "taken"}),
              "correct": frozenset({"op", "deal", "bids", "taken"})}


class PadError(ValueError):
    """A refused entry or a corrupted pad.  ``reason`` is a code the page translates — the game's own
    code where the game has one (``forced_dealer``) — and ``params`` its JSON-able parameters."""

    def __init__(self, reason: str, params: dict[str, Any], message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def four_ints(value: object, label: str) -> list[int]:
    """Four whole numbers, one per seat (bids or tricks taken), as a new list."""
    if not isinstance(value, (list, tuple)) or len(value) != 4 or not all(is_int(v) for v in value):
        raise PadError("bad_entry", {"what": label}, f"{label} must be four whole numbers, one per seat 0..3")
    return list(value)


def corrupt(message: str) -> PadError:
    return PadError("pad_corrupt", {}, "saved pad: " + message)


def saved_seat(value: object) -> int:
    if not (is_int(value) and 0 <= value <= 3):
        raise corrupt(f"first_dealer must be a seat 0..3, got {what(value)}")
    return value


def saved_rules(value: object) -> Rules:
    """Rules from a saved dict, shape-checked first so that no hostile value reaches a message."""
    kinds = {"trump_in_nines": str, "high_lead_trumpable": bool, "premium": str, "first_dealer": str}
    if not isinstance(value, dict) or len(value) != 5 or "khishti" not in value:
        raise corrupt("'rules' must hold the five rule options")
    for key, v in value.items():
        if key == "khishti":
            if v is not None and not (isinstance(v, list) and len(v) == 2
                                      and all(is_int(x) and 0 <= x <= MAX_PENALTY for x in v)):
                raise corrupt(f"khishti must be null or two penalties 0..{MAX_PENALTY}")
        elif not (isinstance(key, str) and key in kinds and isinstance(v, kinds[key]) and len(str(v)) <= 20):
            raise corrupt(f"rule option {what(key)} is unknown or has a wrong value")
    try:
        return Rules.from_dict(dict(value))
    except ValueError as err:
        raise corrupt(str(err)) from None
