"""Player statistics per difficulty and game mode, and the checks that keep them safe.

Statistics are a plain JSON document (they live in ``localStorage`` in the browser and can be
exported/imported as a file)::

    {"version": 1, "groups": {"hard/full": {"games": 3, "wins": 1, "places": [1, 1, 0, 1], ...}}}

Everything read from outside goes through :func:`validate`, which raises ``ValueError`` with a
message that says what is wrong and bounds every number (a count of 10**400 would pass a type
check and then break every average); :func:`load` turns that into a fresh start plus a reason
code the UI translates, so a tampered entry never crashes the app, never stops later games from
being recorded and never takes a game save with it.  Stored text is size- and depth-checked before
it is parsed (:func:`joker.guard.loads`).

=================== ====================================================================
``stats_too_large`` longer than :data:`MAX_CHARS`: not parsed
``stats_too_deep``  nested deeper than :data:`MAX_DEPTH`: not parsed
``stats_corrupt``   not JSON, or not a valid statistics document
``stats_version``   statistics of another version of the app
=================== ====================================================================

>>> s = empty()
>>> validate(s) == s
True
>>> load('{"version": 1, "groups": {"easy/full": {"games": 1e400}}}')[1]
'stats_corrupt'
"""
from __future__ import annotations

import copy
import json
from typing import Any

from . import guard
from .game import Game

VERSION = 1
LEVELS = ("easy", "medium", "hard", "insane")
MODES = ("full", "nines")
RECENT = 30  # scores (and the places they earned) kept for the chart
#: Statistics are a few kilobytes; an exported file is indented.
MAX_CHARS = 100_000
#: An exported file nests five levels deep.
MAX_DEPTH = 16
#: Bounds on what validation accepts: far beyond any real player, small enough that every sum
#: and average stays an exact JavaScript number (below 2**53) and never overflows a float.
MAX_GAMES = 1_000_000
MAX_SCORE = 1_000_000            # |score| of one game (a full game stays within ±30,000)
MAX_DEALS = 24                   # deals (so bids) in one game
MAX_PULKAS = 4

_COUNTERS = ("games", "wins", "total_score", "bids", "bids_made", "khishti", "premiums")


def empty() -> dict[str, Any]:
    return {"version": VERSION, "groups": {}}


def empty_group() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "places": [0, 0, 0, 0], "total_score": 0, "best_score": None,
            "bids": 0, "bids_made": 0, "khishti": 0, "premiums": 0, "recent": [], "recent_places": []}


#: Suffix of the groups of coached games (a hint asked for or a move taken back): kept apart from
#: the clean games of the same level and mode (issue 13).
COACHED = "coached"


def group_key(level: str, mode: str, coached: bool = False) -> str:
    if not (isinstance(level, str) and level in LEVELS and isinstance(mode, str) and mode in MODES):
        raise ValueError(f"no statistics group for level {guard.shown(level)} and mode {guard.shown(mode)}")
    return f"{level}/{mode}" + (f"/{COACHED}" if coached else "")


def game_summary(game: Game, seat: int = 0) -> dict[str, Any]:
    """What a finished game adds to one player's statistics."""
    if not isinstance(game, Game):
        raise ValueError(f"game_summary() needs a Game, got {guard.shown(game)}")
    if game.phase != "over":
        raise ValueError("statistics are recorded only for a finished game")
    view = game.view(seat)
    deals = view["deals"]
    return {
        "score": view["scores"][seat],
        "place": view["places"][seat],
        "bids": len(deals),
        "bids_made": sum(1 for d in deals if d["bids"][seat] == d["taken"][seat]),
        "khishti": sum(1 for d in deals if d["khishti"][seat]),   # the one definition: joker.scoring
        "premiums": sum(1 for p in view["pulkas"] if p["premium"][seat] > 0),
    }


def _check_summary(s: Any) -> dict[str, Any]:
    if not isinstance(s, dict) or set(s) != {"score", "place", "bids", "bids_made", "khishti", "premiums"}:
        raise ValueError(f"a game summary is game_summary()'s dict, got {guard.shown(s)}")
    guard.whole(s["score"], "score", -MAX_SCORE, MAX_SCORE)
    guard.whole(s["place"], "place", 1, 4)
    bids = guard.whole(s["bids"], "bids", 0, MAX_DEALS)
    made = guard.whole(s["bids_made"], "bids_made", 0, bids)
    guard.whole(s["khishti"], "khishti", 0, bids - made)
    guard.whole(s["premiums"], "premiums", 0, MAX_PULKAS)
    return s


def record(stats: dict[str, Any], level: str, mode: str, summary: dict[str, Any],
           coached: bool = False) -> dict[str, Any]:
    """A new statistics document with one more finished game (the input is not modified);
    a coached game goes to the coached group of its level and mode."""
    out = copy.deepcopy(validate(stats))
    _check_summary(summary)
    key = group_key(level, mode, coached)
    g = out["groups"].setdefault(key, empty_group())
    g["games"] += 1
    g["wins"] += summary["place"] == 1
    g["places"][summary["place"] - 1] += 1
    g["total_score"] += summary["score"]
    g["best_score"] = summary["score"] if g["best_score"] is None else max(g["best_score"], summary["score"])
    for k in ("bids", "bids_made", "khishti", "premiums"):
        g[k] += summary[k]
    places = g.get("recent_places", [None] * len(g["recent"]))  # None: recorded before places were kept
    g["recent"] = (g["recent"] + [summary["score"]])[-RECENT:]
    g["recent_places"] = (places + [summary["place"]])[-RECENT:]
    _check_group(key, g)
    return out


def derived(group: dict[str, Any]) -> dict[str, Any]:
    """Figures for the statistics screen: averages and rates (None where nothing was played)."""
    _check_group("group", group)
    games = group["games"]
    return {
        "average_score": round(group["total_score"] / games) if games else None,
        "win_rate": group["wins"] / games if games else None,
        "bids_made_rate": group["bids_made"] / group["bids"] if group["bids"] else None,
    }


def _check_group(key: str, g: Any) -> None:
    if not isinstance(g, dict):
        raise ValueError(f"statistics group {key} is not an object")
    extra = [guard.shown(k) for k in g if k not in _FIELDS]
    if extra:
        raise ValueError(f"statistics group {key}: unknown fields {', '.join(sorted(extra))}")
    missing = [k for k in _FIELDS if k not in g and k not in _OPTIONAL]
    if missing:
        raise ValueError(f"statistics group {key}: lacks {', '.join(missing)}")

    def count(k: str, hi: int, lo: int = 0) -> int:
        try:
            return guard.whole(g[k], k, lo, hi)
        except ValueError as e:
            raise ValueError(f"statistics group {key}: {e}") from None

    games = count("games", MAX_GAMES)
    total = count("total_score", MAX_GAMES * MAX_SCORE, -MAX_GAMES * MAX_SCORE)
    bids = count("bids", MAX_GAMES * MAX_DEALS)
    made = count("bids_made", MAX_GAMES * MAX_DEALS)
    khishti = count("khishti", MAX_GAMES * MAX_DEALS)
    premiums = count("premiums", MAX_GAMES * MAX_PULKAS)
    wins = count("wins", MAX_GAMES)
    places = g["places"]
    if not (isinstance(places, list) and len(places) == 4
            and all(type(p) is int and 0 <= p <= MAX_GAMES for p in places)):
        raise ValueError(f"statistics group {key}: places must be four counts")
    if (sum(places) != games or wins != places[0] or abs(total) > games * MAX_SCORE
            or bids > games * MAX_DEALS or made > bids or khishti > bids - made
            or premiums > games * MAX_PULKAS):
        raise ValueError(f"statistics group {key}: the counts do not add up")
    best = g["best_score"]
    if games == 0:
        if best is not None:
            raise ValueError(f"statistics group {key}: a best score without games")
    else:
        count("best_score", MAX_SCORE, -MAX_SCORE)
    recent = g["recent"]
    if not (isinstance(recent, list) and len(recent) <= min(RECENT, games)
            and all(type(r) is int and -MAX_SCORE <= r <= MAX_SCORE for r in recent)):
        raise ValueError(f"statistics group {key}: recent scores must be a list of at most {RECENT} scores")
    if "recent_places" in g:
        rp = g["recent_places"]
        if not (isinstance(rp, list) and len(rp) == len(recent)
                and all(p is None or (type(p) is int and 1 <= p <= 4) for p in rp)):
            raise ValueError(f"statistics group {key}: recent places must be one place (1-4, or null)"
                             " per recent score")


_FIELDS = tuple(empty_group())
#: Groups written before the chart showed places lack ``recent_places``: still valid.
_OPTIONAL = frozenset({"recent_places"})


def validate(data: Any) -> dict[str, Any]:
    """Check a statistics document read from storage or a file; ``ValueError`` says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("statistics must be a JSON object")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise ValueError(f"unknown statistics version {guard.shown(version)}")
    extra = [guard.shown(k) for k in data if k not in ("version", "groups")]
    if extra:
        raise ValueError(f"statistics have unknown fields {', '.join(sorted(extra))}")
    groups = data.get("groups")
    if not isinstance(groups, dict):
        raise ValueError("statistics lack their 'groups'")
    for key, g in groups.items():
        if not isinstance(key, str):
            raise ValueError(f"not a statistics group: {guard.shown(key)}")
        level, _, rest = key.partition("/")
        mode, _, tag = rest.partition("/")
        if tag not in ("", COACHED):
            raise ValueError(f"no statistics group {guard.shown(key)}")
        group_key(level, mode)
        _check_group(key, g)
    return data


def load(text: str | None) -> tuple[dict[str, Any], str | None]:
    """Statistics from stored text: (document, None), or (fresh document, reason code) when the
    stored text is unusable — the caller keeps the old text aside and tells the user."""
    if text is None or text == "":
        return empty(), None
    if not isinstance(text, str):
        raise ValueError(f"stored statistics are text, got {guard.shown(text)}")
    try:
        data = guard.loads(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    except guard.Rejected as e:
        return empty(), {guard.TOO_LARGE: "stats_too_large", guard.TOO_DEEP: "stats_too_deep"}.get(
            e.code, "stats_corrupt")
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version != VERSION and isinstance(data.get("groups"), dict):
        # Written by another version of the app (there is only one format so far): nothing to
        # migrate from, so the caller keeps it aside and starts afresh.
        return empty(), "stats_version"
    try:
        return validate(data), None
    except ValueError:
        return empty(), "stats_corrupt"


def screen(stats: dict[str, Any]) -> dict[str, Any]:
    """Everything the statistics screen shows: each group that has games, with its figures."""
    out = {}
    for key, g in validate(stats)["groups"].items():
        out[key] = {**g, **derived(g)}
    return out


def dumps(stats: dict[str, Any]) -> str:
    return json.dumps(validate(stats), separators=(",", ":"), sort_keys=True)


#: :func:`import_text` refuses with :class:`joker.guard.Rejected`; beside the guard's codes
#: (``not_text``, ``too_large``, ``too_deep``, ``not_json``) these two:
INVALID = "invalid"      # JSON, but not a valid statistics document
OTHER_VERSION = "version"


def import_text(text: str) -> dict[str, Any]:
    """Statistics from an exported file; :class:`joker.guard.Rejected` (a ``ValueError`` with a
    ``code``, nothing replaced) when it is not valid."""
    data = guard.loads(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    if isinstance(data, dict) and data.get("app") == "joker" and "stats" in data:
        data = data["stats"]
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version != VERSION:
        raise guard.Rejected(OTHER_VERSION, f"statistics of another version ({version})")
    try:
        return validate(data)
    except ValueError as e:
        raise guard.Rejected(INVALID, str(e)) from None


def export_text(stats: dict[str, Any]) -> str:
    return json.dumps({"app": "joker", "stats": validate(stats)}, indent=1, sort_keys=True)


__all__ = ["empty", "empty_group", "group_key", "game_summary", "record", "derived", "validate", "load",
           "screen", "dumps", "import_text", "export_text", "VERSION", "LEVELS", "MODES", "RECENT",
           "MAX_CHARS", "MAX_DEPTH", "INVALID", "OTHER_VERSION"]
