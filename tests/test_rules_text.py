"""Cases written from the words of /work/shared/RULES.md (the rules contract), not from the engine's
code: the dealer's forbidden bid (§4), following and joker modes (§5, §6), who takes a trick (§6),
deal scores and khishti (§7), premiums and struck deals (§8), places (§9) and the presets (§10).
Each expected answer is worked out by hand from the quoted rule."""

import dataclasses

import pytest

from joker.game import Game
from joker.rules import PRESETS, forbidden_bid, legal_plays, trick_winner
from joker.scoring import deal_score, places, pulka_result, pulka_scores

TVALADZE, STANDARD, FOLK = PRESETS["tvaladze"], PRESETS["standard"], PRESETS["folk"]
ALL = [TVALADZE, STANDARD, FOLK]
TRUMPABLE = [TVALADZE, FOLK]  # §10: high_lead_trumpable "yes" in tvaladze and folk, "no" in standard


# ---- §10 presets ------------------------------------------------------------------------------------


def test_presets_are_the_table_of_section_10():
    assert (
        TVALADZE.trump_in_nines == "dealer_card"
        and STANDARD.trump_in_nines == FOLK.trump_in_nines == "chosen"
    )
    assert (TVALADZE.high_lead_trumpable, STANDARD.high_lead_trumpable, FOLK.high_lead_trumpable) == (
        True,
        False,
        True,
    )
    assert (TVALADZE.khishti, STANDARD.khishti, FOLK.khishti) == (None, (200, 500), (200, 200))
    assert (TVALADZE.premium, STANDARD.premium, FOLK.premium) == ("bonus", "georgian", "folk")
    assert (TVALADZE.first_dealer, STANDARD.first_dealer, FOLK.first_dealer) == ("random", "random", "aces")
    # "user can switch off" khishti and "pick bonus" in standard: the options are independent values
    assert dataclasses.replace(STANDARD, khishti=None, premium="bonus").trump_in_nines == "chosen"


# ---- §4 bidding: the dealer is forced ---------------------------------------------------------------


@pytest.mark.parametrize(
    "others, cards, forbidden",
    [
        ([0, 0, 0], 1, 1),  # one card, three passes: the dealer may not bid 1 (total would be 1)
        ([1, 0, 0], 1, 0),  # one card already bid: the dealer may not pass
        ([2, 3, 1], 9, 3),  # 6 bid of 9: 3 would make 9
        ([3, 3, 3], 9, 0),  # 9 bid of 9: the dealer must bid something
        ([2, 2, 1], 4, None),  # 5 > 4 already: no number makes the total 4
        ([0, 0, 0], 9, 9),  # the dealer may not bid all nine after three passes
    ],
)
def test_forbidden_bid(others, cards, forbidden):
    assert forbidden_bid(others, cards) == forbidden


def test_the_game_forces_the_dealer_and_nobody_else():
    g = Game(STANDARD, "full", seed=11, first_dealer=2)  # deal 1: one card, seat 3 bids first
    assert (g.phase, g.cards, g.to_act) == ("bid", 1, 3)
    for seat in (3, 0, 1):  # "starting left of the dealer, each player bids once, 0 to the hand size"
        assert g.to_act == seat and g.legal_actions() == ["0", "1"]
        g.apply("0")
    assert g.to_act == 2 and g.legal_actions() == ["0"]  # 0+0+0+1 would equal the hand size
    assert g.why_illegal("1") == ("forced_dealer", {"bid": 1, "cards": 1})
    g.apply("0")
    assert g.phase == "play" and g.to_act == 3  # "the player left of the dealer leads the first trick"


# ---- §5–§6 what may be played --------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL)
def test_follow_else_trump_else_anything_and_the_joker_always(rules):
    # follow suit, any card of it (not the lowest, not the highest), or the joker in either mode
    assert legal_plays("7S QS AD X2", ["9S"], "H", rules) == ["7S", "QS", "X2+", "X2-"]
    # cannot follow: must trump, any trump ("over-trumping is not required" even after a higher trump)
    assert legal_plays("7H AH 8D", ["9S", "KH"], "H", rules) == ["7H", "AH"]
    # neither the suit nor a trump: anything
    assert legal_plays("7C 8D", ["9S"], "H", rules) == ["7C", "8D"]
    # no trump in the deal: a void player plays anything
    assert legal_plays("7C 8D", ["9S"], None, rules) == ["7C", "8D"]


@pytest.mark.parametrize("rules", ALL)
def test_a_wanting_joker_demands_the_highest_of_its_suit(rules):
    # "every other player must play their highest card of S (or the other joker)"
    assert legal_plays("7D JD AD 8C", ["X1+D"], "C", rules) == ["AD"]
    assert legal_plays("7D JD X2", ["X1+D"], "C", rules) == ["JD", "X2+", "X2-"]
    # "void in S: any trump (or the joker)" — any trump, not the highest
    assert legal_plays("7C KC 8H", ["X1+D"], "C", rules) == ["7C", "KC"]
    # "void in trumps too: anything"
    assert legal_plays("7S 8H", ["X1+D"], "C", rules) == ["7S", "8H"]
    # the demand binds the named suit only; a later player follows the same demand, whatever was played
    assert legal_plays("9D KD", ["X1+D", "AD"], "C", rules) == ["KD"]
    # the named suit may be the trump suit: the highest trump is demanded
    assert legal_plays("7C KC 8H", ["X1+C"], "C", rules) == ["KC"]


@pytest.mark.parametrize("rules", ALL)
def test_an_under_joker_is_followed_the_ordinary_way(rules):
    # "others follow S in the ordinary way (any card of S, not necessarily the lowest)"
    assert legal_plays("7D JD AD 8C", ["X1-D"], "C", rules) == ["7D", "JD", "AD"]
    assert legal_plays("7C KC 8H", ["X1-D"], "C", rules) == ["7C", "KC"]
    assert legal_plays("7S 8H X2", ["X1-D"], "C", rules) == ["7S", "8H", "X2+", "X2-"]


@pytest.mark.parametrize("rules", ALL)
def test_a_led_joker_says_high_or_low_and_names_a_suit(rules):
    out = legal_plays("X1 7H", [], "S", rules)
    assert out == ["7H"] + [f"X1{m}{s}" for m in "+-" for s in "SCDH"]


# ---- §6 who takes the trick ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL)
def test_ordinary_tricks_and_under_jokers_count_for_nothing(rules):
    assert trick_winner(["9S", "AS", "7S", "KS"], "H", rules) == 1  # highest of the led suit
    assert trick_winner(["9S", "AS", "7H", "KS"], "H", rules) == 2  # a trump beats the led suit
    assert trick_winner(["9S", "8H", "AH", "AD"], "H", rules) == 2  # the highest trump
    assert trick_winner(["9S", "AD", "AC", "7D"], "H", rules) == 0  # off-suit cards never win
    assert trick_winner(["9S", "X1-", "7S", "8D"], "H", rules) == 0  # rule 4: low jokers are ignored
    assert trick_winner(["7S", "X1-", "X2-", "8S"], None, rules) == 3


@pytest.mark.parametrize("rules", ALL)
def test_a_taking_joker_beats_everything_and_the_later_one_wins(rules):
    assert trick_winner(["9S", "AH", "X1+", "KH"], "H", rules) == 2  # beats trumps too
    assert trick_winner(["9S", "X1+", "AS", "X2+"], "H", rules) == 3  # the last high joker
    assert trick_winner(["X1+S", "X2+", "AS", "KS"], "H", rules) == 1  # beats a high lead
    assert trick_winner(["X1-S", "X2+", "AS", "KH"], "H", rules) == 1  # and a low lead
    assert trick_winner(["9S", "X1+", "X2-", "AS"], "H", rules) == 1  # an under joker never wins


@pytest.mark.parametrize("rules", ALL)
def test_a_wanting_lead_wins_when_followed_or_when_it_names_the_trump(rules):
    assert trick_winner(["X1+S", "AS", "KS", "QS"], "H", rules) == 0
    assert trick_winner(["X1+H", "AH", "KS", "7D"], "H", rules) == 0  # "never beaten by ordinary trumps"
    assert trick_winner(["X1+S", "7D", "8C", "9D"], None, rules) == 0  # no trumps at all


@pytest.mark.parametrize("rules", TRUMPABLE)
def test_a_wanting_lead_is_trumped_where_the_option_is_on(rules):
    # "S is not trump, and someone (void in S) played a trump, the highest trump wins"
    assert trick_winner(["X1+S", "AS", "7H", "KS"], "H", rules) == 2
    assert trick_winner(["X1+S", "7H", "QH", "AS"], "H", rules) == 2
    assert trick_winner(["X1+S", "7H", "X2+", "AS"], "H", rules) == 2  # rule 1 comes first


def test_a_wanting_lead_is_never_trumped_in_standard():
    assert trick_winner(["X1+S", "AS", "7H", "KS"], "H", STANDARD) == 0
    assert trick_winner(["X1+S", "7H", "QH", "AH"], "H", STANDARD) == 0


@pytest.mark.parametrize("rules", ALL)
def test_an_under_lead(rules):
    # rule 3: "the highest trump wins if any trump was played, else the highest card of S;
    # if nobody played S or a trump ... the led low joker wins by default"
    assert trick_winner(["X1-S", "7S", "AD", "8S"], "H", rules) == 3
    assert trick_winner(["X1-S", "AS", "7H", "9S"], "H", rules) == 2
    assert trick_winner(["X1-S", "AD", "KC", "QD"], "H", rules) == 0
    assert trick_winner(["X1-S", "AD", "X2-", "QD"], None, rules) == 0
    assert trick_winner(["X1-H", "7H", "AH", "KS"], "H", rules) == 2  # S is the trump: its highest


# ---- §7 a deal's score ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL)
def test_deal_scores(rules):
    assert deal_score(0, 0, 5, rules) == 50  # an exact pass
    assert deal_score(3, 3, 5, rules) == 200  # 50·3 + 50
    assert deal_score(6, 6, 6, rules) == 600 and deal_score(9, 9, 9, rules) == 900  # 100·n
    assert deal_score(1, 1, 1, rules) == 100
    assert deal_score(3, 4, 5, rules) == 40 and deal_score(5, 3, 9, rules) == 30  # 10·t, over or under
    assert deal_score(0, 2, 5, rules) == 20  # a missed pass


def test_khishti_penalties_by_preset():
    # b >= 1 and t = 0
    assert [deal_score(1, 0, n, TVALADZE) for n in (1, 8, 9)] == [0, 0, 0]
    assert [deal_score(1, 0, n, FOLK) for n in (1, 8, 9)] == [-200, -200, -200]
    assert [deal_score(2, 0, n, STANDARD) for n in (2, 8, 9)] == [-200, -200, -500]
    assert deal_score(0, 0, 9, STANDARD) == 50  # a pass is never khishti
    off = dataclasses.replace(STANDARD, khishti=None)  # "seed 001 lets the user turn it off"
    assert deal_score(2, 0, 9, off) == 0


def test_a_full_games_nines_take_the_nine_card_penalty():
    # "(200, 500): −200, and −500 in 9-card deals" — the deals of 9 in a full game too (pulkas 2 and 4)
    g = Game(STANDARD, "full", seed=4)
    while g.phase != "over":
        acts = g.legal_actions()
        # everyone bids the most allowed, then plays the first legal card: plenty of khishti
        g.apply(acts[-1] if g.phase == "bid" else acts[0])
    seen = set()
    for d in g.deals:
        for b, t, p in zip(d["bids"], d["taken"], d["points"], strict=True):
            if b >= 1 and t == 0:
                assert p == (-500 if d["cards"] == 9 else -200)
                seen.add(d["cards"] == 9)
    assert seen == {True, False}


# ---- §8 premium -------------------------------------------------------------------------------------------

NINES = [9, 9, 9, 9]


def test_worked_example_of_seed_000():
    # "four nines with exact bids 0,2,1,3 → 50+150+100+200 = 500, premium +200 → 700"
    bids = [[0, 9, 9, 9], [2, 9, 9, 9], [1, 9, 9, 9], [3, 9, 9, 9]]
    taken = [[0, 1, 4, 4], [2, 1, 3, 3], [1, 2, 3, 3], [3, 2, 2, 2]]
    assert pulka_scores(bids, taken, NINES, TVALADZE)[0] == 700


def pulka(rules):
    """Four nines: seat 0 makes every bid (400 + 50 + 100 + 150, best 400: 7 of 9); seat 1 misses the
    third (100 + 200 + 20 + 150, best 200 in deal 2); seat 2 misses all (10 + 40 + 30 + 10, best 40 in
    deal 2); seat 3 misses the third (50 + 150 + 30 + 250, best 250 in deal 4)."""
    bids = [[7, 1, 0, 0], [0, 3, 2, 2], [1, 4, 5, 1], [2, 2, 3, 4]]
    taken = [[7, 1, 1, 0], [0, 3, 4, 2], [1, 2, 3, 3], [2, 2, 1, 4]]
    return pulka_result(bids, taken, NINES, rules)


def test_bonus_adds_the_claimants_best_and_takes_nothing():
    r = pulka(TVALADZE)
    assert r.claimants == (0,)
    assert r.points == (700, 470, 90, 480)
    assert r.premium == (400, 0, 0, 0) and r.struck_points == (0, 0, 0, 0)
    assert r.total == (1100, 470, 90, 480)


def test_georgian_sole_claimant_strikes_everyone_elses_best():
    r = pulka(dataclasses.replace(TVALADZE, premium="georgian"))
    assert r.premium == (400, 0, 0, 0) and r.struck_points == (0, 200, 40, 250)
    assert r.struck == (None, 1, 1, 3)  # index of the struck deal in the pulka
    assert r.total == (1100, 270, 50, 230)


def test_folk_sole_claimant_is_georgian_and_two_claimants_get_nothing():
    assert pulka(dataclasses.replace(TVALADZE, premium="folk")).total == (1100, 270, 50, 230)
    bids = [[1, 1, 0, 2], [2, 0, 2, 1]]
    taken = [[1, 1, 1, 0], [2, 0, 0, 1]]  # seats 0 and 1 made both; 2 and 3 missed one each
    folk = pulka_result(bids, taken, [3, 3], FOLK)
    assert folk.claimants == (0, 1) and folk.premium == (0, 0, 0, 0) and folk.struck_points == (0, 0, 0, 0)
    georgian = pulka_result(bids, taken, [3, 3], STANDARD)  # bonus for both, nothing struck
    assert georgian.premium == (150, 100, 0, 0) and georgian.struck_points == (0, 0, 0, 0)


def test_nobody_made_every_bid():
    for rules in ALL:
        r = pulka_result([[1, 1, 1, 1]], [[0, 0, 2, 2]], [4], rules)
        assert r.claimants == () and r.premium == (0, 0, 0, 0) and r.struck_points == (0, 0, 0, 0)


def test_striking_never_raises_a_score():
    # seat 1's only deal is a khishti: its best deal is negative and is not struck (RULES.md §8)
    r = pulka_result([[0, 2, 2, 1]], [[0, 0, 1, 3]], [4], FOLK)
    assert r.claimants == (0,) and r.struck_points == (0, 0, 10, 30)  # seat 1's -200 stays


# ---- §9 end -----------------------------------------------------------------------------------------------


def test_equal_totals_share_a_place():
    assert places([700, 300, 700, 100]) == [1, 3, 1, 4]
    assert places([50, 50, 50, 50]) == [1, 1, 1, 1]
    assert places([10, 20, 20, 30]) == [4, 2, 2, 1]


# ---- §3 trump ---------------------------------------------------------------------------------------------


def test_the_turned_up_card_names_trump_and_stays_out_of_play():
    # "after dealing, the next card is turned face up; its suit is trump; a joker means no trump"
    jokers_turned = 0
    for seed in range(40):
        g = Game(STANDARD, "full", seed=seed)
        while g.phase != "over" and g.cards < 9:
            v = g.view(0)
            card = v["trump_card"]
            in_hands = [card in g.view(s)["hand"] for s in range(4)]
            assert not any(in_hands) and v["trump_card_holder"] is None
            assert v["trump"] == (None if card.startswith("X") else card[1])
            jokers_turned += card.startswith("X")
            deal = g.deal_index
            while g.deal_index == deal and g.phase != "over":
                g.apply(g.legal_actions()[0], events=False)
    assert jokers_turned  # the seeds include turned-up jokers: those deals have no trump
