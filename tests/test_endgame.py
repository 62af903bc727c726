"""The exact endgame (joker/bots/endgame.py): known answers, a brute force over the engine's own Game,
the kernel's greedy way, and Insane playing legal, reproducible games with it."""
from __future__ import annotations

import random

import pytest

from joker.bots import make_bot
from joker.bots.endgame import Endgame, scores_for
from joker.bots.kernel import rollout, to_kernel
from joker.cards import HIGH, LOW, parse_card, parse_hand, parse_play
from joker.game import Game
from joker.playout import swap_play
from joker.rules import PRESETS, legal_mask, winner_index

KH = (200, 500)


def _root_moves(hand: int, trick: list[int], trump: int) -> list[int]:
    """Every legal play of ``hand`` (canonical encoding), jokers in every mode and named suit."""
    out = []
    lead = trick[0] if trick else -1
    legal = legal_mask(hand, lead, trump)
    for c in range(38):
        if legal >> c & 1:
            if c < 36:
                out.append(c)
            elif trick:
                out += [c | HIGH << 6, c | LOW << 6]
            else:
                out += [c | m << 6 | (q + 1) << 8 for m in (HIGH, LOW) for q in range(4)]
    return out


def _best(hands: list[int], trump: int, seat: int, leader: int, trick: list[int], bids: list[int],
          hlt: bool = False) -> list[tuple[float, int, list[int]]]:
    """Each legal play of ``seat`` with the final tricks the solver finds after it, best first (own score)."""
    kh, ktrick, tm = to_kernel(hands, trick, trump)
    sc = scores_for(bids, 9, KH)
    eg = Endgame(tm, hlt, bids, seat, lambda t: (sc[seat][t[seat]], 0.0), sc)
    out = []
    for p in _root_moves(hands[seat], trick, trump):
        kp = swap_play(p, trump, 3) if trump >= 0 else p
        hs = list(kh)
        hs[seat] ^= 1 << (kp & 63)
        tr = ktrick + [kp]
        ld, taken = leader, [0, 0, 0, 0]
        if len(tr) == 4:
            w = (leader + winner_index(trick + [p], trump, hlt)) & 3
            taken[w] += 1
            ld, tr = w, []
        t = eg.solve(hs, ld, tr, taken)
        out.append((sc[seat][t[seat]], p, t))
    out.sort(key=lambda x: -x[0])
    return out


def test_dodges_the_last_trick():
    # Seat 0 has made its bid (0 more wanted); the ace of spades is led: it must drop its king now,
    # or a later spade lead makes it take the last trick.
    hands = [parse_hand("KS 7S"), parse_hand("AS TS"), parse_hand("8S 7D"), parse_hand("9S 8D")]
    # seat 1 leads AS, seats 2 and 3 follow; seat 0 plays last (leader 1)
    trick = [parse_card("AS"), parse_card("8S"), parse_card("9S")]
    for s, c in zip((1, 2, 3), trick, strict=True):
        hands[s] &= ~(1 << c)
    ranked = _best(hands, 3, 0, 1, trick, [0, 2, 0, 0])
    assert ranked[0][1] == parse_card("KS") and ranked[0][2][0] == 0
    assert [r for r in ranked if r[1] == parse_card("7S")][0][2][0] == 1


def test_takes_exactly_one_with_the_joker():
    # Seat 0 wants exactly one trick with X1 and AS: the joker must go low (it would win high and the
    # ace would win too); every best line ends with one trick.
    hands = [parse_hand("X1 AS"), parse_hand("KS QS"), parse_hand("JS TS"), parse_hand("9S 8S")]
    ranked = _best(hands, 3, 0, 0, [], [1, 1, 0, 0])
    top = ranked[0][0]
    assert ranked[0][2][0] == 1
    for score, p, t in ranked:
        if p & 63 == 36 and p >> 6 & 3 == HIGH:
            assert score < top and t[0] == 2


def test_named_suit_lead():
    # No trump. Seat 0 (wants 2) holds X1 KD; seat 1 holds AD. Only a high joker naming diamonds pulls
    # the ace out (the highest diamond must answer it), so the king takes the second trick.
    hands = [parse_hand("X1 KD"), parse_hand("AD 7C"), parse_hand("7S 8S"), parse_hand("8C 9C")]
    ranked = _best(hands, -1, 0, 0, [], [2, 1, 0, 0])
    assert ranked[0][1] == parse_play("X1+D", lead=True) and ranked[0][2][0] == 2
    assert all(t[0] < 2 for _, p, t in ranked[1:])


def test_greedy_and_kernel_seats_play_as_the_kernel():
    # Every seat in the greedy (or kernel) mask has one move per node: the solve is the kernel's rollout.
    rng = random.Random(5)
    deck = [c for c in range(38) if c not in (0, 9)]
    for _ in range(200):
        k = rng.randrange(1, 5)
        cs = rng.sample(deck, 4 * k)
        hands = [sum(1 << c for c in cs[s * k:(s + 1) * k]) for s in range(4)]
        trump = rng.randrange(-1, 4)
        hlt = rng.random() < 0.5
        kh, _, tm = to_kernel(hands, [], trump)
        bids = [rng.randrange(0, k + 1) for _ in range(4)]
        leader = rng.randrange(4)
        sc = scores_for(bids, 9, KH)
        eg = Endgame(tm, hlt, bids, 0, lambda t: (0.0, 0.0), sc, greedy=15)
        assert eg.solve(kh, leader, [], [0, 0, 0, 0]) == rollout(list(kh), leader, [], [0, 0, 0, 0], tm, hlt,
                                                                  bids, 15)
        # every seat played by the kernel itself (greedy ones the greedy way): the kernel's own rollout
        gm = rng.randrange(16)
        eg = Endgame(tm, hlt, bids, 0, lambda t: (0.0, 0.0), sc, greedy=gm, kernel=15)
        assert eg.solve(kh, leader, [], [0, 0, 0, 0]) == rollout(list(kh), leader, [], [0, 0, 0, 0], tm, hlt,
                                                                  bids, gm)


# ---- a brute force over the engine's own Game (a different code path) ---------------------------

def _keys(taken: list[int], scores: list[dict[int, float]] | list[list[float]], root: int,
          root_val: dict[tuple[int, ...], float]) -> list[float]:
    """Each seat's value of a final count: the root's own valuation for the root, and for the others
    the solver's rule (own score first, less a third of the others')."""
    own = [scores[s][taken[s]] for s in range(4)]
    out = [1000.0 * own[s] - (sum(own) - own[s]) / 3.0 for s in range(4)]
    out[root] = root_val[tuple(taken)]
    return out


def _brute(g: Game, deals: int, scores: list[dict[int, float]], root: int,
           root_val: dict[tuple[int, ...], float]) -> list[int]:
    """max^n over every play sequence of the Game: final tricks of the deal."""
    if len(g.deals) > deals:
        return list(g.deals[-1]["taken"])
    seat = g.to_act
    best: list[int] | None = None
    bv = 0.0
    for a in g.legal_actions():
        c = g.copy()
        c.apply(a, events=False)
        t = _brute(c, deals, scores, root, root_val)
        v = _keys(t, scores, root, root_val)[seat]
        if best is None or v > bv:
            best, bv = t, v
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(16))
def test_agrees_with_brute_force_over_the_game(seed):
    """On random 2- and 3-card deals of real games, the solver's outcome after each first play equals
    a max^n brute force over every play sequence of the engine's Game (random real-valued scores, so
    no ties: the answer is unique)."""
    rng = random.Random(seed)
    rules = PRESETS["standard"] if seed % 2 else PRESETS["folk"]   # folk: a high joker lead is trumpable
    g = Game(rules, "full", seed=1000 + seed)
    bot = make_bot("medium", seed=seed)
    size = 2 if seed < 10 else 3
    while not (g.phase == "play" and g.cards == size):
        g.apply(bot.act(g.view(g.to_act)), events=False)
    # play a random number of cards into the deal first (mid-trick positions too)
    for _ in range(rng.randrange(0, 3)):
        g.apply(rng.choice(g.legal_actions()), events=False)
    deals = len(g.deals)
    root = g.to_act
    scores = [{t: rng.uniform(-50, 50) for t in range(size + 1)} for _ in range(4)]
    root_val: dict[tuple[int, ...], float] = {}
    for t0 in range(size + 1):
        for t1 in range(size + 1):
            for t2 in range(size + 1):
                for t3 in range(size + 1):
                    root_val[(t0, t1, t2, t3)] = rng.uniform(-50, 50)
    trump, hlt = g.trump, rules.high_lead_trumpable
    sc = [[scores[s][t] for t in range(size + 1)] + [0.0] * (9 - size) for s in range(4)]
    eg = Endgame(_tmask(trump), hlt, [0, 0, 0, 0], root, lambda t: (root_val[tuple(t)], 0.0), sc)
    for a in g.legal_actions():
        c = g.copy()
        c.apply(a, events=False)
        want = _brute(c, deals, scores, root, root_val)
        if len(c.deals) > deals:
            got = list(c.deals[-1]["taken"])
        else:
            kh, ktrick, _ = to_kernel(list(c.hands), [p for _, p in c.trick], trump)
            got = eg.solve(kh, c.leader, ktrick, list(c.taken))
        assert got == want, (a, got, want)


def _tmask(trump: int) -> int:
    return to_kernel([], [], trump)[2]


def _brute_rules(hands: list[int], trump: int, hlt: bool, leader: int, trick: list[int], taken: list[int],
                 scores: list[list[float]], root: int, root_val: dict[tuple[int, ...], float]) -> list[int]:
    """max^n over every play sequence with the rules' own legal_mask and winner_index (canonical cards)."""
    seat = (leader + len(trick)) & 3
    if not hands[seat] and not trick:
        return taken
    best: list[int] | None = None
    bv = 0.0
    for p in _root_moves(hands[seat], trick, trump):
        hs = list(hands)
        hs[seat] ^= 1 << (p & 63)
        tr = trick + [p]
        if len(tr) == 4:
            w = (leader + winner_index(tr, trump, hlt)) & 3
            tk = list(taken)
            tk[w] += 1
            t = _brute_rules(hs, trump, hlt, w, [], tk, scores, root, root_val)
        else:
            t = _brute_rules(hs, trump, hlt, leader, tr, taken, scores, root, root_val)
        v = _keys(t, scores, root, root_val)[seat]
        if best is None or v > bv:
            best, bv = t, v
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(40))
def test_agrees_with_brute_force_with_both_jokers(seed):
    """Random 2-3 card hands that hold both jokers (in one hand or two), every trump and both readings
    of a high joker lead: the solver equals a brute force built on rules.legal_mask/winner_index."""
    rng = random.Random(100 + seed)
    k = 2 if seed < 24 else 3
    plain = [c for c in range(36) if c not in (0, 9)]
    cs = rng.sample(plain, 4 * k - 2) + [36, 37]
    rng.shuffle(cs)
    if seed % 3 == 0:   # both jokers in one hand
        cs.remove(36)
        cs.remove(37)
        cs = [36, 37] + cs
    hands = [sum(1 << c for c in cs[s * k:(s + 1) * k]) for s in range(4)]
    trump = rng.randrange(-1, 4)
    hlt = seed % 2 == 1
    leader = rng.randrange(4)
    root = rng.randrange(4)
    scores = [[rng.uniform(-50, 50) for _ in range(k + 1)] + [0.0] * (9 - k) for _ in range(4)]
    root_val = {(a, b, c, d): rng.uniform(-50, 50) for a in range(k + 1) for b in range(k + 1)
                for c in range(k + 1) for d in range(k + 1)}
    kh, _, tm = to_kernel(hands, [], trump)
    eg = Endgame(tm, hlt, [0, 0, 0, 0], root, lambda t: (root_val[tuple(t)], 0.0), scores)
    want = _brute_rules(hands, trump, hlt, leader, [], [0, 0, 0, 0], scores, root, root_val)
    assert eg.solve(kh, leader, [], [0, 0, 0, 0]) == want


# ---- Insane with the endgame ---------------------------------------------------------------------

def test_insane_plays_legal_reproducible_games_with_the_endgame():
    """Whole nines games (the others solved, or played by the kernel): every action legal; in every
    endgame position a fresh bot given the view (same seed, fixed worlds) chooses the same."""
    for gs, kernel in ((3, False), (4, True)):
        g = Game(PRESETS["standard"], "nines", seed=gs)
        bots = [make_bot("insane", seed=s, worlds=12) for s in range(4)]
        for b in bots:
            b.endgame = 3            # type: ignore[attr-defined]
            b.endgame_kernel = kernel  # type: ignore[attr-defined]
        checked = 0
        while g.phase != "over" and len(g.deals) < 3:
            v = g.view(g.to_act)
            a = bots[g.to_act].act(v)
            assert a in v["legal"]
            if v["phase"] == "play" and len(v["hand"]) <= 3 and checked < 12:
                fresh = make_bot("insane", seed=g.to_act, worlds=12)
                fresh.endgame = 3    # type: ignore[attr-defined]
                fresh.endgame_kernel = kernel  # type: ignore[attr-defined]
                assert fresh.act(v) == a
                checked += 1
            g.apply(a, events=False)
        assert checked
