"""What the table asks of the stored statistics and the save: JSON-able answers, never an exception.

``localStorage`` is the page's: the stored text comes in as an argument and the text to store goes
back in the answer, so the page always acts on what storage holds now.  A stored text that cannot be
read is not an error here: the answer carries a ``reason`` code (``stats_corrupt``, ``stats_version``,
``save_corrupt``, ...) that the page translates, keeps the unreadable text aside and tells the user;
a file the user chose to import is checked whole and replaces nothing when it is refused.
Nothing here touches the browser: ``joker.web`` publishes these functions to the page.

>>> stats_load(None)["reason"] is None, stats_load("garbage")["reason"]
(True, 'stats_corrupt')
>>> check_save("nope")
{'ok': False, 'reason': 'save_corrupt'}
"""
from __future__ import annotations

from typing import Any

from . import guard, saves, stats
from .game import Game

Answer = dict[str, Any]

#: A refused statistics file: guard's / stats' code -> the reason the table translates.
IMPORT_REASONS = {guard.TOO_LARGE: "stats_too_large", guard.TOO_DEEP: "stats_too_deep",
                  stats.OTHER_VERSION: "stats_version"}


def record_stats(text: str | None, game: Game, level: str, seat: int, coached: bool = False) -> Answer:
    """The finished ``game`` of ``seat`` added to the stored statistics ``text``: the text to store,
    the group it counted in (and its derived figures), the game's summary, and ``reason`` when the
    stored text was unreadable (the caller keeps it aside; the new text starts afresh)."""
    doc, reason = stats.load(text)
    summary = stats.game_summary(game, seat)
    doc = stats.record(doc, level, game.mode, summary, coached)
    key = stats.group_key(level, game.mode, coached)
    group = doc["groups"][key]
    return {"ok": True, "stats": stats.dumps(doc), "group": group, "derived": stats.derived(group),
            "key": key, "summary": summary, "reason": reason}


def stats_load(text: str | None) -> Answer:
    """The stored statistics, checked: {"ok", "stats", "groups", "reason"} (reason set when the
    stored text was unreadable: the caller keeps it aside and tells the user)."""
    doc, reason = stats.load(text)
    return {"ok": True, "stats": stats.dumps(doc), "groups": stats.screen(doc), "reason": reason}


def stats_import(text: str) -> Answer:
    """A file chosen by the user: validated; nothing is replaced when it is not valid."""
    try:
        doc = stats.import_text(text)
    except guard.Rejected as e:
        # The file's problem in the words stats.load uses for stored text; ``code`` is guard's.
        return {"ok": False, "reason": IMPORT_REASONS.get(e.code, "stats_corrupt"), "code": e.code,
                "detail": str(e)}
    except (ValueError, TypeError, RecursionError) as e:
        return {"ok": False, "reason": "stats_corrupt", "code": stats.INVALID, "detail": str(e)}
    return {"ok": True, "stats": stats.dumps(doc), "groups": stats.screen(doc)}


def stats_export(text: str | None) -> Answer:
    """The stored statistics as a file to download (``ok`` false when the stored text was unreadable)."""
    doc, reason = stats.load(text)
    return {"ok": reason is None, "text": stats.export_text(doc), "reason": reason}


def check_save(text: str | None) -> Answer:
    """Whether a stored save can be continued (replayed in a throwaway game); no save is fine."""
    game, _level, reason = saves.load(text)
    return {"ok": game is not None or not text, "reason": reason}
