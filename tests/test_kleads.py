"""The other seats' leads in the rollouts (joker/bots/kleads.py): a card of the leader's hand, a pure
function of the position, the kind Hard leads most in that state, and off unless a seat is in the mask."""
from __future__ import annotations

import random

from bot_variants import assert_pure_and_not_insane

from joker.bots import InsaneBot, kleads
from joker.bots.kernel import _low_rank, rollout
from joker.bots.kleads import lead_pick
from joker.cards import JOKER_MASK, SUIT_MASKS, X1, parse_card, parse_hand

TM = SUIT_MASKS[3]   # trump hearts: the kernel's top slot, so kernel encoding = canonical encoding


def _deal(rng: random.Random, n: int) -> list[int]:
    cards = [c for c in range(36) if c not in (0, 9)] + [X1, X1 + 1]
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[s * n:(s + 1) * n]) for s in range(4)]


def test_the_lead_is_a_card_of_the_hand_and_the_same_for_the_same_position() -> None:
    rng = random.Random(5)
    picked = set()
    for draw in (False, True):
        saved = kleads.DRAW
        kleads.DRAW = draw
        try:
            for _ in range(400):
                n = rng.randint(1, 9)
                hands = _deal(rng, n)
                alive = hands[0] | hands[1] | hands[2] | hands[3]
                seat, need, tm = rng.randrange(4), rng.randint(-1, n), rng.choice((0, TM))
                c = lead_pick(hands[seat], need, alive, tm, seat)
                assert c == 0 or (c.bit_count() == 1 and c & hands[seat])
                if not hands[seat] & ~JOKER_MASK:
                    assert c == 0                          # only jokers: the kernel's joker lead
                assert lead_pick(hands[seat], need, alive, tm, seat) == c
                picked.add((draw, c))
        finally:
            kleads.DRAW = saved
    assert len(picked) > 50


def test_needing_every_card_it_leads_a_side_boss_before_the_top_trump() -> None:
    """Hard, needing all its tricks with a sure winner in trumps and one outside, leads the side boss
    half the time and the trump two in five (kernel_replies fit, seed 703): the kernel, the trump."""
    hands = [parse_hand("AH AS"), parse_hand("KS QS"), parse_hand("KH 7S"), parse_hand("8S 9C")]
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    assert lead_pick(hands[0], 2, alive, TM, 0) == 1 << parse_card("AS")
    t_kernel = rollout(list(hands), 0, [], [0, 0, 0, 0], TM, False, [2, 0, 0, 0])
    t_leads = rollout(list(hands), 0, [], [0, 0, 0, 0], TM, False, [2, 0, 0, 0], 0, -1, 1)
    assert t_kernel == t_leads == [2, 0, 0, 0]   # either way it takes both: the order differs, not the sum


def test_with_its_bid_made_it_leads_low_from_its_shortest_suit() -> None:
    """Bid made, no trumps: the nine of its singleton spade, not the kernel's lowest card (the seven of
    clubs), so it can shed clubs on spades later."""
    hands = [parse_hand("9S 7C 8C TC"), parse_hand("AS KC QC JC"), parse_hand("KS QS AC 7D"),
             parse_hand("8D 9D TD JD")]
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    assert lead_pick(hands[0], 0, alive, 0, 0) == 1 << parse_card("9S")
    assert _low_rank(hands[0], 0) == 1 << parse_card("7C")    # the kernel's lead


def test_off_unless_in_the_mask_and_every_trick_is_played() -> None:
    rng = random.Random(9)
    changed = 0
    for _ in range(300):
        n = rng.randint(1, 9)
        hands = _deal(rng, n)
        bids = [rng.randint(0, n) for _ in range(4)]
        leader, tm = rng.randrange(4), rng.choice((0, TM))
        base = rollout(list(hands), leader, [], [0, 0, 0, 0], tm, False, bids)
        assert rollout(list(hands), leader, [], [0, 0, 0, 0], tm, False, bids, 0, -1, 0) == base
        h = list(hands)
        t = rollout(h, leader, [], [0, 0, 0, 0], tm, False, bids, 0, -1, 15)
        assert sum(t) == n and h == [0, 0, 0, 0]
        changed += t != base
    assert changed > 10


def test_insane_with_the_others_leading_is_a_pure_function_of_the_view() -> None:
    """With the option on (bids and card play), Insane's actions are legal and a fresh bot given the
    view acts as the one that watched; the others' leads change some of its choices."""

    class Leads(InsaneBot):
        leads = ("bid", "play")

    assert_pure_and_not_insane(Leads)
