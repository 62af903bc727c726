"""The saved game in storage: an envelope around :meth:`Game.to_dict`, read defensively.

    {"app": "joker", "version": 1, "level": "hard", "game": {...Game.to_dict()...}}

:func:`load` never raises: it answers with the game, or with ``None`` and a reason code that the
UI translates (``save_corrupt`` for unreadable text, ``save_version`` for a format this version
cannot read); the caller keeps the bad text under a backup key so nothing is lost.
"""
from __future__ import annotations

import json
from typing import Any

from .game import FORMAT_VERSION, Game
from .stats import LEVELS

VERSION = 1


def dumps(game: Game, level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return json.dumps({"app": "joker", "version": VERSION, "level": level, "game": game.to_dict()},
                      separators=(",", ":"))


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older envelope up to date.  Version 1 is the first; older saves do not exist yet,
    but a bare ``Game.to_dict()`` (no envelope) is accepted as a medium-level save."""
    if "format" in data and "actions" in data and "app" not in data:
        return {"app": "joker", "version": VERSION, "level": "medium", "game": data}
    return data


def load(text: str | None) -> tuple[Game | None, str | None, str | None]:
    """(game, level, None) — or (None, None, reason code) when there is nothing usable."""
    if not text:
        return None, None, None
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None, None, "save_corrupt"
    if not isinstance(data, dict):
        return None, None, "save_corrupt"
    data = _migrate(data)
    if (data.get("app") != "joker" or data.get("level") not in LEVELS
            or not isinstance(data.get("game"), dict)):
        return None, None, "save_corrupt"
    if data.get("version") != VERSION or data["game"].get("format") != FORMAT_VERSION:
        return None, None, "save_version"
    try:
        return Game.from_dict(data["game"]), data["level"], None
    except (ValueError, TypeError, KeyError):
        return None, None, "save_corrupt"
