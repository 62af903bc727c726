"""The kernel option ``over`` (docs/BOTS.md, eighth pass): a seat past its bid takes the tricks it can
(each is worth 10 more to it) instead of ducking as a made bid does; off, the kernel is unchanged."""
from __future__ import annotations

import random

from bot_variants import assert_pure_and_not_insane

from joker.bots import InsaneBot
from joker.bots.kernel import rollout
from joker.cards import SUIT_MASKS, X1, parse_hand, parse_play

TM = SUIT_MASKS[3]   # trump hearts: the kernel's top slot, so kernel encoding = canonical encoding


def _positions(seed: int, count: int) -> list[tuple[list[int], int, list[int], list[int]]]:
    """Random whole deals at their first card: hands, leader, bids, tricks taken (some seats past their
    bid already, as after a first trick or two)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randint(3, 9)
        cards = [c for c in range(36) if c not in (0, 9)] + [X1, X1 + 1]
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[s * n:(s + 1) * n]) for s in range(4)]
        bids = [rng.randint(0, 2) for _ in range(4)]
        out.append((hands, rng.randrange(4), bids, [rng.randint(0, 2) for _ in range(4)]))
    return out


def test_off_it_is_the_kernel_and_on_the_deal_ends_whole() -> None:
    changed = 0
    for hands, leader, bids, taken in _positions(31, 400):
        n = hands[0].bit_count()
        base = rollout(list(hands), leader, [], list(taken), TM, False, bids)
        assert rollout(list(hands), leader, [], list(taken), TM, False, bids, over=0) == base
        t = rollout(list(hands), leader, [], list(taken), TM, False, bids, over=15)
        assert sum(t) == sum(taken) + n
        changed += t != base
        # nobody can pass a bid of every card: the option changes nothing then
        full = [n + x for x in taken]
        assert rollout(list(hands), leader, [], list(taken), TM, False, full, over=15) == \
            rollout(list(hands), leader, [], list(taken), TM, False, full)
    assert changed > 40


def test_past_its_bid_it_takes_the_trick_it_can() -> None:
    # seat 3 bid 0 and took a trick already; last to play to the queen of spades, it holds the ace
    # and the seven: as a made bid it ducks with the seven, past its bid with the option it takes
    hands = [parse_hand("7C 8D"), parse_hand("8C 9D"), parse_hand("9C TD"), parse_hand("AS 7S 6D")]
    trick = [parse_play("QS", True), parse_play("9S", False), parse_play("8S", False)]
    bids, taken = [1, 1, 1, 0], [0, 0, 1, 1]
    ducked = rollout(list(hands), 0, list(trick), list(taken), TM, False, bids)
    took = rollout(list(hands), 0, list(trick), list(taken), TM, False, bids, over=8)
    assert ducked[3] == 1 and took[3] > 1
    assert took == rollout(list(hands), 0, list(trick), list(taken), TM, False, bids, over=15)
    # the same seat at its bid (0 taken of 0) ducks with or without the option
    taken = [0, 0, 1, 0]
    assert rollout(list(hands), 0, list(trick), list(taken), TM, False, bids, over=8) == \
        rollout(list(hands), 0, list(trick), list(taken), TM, False, bids)


def test_an_insane_bot_with_the_others_over_is_a_pure_function_of_the_view() -> None:
    """With the option on, Insane's actions are legal, a fresh bot given the view acts as the one that
    watched, and some of its choices change."""

    class Over(InsaneBot):
        over_others = True

    # a seat past its bid is rarer than a lead: five deals (three, with the Hard at the table on a
    # time budget, passed or failed with the machine's load)
    assert_pure_and_not_insane(Over, deals=5)
