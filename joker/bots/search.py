"""Hard and Insane: determinized sampling (PIMC) over deals consistent with what the table has shown.

Each decision samples the unseen cards into the other hands (:mod:`joker.bots.sampling`), then scores
every candidate — trump suit, bid, or card with each joker mode and named suit — by a rollout of the
deal with the fast bid-seeking kernel (:mod:`joker.bots.kernel`).  The same sampled deals serve every
candidate (common random numbers), and the loop runs until the time budget (or ``worlds``) is spent.

:meth:`Searcher.analyse` returns every legal action with its value, best first; a search bot plays the
first one, so the hints and reviews built on it say exactly what the bot would do.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..playout import swap_play
from .bidsearch import bid_values, trump_values
from .choices import Choice, candidates, ranked
from .endgame import Endgame, scores_for
from .estimate import PLAIN_GUESS, BidGuess
from .greedyread import GREEDY_TRUST, WILD_DISTRUST, greedy_exclusions
from .info import Info
from .kernel import WILD_ONE, rollout, to_kernel
from .model import TableModel
from .sampling import Sampler, World, bid_reader
from .tree import Tree
from .utility import Utility

Evaluate = Callable[[World, list[float], list[float]], None]


class Searcher:
    """One decision's search: sampling, candidates, rollouts, within a time budget or a world count."""

    def __init__(self, rng: random.Random, budget_ms: float, hl_inference: bool, proposals: int,
                 harm: float, worlds: int | None = None, min_worlds: int = 6,
                 model: TableModel | None = None, endgame: int = 0, endgame_kernel: bool = False,
                 over_others: bool = False, tree: tuple[int, float, float] = (0, 0.0, 0.0),
                 takes_more_dead: float = 0.0, bid_guess: BidGuess = PLAIN_GUESS,
                 greedy_reads: bool = False) -> None:
        self.rng = rng
        self.model = model or TableModel.prior()
        self.budget = budget_ms / 1000.0
        self.hl_inference = hl_inference
        self.proposals = proposals
        self.harm = harm
        self.worlds = worlds
        self.min_worlds = min_worlds
        #: Card play with at most this many cards in hand solves each sampled deal exactly
        #: (:mod:`joker.bots.endgame`) instead of rolling it out; 0: never.
        self.endgame = endgame
        #: In that solve the other seats play the rollout kernel's moves (only ours are searched);
        #: False: every seat plays its best for itself.
        self.endgame_kernel = endgame_kernel
        #: In the rollouts the other seats, once past their bid, take what tricks they can (each is
        #: worth 10 to them) instead of ducking as a made bid does (kernel option ``over``).
        self.over_others = over_others
        #: Card play searches ``depth`` plies after our card as a tree shared by the sampled deals
        #: (:mod:`joker.bots.tree`: (depth, UCB constant in points, widening)); depth 0: flat.
        self.tree = tree
        #: The rollouts' targets leave out this much (tricks per 9-card deal) of a seat's habit of
        #: taking more than it bids (joker.bots.model.TAKES_MORE_DEAD); 0: the whole habit counts.
        self.takes_more_dead = takes_more_dead
        #: How the bid and trump searches guess the bids still to come from each sampled hand
        #: (:class:`joker.bots.estimate.BidGuess`).
        self.bid_guess = bid_guess
        #: Card play samples the hands of the seats the model reads as greedy to fit their plays under
        #: that way (:mod:`joker.bots.greedyread`).
        self.greedy_reads = greedy_reads
        # diminishing returns: a few hundred deals per millisecond-of-budget/5 settle the choice
        self.max_worlds = max(50, int(5 * budget_ms))
        self.stats: dict[str, float] = {"rollouts": 0, "seconds": 0.0, "worlds": 0}
        self.sums: dict[str, Any] | None = None   # the last decision's sums (see _ranked)

    def analyse(self, view: dict[str, Any]) -> list[Choice]:
        """Every legal action of ``view`` with its value, best first (see :func:`ranked`)."""
        if not view["legal"]:
            raise ValueError("this seat has nothing to do (view['legal'] is empty)")
        phase = view["phase"]
        if phase == "trump":
            return self.analyse_trump(view)
        if phase == "bid":
            return self.analyse_bid(view)
        return self.analyse_play(view)

    def _habits(self, n: int) -> list[float]:
        """Each seat's expected bid - taken in a deal of ``n`` cards (the opponent model)."""
        return [self.model.bias_for(s, n) for s in range(4)]

    def _aims(self, n: int) -> list[float]:
        """The habits the rollouts' targets use (:meth:`_targets`): :meth:`_habits` with a habit of
        taking more than one bids shrunk toward 0 by ``takes_more_dead`` tricks per 9-card deal."""
        habits = self._habits(n)
        d = self.takes_more_dead * n / 9
        return [min(0.0, h + d) if h < 0 else h for h in habits] if d else habits

    def _draws(self) -> list[float]:
        """Uniforms for a sampled deal (the same for every candidate: common random numbers): one per
        seat for its rollout target, one per seat for its way of playing."""
        r = self.rng.random
        return [r(), r(), r(), r(), r(), r(), r(), r()]

    def _greedy(self, u: Sequence[float]) -> int:
        """The seats that play the simple greedy way in this sample (see :func:`kernel.rollout`)."""
        g = self.model.greedy
        return (u[4] < g[0]) | (u[5] < g[1]) << 1 | (u[6] < g[2]) << 2 | (u[7] < g[3]) << 3

    def _kept(self, u: Sequence[float], gm: int) -> int:
        """The seats the tree does not search in this sample: those played the greedy way (``gm``)
        and those the model does not read as playing for their bid (``TableModel.searched``); drawn
        from the greedy draws' uniforms (no draw of their own, so the flat search is unchanged)."""
        g, q = self.model.greedy, self.model.searched
        kept = gm
        for s in range(4):
            if u[4 + s] >= g[s] + (1 - g[s]) * q[s]:
                kept |= 1 << s
        return kept

    @staticmethod
    def _targets(bids: Sequence[int], me: int, n: int, habits: Sequence[float],
                 u: Sequence[float], greedy: int = 0) -> list[int]:
        """What each other seat plays for in a rollout: its bid less its habit of missing it (rounded
        to a neighbour by the draw ``u``), so the rollouts take for that seat about what it really takes.
        A seat played the greedy way (``greedy`` mask) plays for its real bid: its way of playing is
        what makes it miss."""
        out = list(bids)
        for s in range(4):
            h = habits[s]
            if s != me and h and not greedy >> s & 1:
                x = bids[s] - h
                f = math.floor(x)
                out[s] = min(n, max(0, f + (1 if u[s] < x - f else 0)))
        return out

    def _ranked(self, actions: Sequence[str], rep: Sequence[int], totals: list[float], points: list[float],
                count: float, order: Sequence[float] | None = None) -> list[Choice]:
        """:func:`ranked`, keeping the sums it ranks in ``self.sums``: searches of the same decision
        with other seeds add up to one bigger search (joker.bots.parallel)."""
        self.sums = {"actions": list(actions), "rep": list(rep), "totals": list(totals),
                     "points": list(points), "count": count, "order": None if order is None else list(order)}
        return ranked(actions, rep, totals, points, count, order)

    def _wild(self, me: int) -> list[int]:
        """The kernel's ``wild`` thresholds: how often each other seat plays at random (the opponent
        model); empty when no seat does, so the rollouts draw nothing."""
        w = [0 if s == me else int(p * WILD_ONE) for s, p in enumerate(self.model.wild)]
        return w if any(w) else []

    def _stop(self, me: int) -> int:
        """The seats the tree stops at (:class:`joker.bots.tree.Tree`): those the opponent model reads
        as playing at random from the view.  Insane's hedge (``TableModel.hedge``) is not such a
        reading — it puts every seat's random plays in the rollouts below the tree, where they keep
        the rollouts from trusting the kernel's picture too far — so the tree still searches the
        hedged seats' replies."""
        m = self.model
        read = m.wild if m.read_wild is None else m.read_wild
        return sum(1 << s for s in range(4) if s != me and read[s] > 0)

    def _over(self, me: int) -> int:
        """The kernel's ``over`` mask (off as shipped): the other seats, once past their bid, take
        the tricks they can in the rollouts, bids and card play alike."""
        return 15 & ~(1 << me) if self.over_others else 0

    def _world_source(self, info: Info) -> Callable[[], tuple[World, float]]:
        sampler = Sampler(info, self.rng)
        return bid_reader(info, sampler, self.rng, self._habits(info.n), self.model.spread, self.proposals)

    def _loop(self, n_cands: int, world: Callable[[], tuple[World, float]], evaluate: Evaluate
              ) -> tuple[list[float], list[float], float]:
        """Sample deals until the budget (or ``worlds``) is spent; per candidate the weighted sums of
        value and points, and the sum of the weights."""
        totals = [0.0] * n_cands
        points = [0.0] * n_cands
        vals = [0.0] * n_cands
        pts = [0.0] * n_cands
        rng = range(n_cands)
        start = time.perf_counter()
        deadline = start + self.budget
        count = 0
        wsum = 0.0
        while True:
            hands, w = world()
            evaluate(hands, vals, pts)
            for i in rng:
                totals[i] += w * vals[i]
                points[i] += w * pts[i]
            wsum += w
            count += 1
            if self.worlds is not None:
                if count >= self.worlds:
                    break
            elif count >= self.min_worlds and (count >= self.max_worlds or time.perf_counter() >= deadline):
                break
        self.stats["worlds"] += count
        self.stats["seconds"] += time.perf_counter() - start
        return totals, points, wsum

    # ---- card play ------------------------------------------------------------------------

    def analyse_play(self, view: dict[str, Any]) -> list[Choice]:
        info = Info.from_view(view, hl_inference=self.hl_inference)
        if self.greedy_reads:
            self._read_greedy(view, info)
        legal = view["legal"]
        cands, rep = candidates(info, legal)
        me, trump, hlt, n = info.seat, info.trump, info.hlt, info.n
        bids = [b if b is not None else 0 for b in info.bids]
        aims = self._aims(n)
        targets, draws, greedy = self._targets, self._draws, self._greedy
        # while our 0-bid holds, the others' scores do not count: a 0-bid about to break is not given
        # up to spoil their bids (docs/BOTS.md, "Twelfth pass": 0-bids kept more, margins unchanged)
        harm = 0.0 if bids[me] == 0 and info.taken[me] == 0 else self.harm
        util = Utility(view, info, bids, harm)
        over = self._over(me)
        wild = self._wild(me)
        bits = self.rng.getrandbits
        prep = []
        for p in cands:
            leader, trick, taken = info.after(p)
            _, ktrick, _ = to_kernel([], trick, trump)
            cbit = 1 << swap_play(p & 63, trump, 3) if trump >= 0 else 1 << (p & 63)
            prep.append((cbit, leader, ktrick, taken))
        stats = self.stats
        if info.hand.bit_count() <= self.endgame:
            return self._solve_play(info, util, legal, cands, rep, prep)
        depth, c, widen = self.tree
        tree = Tree(len(prep), me, n, info.khishti, to_kernel([], [], trump)[2], hlt, util, depth, c, widen,
                    self._stop(me)) if depth else None
        source = self._world_source(info)
        weight = [1.0]    # the tree backs each outcome up with its sampled deal's weight

        def weighed() -> tuple[World, float]:
            hands, w = source()
            weight[0] = w
            return hands, w

        kept = self._kept

        def evaluate(hands: World, totals: list[float], points: list[float]) -> None:
            kh, _, tm = to_kernel(hands, [], trump)
            u = draws()
            gm = greedy(u)
            tg = targets(bids, me, n, aims, u, gm)
            seed = bits(64) if wild else 0
            km = 0 if tree is None else kept(u, gm)
            for i, (cbit, leader, ktrick, taken) in enumerate(prep):
                hs = list(kh)
                hs[me] ^= cbit
                if tree is None:
                    v, pt = util(rollout(hs, leader, list(ktrick), list(taken), tm, hlt, tg, gm, over, wild,
                                         seed))
                else:
                    v, pt = tree.play(i, hs, leader, list(ktrick), list(taken), tg, gm, km, over, wild, seed,
                                      weight[0])
                totals[i] = v
                points[i] = pt
            stats["rollouts"] += len(prep)

        totals, points, count = self._loop(len(cands), source if tree is None else weighed, evaluate)
        return self._ranked(legal, rep, totals, points, count)

    def _read_greedy(self, view: dict[str, Any], info: Info) -> None:
        """Add to ``info.excl`` what each seat read as greedy cannot hold, its plays made that way;
        not for a seat also read as playing at random (its plays are not the greedy way's)."""
        ex = greedy_exclusions(view)
        m = self.model
        wild = m.wild if m.read_wild is None else m.read_wild
        for s in range(4):
            if s != info.seat and m.greedy[s] >= GREEDY_TRUST and wild[s] < WILD_DISTRUST:
                info.excl[s] |= ex[s] & ~info.known[s]

    def _solve_play(self, info: Info, util: Utility, legal: Sequence[str], cands: Sequence[int],
                    rep: Sequence[int], prep: Sequence[tuple[int, int, list[int], list[int]]]
                    ) -> list[Choice]:
        """Card play at the end of a deal: each candidate valued by solving every sampled deal exactly
        (:class:`joker.bots.endgame.Endgame`) from the position after it, instead of a rollout.

        The sampled deals, the other seats' targets and their greedy draws are those the rollouts
        would use (the same random stream); our seat is always searched.
        """
        me, trump, hlt, n, kh_ = info.seat, info.trump, info.hlt, info.n, info.khishti
        bids = [b if b is not None else 0 for b in info.bids]
        aims = self._aims(n)
        stats = self.stats
        tables: dict[tuple[int, ...], list[list[float]]] = {}
        others = 15 & ~(1 << me)

        def evaluate(hands: World, totals: list[float], points: list[float]) -> None:
            kh, _, tm = to_kernel(hands, [], trump)
            u = self._draws()
            gm = self._greedy(u) & ~(1 << me)
            tg = self._targets(bids, me, n, aims, u, gm)
            key = tuple(tg)
            sc = tables.get(key)
            if sc is None:
                sc = tables[key] = scores_for(tg, n, kh_)
            eg = Endgame(tm, hlt, tg, me, util, sc, gm, others if self.endgame_kernel else 0)
            for i, (cbit, leader, ktrick, taken) in enumerate(prep):
                hs = list(kh)
                hs[me] ^= cbit
                v, pt = util(eg.solve(hs, leader, ktrick, taken))
                totals[i] = v
                points[i] = pt
            stats["rollouts"] += len(prep)

        totals, points, count = self._loop(len(cands), self._world_source(info), evaluate)
        return self._ranked(legal, rep, totals, points, count)

    # ---- bidding and trump choice (joker.bots.bidsearch) ------------------------------------

    def analyse_bid(self, view: dict[str, Any], legal: Sequence[str] | None = None,
                    drift: float = 0.0) -> list[Choice]:
        """Every bid of ``legal`` (default: every legal bid) with its value, best first
        (:func:`joker.bots.bidsearch.bid_values`; ``drift``: Medium's reading of the table)."""
        return bid_values(self, view, legal, drift)

    def analyse_trump(self, view: dict[str, Any]) -> list[Choice]:
        """Each suit (or no trump) with its value, best first (:func:`joker.bots.bidsearch.trump_values`)."""
        return trump_values(self, view)


__all__ = ["Searcher", "Choice"]
