"""What the Score pad screen asks of :mod:`joker.pad`: JSON-able answers, never an exception.

The page keeps each pad in storage as text, an envelope around :meth:`ScorePad.to_dict`::

    {"app": "joker", "kind": "pad", "version": 1, "created": ms, "updated": ms, "pad": {...}}

Every call takes the stored text, so the page always acts on what storage holds now (another tab
may have written since), and answers ``{"ok": True, "text", "sheet"}`` — the text to store and the
sheet to show — or ``{"ok": False, "reason", "params"}`` with a reason code the page translates
(the pad's refusals, ``pad_corrupt`` / ``pad_version`` for stored text that cannot be read).
Nothing here touches the browser: ``joker.web`` publishes these functions to the page.

>>> r = new({"preset": "folk", "mode": "nines", "players": ["A", "B", "C", "D"], "first_dealer": 1,
...          "now": 1700000000000})
>>> r["ok"], r["sheet"]["dealer"], r["sheet"]["cards"]
(True, 1, 9)
>>> act(r["text"], {"op": "bids", "bids": [3, 1, 2, 3]}, 1700000000001)["reason"]   # dealer makes 9
'forced_dealer'
>>> summary(act(r["text"], {"op": "bid", "bid": 2}, 1700000000002)["text"])["deal_no"]
1
"""
from __future__ import annotations

import json
from typing import Any

from . import guard
from .pad import PadError, ScorePad
from .pad_checks import saved_rules
from .rules import PRESETS, Rules

VERSION = 1
#: Far above any real pad (a finished game with its log is ~3 KB); larger text is not ours.
MAX_TEXT = 200_000
#: Timestamps are milliseconds since 1970; anything outside 2000..3000 is not a date we wrote.
_MIN_MS, _MAX_MS = 946_684_800_000, 32_503_680_000_000
#: A pad is 4 levels deep; deeper text is refused before a parser recurses into it (joker.guard).
MAX_DEPTH = 16


def _refusal(err: PadError) -> dict[str, Any]:
    return {"ok": False, "reason": err.reason, "params": err.params, "message": str(err)}


def _ms(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not _MIN_MS <= value <= _MAX_MS:
        raise PadError("pad_corrupt", {}, "saved pad: a date must be milliseconds since 1970")
    return value


def _answer(pad: ScorePad, created: int, updated: int) -> dict[str, Any]:
    text = json.dumps({"app": "joker", "kind": "pad", "version": VERSION, "created": created,
                       "updated": updated, "pad": pad.to_dict()}, separators=(",", ":"), ensure_ascii=False)
    return {"ok": True, "text": text, "sheet": pad.sheet()}


def read(text: Any) -> tuple[ScorePad, int, int]:
    """The pad in stored text, with its dates; :class:`PadError` (``pad_corrupt`` or ``pad_version``)
    for anything else, however long, deep or strange."""
    try:
        data = guard.loads(text, max_chars=MAX_TEXT, max_depth=MAX_DEPTH)
    except guard.Rejected as err:
        raise PadError("pad_corrupt", {"code": err.code}, f"saved pad: {err}") from None
    if not (isinstance(data, dict) and data.get("app") == "joker" and data.get("kind") == "pad"):
        raise PadError("pad_corrupt", {}, "saved pad: not a score pad of this app")
    version = data.get("version")
    if isinstance(version, bool) or version != VERSION:
        raise PadError("pad_version", {}, "saved pad: a version this app cannot read")
    if set(data) != {"app", "kind", "version", "created", "updated", "pad"}:
        raise PadError("pad_corrupt", {}, "saved pad: unexpected fields")
    return ScorePad.from_dict(data["pad"]), _ms(data["created"]), _ms(data["updated"])


def _rules(opts: dict[str, Any]) -> Rules:
    raw = opts.get("rules")
    if raw is None:
        preset = opts.get("preset")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise PadError("bad_rules", {}, "name a preset or give the five rule options")
        return PRESETS[preset]
    try:
        return saved_rules(raw)
    except PadError as err:
        raise PadError("bad_rules", {}, str(err)) from None


def new(opts: Any) -> dict[str, Any]:
    """A new pad: ``{"preset" | "rules", "mode", "players", "first_dealer": seat | "random", "now"}``."""
    try:
        if not isinstance(opts, dict):
            raise PadError("bad_entry", {"what": "opts"}, "options must be an object")
        pad = ScorePad(_rules(opts), opts.get("mode"), opts.get("players"),  # type: ignore[arg-type]
                       opts.get("first_dealer"))
        now = _ms(opts.get("now"))
    except PadError as err:
        return _refusal(err)
    return _answer(pad, now, now)


def act(text: Any, action: Any, now: Any) -> dict[str, Any]:
    """One entry on the stored pad: ``{"op": "bid", "bid"}``, ``{"op": "bids", "bids"}``,
    ``{"op": "taken", "taken"}``, ``{"op": "trump", "trump", "deal"?}``,
    ``{"op": "correct", "deal", "bids"?, "taken"?}`` or ``{"op": "undo"}``."""
    try:
        pad, created, _ = read(text)
        if not isinstance(action, dict):
            raise PadError("bad_entry", {"what": "action"}, "an action must be an object")
        op = action.get("op")
        if op == "bid":
            pad.enter_bid(action.get("bid"))  # type: ignore[arg-type]
        elif op == "bids":
            pad.enter_bids(action.get("bids"))  # type: ignore[arg-type]
        elif op == "taken":
            pad.enter_taken(action.get("taken"))  # type: ignore[arg-type]
        elif op == "trump":
            pad.set_trump(action.get("trump"), action.get("deal"))
        elif op == "correct":
            pad.correct(action.get("deal"), action.get("bids"), action.get("taken"))  # type: ignore[arg-type]
        elif op == "undo":
            pad.undo()
        else:
            raise PadError("bad_entry", {"what": "action"}, "unknown action")
        stamp = _ms(now)
    except PadError as err:
        return _refusal(err)
    return _answer(pad, created, max(stamp, created))


def open_pad(text: Any) -> dict[str, Any]:
    """The stored pad's sheet (and its text, rewritten canonically)."""
    try:
        pad, created, updated = read(text)
    except PadError as err:
        return _refusal(err)
    return _answer(pad, created, updated)


def summary(text: Any) -> dict[str, Any]:
    """What the list of pads shows: names, dates, where the game stands and who leads."""
    try:
        pad, created, updated = read(text)
    except PadError as err:
        return _refusal(err)
    sheet = pad.sheet()
    return {"ok": True, "players": sheet["players"], "created": created, "updated": updated,
            "mode": pad.mode, "preset": sheet["preset"], "deal_no": sheet["deal_no"],
            "deals_total": sheet["deals_total"], "over": sheet["over"], "totals": sheet["totals"],
            "leaders": [p for p in range(4) if sheet["places"][p] == 1] if pad.can_undo else []}


def summaries(texts: Any) -> list[dict[str, Any]]:
    """:func:`summary` of each stored text (a list), in order."""
    if not isinstance(texts, list):
        return []
    return [summary(t) for t in texts[:500]]


__all__ = ["new", "act", "open_pad", "summary", "summaries", "read", "VERSION"]
