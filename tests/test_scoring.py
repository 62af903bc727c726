"""docs/RULES.md §7–§9: deal scores, khishti, premiums and struck deals, places."""
import dataclasses

import pytest

from joker.rules import PRESETS
from joker.scoring import deal_score, places, pulka_result, pulka_scores

STD, TVA, FOLK = PRESETS["standard"], PRESETS["tvaladze"], PRESETS["folk"]


@pytest.mark.parametrize("rules", [STD, TVA, FOLK])
def test_exact_bids(rules):
    assert [deal_score(b, b, 9, rules) for b in range(9)] == [50, 100, 150, 200, 250, 300, 350, 400, 450]
    assert deal_score(9, 9, 9, rules) == 900
    assert deal_score(6, 6, 6, rules) == 600
    assert deal_score(1, 1, 1, rules) == 100
    assert deal_score(0, 0, 1, rules) == 50


@pytest.mark.parametrize("rules", [STD, TVA, FOLK])
def test_missed_bids_score_ten_a_trick(rules):
    assert deal_score(3, 4, 5, rules) == 40
    assert deal_score(5, 3, 8, rules) == 30
    assert deal_score(1, 7, 8, rules) == 70
    assert deal_score(0, 5, 9, rules) == 50


def test_khishti_variants():
    assert deal_score(2, 0, 9, TVA) == 0 and deal_score(2, 0, 5, TVA) == 0
    assert deal_score(2, 0, 9, FOLK) == -200 and deal_score(1, 0, 1, FOLK) == -200
    assert deal_score(2, 0, 9, STD) == -500 and deal_score(2, 0, 8, STD) == -200
    off = dataclasses.replace(STD, khishti=None)
    assert deal_score(2, 0, 9, off) == 0
    assert deal_score(0, 0, 9, STD) == 50   # an exact pass is not khishti


def test_worked_example_seed_000():
    res = pulka_result([[0, 0, 0, 0], [2, 0, 0, 0], [1, 0, 0, 0], [3, 0, 0, 0]],
                       [[0, 3, 3, 3], [2, 3, 2, 2], [1, 3, 3, 2], [3, 2, 2, 2]], [9, 9, 9, 9], TVA)
    assert [r[0] for r in res.deal_points] == [50, 150, 100, 200]
    assert res.points[0] == 500 and res.premium[0] == 200 and res.total[0] == 700


def _folk_pulka():
    # player 0 makes every bid (best: 7 -> 400, last: 4 -> 250); player 1 misses one deal
    bids = [[7, 1, 0, 0], [2, 3, 3, 0], [1, 1, 5, 1], [4, 2, 2, 2]]
    taken = [[7, 1, 1, 0], [2, 3, 2, 2], [1, 1, 3, 4], [4, 1, 2, 2]]
    return bids, taken, [9, 9, 9, 9]


def test_worked_example_seed_002_folk_sole_claimant():
    res = pulka_result(*_folk_pulka(), FOLK)
    assert res.claimants == (0,)
    assert res.deal_points[3][0] + res.premium[0] == 650   # 250 + best 400 in the last cell
    assert res.premium == (400, 0, 0, 0)
    # everyone else loses their best deal: player 1 its 200 of deal 1, player 2 its 150 of deal 3
    assert res.struck[1] == 1 and res.struck_points[1] == 200
    assert res.total[1] == res.points[1] - 200
    assert res.struck[2] == 3 and res.struck_points[2] == 150 and res.struck[0] is None


def test_georgian_and_bonus_with_one_claimant():
    bids, taken, cards = _folk_pulka()
    geo = pulka_result(bids, taken, cards, STD)
    assert geo.premium[0] == 400 and geo.struck_points[1] == 200
    bonus = pulka_result(bids, taken, cards, TVA)
    assert bonus.premium[0] == 400 and bonus.struck == (None,) * 4 and bonus.struck_points == (0,) * 4


def test_two_claimants():
    bids = [[1, 2, 0, 0], [0, 1, 5, 1]]
    taken = [[1, 2, 0, 6], [0, 1, 2, 6]]
    geo = pulka_result(bids, taken, [9, 9], STD)
    assert geo.claimants == (0, 1) and geo.premium == (100, 150, 0, 0) and geo.struck_points == (0, 0, 0, 0)
    folk = pulka_result(bids, taken, [9, 9], FOLK)
    assert folk.premium == (0, 0, 0, 0) and folk.struck_points == (0, 0, 0, 0)
    assert pulka_scores(bids, taken, [9, 9], FOLK) == list(folk.points)


def test_struck_deal_never_raises_a_score():
    # sole claimant 0; player 1 has only khishti and zeros: nothing is struck
    bids = [[1, 1, 0, 0], [1, 1, 0, 0]]
    taken = [[1, 0, 2, 6], [1, 0, 3, 5]]
    res = pulka_result(bids, taken, [9, 9], STD)
    assert res.struck[1] is None and res.total[1] == -1000


def test_places_share_ties():
    assert places([500, 700, 500, 100]) == [2, 1, 2, 4]
    assert places([3, 3, 3, 3]) == [1, 1, 1, 1]


@pytest.mark.parametrize("args,msg", [
    ((3, 2, 0), "cards"), ((3, 2, 10), "cards"), ((4, 2, 3), "bid"), ((1, 4, 3), "taken"),
    (("1", 1, 3), "int"), ((True, 1, 3), "int"),
])
def test_bad_deal_input(args, msg):
    with pytest.raises(ValueError, match=msg):
        deal_score(*args, STD)


def test_bad_pulka_input():
    with pytest.raises(ValueError):
        pulka_scores([[1, 1, 1, 1]], [[1, 1, 1, 1], [0, 0, 0, 0]], [4], STD)
    with pytest.raises(ValueError):
        pulka_scores([[1, 1, 1]], [[1, 1, 1, 1]], [4], STD)


def test_a_pulka_is_scored_entry_by_entry():
    """Our reading (docs/RULES.md §12): a deal whose tricks do not add up to its cards, or whose bids
    break the dealer's rule, is scored as given, each entry by deal_score — so one scoring rule can be
    tried alone — while each entry on its own is still checked."""
    bids, taken = [[2, 0, 0, 0], [1, 1, 0, 0]], [[0, 0, 0, 0], [1, 1, 0, 0]]
    r = pulka_result(bids, taken, [2, 2], STD)
    assert r.points == tuple(sum(deal_score(bids[d][p], taken[d][p], 2, STD) for d in range(2))
                             for p in range(4)) == (-200 + 100, 50 + 100, 100, 100)
    with pytest.raises(ValueError, match="taken"):
        pulka_scores([[0, 0, 0, 0]], [[3, 0, 0, 0]], [2], STD)
