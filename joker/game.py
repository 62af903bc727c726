"""The game state machine: deals, trump, bids, tricks, scores — for front-ends and bots.

A :class:`Game` is fully determined by its rules, mode, seed, first-dealer choice and the list
of actions applied, which is exactly what :meth:`Game.to_dict` saves.  Phases are explicit
(``"trump" → "bid" → "play"`` per deal, then ``"over"``); the end of a deal and of a pulka are
scored and the next deal is dealt inside :meth:`Game.apply`, so a caller only ever sees a state
that waits for somebody's decision — and :meth:`Game.apply` returns the events on the way there,
so a table can animate them without comparing views (docs/ENGINE_API.md lists them).

:meth:`Game.view` is the only window for the UI and the bots: it holds what one seat may know.

>>> g = Game(mode="nines", seed=1, first_dealer=0)
>>> g.phase, g.to_act, g.legal_actions()
('trump', 1, ['S', 'C', 'D', 'H', '-'])
>>> g.apply("H")
[{'type': 'trump', 'seat': 1, 'trump': 'H', 'hand_counts': [9, 9, 9, 9]}]
>>> g.phase, g.view(1)["trump"]
('bid', 'H')
"""
from __future__ import annotations

import random
from typing import Any

from .actions import (
    BID_ACTIONS,
    REASON_TEXT,
    TRUMP_ACTIONS,
    IllegalAction,
    check_seat,
    legal_texts,
    play_record,
    refusal,
)
from .actions import why_illegal as _why_illegal
from .cards import SUITS, X1, card_text, mask_of, parse_play, trump_text
from .dealing import DEAL_SIZES, PULKA_OF, deal, deal_for_aces
from .game_checks import FORMAT_VERSION, MAX_SEED, check_options, saved_fields
from .guard import shown
from .records import deal_record, pulka_record
from .rules import PRESETS, Rules, _forbidden_bid, illegal_reason, legal_mask, winner_index
from .scoring import places
from .shuffler import Shuffler
from .view import deal_copy, seat_view

PHASES = ("trump", "bid", "play", "over")


class Game:
    """Georgian Joker for four seats (0..3, clockwise; the deal passes to the left)."""

    # Slots: the state is read on every action, and slot access stays fast however many fields
    # the game grows (a plain instance dict stops sharing its keys past 30 attributes).
    __slots__ = ("rules", "mode", "seed", "first_dealer", "sizes", "actions", "_shuffler", "_events", "aces",
                 "deals", "pulkas", "last_trick", "_totals", "_pulka_points", "deal_index", "dealer", "cards",
                 "hands", "_counts", "dealt", "bids", "taken", "trick", "tricks", "leader", "trump_chooser",
                 "trump_card", "trump_card_holder", "_legal", "trump", "phase", "to_act")

    def __init__(self, rules: Rules = PRESETS["standard"], mode: str = "full", seed: int | None = None,
                 first_dealer: int | str | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().getrandbits(48)
        check_options(rules, mode, seed, first_dealer)
        self.rules = rules
        self.mode = mode
        self.seed = seed
        self.first_dealer = first_dealer
        self.sizes = DEAL_SIZES[mode]
        self.actions: list[str] = []
        self._shuffler = Shuffler(seed)
        # Where the action being applied records its events; None: nobody reads them (nor those of
        # the first deal, which the first view already tells).
        self._events: list[dict[str, Any]] | None = None
        self.aces: list[tuple[int, int]] = []  # (seat, card) dealt face up to find the first dealer
        how = rules.first_dealer if first_dealer is None else first_dealer
        if how == "aces":
            self.aces = deal_for_aces(self._shuffler)
            dealer = self.aces[-1][0]
        elif how == "random":
            dealer = self._shuffler.below(4)
        else:
            dealer = int(how)
        self.deals: list[dict[str, Any]] = []
        self.pulkas: list[dict[str, Any]] = []
        self.last_trick: dict[str, Any] | None = None
        self._totals = [0, 0, 0, 0]          # after finished pulkas
        self._pulka_points = [0, 0, 0, 0]    # deal points of the current pulka so far
        self.deal_index = 0
        self.dealer = dealer
        self._start_deal()

    # ---- dealing ---------------------------------------------------------------------

    def _start_deal(self) -> None:
        n = self.sizes[self.deal_index]
        self.cards = n
        order, rest = deal(self._shuffler, self.dealer, n)
        hands = [mask_of(cards) for cards in order]
        self.hands = hands
        self._counts = [n, n, n, n]         # cards in each hand (the bitsets' sizes, kept for speed)
        self.dealt = order                  # each seat's cards in the order dealt
        self.bids: list[int | None] = [None] * 4
        self.taken = [0, 0, 0, 0]
        self.trick: list[tuple[int, int]] = []   # (seat, play)
        self.tricks: list[dict[str, Any]] = []
        self.leader = (self.dealer + 1) % 4
        self.trump_chooser: int | None = None
        self.trump_card: int | None = None
        self.trump_card_holder: int | None = None   # the dealer, when the trump card is in their hand
        self._legal: list[str] | None = None
        if n < 9:
            # Our reading (docs/RULES.md §12): the turned-up card stays out of play with the rest of
            # the deck, a turned-up joker too (that deal is played with one joker).
            self.trump_card = rest[0]
            self.trump = -1 if self.trump_card >= X1 else self.trump_card // 9
            self._begin_bidding()
        elif self.rules.trump_in_nines == "dealer_card":
            self.trump_card = order[self.dealer][-1]
            self.trump_card_holder = self.dealer
            self.trump = -1 if self.trump_card >= X1 else self.trump_card // 9
            self._begin_bidding()
        else:
            self.trump = -1
            self.trump_chooser = (self.dealer + 1) % 4
            self.phase = "trump"
            self.to_act: int | None = self.trump_chooser
        if (ev := self._events) is not None:
            ev.append({"type": "deal_started", **self._deal_facts()})

    def _begin_bidding(self) -> None:
        self.phase = "bid"
        self.to_act = (self.dealer + 1) % 4

    def _deal_facts(self) -> dict[str, Any]:
        """The public facts of the deal just dealt (no hands): the ``deal_started`` event."""
        return {"deal_no": self.deal_index + 1, "deals_total": len(self.sizes), "pulka": self.pulka + 1,
                "deal_in_pulka": self.deal_in_pulka(), "cards": self.cards, "dealer": self.dealer,
                "phase": self.phase, "to_act": self.to_act,
                "trump": trump_text(self.trump) if self.phase != "trump" else None,
                "trump_card": card_text(self.trump_card) if self.trump_card is not None else None,
                "trump_card_holder": self.trump_card_holder, "trump_chooser": self.trump_chooser}

    # ---- queries ---------------------------------------------------------------------

    @property
    def pulka(self) -> int:
        """0-based pulka of the current (or last) deal."""
        return PULKA_OF[self.mode][min(self.deal_index, len(self.sizes) - 1)]

    def deal_in_pulka(self) -> int:
        """1-based number of the current (or last) deal within its pulka."""
        deal = min(self.deal_index, len(self.sizes) - 1)
        return deal - PULKA_OF[self.mode].index(self.pulka) + 1

    def forbidden_bid(self) -> int | None:
        """The bid the dealer may not make (it would make the bids add up to the hand size)."""
        if self.phase != "bid" or self.to_act != self.dealer:
            return None
        return _forbidden_bid(sum(b for b in self.bids if b is not None), self.cards)

    def trump_card_played(self) -> bool:
        """Whether the trump card shown this deal has left its holder's hand (dealer_card nines)."""
        holder, card = self.trump_card_holder, self.trump_card
        return holder is not None and card is not None and not self.hands[holder] >> card & 1

    def trick_plays(self) -> list[dict[str, Any]]:
        """The trick in progress: ``{"seat", "play", "card"}`` for each play so far."""
        return [play_record(s, p) for s, p in self.trick]

    def legal_actions(self) -> list[str]:
        """Every legal action of the seat to act (empty when the game is over)."""
        if self._legal is None:
            self._legal = legal_texts(self)
        return list(self._legal)

    def why_illegal(self, action: str, seat: int | None = None) -> tuple[str, dict[str, Any]] | None:
        """Reason code and parameters when ``action`` is illegal now; None when it is legal.

        The one answer to "may this be done?": with ``seat`` (who is trying), whose turn it is comes
        first (``not_your_turn``, ``game_over``), then the rules.  :meth:`apply` refuses with the
        same code (:class:`IllegalAction`), so a front-end needs no check of its own.
        """
        return _why_illegal(self, action, seat)

    def scores(self) -> list[int]:
        """Running totals: finished pulkas (with premiums) plus the current pulka's deal points."""
        return [t + p for t, p in zip(self._totals, self._pulka_points, strict=True)]

    # ---- applying actions --------------------------------------------------------------

    def apply(self, action: str, seat: int | None = None, *, events: bool = True) -> list[dict[str, Any]]:
        """Apply the action of the seat to act and return the events it caused, in order.

        Illegal: :class:`IllegalAction` (a ``ValueError`` with the reason code of
        :meth:`why_illegal`) and the state is untouched.  Passing ``seat`` (who is acting) guards
        against out-of-turn actions from a front-end.  Events hold only public facts (no hands).

        ``events=False`` builds no events and returns ``[]``: the same state is reached, for callers
        that never read them (replaying a save, simulations, bot arenas), which then run faster.
        """
        if seat is not None:
            check_seat(seat)
            if seat != self.to_act:
                who = f" (seat {self.to_act} is to act)" if self.to_act is not None else " (the game is over)"
                raise refusal(self, action, seat, f"it is not seat {seat}'s turn{who}")
        out: list[dict[str, Any]] = []
        if events is True:
            self._events = out
        elif events is False:
            self._events = None
        else:
            raise ValueError(f"events must be True or False, got {shown(events)}")
        phase = self.phase
        if phase == "play":
            self._play(action)
        elif phase == "bid":
            self._bid(action, seat)
        elif phase == "trump":
            self._choose_trump(action, seat)
        else:
            raise refusal(self, action, seat, f"the game is over; nothing can be done (got {shown(action)})")
        return out

    def _bid(self, action: str, seat: int | None) -> None:
        legal = self._legal if self._legal is not None else self.legal_actions()
        if not isinstance(action, str) or action not in legal:
            if isinstance(action, str) and action in BID_ACTIONS[: self.cards + 1]:
                raise refusal(self, action, seat, f"the dealer may not bid {action}: the bids would "
                                    f"add up to {self.cards}, the number of cards")
            raise refusal(self, action, seat, f"not a bid now: {shown(action)} (bid 0..{self.cards})")
        bidder = self.to_act
        assert bidder is not None
        self.actions.append(action)
        self._legal = None
        bid = self.bids[bidder] = int(action)
        if (ev := self._events) is not None:
            ev.append({"type": "bid", "seat": bidder, "bid": bid})
        if bidder == self.dealer:
            self.phase = "play"
            self.to_act = self.leader
        else:
            self.to_act = (bidder + 1) % 4

    def _choose_trump(self, action: str, seat: int | None) -> None:
        if not isinstance(action, str) or action not in TRUMP_ACTIONS:
            raise refusal(self, action, seat, f"not a trump choice: {shown(action)} "
                                "(one of S C D H, or - for no trump)")
        self.actions.append(action)
        self._legal = None
        self.trump = -1 if action == "-" else SUITS.index(action)
        # Naming the trump finishes the deal: every hand is now complete (the counts say so).
        if (ev := self._events) is not None:
            ev.append({"type": "trump", "seat": self.trump_chooser, "trump": trump_text(self.trump),
                       "hand_counts": [h.bit_count() for h in self.hands]})
        self.trump_chooser = None
        self._begin_bidding()

    def _play(self, action: str) -> None:
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        trick = self.trick
        try:
            play = parse_play(action, lead=not trick)
        except ValueError as e:
            raise refusal(self, action, None, f"seat {seat} cannot play {shown(action)}: {e}") from None
        card = play & 63
        if not hand >> card & 1:
            raise refusal(self, action, None, f"seat {seat} cannot play {action}: "
                                f"{card_text(card)} is not in their hand")
        if trick and not legal_mask(hand, trick[0][1], self.trump) >> card & 1:
            code, params = illegal_reason(hand, trick[0][1], self.trump, play) or ("", {})
            why = REASON_TEXT[code].format(**params)
            raise refusal(self, action, None, f"seat {seat} cannot play {action}: {why}")
        self.actions.append(action)       # parse_play accepted it: the play's canonical text
        self._legal = None
        self.hands[seat] = hand ^ 1 << card
        counts = self._counts
        counts[seat] -= 1
        trick.append((seat, play))
        if (ev := self._events) is not None:
            ev.append({"type": "play", "seat": seat, "play": action, "card": action[:2],  # card text
                       "lead": len(trick) == 1, "hand_counts": counts[:]})
        if len(trick) < 4:
            self.to_act = (seat + 1) & 3
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        w = trick[winner_index([p for _, p in trick], self.trump, self.rules.high_lead_trumpable)][0]
        taken = self.taken
        taken[w] += 1
        # The trick's four plays are the last four actions, already in their canonical text: the
        # record and the event's copy of it are built from them, with no play_text lookups.
        texts = self.actions[-4:]
        plays = [{"seat": s, "play": t, "card": t[:2]} for (s, _), t in zip(trick, texts, strict=True)]
        no, leader = len(self.tricks) + 1, trick[0][0]
        record = {"no": no, "leader": leader, "plays": plays, "winner": w}
        self.tricks.append(record)
        self.last_trick = record
        if (ev := self._events) is not None:
            ev.append({"type": "trick", "no": no, "leader": leader, "plays": [p.copy() for p in plays],
                       "winner": w, "taken": taken[:]})
        self.trick = []
        self.leader = w
        self.to_act = w
        if len(self.tricks) == self.cards:
            self._finish_deal()

    def _finish_deal(self) -> None:
        record = deal_record(self.deal_index, self.pulka, self.cards, self.dealer, self.trump,
                             self.trump_card, self.bids, self.taken, self.rules)
        self.deals.append(record)
        pp = self._pulka_points
        for p, points in enumerate(record["points"]):
            pp[p] += points
        if (ev := self._events) is not None:
            ev.append({"type": "deal_scored", "deal": deal_copy(record), "scores": self.scores()})
        pulka = self.pulka
        last = self.deal_index + 1 == len(self.sizes)
        if last or PULKA_OF[self.mode][self.deal_index + 1] != pulka:
            self._finish_pulka(pulka)
        self.deal_index += 1
        self.dealer = (self.dealer + 1) % 4
        if last:
            self.phase = "over"
            self.to_act = None
            self._legal = None
            scores = self.scores()
            if (ev := self._events) is not None:
                ev.append({"type": "game_over", "scores": scores, "places": places(scores)})
        else:
            self._start_deal()

    def _finish_pulka(self, pulka: int) -> None:
        record = pulka_record(self.deals, pulka, self._totals, self.rules)
        self._totals = list(record["scores"])
        self._pulka_points = [0, 0, 0, 0]
        self.pulkas.append(record)
        if (ev := self._events) is not None:
            ev.append({"type": "pulka_scored", "pulka": deal_copy(record)})

    # ---- what a seat may see -----------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """A JSON-able dict of everything ``seat`` may know, and nothing more (:mod:`joker.view`)."""
        return seat_view(self, seat)

    # ---- saving --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to restore this game exactly: options, seed and the actions so far."""
        return {"format": FORMAT_VERSION, "rules": self.rules.to_dict(), "mode": self.mode, "seed": self.seed,
                "first_dealer": self.first_dealer, "actions": list(self.actions)}

    @classmethod
    def from_dict(cls, d: Any) -> Game:
        """Restore a game saved by :meth:`to_dict`, replaying and checking every action.

        ``ValueError`` for anything else, whatever its shape (:func:`joker.game_checks.saved_fields`).
        """
        rules, mode, seed, first_dealer, actions = saved_fields(d)
        g = cls(rules, mode, seed, first_dealer)
        for i, a in enumerate(actions):
            try:
                g.apply(a, events=False)
            except ValueError as e:
                raise ValueError(f"saved game: action #{i + 1} {shown(a)} cannot be replayed: {e}") from None
        return g

    def copy(self) -> Game:
        return Game.from_dict(self.to_dict())


__all__ = ["Game", "IllegalAction", "DEAL_SIZES", "PULKA_OF", "FORMAT_VERSION", "MAX_SEED", "Shuffler"]
