"""Our seat steering in the rollouts from what it knows (joker/bots/ksteer.py): legal, deterministic,
blind to how the unseen cards are split, and it keeps or sheds the cards the kernel's rule would not."""
from __future__ import annotations

import random
from collections.abc import Iterator

from bot_variants import assert_pure_and_not_insane

from joker.bots import ksteer
from joker.bots.kernel import rollout
from joker.bots.ksteer import known_pick
from joker.cards import HIGH, LOW, SUIT_MASKS, X1, make_play, parse_card, parse_hand
from joker.playout import trick_state
from joker.rules import legal_mask

TM = SUIT_MASKS[3]   # trump hearts: the kernel's top slot, so kernel encoding = canonical encoding


def _deal(rng: random.Random, n: int) -> list[int]:
    cards = [c for c in range(36) if c not in (0, 9)] + [X1, X1 + 1]
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[s * n:(s + 1) * n]) for s in range(4)]


def _play_of(rng: random.Random, hand: int, lead: int) -> int:
    """A random legal play (a joker in a random mode; led, naming a random suit)."""
    m = legal_mask(hand, lead, 3)
    c = rng.choice([i for i in range(38) if m >> i & 1])
    if c >= X1:
        return make_play(c, rng.choice((HIGH, LOW)), rng.randrange(4) if lead < 0 else -1)
    return c


Position = tuple[list[int], int, list[int], list[int], list[int]]


def _positions(seed: int, count: int) -> Iterator[Position]:
    """Random positions: hands (after the trick's plays), leader, trick, bids, tricks taken."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(2, 9)
        hands = _deal(rng, n)
        leader = rng.randrange(4)
        trick: list[int] = []
        for k in range(rng.randint(0, 3)):
            s = (leader + k) & 3
            p = _play_of(rng, hands[s], trick[0] if trick else -1)
            hands[s] ^= 1 << (p & 63)
            trick.append(p)
        bids = [rng.randint(0, n) for _ in range(4)]
        taken = [rng.randint(0, min(b + 1, 9 - n)) for b in bids]
        yield hands, leader, trick, bids, taken


def _pick(hands: list[int], leader: int, trick: list[int], bids: list[int],
          taken: list[int]) -> tuple[int, int]:
    seat = (leader + len(trick)) & 3
    ledmask, hl, best, _ = trick_state(trick, TM, False) if trick else (0, False, 0, 0)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    return known_pick(hands, seat, len(trick), ledmask, hl, best, TM, bids, taken, alive)


def test_picks_are_legal_and_rollouts_end_whole() -> None:
    picked = 0
    for hands, leader, trick, bids, taken in _positions(21, 2000):
        seat = (leader + len(trick)) & 3
        c, key = _pick(hands, leader, trick, bids, taken)
        if c:
            picked += 1
            assert c & (c - 1) == 0 and c & legal_mask(hands[seat], trick[0] if trick else -1, 3)
            assert key >= 0
        n = hands[leader].bit_count()
        a = rollout(list(hands), leader, list(trick), list(taken), TM, False, bids, 0, seat)
        b = rollout(list(hands), leader, list(trick), list(taken), TM, False, bids, 0, seat)
        assert a == b and sum(a) - sum(taken) == n + (1 if trick else 0)
    assert picked > 200


def test_the_pick_is_blind_to_how_the_unseen_cards_are_split() -> None:
    """What our seat plays depends on its own hand, the cards played and every seat's card count,
    never on which other seat holds which unseen card: deal the others' cards again, keeping each
    seat's count, and the pick stays the same."""
    rng = random.Random(5)
    moved = 0
    for hands, leader, trick, bids, taken in _positions(22, 2000):
        seat = (leader + len(trick)) & 3
        others = [s for s in range(4) if s != seat]
        pool = [c for s in others for c in range(38) if hands[s] >> c & 1]
        rng.shuffle(pool)
        again = list(hands)
        for s in others:
            k = hands[s].bit_count()
            again[s] = sum(1 << c for c in pool[:k])
            pool = pool[k:]
        moved += again != hands
        assert _pick(again, leader, trick, bids, taken) == _pick(hands, leader, trick, bids, taken)
    assert moved > 1500


def test_bid_made_it_leads_the_high_card_a_seat_needing_tricks_will_overtake() -> None:
    """Bid made, on lead with the nine and seven of clubs, the five clubs above the nine unseen and a
    seat holding a third of the unseen cards still needing tricks: the nine is overtaken with about
    1 - (2/3)**5; the kernel leads its lowest card (the six of diamonds) and keeps the nine, a danger
    later; steering sheds the nine now."""
    hands = [parse_hand("9C 7C 6D 7D"), parse_hand("AC KC 8D 9D"), parse_hand("QC JC TD JD"),
             parse_hand("TC 8S 9S TS")]
    nine = parse_card("9C")
    assert _pick(hands, 0, [], [0, 2, 0, 0], [0, 0, 0, 0]) == (1 << nine, 2 * nine + 2)
    assert _pick(hands, 0, [], [0, 0, 0, 0], [0, 0, 0, 0]) == (0, 0)   # nobody needs a trick
    assert _pick(hands, 0, [], [1, 2, 0, 0], [0, 0, 0, 0]) == (0, 0)   # we need one: the kernel's lead


def test_needing_tricks_it_wins_with_the_cheapest_card_nobody_unseen_can_beat() -> None:
    """Second to an eight of clubs, needing tricks, with the ace and queen of clubs, the king already
    played and no joker unseen: the queen holds for sure (the kernel spends the ace)."""
    hands = [parse_hand("7D"), parse_hand("AC QC"), parse_hand("9C 8D"), parse_hand("7C 9S")]
    trick = [parse_card("8C")]
    queen = parse_card("QC")
    assert _pick(hands, 0, trick, [0, 2, 0, 0], [0, 0, 0, 0]) == (1 << queen, 2 * queen + 2)


def test_needing_tricks_it_keeps_a_high_card_that_will_not_hold() -> None:
    """Second to an eight of clubs, needing tricks, with the king and seven of clubs, the ace and both
    jokers unseen and the later seats needing tricks: the king holds with about (1/4)**3, so it plays
    the seven and keeps the king (the kernel plays the king)."""
    hands = [parse_hand("8D 9D"), parse_hand("KC 7C TD"), parse_hand("AC 9S") | 1 << X1,
             parse_hand("8S TS") | 1 << (X1 + 1)]
    trick = [parse_card("8C")]
    c, key = _pick(hands, 0, trick, [0, 2, 1, 1], [0, 0, 0, 0])
    assert c == 1 << parse_card("7C") and key < 2 * parse_card("8C") + 2
    saved = ksteer.DUCK
    try:
        ksteer.DUCK = 0.0
        assert _pick(hands, 0, trick, [0, 2, 1, 1], [0, 0, 0, 0]) == (0, 0)   # the kernel's king
    finally:
        ksteer.DUCK = saved


def test_only_the_steering_seat_changes() -> None:
    """steer=-1 is the kernel itself; another seat's steering leaves the kernel's rule to the rest."""
    for hands, leader, trick, bids, taken in _positions(23, 300):
        base = rollout(list(hands), leader, list(trick), list(taken), TM, False, bids)
        assert rollout(list(hands), leader, list(trick), list(taken), TM, False, bids, 0, -1) == base


def test_an_insane_bot_steering_its_rollouts_is_a_pure_function_of_the_view() -> None:
    """With the option on (bids and card play), Insane's actions are legal, and a fresh bot given the
    view acts as the one that watched; the rollouts' steering changes some of its choices."""
    from joker.bots import InsaneBot

    class Steering(InsaneBot):
        steer_bid = True
        steer_play = True

    assert_pure_and_not_insane(Steering)
