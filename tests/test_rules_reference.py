"""A second, deliberately naive reading of docs/RULES.md §5–§6 written over the text notation,
compared with the engine on many random positions (an independent check of the bitset code)."""
import random

import pytest

from joker.rules import PRESETS, legal_plays, trick_winner

RANKS = "6789TJQKA"
DECK = [r + s for s in "SCDH" for r in RANKS if not (r == "6" and s in "SC")] + ["X1", "X2"]


def naive_legal(hand, trick, trump):
    jokers = [c for c in hand if c.startswith("X")]
    plain = [c for c in hand if not c.startswith("X")]
    if not trick:
        out = list(plain)
        for j in jokers:
            out += [j + m + s for m in "+-" for s in "SCDH"]
        return sorted(out)
    lead = trick[0]
    suit = lead[3] if lead.startswith("X") else lead[1]
    high = lead.startswith("X") and lead[2] == "+"
    same = [c for c in plain if c[1] == suit]
    if same:
        allowed = [max(same, key=lambda c: RANKS.index(c[0]))] if high else same
    else:
        trumps = [c for c in plain if trump and c[1] == trump]
        allowed = trumps if trumps else plain
    return sorted(allowed + [j + m for j in jokers for m in "+-"])


def naive_winner(trick, trump, trumpable):
    high_responses = [i for i, p in enumerate(trick) if i > 0 and p.startswith("X") and p[2] == "+"]
    if high_responses:
        return high_responses[-1]
    lead = trick[0]

    def best_of(indices, suit):
        cand = [i for i in indices if not trick[i].startswith("X") and trick[i][1] == suit]
        return max(cand, key=lambda i: RANKS.index(trick[i][0])) if cand else None

    others = range(1, len(trick))
    if lead.startswith("X"):
        named = lead[3]
        if lead[2] == "+":
            if trumpable and trump and named != trump:
                w = best_of(others, trump)
                if w is not None:
                    return w
            return 0
        if trump:
            w = best_of(others, trump)
            if w is not None:
                return w
        w = best_of(others, named)
        return 0 if w is None else w
    if trump:
        w = best_of(range(len(trick)), trump)
        if w is not None:
            return w
    return best_of(range(len(trick)), lead[1])


def random_trick_position(rng):
    deck = DECK[:]
    rng.shuffle(deck)
    n = rng.randint(1, 9)
    hands = [deck[i * n:(i + 1) * n] for i in range(4)]
    trump = rng.choice([None, "S", "C", "D", "H"])
    return hands, trump


@pytest.mark.parametrize("preset", list(PRESETS))
def test_engine_agrees_with_a_naive_reading(preset):
    rules = PRESETS[preset]
    rng = random.Random(preset)
    for _ in range(4000):
        hands, trump = random_trick_position(rng)
        trick = []
        for k in range(4):
            legal = legal_plays(hands[k], trick, trump, rules)
            assert sorted(legal) == naive_legal(hands[k], trick, trump)
            # bias toward jokers so the joker rules are exercised often
            jok = [p for p in legal if p.startswith("X")]
            play = rng.choice(jok) if jok and rng.random() < 0.5 else rng.choice(legal)
            trick.append(play)
            assert trick_winner(trick, trump, rules) == naive_winner(trick, trump, rules.high_lead_trumpable)
