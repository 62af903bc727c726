"""Card play with the plies after our card searched as a tree (information-set MCTS) over the samples.

Why: the flat search (:meth:`joker.bots.search.Searcher.analyse_play`) values each of our cards by
rolling the deal out with the kernel for every seat, so the others' replies in the tricks just ahead
are the kernel's fixed rule.  Against players who search (a table of Hards) that picture is where the
passes on issue 8 point (docs/BOTS.md, *Insane told the true deal*).  Here the ``depth`` plies after
each of our candidates are a tree shared by every sampled deal of the decision: at each node the seat
to move picks its play by UCB on *its own* outcome (max^n: the others their deal score toward the bid
the rollouts play them to, ours the search's value), among the plays it has in the sampled deal
(availability counts, as in Cowling, Powley and Whitehouse's single-observer ISMCTS); below the tree,
the kernel rolls the deal out.  A node first tries the play the kernel would make
(:func:`joker.bots.kplay.first_play`) and admits another only as its visits grow (progressive
widening), so with few samples the replies are mostly the kernel's and with many they are searched.
The tree keeps to the opponent model: a seat read as playing the greedy way (in this sampled deal)
plays it in the tree as in the rollouts, and at a seat read as playing at random the tree stops and
the rollout plays on — searched as players who search, those seats cost 538 a game at the
overbidding table and 200 at the random one.  "Read as random" is the model's reading of the view
(``stop``), not Insane's hedge, which plays every other seat at random some of the time in the
rollouts below the tree: with the hedge as a stop the tree would never grow.

Measured (docs/BOTS.md, *Seventeenth pass: the others' replies searched in a tree*): for Insane,
+138 ± 143 a nines game at the table of Hards, +119 ± 351 at the overbidding table, +73 ± 159 at the
Monte Carlo one, +75 ± 109 at a mixed one, −5 ± 143 at the random one, +68 ± 106 at the sloppy one,
and −106 ± 101 at the underbidding one (the underbidders are neither greedy nor random to the model,
so they were searched as searchers); exact rates up 1.2–3.6 points at the first four.  Searching only
the seats the model reads as playing for their bid (``kept``, from ``TableModel.searched``;
*Eighteenth pass*) halved the underbidding table's loss (−55 ± 77) and the gains with it (+71 ± 145
at the table of Hards, −52 ± 140 at the overbidding one): nothing significant either way.  Beside
Insane's hedge (stopping only at ``stop``), in full games at the game's sample counts against a table
of Hards: +20 ± 65 a game over 80 seeds (*Twenty-third pass*).  It ships off (``SearchBot.tree``); a
decision costs 20–30% more time at the same number of sampled deals.

Our candidates themselves stay flat: each is tried once on every sampled deal, as in the flat search
(common random numbers), so a decision's sums have the flat search's shape — they rank, merge across
workers (:mod:`joker.bots.parallel`) and explain hints the same way — and at ``depth`` 0 the tree *is*
the flat search.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..cards import HIGH, JOKER_MASK, LOW, X1
from ..playout import trick_state
from ..rules import legal_mask
from .endgame import scores_for
from .kernel import rollout
from .kplay import first_play

JM = JOKER_MASK
Value = Callable[[Sequence[int]], tuple[float, float]]


class _Node:
    """One play (from the view of the seat that made it): its statistics and the plays after it."""

    __slots__ = ("n", "w", "v", "avail", "kids")

    def __init__(self) -> None:
        self.n = 0          # descents through this play
        self.w = 0.0        # their weight (the sampled deals' bid-reading weights)
        self.v = 0.0        # weighted sum of the mover's outcome
        self.avail = 1      # descents in which the play was available (single-observer ISMCTS)
        self.kids: dict[int, _Node] = {}


def moves(h: int, lead: int, trump: int) -> list[tuple[int, int]]:
    """(key, play) of every legal play of hand ``h`` to a trick led by ``lead`` (-1: to lead), in
    the kernel encoding (``trump`` 3 or -1).  The key names the play across sampled deals: the two
    jokers are one card.

    >>> from joker.cards import parse_hand
    >>> len(moves(parse_hand("AS X1 X2"), -1, 3))     # the ace, and one joker in 2 modes x 4 suits
    9
    """
    legal = legal_mask(h, lead, trump)
    out: list[tuple[int, int]] = []
    m = legal & ~JM
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        out.append((c, c))
    jm = legal & JM
    if jm:
        j = (jm & -jm).bit_length() - 1
        if lead < 0:
            for q in range(4):
                for mode in (HIGH, LOW):
                    tail = mode << 6 | (q + 1) << 8
                    out.append((X1 | tail, j | tail))
        else:
            out.append((X1 | HIGH << 6, j | HIGH << 6))
            out.append((X1 | LOW << 6, j | LOW << 6))
    return out


def _key(play: int) -> int:
    """The key of ``play`` in :func:`moves`: a joker's play names the first joker."""
    return X1 | play & ~63 if play & 63 >= X1 else play


class Tree:
    """The searched plies after each candidate of one decision; :meth:`play` replaces a rollout."""

    def __init__(self, n_cands: int, me: int, n: int, khishti: tuple[int, int] | None, tm: int, hlt: bool,
                 value: Value, depth: int, c: float, widen: float, stop: int = 0) -> None:
        self.roots = [_Node() for _ in range(n_cands)]
        self.me = me
        self.n = n
        self.khishti = khishti
        self.tm = tm
        self.trump = 3 if tm else -1    # the trump suit in the kernel's encoding (for legal_mask)
        self.hlt = hlt
        self.value = value
        self.depth = depth
        self.c = c
        self.widen = widen
        #: the seats read as playing at random (the opponent model's reading, not Insane's hedge):
        #: the tree stops there and the rollout plays on
        self.stop = stop
        self.scores: dict[tuple[int, ...], list[list[float]]] = {}

    def play(self, i: int, hs: list[int], leader: int, trick: list[int], taken: list[int],
             targets: Sequence[int], greedy: int, kept: int, over: int, wild: Sequence[int], seed: int,
             w: float) -> tuple[float, float]:
        """Our value (``value`` of the tricks per seat) at the end of one sampled deal after candidate
        ``i`` (``hs``, ``leader``, ``trick``, ``taken``: the position after it, kernel encoding;
        modified): down the tree, then the kernel's rollout (the other arguments are
        :func:`joker.bots.kernel.rollout`'s); the outcome is backed up with the sampled deal's weight
        ``w``.  The seats of ``kept`` (a mask holding ``greedy``'s) are not searched: they make the
        play they make in the rollouts."""
        node = self.roots[i]
        path = [(node, self.me)]
        tm, hlt, c, widen, stop = self.tm, self.hlt, self.c, self.widen, self.stop
        sqrt, log = math.sqrt, math.log
        for _ in range(self.depth):
            seat = (leader + len(trick)) & 3
            h = hs[seat]
            if not h or stop >> seat & 1:
                break     # the deal is over, or a seat read as playing at random: the rollout plays it
            kids = node.kids
            fresh = None
            known = 0
            legal = moves(h, trick[0] if trick else -1, self.trump)
            for key, p in legal:
                seen = kids.get(key)
                if seen is None:
                    if fresh is None:
                        fresh = (key, p)
                else:
                    seen.avail += 1
                    known += 1
            if kept >> seat & 1:
                # a seat the opponent model reads as playing the greedy way, or not as playing for its
                # bid as our kernel does, plays here as in the rollouts: one play, not a search
                p = first_play(hs, leader, trick, taken, tm, hlt, targets, greedy)
                got = kids.get(_key(p))
                grew = got is None
                ch = kids[_key(p)] = _Node() if got is None else got
            elif fresh is not None and (not known or len(kids) < 1 + widen * sqrt(node.n)):
                # a new play here (progressive widening): the kernel's, else the first legal one not yet
                grew = True
                p = first_play(hs, leader, trick, taken, tm, hlt, targets, greedy)
                key = _key(p)
                if key in kids:
                    key, p = fresh
                ch = kids[key] = _Node()
            else:
                grew = False
                best = -1e300
                for key, q in legal:
                    k = kids.get(key)
                    if k is not None:
                        u = (k.v / k.w if k.w > 0 else 0.0) + c * sqrt(log(k.avail) / k.n)
                        if u > best:
                            best, ch, p = u, k, q
            hs[seat] = h ^ 1 << (p & 63)
            trick.append(p)
            if len(trick) == 4:
                leader = (leader + trick_state(trick, tm, hlt)[3]) & 3
                taken[leader] += 1
                trick = []
            path.append((ch, seat))
            node = ch
            if grew:
                break
        out = rollout(hs, leader, trick, taken, tm, hlt, targets, greedy, over, wild, seed)
        key_t = tuple(targets)
        sc = self.scores.get(key_t)
        if sc is None:
            sc = self.scores[key_t] = scores_for(targets, self.n, self.khishti)
        value = self.value(out)
        mine = value[0]
        me = self.me
        for nd, s in path:
            nd.n += 1
            nd.w += w
            nd.v += w * (mine if s == me else sc[s][out[s]])
        return value


__all__ = ["Tree", "moves"]
