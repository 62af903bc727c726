"""The saved game in storage: an envelope around :meth:`Game.to_dict`, read defensively.

    {"app": "joker", "version": 1, "level": "hard", "game": {...Game.to_dict()...}}

:func:`load` never raises for stored text: it answers with the game, or with ``None`` and a reason
code that the UI translates; the caller keeps the bad text under a backup key so nothing is lost.

=================  ==========================================================================
``save_too_large`` longer than :data:`MAX_CHARS` characters: not even parsed
``save_too_deep``  nested deeper than :data:`MAX_DEPTH`: not parsed (a parser would recurse
                   once per level, and in Pyodide that kills the interpreter)
``save_corrupt``   not JSON, not a save, or its actions cannot be replayed
``save_version``   a save of another format, which this version cannot read
=================  ==========================================================================

>>> load("[" * 30000)
(None, None, 'save_too_deep')
"""
from __future__ import annotations

import json
from typing import Any

from . import guard
from .game import FORMAT_VERSION, Game
from .stats import LEVELS

VERSION = 1
#: A whole game's save is about 5,000 characters; twenty times that is plenty.
MAX_CHARS = 100_000
#: A save nests four levels deep (envelope, game, rules, khishti).
MAX_DEPTH = 16


def dumps(game: Game, level: str) -> str:
    """The stored text of ``game`` played at ``level``."""
    if not isinstance(game, Game):
        raise ValueError(f"dumps() needs a Game, got {guard.shown(game)}")
    if not (isinstance(level, str) and level in LEVELS):
        raise ValueError(f"unknown level {guard.shown(level)}")
    return json.dumps({"app": "joker", "version": VERSION, "level": level, "game": game.to_dict()},
                      separators=(",", ":"))


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older envelope up to date.  Version 1 is the first; older saves do not exist yet,
    but a bare ``Game.to_dict()`` (no envelope) is accepted as a medium-level save."""
    if "format" in data and "actions" in data and "app" not in data:
        return {"app": "joker", "version": VERSION, "level": "medium", "game": data}
    return data


def _is(value: Any, number: int) -> bool:
    """``value`` is the int ``number`` (JSON ``true`` is not 1 here)."""
    return type(value) is int and value == number


def load(text: str | None) -> tuple[Game | None, str | None, str | None]:
    """(game, level, None) — or (None, None, reason code) when there is nothing usable.

    Empty or missing text is no save at all: (None, None, None).  Anything but a string or None
    is a caller's mistake: ``ValueError``.
    """
    if text is None or text == "":
        return None, None, None
    if not isinstance(text, str):
        raise ValueError(f"a stored save is text, got {guard.shown(text)}")
    try:
        data = guard.loads(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    except guard.Rejected as e:
        return None, None, {guard.TOO_LARGE: "save_too_large", guard.TOO_DEEP: "save_too_deep"}.get(
            e.code, "save_corrupt")
    if not isinstance(data, dict):
        return None, None, "save_corrupt"
    data = _migrate(data)
    game = data.get("game")
    if data.get("app") != "joker" or data.get("level") not in LEVELS or not isinstance(game, dict):
        return None, None, "save_corrupt"
    if not _is(data.get("version"), VERSION) or not _is(game.get("format"), FORMAT_VERSION):
        return None, None, "save_version"
    try:
        return Game.from_dict(game), data["level"], None
    except ValueError:
        return None, None, "save_corrupt"


__all__ = ["dumps", "load", "VERSION", "MAX_CHARS", "MAX_DEPTH"]
