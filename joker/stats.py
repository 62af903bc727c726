"""Player statistics per difficulty and game mode, and the checks that keep them safe.

Statistics are a plain JSON document (they live in ``localStorage`` in the browser and can be
exported/imported as a file)::

    {"version": 1, "groups": {"hard/full": {"games": 3, "wins": 1, "places": [1, 1, 0, 1], ...}}}

Everything read from outside goes through :func:`validate`, which raises ``ValueError`` with a
message that says what is wrong; :func:`load` turns that into a fresh start plus a reason code the
UI translates, so a tampered entry never crashes the app and never takes a game save with it.

>>> s = empty()
>>> validate(s) == s
True
"""
from __future__ import annotations

import json
from typing import Any

from .game import Game

VERSION = 1
LEVELS = ("easy", "medium", "hard", "insane")
MODES = ("full", "nines")
RECENT = 30  # scores kept for the chart

_COUNTERS = ("games", "wins", "total_score", "bids", "bids_made", "khishti", "premiums")


def empty() -> dict[str, Any]:
    return {"version": VERSION, "groups": {}}


def empty_group() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "places": [0, 0, 0, 0], "total_score": 0, "best_score": None,
            "bids": 0, "bids_made": 0, "khishti": 0, "premiums": 0, "recent": []}


def group_key(level: str, mode: str) -> str:
    if level not in LEVELS or mode not in MODES:
        raise ValueError(f"no statistics group for level {level!r} and mode {mode!r}")
    return f"{level}/{mode}"


def game_summary(game: Game, seat: int = 0) -> dict[str, Any]:
    """What a finished game adds to one player's statistics."""
    if game.phase != "over":
        raise ValueError("statistics are recorded only for a finished game")
    view = game.view(seat)
    bids = [d["bids"][seat] for d in view["deals"]]
    taken = [d["taken"][seat] for d in view["deals"]]
    return {
        "score": view["scores"][seat],
        "place": view["places"][seat],
        "bids": len(bids),
        "bids_made": sum(1 for b, t in zip(bids, taken, strict=True) if b == t),
        "khishti": sum(1 for b, t in zip(bids, taken, strict=True) if b >= 1 and t == 0),
        "premiums": sum(1 for p in view["pulkas"] if p["premium"][seat] > 0),
    }


def record(stats: dict[str, Any], level: str, mode: str, summary: dict[str, Any]) -> dict[str, Any]:
    """A new statistics document with one more finished game (the input is not modified)."""
    out = validate(json.loads(json.dumps(stats)))
    key = group_key(level, mode)
    g = out["groups"].setdefault(key, empty_group())
    g["games"] += 1
    g["wins"] += summary["place"] == 1
    g["places"][summary["place"] - 1] += 1
    g["total_score"] += summary["score"]
    g["best_score"] = summary["score"] if g["best_score"] is None else max(g["best_score"], summary["score"])
    for k in ("bids", "bids_made", "khishti", "premiums"):
        g[k] += summary[k]
    g["recent"] = (g["recent"] + [summary["score"]])[-RECENT:]
    return out


def derived(group: dict[str, Any]) -> dict[str, Any]:
    """Figures for the statistics screen: averages and rates (None where nothing was played)."""
    games = group["games"]
    return {
        "average_score": round(group["total_score"] / games) if games else None,
        "win_rate": group["wins"] / games if games else None,
        "bids_made_rate": group["bids_made"] / group["bids"] if group["bids"] else None,
    }


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def validate(data: Any) -> dict[str, Any]:
    """Check a statistics document read from storage or a file; ``ValueError`` says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("statistics must be a JSON object")
    if data.get("version") != VERSION:
        raise ValueError(f"unknown statistics version {data.get('version')!r}")
    groups = data.get("groups")
    if not isinstance(groups, dict):
        raise ValueError("statistics lack their 'groups'")
    for key, g in groups.items():
        level, _, mode = key.partition("/")
        group_key(level, mode)
        if not isinstance(g, dict):
            raise ValueError(f"statistics group {key} is not an object")
        for k in _COUNTERS:
            if not _is_int(g.get(k)) or (k != "total_score" and g[k] < 0):
                raise ValueError(f"statistics group {key}: {k} must be a whole number")
        places = g.get("places")
        if not (isinstance(places, list) and len(places) == 4 and all(_is_int(p) and p >= 0 for p in places)):
            raise ValueError(f"statistics group {key}: places must be four counts")
        if sum(places) != g["games"] or g["wins"] > g["games"] or g["bids_made"] > g["bids"]:
            raise ValueError(f"statistics group {key}: the counts do not add up")
        best = g.get("best_score")
        if not (best is None or _is_int(best)) or (best is None) != (g["games"] == 0):
            raise ValueError(f"statistics group {key}: bad best score")
        recent = g.get("recent")
        if not (isinstance(recent, list) and len(recent) <= RECENT and all(_is_int(r) for r in recent)):
            raise ValueError(f"statistics group {key}: recent scores must be a list of numbers")
        extra = set(g) - set(empty_group())
        if extra:
            raise ValueError(f"statistics group {key}: unknown fields {sorted(extra)}")
    return data


def load(text: str | None) -> tuple[dict[str, Any], str | None]:
    """Statistics from stored text: (document, None), or (fresh document, reason code) when the
    stored text is unreadable — the caller keeps the old text aside and tells the user."""
    if text is None or text == "":
        return empty(), None
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return empty(), "stats_corrupt"
    if isinstance(data, dict) and _is_int(data.get("version")) and data["version"] != VERSION \
            and isinstance(data.get("groups"), dict):
        # Written by another version of the app (there is only one format so far): nothing to
        # migrate from, so the caller keeps it aside and starts afresh.
        return empty(), "stats_version"
    try:
        return validate(data), None
    except (ValueError, TypeError, RecursionError):
        return empty(), "stats_corrupt"


def screen(stats: dict[str, Any]) -> dict[str, Any]:
    """Everything the statistics screen shows: each group that has games, with its figures."""
    out = {}
    for key, g in validate(stats)["groups"].items():
        out[key] = {**g, **derived(g)}
    return out


def dumps(stats: dict[str, Any]) -> str:
    return json.dumps(validate(stats), separators=(",", ":"), sort_keys=True)


def import_text(text: str) -> dict[str, Any]:
    """Statistics from an exported file; ``ValueError`` (nothing replaced) when it is not valid."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as e:
        raise ValueError(f"not a statistics file: {e}") from None
    if isinstance(data, dict) and data.get("app") == "joker" and "stats" in data:
        data = data["stats"]
    return validate(data)


def export_text(stats: dict[str, Any]) -> str:
    return json.dumps({"app": "joker", "stats": validate(stats)}, indent=1, sort_keys=True)
