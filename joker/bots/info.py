"""What a bot knows, read from ``Game.view(seat)`` alone: hands as bitsets, the cards seen, and the
inferences a careful player draws (voids, cards a high joker lead forced out).

Everything here is a pure function of the view, so a fresh bot in the browser's worker, handed the
view as JSON, knows exactly what a long-lived one knows.

>>> from joker.cards import parse_hand, SUIT_MASKS
>>> info = Info.from_view({"seat": 0, "phase": "play", "cards": 2, "dealer": 3, "trump": "H",
...     "trump_card": "6D", "hand": ["AS"], "hand_counts": [1, 1, 1, 2], "bids": [1, 0, 1, 0],
...     "taken": [0, 0, 0, 0], "trick": [], "leader": 0, "rules": {"trump_in_nines": "chosen",
...     "high_lead_trumpable": False, "khishti": [200, 500], "premium": "georgian", "first_dealer": "random"},
...     "tricks": [{"leader": 0, "winner": 0, "plays": [{"seat": 0, "play": "KS"},
...         {"seat": 1, "play": "7D"}, {"seat": 2, "play": "QS"}, {"seat": 3, "play": "X1-"}]}],
...     "deals": [], "pulkas": [], "legal": ["AS"]}, hl_inference=True)
>>> bool(info.excl[1] & SUIT_MASKS[0]), bool(info.excl[1] & SUIT_MASKS[3])   # seat 1: no spades, no trumps
(True, True)
>>> bool(info.excl[3] & SUIT_MASKS[0])                                       # a joker reveals nothing
False
"""
from __future__ import annotations

from typing import Any

from ..cards import FULL_DECK_MASK, HIGH, JOKER_MASK, SUIT_MASKS, X1, parse_card, parse_hand, parse_play
from ..rules import Rules, winner_index

SM = SUIT_MASKS


def rules_of(view: dict[str, Any]) -> Rules:
    return Rules.from_dict(dict(view["rules"]))


class Info:
    """The bot's knowledge of the current deal (canonical card encoding, trump -1..3)."""

    __slots__ = ("seat", "n", "trump", "hand", "bids", "taken", "dealer", "leader", "trick", "trick_seats",
                 "played", "played_by", "counts", "known", "excl", "pool", "out_count", "rules", "hlt",
                 "khishti", "phase", "tricks_done", "forced_out")

    seat: int
    n: int                       # hand size of the deal
    trump: int                   # -1 (no trump) or 0..3
    hand: int
    bids: list[int | None]
    taken: list[int]
    dealer: int
    leader: int
    trick: list[int]             # plays of the trick on the table
    trick_seats: list[int]
    played: int                  # every card seen played (this deal)
    played_by: list[int]         # per seat
    counts: list[int]            # cards in each hand
    known: list[int]             # cards known to be in a seat's hand
    excl: list[int]              # cards a seat cannot hold
    pool: int                    # unseen cards whose place is not known
    out_count: int               # cards out of play among the pool
    rules: Rules
    hlt: bool
    khishti: tuple[int, int] | None
    phase: str
    tricks_done: int
    forced_out: list[int]        # cards a high joker lead forced out of a seat

    @classmethod
    def from_view(cls, view: dict[str, Any], hl_inference: bool = False, memory: bool = True) -> Info:
        self = cls()
        self.seat = seat = view["seat"]
        self.phase = view["phase"]
        self.n = view["cards"]
        t = view.get("trump")
        self.trump = -1 if t is None else "SCDH".index(t)
        self.hand = parse_hand(view["hand"])
        self.bids = list(view["bids"])
        self.taken = list(view["taken"])
        self.dealer = view["dealer"]
        self.leader = view["leader"]
        self.rules = rules_of(view)
        self.hlt = self.rules.high_lead_trumpable
        self.khishti = self.rules.khishti
        self.counts = list(view["hand_counts"])
        trick = view["trick"]
        self.trick = [parse_play(p["play"], lead=i == 0) for i, p in enumerate(trick)]
        self.trick_seats = [p["seat"] for p in trick]
        played = 0
        played_by = [0, 0, 0, 0]
        excl = [0, 0, 0, 0]
        forced_out = [0, 0, 0, 0]
        tricks = view.get("tricks") or []
        self.tricks_done = len(tricks)
        seq = [[(p["seat"], parse_play(p["play"], lead=i == 0)) for i, p in enumerate(tr["plays"])]
               for tr in tricks]
        seq.append(list(zip(self.trick_seats, self.trick, strict=True)))
        trump = self.trump
        tmask = SM[trump] if trump >= 0 else 0
        for plays in seq:
            if not plays:
                continue
            lead = plays[0][1]
            lc = lead & 63
            if lc >= X1:
                led_suit = (lead >> 8) - 1
                high = lead >> 6 & 3 == HIGH
            else:
                led_suit = lc // 9
                high = False
            smask = SM[led_suit]
            for i, (s, p) in enumerate(plays):
                c = p & 63
                played |= 1 << c
                played_by[s] |= 1 << c
                if i == 0 or c >= X1:
                    continue
                if not smask >> c & 1:
                    excl[s] |= smask                      # did not follow: void in the led suit
                    if tmask and not tmask >> c & 1:
                        excl[s] |= tmask                  # and did not trump: no trumps either
                elif high and hl_inference:
                    # forced to play the highest card of S: nothing higher in S was left in that hand
                    forced_out[s] |= 1 << c
                    excl[s] |= smask & ~((2 << c) - 1)
        if not memory:
            # a forgetful player remembers only the trick on the table
            played = 0
            for p in self.trick:
                played |= 1 << (p & 63)
        self.played = played
        self.played_by = played_by
        self.forced_out = forced_out
        # Cards known to be in someone's hand: the dealer's shown trump card (dealer_card, 9-card deals).
        known = [0, 0, 0, 0]
        tc = view.get("trump_card")
        seen = self.hand | played
        if tc is not None:
            c = parse_card(tc)
            if self.n == 9:
                if self.dealer != seat and not played >> c & 1 and self.phase != "trump":
                    known[self.dealer] |= 1 << c
            else:
                seen |= 1 << c    # the indicator card is out of play
        self.known = known
        for s in range(4):
            excl[s] &= ~known[s]
        self.excl = excl
        self.pool = FULL_DECK_MASK & ~seen & ~(known[0] | known[1] | known[2] | known[3])
        need = sum(self.counts[s] - known[s].bit_count() for s in range(4) if s != seat)
        self.out_count = self.pool.bit_count() - need
        return self

    # ---- helpers ------------------------------------------------------------------------

    def unseen(self) -> int:
        """Cards that some other seat may hold (or that are out of play)."""
        return self.pool | self.known[0] | self.known[1] | self.known[2] | self.known[3]

    def need(self, seat: int) -> int:
        b = self.bids[seat]
        return (0 if b is None else b) - self.taken[seat]

    def pos(self) -> int:
        return len(self.trick)

    def after(self, play: int) -> tuple[int, list[int], list[int]]:
        """``(leader, trick, taken)`` once this seat has played ``play``: a trick it completes is
        taken by its winner, who leads next."""
        trick, taken, leader = self.trick + [play], list(self.taken), self.leader
        if len(trick) == 4:
            leader = (leader + winner_index(trick, self.trump, self.hlt)) & 3
            taken[leader] += 1
            trick = []
        return leader, trick, taken


def joker_count(mask: int) -> int:
    return (mask & JOKER_MASK).bit_count()
