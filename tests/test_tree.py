"""The tree search over the plies after our card (joker/bots/tree.py) and the kernel's single play
it starts each node from (joker/bots/kplay.py)."""
from __future__ import annotations

import random

from bot_variants import assert_pure_and_not_insane

from joker.bots import InsaneBot
from joker.bots.kernel import WILD_ONE, rollout, to_kernel
from joker.bots.kplay import first_play
from joker.bots.model import TableModel
from joker.bots.search import Searcher
from joker.bots.tree import Tree, moves
from joker.cards import HIGH, LOW, X1, X2, parse_hand
from joker.game import Game
from joker.playout import swap_play, trick_state
from joker.rules import PRESETS, legal_mask

Position = tuple[list[int], int, list[int], list[int], int, list[int]]


def _positions(n: int, seed: int) -> list[Position]:
    """Card-play positions of real nines deals in the kernel's encoding — (hands, leader, trick,
    taken, trump mask, bids) — reached by random legal actions."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        g = Game(PRESETS["standard"], "nines", seed=rng.randrange(10 ** 6))
        stop = rng.randrange(36)
        while not g.deals and (g.phase != "play" or sum(g.taken) * 4 + len(g.trick) < stop):
            g.apply(rng.choice(g.legal_actions()))
        if g.deals:
            continue
        t = g.trump
        kh, _, tm = to_kernel(list(g.hands), [], t)
        trick = [swap_play(p, t, 3) if t >= 0 else p for _, p in g.trick]
        out.append((kh, g.leader, trick, list(g.taken), tm, [b or 0 for b in g.bids]))
    return out


def _apply(hs: list[int], leader: int, trick: list[int], taken: list[int], tm: int, p: int
           ) -> tuple[int, list[int]]:
    """Play ``p`` for the seat to move (in place on ``hs``/``taken``): the new leader and trick."""
    seat = (leader + len(trick)) & 3
    hs[seat] ^= 1 << (p & 63)
    trick = trick + [p]
    if len(trick) == 4:
        leader = (leader + trick_state(trick, tm, False)[3]) & 3
        taken[leader] += 1
        trick = []
    return leader, trick


def test_first_play_is_the_play_the_kernel_makes():
    # The rollout from a position and the rollout after the kernel's first play, applied by hand
    # (joker mode and named suit included), end alike: first_play restates nothing of the kernel.
    jokers = 0
    for hs, leader, trick, taken, tm, bids in _positions(300, 5):
        seat = (leader + len(trick)) & 3
        for greedy in (0, 1 << seat):
            p = first_play(hs, leader, trick, taken, tm, False, bids, greedy)
            assert legal_mask(hs[seat], trick[0] if trick else -1, 3 if tm else -1) >> (p & 63) & 1
            jokers += p & 63 >= X1
            whole = rollout(list(hs), leader, list(trick), list(taken), tm, False, bids, greedy)
            h2, t2 = list(hs), list(taken)
            ld, tr = _apply(h2, leader, trick, t2, tm, p)
            assert rollout(h2, ld, tr, t2, tm, False, bids, greedy) == whole
    assert jokers >= 5


def test_moves_name_a_joker_once_whichever_is_held():
    # Leading: a plain card, and one joker in two modes naming each suit; following: both modes.
    # The keys are the same for either joker, so sampled deals share a joker's node.
    for jk in ("X1", "X2"):
        lead = moves(parse_hand(f"AS 7H {jk}"), -1, 3)
        assert len(lead) == 2 + 8
        keys = {k for k, _ in lead if k & 63 >= X1}
        assert keys == {X1 | m << 6 | (q + 1) << 8 for m in (HIGH, LOW) for q in range(4)}
        held = X1 if jk == "X1" else X2
        assert all(p & 63 == held for k, p in lead if k & 63 >= X1)
        follow = moves(parse_hand(f"AS 7H {jk}"), parse_hand("8S").bit_length() - 1, 3)
        assert sorted(k for k, _ in follow) == sorted([parse_hand("AS").bit_length() - 1,
                                                       X1 | HIGH << 6, X1 | LOW << 6])


def test_the_tree_plays_out_the_deal_and_grows_from_the_kernels_plays():
    # Each descent ends the deal (every card played, one trick per card of a hand), the first
    # node of each ply holds the play the kernel would make, and with visits the replies widen.
    hs, leader, trick, taken, tm, bids = next(
        x for x in _positions(40, 11)
        if len(moves(x[0][(x[1] + len(x[2])) & 3], x[2][0] if x[2] else -1, 3 if x[4] else -1)) >= 4)
    seat = (leader + len(trick)) & 3
    n_cards = sum(taken) + hs[seat].bit_count()
    ends: list[list[int]] = []

    def value(t: list[int]) -> tuple[float, float]:
        ends.append(list(t))
        return float(t[seat]), 0.0

    tree = Tree(1, seat, 9, (200, 500), tm, False, value, 3, 100.0, 0.5)
    kernel_first = first_play(hs, leader, trick, taken, tm, False, bids)
    for _ in range(400):
        v = tree.play(0, list(hs), leader, list(trick), list(taken), bids, 0, 0, 0, (), 0, 1.0)
        assert sum(ends[-1]) == n_cards and v == (ends[-1][seat], 0.0)
    root = tree.roots[0]
    assert root.n == 400
    first_key = X1 | kernel_first & ~63 if kernel_first & 63 >= X1 else kernel_first
    assert next(iter(root.kids)) == first_key
    assert 1 < len(root.kids) <= 1 + 0.5 * 400 ** 0.5 + 1


def test_a_seat_kept_out_of_the_search_plays_as_in_the_rollouts():
    # The opponent model's greedy seats play the greedy way in the rollouts, and the seats it does
    # not read as playing for their bid play the kernel's way; the tree must not search them instead
    # (searching the overbidders cost 538 a game, the underbidders 106, docs/BOTS.md).
    hs, leader, trick, taken, tm, bids = next(
        x for x in _positions(40, 11)
        if len(moves(x[0][(x[1] + len(x[2])) & 3], x[2][0] if x[2] else -1, 3 if x[4] else -1)) >= 4)
    seat = (leader + len(trick)) & 3
    me = (seat + 3) & 3
    for greedy, kept in ((1 << seat, 1 << seat), (0, 1 << seat), (0, 0), (0, 1 << me)):
        tree = Tree(1, me, 9, (200, 500), tm, False, lambda t: (float(t[me]), 0.0), 2, 100.0, 0.5)
        for _ in range(200):
            tree.play(0, list(hs), leader, list(trick), list(taken), bids, greedy, kept, 0, (), 0, 1.0)
        kids = tree.roots[0].kids
        assert (len(kids) > 1) == (not kept >> seat & 1)
        if kept >> seat & 1:
            p = first_play(hs, leader, trick, taken, tm, False, bids, greedy)
            assert list(kids) == [X1 | p & ~63 if p & 63 >= X1 else p]


def test_the_model_keeps_a_seat_that_misses_its_bids_out_of_the_tree():
    # Reading the habit of bid - taken: a seat that takes its bids is searched, one that keeps taking
    # a trick more than it bids (the underbidders) is not, one half-way is searched half the time; the
    # search draws it from the greedy draw's uniform, so a seat read as greedy stays kept.
    deals = [{"cards": 9, "bids": [2, 2, 2, 1], "taken": [2, 3, 2, 2]}] * 8
    m = TableModel.from_view({"deals": deals})
    assert m.searched[0] == 1.0 and m.searched[2] == 1.0 and m.searched[1] == 0.0 and m.searched[3] == 0.0
    assert TableModel.prior().searched == [1.0] * 4
    half = TableModel.from_view({"deals": [{"cards": 9, "bids": [2, 2, 2, 2], "taken": [2, 2, 2, 2]}] * 3
                                 + [{"cards": 9, "bids": [2, 2, 2, 2], "taken": [2, 3, 2, 2]}] * 3
                                 + [{"cards": 9, "bids": [2, 2, 2, 2], "taken": [2, 4, 2, 2]}]})
    assert 0.0 < half.searched[1] < 1.0
    s = Searcher(random.Random(1), 10.0, False, 1, 0.0, model=m)
    assert s._kept([0.5] * 8, 0) == 0b1010
    assert s._kept([0.5] * 8, 0b0001) == 0b1011
    s.model = half
    cut = half.greedy[1] + (1 - half.greedy[1]) * half.searched[1]
    assert s._kept([0.0] * 5 + [cut - 1e-9] + [0.0] * 2, 0) == 0
    assert s._kept([0.0] * 5 + [cut] + [0.0] * 2, 0) == 0b0010


def test_the_tree_stops_at_a_seat_read_as_playing_at_random():
    # A seat the model reads as random is played so by the rollouts (``wild``); searched in the tree
    # it cost Insane 200 a game at the random table (docs/BOTS.md, *Seventeenth pass*).
    hs, leader, trick, taken, tm, bids = _positions(1, 4)[0]
    seat = (leader + len(trick)) & 3
    me = (seat + 3) & 3
    wild = [0, 0, 0, 0]
    wild[seat] = WILD_ONE // 4
    tree = Tree(1, me, 9, (200, 500), tm, False, lambda t: (float(sum(t)), 0.0), 3, 100.0, 0.5, 1 << seat)
    for k in range(50):
        v = tree.play(0, list(hs), leader, list(trick), list(taken), bids, 0, 0, 0, wild, k, 1.0)
        assert v[0] == sum(taken) + hs[seat].bit_count()      # the deal played to its end
    assert tree.roots[0].n == 50 and not tree.roots[0].kids


def test_the_tree_searches_the_seats_only_insanes_hedge_plays_at_random():
    # The hedge plays every other seat at random some of the time in the rollouts; that is not a
    # reading of the seat, so the tree still searches its replies.  The seats the view reads as
    # random (their results scatter like a random player's) are where it stops.
    calm = {"cards": 9, "bids": [2, 2, 2, 2], "taken": [2, 2, 2, 2]}
    wild = {"cards": 9, "bids": [2, 2, 2, 2], "taken": [2, 2, 7, 2]}
    m = TableModel.from_view({"deals": [calm, wild] * 6})
    assert m.wild[2] > 0 and m.wild[0] == m.wild[1] == m.wild[3] == 0
    m.hedge(0.15)
    assert min(m.wild[s] for s in (0, 1, 3)) > 0
    s = Searcher(random.Random(1), 10.0, False, 1, 0.0, model=m)
    assert s._stop(0) == 1 << 2 and s._stop(2) == 0
    assert Searcher(random.Random(1), 10.0, False, 1, 0.0)._stop(0) == 0


class TreeInsane(InsaneBot):
    tree = (3, 150.0, 0.3)


def test_insane_with_the_tree_is_a_pure_function_of_the_view():
    assert_pure_and_not_insane(TreeInsane, deals=3)
