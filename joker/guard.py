"""Defences for everything that comes from outside: stored text, imported files, API arguments.

Two hazards shape this module (issue #9):

* **Recursion.**  ``json.loads`` and ``repr`` recurse once per nesting level.  In CPython that ends
  in a catchable ``RecursionError``; in Pyodide the C stack runs out first and the whole interpreter
  dies with a JavaScript "Maximum call stack size exceeded" — no ``except`` helps.  So text is
  scanned *linearly* for its nesting depth before any parser sees it (:func:`loads`), and error
  messages describe bad values with :func:`shown`, which never recurses.
* **Size.**  A number of 400 digits or a string of megabytes is valid JSON; bounds on every number
  (:func:`whole`) and on the length of the text keep later arithmetic and the page responsive.

>>> loads('{"a": [1, 2]}', max_chars=100, max_depth=2)
{'a': [1, 2]}
>>> loads("[" * 50 + "]" * 50, max_chars=1000, max_depth=8)
Traceback (most recent call last):
...
joker.guard.Rejected: too_deep: nested deeper than 8 levels
>>> shown([[[[1]]]])
'a list of 1 item'
"""
from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

#: Reason codes of :class:`Rejected` (the glue prefixes them, e.g. ``save_too_deep``).
TOO_LARGE = "too_large"
TOO_DEEP = "too_deep"
NOT_JSON = "not_json"
NOT_TEXT = "not_text"

# A JSON string token, unrolled so the regex engine runs in a loop (no backtracking blow-up):
# its contents may hold brackets that are not nesting.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class Rejected(ValueError):
    """Text refused before parsing, or not JSON at all; ``code`` is one of the reason codes above."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


def nesting_depth(text: str) -> int:
    """How deeply ``[``/``{`` nest in ``text``, ignoring brackets inside JSON strings.

    Linear in the length of the text and free of recursion, so it is safe on any input.  On text
    that is not valid JSON the answer is only an upper bound's worth of care: such text is refused
    by the parser anyway, and this scan must merely never under-count valid JSON.
    """
    if not isinstance(text, str):
        raise ValueError(f"nesting_depth() needs text, got {shown(text)}")
    bare = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(0, max(accumulate(map(_STEP.__getitem__, bare)), default=0))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def loads(text: Any, *, max_chars: int, max_depth: int) -> Any:
    """``json.loads`` for untrusted text: size and nesting are checked *before* parsing.

    Raises :class:`Rejected` (a ``ValueError``) with ``code`` ``not_text``, ``too_large``,
    ``too_deep`` or ``not_json``.  ``NaN``/``Infinity`` are refused (not JSON; they would poison
    arithmetic).  Integers longer than the interpreter allows are refused by ``json`` itself.
    """
    if not isinstance(text, str):
        raise Rejected(NOT_TEXT, f"expected text, got {shown(text)}")
    if len(text) > max_chars:
        raise Rejected(TOO_LARGE, f"{len(text):,} characters, more than the {max_chars:,} allowed")
    # Counting every bracket is an upper bound of the depth, and a quick one.
    if text.count("[") + text.count("{") > max_depth and nesting_depth(text) > max_depth:
        raise Rejected(TOO_DEEP, f"nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise Rejected(TOO_DEEP, f"nested deeper than {max_depth} levels") from None
    except ValueError as e:
        raise Rejected(NOT_JSON, f"not JSON ({shown(str(e), 80)})") from None


def shown(value: Any, limit: int = 40) -> str:
    """A short description of any value for an error message, without recursing into it.

    Scalars are shown as ``repr`` (cut to ``limit`` characters); containers by type and size, so
    a list nested a thousand levels deep or a megabyte string cannot break or bloat the message.
    """
    if value is None or isinstance(value, bool | float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"an int of {value.bit_length()} bits"
        return repr(value)
    if isinstance(value, str):
        text = repr(value)
        return text if len(text) <= limit else text[: limit - 4] + "…" + text[0]
    if isinstance(value, list | tuple | dict | set | frozenset):
        n = len(value)
        return f"a {type(value).__name__} of {n} item{'' if n == 1 else 's'}"
    return f"a {type(value).__name__}"


def label(value: Any, limit: int = 40) -> str:
    """``value`` itself when it is a short string (e.g. an action to echo back), else :func:`shown`."""
    return value if isinstance(value, str) and len(value) <= limit else shown(value, limit)


def whole(value: Any, what: str, lo: int, hi: int) -> int:
    """``value`` if it is an int (not a bool) in ``lo..hi``; otherwise ``ValueError`` naming ``what``."""
    if type(value) is not int:
        raise ValueError(f"{what} must be a whole number, got {shown(value)}")
    if not lo <= value <= hi:
        raise ValueError(f"{what} must be {lo:,}..{hi:,}, got {shown(value)}")
    return value


__all__ = ["Rejected", "loads", "nesting_depth", "shown", "label", "whole",
           "TOO_LARGE", "TOO_DEEP", "NOT_JSON", "NOT_TEXT"]
