"""Computer opponents: Easy, Medium, Hard, Insane (and a uniformly random pseudo-level for the arena).

>>> from joker.game import Game
>>> g = Game(mode="full", seed=5)
>>> bot = make_bot("medium", seed=1)
>>> bot.act(g.view(g.to_act)) in g.legal_actions()
True

A bot reads only ``Game.view(seat)``; ``act`` on a fresh bot gives the same answer as on a bot that
watched the whole game (with the same seed and, for the search levels, a fixed ``worlds`` count —
under a time budget the number of samples depends on the machine).
"""
from __future__ import annotations

import math
from typing import Any

from .base import Bot
from .calibrate import DEAD_ZONE, table_drift
from .choices import Choice, candidates
from .estimate import PLAIN_GUESS, SEARCH_GUESS, BidGuess, est_tricks, pick_bid, rough_count
from .heuristic import HeuristicPlayer
from .info import Info
from .model import WILD_FLOOR, TableModel
from .search import Searcher
from .styles import STYLES, StyleBot, make_style

LEVELS = ("easy", "medium", "hard", "insane")
#: Players for the arena only: uniformly random play and the opponent pool's styles.
PSEUDO_LEVELS = ("random",) + STYLES

#: Default time budgets (ms per decision) of the search levels in CPython.
DEFAULT_BUDGET_MS = {"hard": 100.0, "insane": 400.0}


class RandomBot(Bot):
    level = "random"

    def act(self, view: dict[str, Any]) -> str:
        legal = view["legal"]
        if not legal:
            raise ValueError("this seat has nothing to do (view['legal'] is empty)")
        return str(self._rng(view).choice(legal))


class HeuristicBot(Bot):
    memory = True
    careless = 0.0

    def _player(self, view: dict[str, Any]) -> HeuristicPlayer:
        return HeuristicPlayer(self._rng(view), memory=self.memory, careless=self.careless)

    def bid(self, view: dict[str, Any]) -> str:
        return self._player(view).bid(view, Info.from_view(view, memory=self.memory))

    def play(self, view: dict[str, Any]) -> str:
        return self._player(view).play(view, Info.from_view(view, memory=self.memory))


class EasyBot(HeuristicBot):
    """Rough bids, no memory of past tricks, a careless card now and then (never an absurd one).

    Its rough count is moved by what it has taken above (or below) its own rough counts at this table
    (:mod:`joker.bots.calibrate`), rounded at random: its bids drift neither way at any table, though
    each one stays rough.
    """
    level = "easy"
    memory = False
    careless = 0.3
    #: Tricks per card Easy takes above its rough count at a table of its like (about 0.3 a 9-card deal).
    DRIFT_PRIOR = 0.035

    def bid(self, view: dict[str, Any]) -> str:
        info = Info.from_view(view, memory=False)
        c = table_drift(view, info.seat, info.n, float, self.DRIFT_PRIOR)
        f = math.floor(c)
        shift = f + (1 if self._rng(view).random() < c - f else 0)
        return pick_bid(float(rough_count(info.hand, info.trump, info.n) + shift), view["legal"])


class MediumBot(HeuristicBot):
    """Careful estimates, counts every card, plays to its bid, uses the jokers when it must.

    Its bid (and trump choice) is checked on a few sampled deals: the bids within two of its table
    estimate are each played out ``BID_WORLDS`` times with the rollout kernel, and the best expected
    score wins — a quick look ahead that a careful player makes before bidding.  The look ahead plays
    every seat as our kernel, and a table that plays otherwise leaves tricks to us (or takes them), so
    each rollout's count for our seat is moved by what this seat has been taking above (or below) its
    own looked-ahead bids at this table beyond a small dead zone (:mod:`joker.bots.calibrate`), rounded
    at random per sampled deal.  Moving the rollouts, not the bid found, lets the look ahead weigh the
    shift against how sure each bid is (docs/BOTS.md, "Medium's reading inside its look ahead").
    """
    level = "medium"
    BID_WORLDS = 24

    def _searcher(self, view: dict[str, Any]) -> Searcher:
        return Searcher(self._rng(view), 1000.0, False, 1, 0.0, worlds=self.BID_WORLDS)

    def trump(self, view: dict[str, Any]) -> str:
        return str(self._searcher(view).analyse_trump(view)[0]["action"])

    def bid(self, view: dict[str, Any]) -> str:
        info = Info.from_view(view)
        # the rollouts add the reading in expectation (rounded at random), hence ``float``
        c = table_drift(view, info.seat, info.n, float, dead=DEAD_ZONE)
        e = est_tricks(info.hand, info.trump, info.n) + c
        near = [a for a in view["legal"] if abs(int(a) - e) <= 2.0]
        return str(self._searcher(view).analyse_bid(view, near or None, c)[0]["action"])


class SearchBot(Bot):
    """Base of Hard and Insane: every decision is a search (:class:`joker.bots.search.Searcher`)."""

    hl_inference = False
    proposals = 1          # consistent deals proposed per kept one (bid reading when > 1)
    modelling = True       # read the table's habits (joker.bots.model); False: every seat is our kernel
    harm = 0.0
    endgame = 0            # card play with at most this many cards in hand: exact solve (joker.bots.endgame)
    endgame_kernel = False  # in that solve the other seats play the kernel's moves (ours are searched)
    over_others = False    # rollouts: the others past their bid take tricks (kernel option ``over``)
    #: card play: (plies searched as a tree after our card, UCB constant in points, widening), see
    #: joker.bots.tree; 0 plies: the flat search
    tree: tuple[int, float, float] = (0, 0.0, 0.0)
    #: the rollouts leave out this much of a seat's habit of taking more than it bids (tricks per
    #: 9-card deal); off as shipped (measured at TAKES_MORE_DEAD: joker.bots.model, docs/BOTS.md)
    takes_more_dead = 0.0
    #: the rollouts play every other seat at random at least this often (joker.bots.model.WILD_FLOOR)
    wild_floor = 0.0
    #: how the bid and trump searches guess the bids still to come (joker.bots.estimate.BidGuess)
    bid_guess: BidGuess = PLAIN_GUESS
    greedy_reads = False   # card play: a greedy seat's hand sampled to fit its plays (joker.bots.greedyread)

    def __init__(self, seed: int | None = None, budget_ms: float | None = None,
                 worlds: int | None = None) -> None:
        super().__init__(seed)
        self.budget_ms = DEFAULT_BUDGET_MS[self.level] if budget_ms is None else float(budget_ms)
        self.worlds = worlds
        self.stats: dict[str, float] = {"rollouts": 0, "seconds": 0.0, "worlds": 0}

    def _searcher(self, view: dict[str, Any]) -> Searcher:
        model = TableModel.from_view(view) if self.modelling else None
        if model is not None and self.wild_floor:
            model.hedge(self.wild_floor)
        s = Searcher(self._rng(view), self.budget_ms, self.hl_inference, self.proposals, self.harm,
                     worlds=self.worlds, model=model, endgame=self.endgame,
                     endgame_kernel=self.endgame_kernel, over_others=self.over_others,
                     tree=self.tree, takes_more_dead=self.takes_more_dead, bid_guess=self.bid_guess,
                     greedy_reads=self.greedy_reads)
        s.stats = self.stats
        return s

    def analyse(self, view: dict[str, Any]) -> list[Choice]:
        """Every legal action with its value, best first: ``[{"action", "value", "points"}, ...]``.

        ``value`` is what the search maximises — the expected score of this deal for the acting
        seat (Insane: its expected change of total, premium included, minus half the opponents'
        mean change); ``points`` is the expected score of this deal alone for the acting seat.
        Equivalent actions (touching cards, the two jokers played alike) share one value.  For the
        same seed and a fixed ``worlds``, ``act(view) == analyse(view)[0]["action"]``; trump choice,
        bids and card play (every joker mode and named suit) are all covered, and a single legal
        action is still valued.

        >>> from joker.game import Game
        >>> g = Game(mode="nines", seed=5)
        >>> v = g.view(g.to_act)
        >>> bot = make_bot("hard", seed=1, worlds=20)
        >>> a = bot.analyse(v)
        >>> sorted(c["action"] for c in a) == sorted(v["legal"]), a[0]["action"] == bot.act(v)
        (True, True)
        """
        return self._searcher(view).analyse(view)

    def trump(self, view: dict[str, Any]) -> str:
        return str(self.analyse(view)[0]["action"])

    def bid(self, view: dict[str, Any]) -> str:
        return str(self.analyse(view)[0]["action"])

    def play(self, view: dict[str, Any]) -> str:
        cands, _ = candidates(Info.from_view(view), view["legal"])
        if len(cands) == 1:
            return str(view["legal"][0])   # every legal card is as good as the first
        return str(self.analyse(view)[0]["action"])


class HardBot(SearchBot):
    """Samples deals consistent with the revealed voids; bids and plays by rollouts."""
    level = "hard"


class InsaneBot(SearchBot):
    """More samples, read from the bids, the high-joker leads and a greedy seat's plays; plays against
    rivals' bids and premiums."""
    level = "insane"
    hl_inference = True
    proposals = 0          # read the bids by weighting each sampled deal (cheaper than resampling)
    harm = 0.5
    endgame = 0            # see SearchBot.endgame (measured: docs/BOTS.md, "Fourth pass")
    wild_floor = WILD_FLOOR  # a hedge against a table unlike our kernel (docs/BOTS.md, "Twentieth pass")
    bid_guess = SEARCH_GUESS  # guessed bids answer the bids before them (docs/BOTS.md, "Twenty-fourth pass")
    greedy_reads = True    # a greedy seat's hand fits its plays (docs/BOTS.md, "Thirty-first pass")


_CLASSES: dict[str, type[Bot]] = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot,
                                  "insane": InsaneBot}


def make_bot(level: str, seed: int | None = None, budget_ms: float | None = None,
             worlds: int | None = None) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`, or ``"random"``).

    ``budget_ms`` (time per decision) and ``worlds`` (a fixed number of sampled deals, for
    reproducible search) apply to the search levels only."""
    if level in STYLES:
        return make_style(level, seed)
    cls = _CLASSES.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r}; expected one of {LEVELS + PSEUDO_LEVELS}")
    if issubclass(cls, SearchBot):
        search: type[SearchBot] = cls
        return search(seed, budget_ms=budget_ms, worlds=worlds)
    return cls(seed)


__all__ = ["make_bot", "LEVELS", "PSEUDO_LEVELS", "STYLES", "DEFAULT_BUDGET_MS", "Bot", "SearchBot",
           "StyleBot", "Choice"]
