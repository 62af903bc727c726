"""The table's rule options: :class:`Rules`, an immutable value, and the three presets (docs/RULES.md §10).

Apart from :mod:`joker.rules` (how cards are played and tricks won) because options are a different
kind of fact: what a table agreed before the first deal, which saves, statistics, settings and score
pads store and compare, while the play rules are asked on every card.  :mod:`joker.rules` re-exports
everything here, so ``from joker.rules import Rules, PRESETS`` (the reference API, §11) holds.

>>> preset_name(dataclasses.replace(PRESETS["standard"], khishti=None)) is None
True
>>> Rules.from_dict(PRESETS["folk"].to_dict()) == PRESETS["folk"]
True
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .guard import shown

TRUMP_IN_NINES = ("dealer_card", "chosen")
PREMIUMS = ("bonus", "georgian", "folk")
FIRST_DEALERS = ("random", "aces")
#: The largest khishti penalty accepted: far above any table's custom, small enough that no score
#: can grow past the bounds the statistics accept.
MAX_KHISHTI = 10_000


def _one_of(name: str, value: Any, choices: tuple[str, ...]) -> None:
    if not (isinstance(value, str) and value in choices):
        raise ValueError(f"{name} must be one of {choices}, got {shown(value)}")


@dataclass(frozen=True)
class Rules:
    """An immutable set of rule options.  Build variants with :func:`dataclasses.replace`.

    ``khishti`` is ``None`` (a miss with no tricks scores 0) or ``(penalty, penalty_in_nines)``:
    a positive bid with no trick taken scores ``-penalty`` (``-penalty_in_nines`` in 9-card deals).
    """

    trump_in_nines: str = "chosen"
    high_lead_trumpable: bool = False
    khishti: tuple[int, int] | None = (200, 500)
    premium: str = "georgian"
    first_dealer: str = "random"

    def __post_init__(self) -> None:
        _one_of("trump_in_nines", self.trump_in_nines, TRUMP_IN_NINES)
        if not isinstance(self.high_lead_trumpable, bool):
            got = shown(self.high_lead_trumpable)
            raise ValueError(f"high_lead_trumpable must be True or False, got {got}")
        k = self.khishti
        if k is not None:
            if isinstance(k, list):
                object.__setattr__(self, "khishti", k := tuple(k))
            if not (isinstance(k, tuple) and len(k) == 2
                    and all(type(v) is int and 0 <= v <= MAX_KHISHTI for v in k)):
                raise ValueError(f"khishti must be None or a pair of penalties 0..{MAX_KHISHTI}, "
                                 f"got {shown(k)}")
        _one_of("premium", self.premium, PREMIUMS)
        _one_of("first_dealer", self.first_dealer, FIRST_DEALERS)

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["khishti"] = list(self.khishti) if self.khishti is not None else None
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Rules:
        """Rules from :meth:`to_dict`'s form; every option must be present, none may be unknown.

        Our reading of "a save whose rules lack an option" (issue #9): it is refused, not filled in
        with defaults.  Every save any version of the app wrote has all five options (they are as old
        as the engine), so a missing one means a damaged or hand-made entry; a default could
        silently change the game being replayed (the first dealer, the khishti penalty...).  When an
        option is added, its migration belongs in :mod:`joker.saves`, keyed on the save's version.
        """
        if not isinstance(d, dict):
            raise ValueError(f"rules must be a dict, got {shown(d)}")
        names = [f.name for f in dataclasses.fields(cls)]
        unknown = [shown(k) for k in d if k not in names]
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        rules = cls(**d)  # first: a bad value is named even when other options are missing
        missing = [n for n in names if n not in d]
        if missing:
            raise ValueError(f"rules lack the options {', '.join(missing)}")
        return rules


PRESETS: dict[str, Rules] = {
    # A. Tvaladze's published variant (seed 000).
    "tvaladze": Rules(trump_in_nines="dealer_card", high_lead_trumpable=True, khishti=None,
                      premium="bonus", first_dealer="random"),
    # The app guide (seed 001); the user may switch khishti off and pick "bonus" premium.
    "standard": Rules(trump_in_nines="chosen", high_lead_trumpable=False, khishti=(200, 500),
                      premium="georgian", first_dealer="random"),
    # Folk rules with a paper score sheet (seed 002): the first dealer is found by dealing for aces.
    "folk": Rules(trump_in_nines="chosen", high_lead_trumpable=True, khishti=(200, 200),
                  premium="folk", first_dealer="aces"),
}


def preset_name(rules: Rules) -> str | None:
    """The preset these rules equal, if any (for labels and statistics)."""
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return None


__all__ = ["Rules", "PRESETS", "MAX_KHISHTI", "TRUMP_IN_NINES", "PREMIUMS", "FIRST_DEALERS", "preset_name"]
