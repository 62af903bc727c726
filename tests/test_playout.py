"""The fast playout kernel agrees with the rules' own legal_mask / winner_index, play by play."""
import random

import pytest

from joker.cards import DECK, HIGH, LOW, SUIT_MASKS, X1
from joker.game import Shuffler
from joker.playout import playout, random_playout, random_policy, swap_play, swap_suits
from joker.rules import legal_mask, winner_index


def reference(hands, trump, leader, trick, taken, hlt, getrandbits):
    """The kernel's random choices, resolved by joker.rules (same random stream, same encoding)."""
    if trump >= 0 and trump != 3:
        hands = [swap_suits(h, trump, 3) for h in hands]
        trick = [swap_play(p, trump, 3) for p in trick]
        t = 3
    else:
        hands = list(hands)
        t = trump
    trick, taken = list(trick), list(taken)
    seat = (leader + len(trick)) & 3
    while hands[seat]:
        m = legal_mask(hands[seat], trick[0] if trick else -1, t)
        r = getrandbits(6)
        x = m >> r << r
        low = (x or m) & -(x or m)
        c = low.bit_length() - 1
        if c >= X1:
            if trick:
                play = c | (HIGH if getrandbits(1) else LOW) << 6
            else:
                b = getrandbits(3)
                play = c | (HIGH if b & 4 else LOW) << 6 | ((b & 3) + 1) << 8
        else:
            play = c
        hands[seat] ^= low
        trick.append(play)
        if len(trick) == 4:
            w = (leader + winner_index(trick, t, hlt)) & 3
            taken[w] += 1
            trick, leader, seat = [], w, w
        else:
            seat = (seat + 1) & 3
    return taken


def random_position(rng, sh, n):
    deck = sh.shuffled(DECK)
    hands = [0, 0, 0, 0]
    for i in range(4 * n):
        hands[i & 3] |= 1 << deck[i]
    return hands


@pytest.mark.parametrize("hlt", [False, True])
def test_kernel_matches_the_rules_over_many_deals(hlt):
    rng = random.Random(1)
    sh = Shuffler(2)
    for _ in range(3000):
        n = rng.randint(1, 9)
        hands = random_position(rng, sh, n)
        trump = rng.randint(-1, 3)
        leader = rng.randint(0, 3)
        seed = rng.getrandbits(32)
        a = random_playout(hands, trump, leader, [], [0, 0, 0, 0], hlt, random.Random(seed).getrandbits)
        b = reference(hands, trump, leader, [], [0, 0, 0, 0], hlt, random.Random(seed).getrandbits)
        assert a == b and sum(a) == n


def test_kernel_continues_from_the_middle_of_a_trick():
    rng = random.Random(3)
    sh = Shuffler(4)
    for i in range(2000):
        hands = random_position(rng, sh, 5)
        trump = rng.randint(-1, 3)
        leader = rng.randint(0, 3)
        policy = random_policy(rng)
        trick = []
        for k in range(rng.randint(1, 3)):   # a legal partial trick, played by the general path
            seat = (leader + k) & 3
            legal = legal_mask(hands[seat], trick[0] if trick else -1, trump)
            p = policy(seat, hands[seat], legal, trick)
            hands[seat] ^= 1 << (p & 63)
            trick.append(p)
        taken = [1, 0, 2, 0]
        seed = rng.getrandbits(32)
        hlt = bool(i & 1)
        a = random_playout(hands, trump, leader, trick, taken, hlt, random.Random(seed).getrandbits)
        b = reference(hands, trump, leader, trick, taken, hlt, random.Random(seed).getrandbits)
        assert a == b and sum(a) == 8


def test_general_playout_with_a_policy():
    rng = random.Random(5)
    sh = Shuffler(6)
    for _ in range(300):
        hands = random_position(rng, sh, 9)
        taken = playout(hands, rng.randint(-1, 3), rng.randint(0, 3), [], [0] * 4, True, random_policy(rng))
        assert sum(taken) == 9


def test_illegal_policy_is_refused():
    hands = random_position(random.Random(1), Shuffler(1), 9)

    def bad(seat, hand, legal, trick):
        return (~legal & hand & ((1 << 36) - 1) or legal).bit_length() - 1

    with pytest.raises(ValueError, match="illegal"):
        for trump in range(4):
            playout(hands, trump, 0, [], [0] * 4, False, bad)


def test_swap_suits():
    m = 1 << 3 | 1 << 27 | 1 << 36
    assert swap_suits(m, 0, 3) == 1 << 30 | 1 << 0 | 1 << 36
    assert swap_suits(swap_suits(m, 0, 3), 3, 0) == m
    assert swap_suits(SUIT_MASKS[1], 1, 3) == SUIT_MASKS[3]
