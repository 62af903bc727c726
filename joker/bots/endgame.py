"""An exact endgame: the rest of a sampled deal solved by max^n search instead of a kernel rollout.

Why: exact-bid play lives at the end of a deal — dodge the last trick, take exactly the one still
needed, spend the joker high or low at the right moment.  The rollout kernel
(:mod:`joker.bots.kernel`) plays every seat by a fixed rule there; when every hand holds only a few
cards each sampled deal can instead be *solved*: every seat sees all hands (perfect information on
that sample, as in the rollouts) and plays to maximise its own deal score.  The searching seat
maximises the search's own outcome value (:class:`joker.bots.utility.Utility`: Hard its deal points,
Insane its change of total minus half the opponents' mean); the others their own deal score for the
bid the search plays them toward (their bid less their habit, as in the rollouts), khishti
included.  When a seat's own score ties, it prefers the outcome worse for the other three (their
mean score lower): each seat is the others' rival.  Seats the opponent model reads as playing the
simple greedy way (``greedy`` bitmask) play it here too, one move per node, and seats in the
``kernel`` bitmask play the rollout kernel's own move (only the others are searched).

Measured (docs/BOTS.md, "Fourth pass: an exact endgame"): used for Insane's last three tricks it did
not beat the rollouts at the table of Hards nor at the overbidding table, so the bots ship with it off
(``SearchBot.endgame = 0``); it stays as a tested tool.

The search runs in the kernel's encoding (trump swapped to the top slot, one integer key per play,
:func:`joker.playout.trick_state`), legal plays come from the engine's own
:func:`joker.rules.legal_mask`, and the results are memoised at trick boundaries on the bitset state
(hands, leader, tricks taken) — the same position reached by tricks played in another order is
solved once.  Equivalent plays are merged: cards of one hand with no live card between them (in
another hand or in the trick), the two jokers of one hand, and a led joker naming any of the suits
the other seats do not hold.

>>> from joker.cards import parse_hand
>>> from joker.bots.kernel import to_kernel
>>> hands, _, tm = to_kernel([parse_hand("AS 7S"), parse_hand("KS 8S"), parse_hand("QS 9S"),
...                           parse_hand("JS TS")], [], 3)
>>> eg = Endgame(tm, False, [1, 0, 0, 0], 0, lambda t: (float(t[0] == 1), 0.0), [[0.0] * 10] * 4)
>>> eg.solve(hands, 0, [], [0, 0, 0, 0])[0]   # seat 0 wants exactly one trick: it takes one, not two
1
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import HIGH, JOKER_MASK, LOW, SUIT_MASKS
from ..playout import trick_state
from ..rules import legal_mask
from ..scoring import _score
from .kplay import first_play

SM = SUIT_MASKS
JM = JOKER_MASK
RootValue = Callable[[Sequence[int]], tuple[float, float]]


class Endgame:
    """Solves positions of one sampled deal (kernel encoding); the memo is kept across calls, so the
    candidates of one decision share what they solve.

    ``targets``: the bid each seat plays toward (the searching seat's entry is unused);
    ``root_value(taken) -> (value, points)``: what the searching seat ``me`` maximises;
    ``scores[s][t]``: seat ``s``'s deal score when it ends with ``t`` tricks (toward its target).
    """

    __slots__ = ("tm", "hlt", "trump", "me", "targets", "root_value", "scores", "greedy", "kernel", "memo",
                 "keys", "nodes", "hl_key")

    def __init__(self, tm: int, hlt: bool, targets: Sequence[int], me: int, root_value: RootValue,
                 scores: Sequence[Sequence[float]], greedy: int = 0, kernel: int = 0) -> None:
        self.tm = tm
        self.hlt = hlt
        self.trump = 3 if tm else -1      # the trump suit in the kernel's encoding (for legal_mask)
        self.hl_key = 55 if hlt and tm else 80
        self.me = me
        self.targets = list(targets)
        self.root_value = root_value
        self.scores = [list(x) for x in scores]
        self.greedy = greedy
        self.kernel = kernel              # seats that play the rollout kernel's move (one per node)
        self.memo: dict[tuple[int, int, int, int, int, int], int] = {}
        self.keys: dict[int, tuple[float, float, float, float]] = {}
        self.nodes = 0

    # ---- outcomes ------------------------------------------------------------------------

    def _keys(self, code: int) -> tuple[float, float, float, float]:
        """Per seat, what it maximises for the final tricks ``code`` (4 bits per seat): its own
        score, ties broken toward a lower mean score of the other three; ours: the root value."""
        k = self.keys.get(code)
        if k is None:
            t = [code & 15, code >> 4 & 15, code >> 8 & 15, code >> 12 & 15]
            own = [float(self.scores[s][t[s]]) for s in range(4)]
            tot = sum(own)
            out = [1000.0 * own[s] - (tot - own[s]) / 3.0 for s in range(4)]
            out[self.me] = self.root_value(t)[0]
            k = (out[0], out[1], out[2], out[3])
            self.keys[code] = k
        return k

    # ---- the search ----------------------------------------------------------------------

    def solve(self, hands: Sequence[int], leader: int, trick: Sequence[int], taken: Sequence[int]
              ) -> list[int]:
        """Tricks per seat at the end of the deal when every seat plays its best from here.

        ``hands`` (kernel encoding) are the cards still held, ``trick`` the kernel plays of the trick
        on the table (led by ``leader``), ``taken`` the tricks taken so far.
        """
        hs = list(hands)
        code = taken[0] | taken[1] << 4 | taken[2] << 8 | taken[3] << 12
        if trick:
            ledmask, hl, best, bi = trick_state(trick, self.tm, self.hlt)
            n_in = len(trick)
            seen = 0
            for p in trick:
                if p & 63 < 36:
                    seen |= 1 << (p & 63)
            code = self._follow(hs, leader, (leader + n_in) & 3, n_in, tuple(trick), ledmask, hl, best,
                                (leader + bi) & 3, seen, code)
        else:
            code = self._lead(hs, leader, code)
        return [code & 15, code >> 4 & 15, code >> 8 & 15, code >> 12 & 15]

    def _lead(self, hs: list[int], seat: int, code: int) -> int:
        """Best outcome code with ``seat`` to lead (memoised)."""
        h = hs[seat]
        if not h:
            return code
        key = (hs[0], hs[1], hs[2], hs[3], seat, code)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        cm = h & ~JM
        alive = hs[0] | hs[1] | hs[2] | hs[3]
        others = alive & ~h
        moves: list[int] = []   # lead plays (kernel encoding)
        if (self.kernel | self.greedy) >> seat & 1:   # one move: the kernel's (greedy seats its greedy way)
            moves.append(self._kernel_play(hs, seat, (), code))
        else:
            moves.extend(_distinct(cm, others))
            jm = h & JM
            if jm:
                j = (jm & -jm).bit_length() - 1
                void_named = False
                for q in range(4):
                    if not others & SM[q]:
                        if void_named:
                            continue       # naming another suit nobody else holds: the same play
                        void_named = True
                    moves.append(j | HIGH << 6 | (q + 1) << 8)
                    moves.append(j | LOW << 6 | (q + 1) << 8)
        bestcode = -1
        bestval = 0.0
        for p in moves:
            c = p & 63
            hs[seat] = h ^ 1 << c
            if c >= 36:
                q = (p >> 8) - 1
                ledmask = SM[q]
                if p >> 6 & 3 == HIGH:
                    hl = True
                    best = 80 if q == 3 else self.hl_key
                else:
                    hl = False
                    best = 1
                seen = 0
            else:
                ledmask = SM[c // 9]
                hl = False
                best = 2 * c + 2
                seen = 1 << c
            r = self._follow(hs, seat, (seat + 1) & 3, 1, (p,), ledmask, hl, best, seat, seen, code)
            if len(moves) == 1:
                bestcode = r
                break
            v = self._keys(r)[seat]
            if bestcode < 0 or v > bestval:
                bestcode, bestval = r, v
        hs[seat] = h
        self.memo[key] = bestcode
        return bestcode

    def _follow(self, hs: list[int], leader: int, seat: int, n_in: int, plays: tuple[int, ...], ledmask: int,
                hl: bool, best: int, bestseat: int, seen: int, code: int) -> int:
        """Best outcome code with ``seat`` to play the ``n_in``-th card of the trick ``plays``
        (``best``/``bestseat``: the winning key so far and its seat; ``seen``: the trick's cards)."""
        self.nodes += 1
        h = hs[seat]
        tm = self.tm
        legal = legal_mask(h, plays[0], self.trump)
        cm = legal & ~JM
        moves: list[tuple[int, int]] = []   # (card bit, key)
        if (self.kernel | self.greedy) >> seat & 1:   # one move: the kernel's (greedy seats its greedy way)
            p = self._kernel_play(hs, leader, plays, code)
            b = 1 << (p & 63)
            if b & JM:
                moves.append((b, 100 + n_in if p >> 6 & 3 == HIGH else 0))
            else:
                moves.append((b, 2 * b.bit_length() if b & (ledmask | tm) else 0))
        else:
            others = (hs[0] | hs[1] | hs[2] | hs[3]) & ~h | seen
            for c in _distinct(cm, others):
                b = 1 << c
                moves.append((b, 2 * c + 2 if b & (ledmask | tm) else 0))
            jm = legal & JM
            if jm:
                b = jm & -jm
                moves.append((b, 100 + n_in))
                moves.append((b, 0))
        bestcode = -1
        bestval = 0.0
        last = n_in == 3
        for b, k in moves:
            hs[seat] = h ^ b
            if k > best:
                nb, ns = k, seat
            else:
                nb, ns = best, bestseat
            if last:
                r = self._lead(hs, ns, code + (1 << 4 * ns))
            else:
                c = b.bit_length() - 1
                r = self._follow(hs, leader, (seat + 1) & 3, n_in + 1,
                                 plays + ((c | (HIGH if k else LOW) << 6) if c >= 36 else c,),
                                 ledmask, hl, nb, ns, seen | b & ~JM, code)
            if len(moves) == 1:
                bestcode = r
                break
            v = self._keys(r)[seat]
            if bestcode < 0 or v > bestval:
                bestcode, bestval = r, v
        hs[seat] = h
        return bestcode

    def _kernel_play(self, hs: list[int], leader: int, plays: tuple[int, ...], code: int) -> int:
        """The rollout kernel's play for the seat to move (:func:`joker.bots.kplay.first_play`: the
        kernel itself, stopped at its first play), so a seat in ``greedy`` plays its greedy way and
        the rule is written once."""
        taken = [code & 15, code >> 4 & 15, code >> 8 & 15, code >> 12 & 15]
        return first_play(hs, leader, plays, taken, self.tm, self.hlt, self.targets, self.greedy)


def _distinct(cm: int, others: int) -> list[int]:
    """The cards of ``cm`` (no jokers) that play differently: of two cards with no card of
    ``others`` between them (the live cards of the other seats and the trick's), only the lower."""
    out: list[int] = []
    prev = -1
    m = cm
    while m:
        b = m & -m
        c = b.bit_length() - 1
        m ^= b
        if prev >= 0 and prev // 9 == c // 9 and not others & ((1 << c) - (2 << prev)):
            prev = c
            continue
        out.append(c)
        prev = c
    return out


def scores_for(targets: Sequence[int], n: int, khishti: tuple[int, int] | None) -> list[list[float]]:
    """``scores[s][t]``: seat ``s``'s deal score with ``t`` tricks when it plays toward ``targets[s]``."""
    return [[float(_score(targets[s], t, n, khishti)) for t in range(n + 1)] for s in range(4)]


__all__ = ["Endgame", "scores_for"]
