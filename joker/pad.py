"""The score pad: the paper pulka sheet of a game played with a real deck, kept by the engine.

At a kitchen table the cards are real and only the sheet is ours.  People say the bids aloud in
bidding order and, after play, how many tricks each took; the pad writes them down and the engine's
own scoring (:func:`~joker.scoring.deal_score`, :func:`~joker.scoring.pulka_result`,
:func:`~joker.scoring.places`) turns them into points, khishti, premiums, struck deals, running
totals and places.  Deal sizes and pulkas come from :mod:`joker.game`, the dealer's forbidden bid
from :func:`~joker.rules.forbidden_bid`: the pad restates no rule (docs/RULES.md §4, §7–§9).

A pad is a log of entries (trump, one bid, four bids, tricks taken, a correction); its state is
that log replayed, so undo drops the last entry and a correction of an old deal recomputes every
total after it.  :meth:`ScorePad.to_dict` saves the log; :meth:`ScorePad.from_dict` replays it
through the same checks as live entries, so a tampered save is refused, never half-loaded.

The pad is four modules: this one (the pad and what it says about the game under way),
:mod:`joker.pad_log` (each entry checked, then applied; saves read back), :mod:`joker.pad_checks`
(the values and limits) and :mod:`joker.pad_sheet` (the sheet computed from the entries).

>>> from joker.rules import PRESETS
>>> pad = ScorePad(PRESETS["folk"], "full", ["Nino", "Giorgi", "Levan", "Me"], first_dealer=0)
>>> pad.deal_no, pad.dealer, pad.cards, pad.step, pad.bid_order
(1, 0, 1, 'bids', (1, 2, 3, 0))
>>> def say(entry):                      # a refusal names its reason; nothing is changed
...     try:
...         entry()
...     except PadError as e:
...         print(e.reason, e.params)
...         print(e)
>>> say(lambda: pad.enter_bids([1, 0, 0, 0]))    # seat order; the dealer, seat 0, would make 1 of 1
forced_dealer {'bid': 1, 'cards': 1, 'seat': 0}
the dealer (seat 0) may not bid 1: the bids would add up to 1, the number of cards
>>> pad.enter_bids([0, 1, 1, 0]); pad.step
'taken'
>>> say(lambda: pad.enter_taken([0, 0, 0, 0]))
taken_sum {'sum': 0, 'cards': 1}
the tricks taken add up to 0, but 1 card was dealt to each player
>>> pad.enter_taken([0, 1, 0, 0]); pad.deal_no, pad.dealer, pad.sheet()["totals"]   # seat 2: khishti
(2, 1, [50, 100, -200, 50])
>>> pad.enter_bid(1); pad.bidder, pad.sheet()["forbidden_bid"]   # one bid at a time, in order
(3, None)
>>> pad.undo(); pad.correct(1, taken=[0, 0, 1, 0]); pad.sheet()["totals"]   # now seat 1's
[50, -200, 100, 50]
>>> ScorePad.from_dict(pad.to_dict()).sheet() == pad.sheet()
True
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .dealing import DEAL_SIZES, MODES, PULKA_OF
from .guard import shown as what
from .pad_checks import (
    FORMAT_VERSION,
    KIND,
    MAX_ENTRIES,
    MAX_NAME,
    MAX_PENALTY,
    TRUMPS,
    PadError,
    is_int,
)
from .pad_log import apply_entry, load
from .pad_sheet import build_sheet
from .rules import Rules
from .rules import forbidden_bid as dealer_forbidden

STEPS = ("bids", "taken", "over")


class ScorePad:
    """The sheet of one game for four players (seats 0..3 clockwise; the deal passes to the left).

    ``first_dealer``: a seat 0..3, or ``"random"`` (the pad draws one), or None for the rules' own
    way.  Our reading (docs/RULES.md §12): under ``first_dealer="aces"`` people deal cards face up
    until the first ace themselves and the pad only writes down whose seat that was, so a seat is
    required then; under ``"random"`` the pad may draw the seat for them.
    """

    def __init__(self, rules: Rules, mode: str, players: Sequence[str], first_dealer: int | str | None = None,
                 *, rng: random.Random | None = None) -> None:
        if not isinstance(rules, Rules):
            raise PadError("bad_rules", {}, f"rules must be a Rules value, got {what(rules)}")
        if rules.khishti is not None and max(rules.khishti) > MAX_PENALTY:
            raise PadError("bad_rules", {}, f"a khishti penalty above {MAX_PENALTY} is not a game we keep")
        if not isinstance(mode, str) or mode not in MODES:
            raise PadError("bad_mode", {}, f"mode must be 'full' or 'nines', got {what(mode)}")
        if not isinstance(players, (list, tuple)) or len(players) != 4:
            raise PadError("bad_players", {}, "players must be four names, seat 0..3")
        names = []
        for seat, raw in enumerate(players):
            name = raw.strip() if isinstance(raw, str) else ""
            if not name or len(name) > MAX_NAME or not name.isprintable():
                raise PadError("bad_name", {"seat": seat, "max": MAX_NAME},
                               f"the name of seat {seat} must be 1..{MAX_NAME} printable characters")
            names.append(name)
        if not (rng is None or isinstance(rng, random.Random)):
            raise PadError("bad_entry", {"what": "rng"}, f"rng must be a random.Random, got {what(rng)}")
        how: object = rules.first_dealer if first_dealer is None else first_dealer
        if how == "random":
            how = (rng or random.SystemRandom()).randrange(4)
        if not (is_int(how) and 0 <= how <= 3):
            raise PadError("first_dealer", {}, "say which seat (0..3) deals first"
                           + (" (the one who got the first ace)" if how == "aces" else f", not {what(how)}"))
        self.rules = rules
        self.mode = mode
        self.players = tuple(names)
        self.first_dealer = how
        self.sizes = DEAL_SIZES[mode]
        self._entries: list[dict[str, Any]] = []
        self._reset()

    # ---- where the game stands -----------------------------------------------------------

    def _reset(self) -> None:
        # One item per deal reached so far; the last is being entered unless the game is over.
        self._trumps: list[str | None] = [None]
        self._bids: list[list[int | None]] = [[None] * 4]
        self._taken: list[list[int] | None] = [None]

    @property
    def over(self) -> bool:
        return self._taken[-1] is not None

    @property
    def deal_no(self) -> int | None:
        """1-based number of the deal being entered (None once the game is over)."""
        return None if self.over else len(self._bids)

    @property
    def pulka(self) -> int | None:
        return None if self.over else PULKA_OF[self.mode][len(self._bids) - 1] + 1

    def dealer_of(self, deal_no: int) -> int:
        """The dealer of deal ``deal_no`` (1-based, any deal of the game, entered or not)."""
        if not (is_int(deal_no) and 1 <= deal_no <= len(self.sizes)):
            raise PadError("no_deal", {"last": len(self.sizes)},
                           f"no deal {what(deal_no)} in this game (deals 1..{len(self.sizes)})")
        return (self.first_dealer + deal_no - 1) % 4

    def bid_order_of(self, deal_no: int) -> tuple[int, ...]:
        """Seats in bidding order: left of the dealer first, the dealer last."""
        d = self.dealer_of(deal_no)
        return tuple((d + i) % 4 for i in (1, 2, 3, 4))

    @property
    def dealer(self) -> int | None:
        return None if self.over else self.dealer_of(len(self._bids))

    @property
    def cards(self) -> int | None:
        """Cards dealt to each player in the deal being entered."""
        return None if self.over else self.sizes[len(self._bids) - 1]

    @property
    def step(self) -> str:
        """``"bids"`` | ``"taken"`` | ``"over"``: what the table tells the pad next."""
        if self.over:
            return "over"
        return "bids" if None in self._bids[-1] else "taken"

    @property
    def bid_order(self) -> tuple[int, ...]:
        return () if self.over else self.bid_order_of(len(self._bids))

    @property
    def bidder(self) -> int | None:
        """The seat whose bid is written down next (None unless the step is ``"bids"``)."""
        if self.step != "bids":
            return None
        return next(s for s in self.bid_order if self._bids[-1][s] is None)

    def forbidden_bid(self) -> int | None:
        """The number the dealer may not bid, once the dealer is the one to bid; else None."""
        if self.bidder is None or self.bidder != self.dealer:
            return None
        return dealer_forbidden((b for b in self._bids[-1] if b is not None), self.sizes[len(self._bids) - 1])

    @property
    def can_undo(self) -> bool:
        return bool(self._entries)

    def deals_entered(self) -> list[tuple[str | None, list[int | None], list[int] | None]]:
        """(trump, bids, tricks taken) of every deal reached so far, seat order 0..3; copies."""
        return [(t, list(b), None if k is None else list(k))
                for t, b, k in zip(self._trumps, self._bids, self._taken, strict=True)]

    # ---- entries (checked and applied by joker.pad_log) --------------------------------

    def _do(self, entry: dict[str, Any]) -> None:
        if len(self._entries) >= MAX_ENTRIES:
            raise PadError("pad_full", {"max": MAX_ENTRIES}, f"this pad holds {MAX_ENTRIES} entries already")
        self._entries.append(apply_entry(self, entry))

    def set_trump(self, trump: str | None, deal_no: int | None = None) -> None:
        """Write down a deal's trump: ``"S" "C" "D" "H"``, ``"-"`` for none, None to rub it out.

        Optional, and no score depends on it; the sheet shows it as people write it on paper.
        Without ``deal_no`` it is the deal being entered.
        """
        self._do({"op": "trump", "trump": trump, "deal": deal_no})

    def enter_bid(self, bid: int) -> None:
        """The next bid in bidding order (:attr:`bidder`'s); the dealer's forbidden number is refused."""
        self._do({"op": "bid", "bid": bid})

    def enter_bids(self, bids: Sequence[int]) -> None:
        """All four bids of the deal being entered, in seat order 0..3."""
        self._do({"op": "bids", "bids": bids})

    def enter_taken(self, taken: Sequence[int]) -> None:
        """Tricks taken in the deal being entered, seat order 0..3; they must add up to its cards."""
        self._do({"op": "taken", "taken": taken})

    def correct(self, deal_no: int, bids: Sequence[int] | None = None,
                taken: Sequence[int] | None = None) -> None:
        """Replace the bids and/or the tricks taken of a finished deal; every total after it follows."""
        self._do({"op": "correct", "deal": deal_no, "bids": bids, "taken": taken})

    def undo(self) -> None:
        """Take back the last entry: a bid, the bids, the tricks taken, a trump or a correction."""
        if not self._entries:
            raise PadError("nothing_to_undo", {}, "there is nothing to undo")
        entries = self._entries[:-1]
        self._entries = []
        self._reset()
        for e in entries:
            self._do(e)

    # ---- the sheet ---------------------------------------------------------------------

    def sheet(self) -> dict[str, Any]:
        """The whole sheet, JSON-able (see :func:`joker.pad_sheet.build_sheet`)."""
        return build_sheet(self)

    # ---- saving ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Rules, mode, players, first dealer and the entry log: all a pad is, format-versioned."""
        return {"format": FORMAT_VERSION, "kind": KIND, "rules": self.rules.to_dict(), "mode": self.mode,
                "players": list(self.players), "first_dealer": self.first_dealer,
                "entries": [{k: list(v) if isinstance(v, list) else v for k, v in e.items()}
                            for e in self._entries]}

    @classmethod
    def from_dict(cls, d: Any) -> ScorePad:
        """A pad saved by :meth:`to_dict`, its every entry replayed through the live checks.

        Anything else raises :class:`PadError` (``pad_corrupt`` or ``pad_version``), a ``ValueError``;
        nothing else escapes (:func:`joker.pad_log.load`).
        """
        return load(cls, d)


__all__ = ["ScorePad", "PadError", "FORMAT_VERSION", "STEPS", "TRUMPS"]
