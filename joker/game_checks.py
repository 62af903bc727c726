"""Checks of what a :class:`~joker.game.Game` is given: its options, and a saved game read back.

Kept apart from the state machine because they are a different concern — the boundary where values
from outside (a caller, a save in storage, a tampered file) come in — and so that both can be read
and tested on their own.  Every refusal is a ``ValueError`` whose message names the field and shows
the value only through :func:`joker.guard.shown` (short, never a megabyte echoed back).

>>> from joker.rules import PRESETS
>>> check_options(PRESETS["standard"], "nines", 7, "aces")
>>> check_options(PRESETS["standard"], "sevens", 7, None)
Traceback (most recent call last):
ValueError: mode must be 'full' or 'nines', got 'sevens'
>>> saved_fields({"format": 1, "rules": {}, "mode": "full", "seed": 1})
Traceback (most recent call last):
ValueError: saved game lacks ['actions']
"""
from __future__ import annotations

from typing import Any

from .dealing import MODES
from .guard import shown
from .rule_options import FIRST_DEALERS, Rules

FORMAT_VERSION = 1
#: Seeds are kept below 2**53 so that JavaScript reads them exactly.
MAX_SEED = 2**53 - 1

SAVE_KEYS = frozenset({"format", "rules", "mode", "seed", "first_dealer", "actions"})
#: The keys a save must have besides ``format`` (checked first, for its own message); ``first_dealer``
#: may be absent (None: the rules' own way of choosing the first dealer).
REQUIRED_KEYS = SAVE_KEYS - {"format", "first_dealer"}


def check_options(rules: object, mode: object, seed: object, first_dealer: object) -> None:
    """Refuse options a :class:`Game` cannot start from (``seed`` None is drawn by the game first)."""
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value, got {shown(rules)}")
    if not (isinstance(mode, str) and mode in MODES):
        raise ValueError(f"mode must be {' or '.join(map(repr, MODES))}, got {shown(mode)}")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number 0..2**53-1, got {shown(seed)}")
    if not (first_dealer is None or (isinstance(first_dealer, str) and first_dealer in FIRST_DEALERS)
            or (type(first_dealer) is int and 0 <= first_dealer <= 3)):
        ways = ", ".join(map(repr, FIRST_DEALERS))
        raise ValueError(f"first_dealer must be None, {ways} or a seat 0..3, got {shown(first_dealer)}")


def saved_fields(d: Any) -> tuple[Rules, Any, Any, Any, list[str]]:
    """The rules, mode, seed, first dealer and actions of a save, its shape checked.

    ``format`` must be the int 1 (``true`` is not 1 here), every field of ``Game.to_dict`` but
    ``first_dealer`` must be present and no other, and the rules must name all their options (see
    :meth:`Rules.from_dict`).  The options themselves are checked by :func:`check_options` when the
    game is made, and the actions by replaying them.
    """
    if not isinstance(d, dict):
        raise ValueError(f"a saved game must be a dict, got {shown(d)}")
    version = d.get("format")
    if type(version) is not int or version != FORMAT_VERSION:
        raise ValueError(f"unsupported saved-game format {shown(version)} "
                         f"(this version reads {FORMAT_VERSION})")
    missing = REQUIRED_KEYS - set(d)
    if missing:
        raise ValueError(f"saved game lacks {sorted(missing)}")
    unknown = [shown(k) for k in d if k not in SAVE_KEYS]
    if unknown:
        raise ValueError(f"saved game has unknown fields: {', '.join(sorted(unknown))}")
    actions = d["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("saved game: 'actions' must be a list of strings")
    return Rules.from_dict(d["rules"]), d["mode"], d["seed"], d.get("first_dealer"), actions


__all__ = ["FORMAT_VERSION", "MAX_SEED", "check_options", "saved_fields"]
