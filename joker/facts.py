"""What the first screen offers, as the package knows it: bot levels, game modes, rule presets
and the values of each rule option.

The page shows its first screen before Python is up, so ``build.py`` writes :func:`facts` to
``facts.json`` and the table layer reads that file (``static/js/facts.js``) instead of keeping
its own copies.  Nothing here is new: every value comes from the module that owns it.

>>> f = facts()
>>> f["levels"], [m["name"] for m in f["modes"]], f["modes"][0]["deals"]
(['easy', 'medium', 'hard', 'insane'], ['full', 'nines'], 24)
>>> f["presets"]["standard"]["khishti"], f["options"]["khishti"]
([200, 500], [None, [200, 500], [200, 200]])
"""
from __future__ import annotations

from typing import Any

from .bots import LEVELS
from .dealing import DEAL_SIZES, MODES
from .rules import FIRST_DEALERS, PREMIUMS, PRESETS, TRUMP_IN_NINES, Rules

#: The choices the first screen starts from (the settings of a first visit).
DEFAULTS = {"level": "medium", "mode": "full", "preset": "standard"}


def _offered(allowed: tuple[Any, ...], default: Any) -> list[Any]:
    """Every allowed value of an option, the default preset's first (the order the screen shows)."""
    return [default] + [v for v in allowed if v != default]


def option_values() -> dict[str, list[Any]]:
    """The values offered for each rule option of :class:`~joker.rules.Rules`.

    The enumerated options offer every value the rules accept.  ``khishti`` is a pair of any
    penalties; what is offered are the values the presets use (``None`` is "off"), in a fixed
    order: off, then the presets' pairs in preset order.
    """
    default = PRESETS[DEFAULTS["preset"]]
    pairs: list[Any] = []
    for rules in PRESETS.values():
        k = rules.to_dict()["khishti"]
        if k is not None and k not in pairs:
            pairs.append(k)
    return {
        "trump_in_nines": _offered(TRUMP_IN_NINES, default.trump_in_nines),
        "high_lead_trumpable": [True, False],
        "khishti": [None, *pairs],
        "premium": _offered(PREMIUMS, default.premium),
        "first_dealer": _offered(FIRST_DEALERS, default.first_dealer),
    }


def facts() -> dict[str, Any]:
    """The JSON document the first screen reads (``facts.json``); in every list and in
    ``presets`` the default comes first, as the screen shows it."""
    return {
        "levels": list(LEVELS),
        "modes": [{"name": m, "deals": len(DEAL_SIZES[m])} for m in MODES],
        "presets": {name: PRESETS[name].to_dict() for name in _offered(tuple(PRESETS), DEFAULTS["preset"])},
        "options": option_values(),
        "option_names": [name for name in Rules.__dataclass_fields__],
        "defaults": dict(DEFAULTS),
    }


__all__ = ["facts", "option_values", "DEFAULTS"]
