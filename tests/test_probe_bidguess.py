"""tools/probe_bidguess.py: the search's guess of a bid to come, beside the real bid and tricks."""
from __future__ import annotations

import types

from tool_loader import load_tool


def _tool() -> types.ModuleType:
    return load_tool("probe_bidguess")


def test_every_bid_of_a_game_gets_the_guess_for_its_true_hand() -> None:
    tool = _tool()
    rows = tool.collect("medium", 1, 5)
    assert len(rows) == 16 * 4                       # nines: 16 deals of 9 cards, four bids each
    assert all(r["cards"] == 9 and 0 <= r["guess"] <= 9 and 0 <= r["bid"] <= 9 for r in rows)
    assert sum(r["taken"] for r in rows) == 16 * 9  # every trick taken once
    assert rows == tool.collect("medium", 1, 5)      # seeded: the same game again
    for k in range(16):                              # each deal: every place in the bidding order once
        assert sorted(r["position"] for r in rows[4 * k:4 * k + 4]) == [0, 1, 2, 3]
    # the bids heard before each seat's own: none for the first bidder, then the running sum
    assert all(r["before"] == 0 for r in rows if r["position"] == 0)
    deal = sorted(rows[:4], key=lambda r: r["position"])
    assert [r["before"] for r in deal] == [0, deal[0]["bid"], deal[0]["bid"] + deal[1]["bid"],
                                           deal[0]["bid"] + deal[1]["bid"] + deal[2]["bid"]]
    # the guess is the search's own reading of the hand (est_tricks rounded, habit 0), moved by one
    # only where the dealer's rule forbids it
    rounded = [int(r["estimate"] + 0.4) for r in rows]
    assert all(abs(r["guess"] - x) <= 1 for r, x in zip(rows, rounded, strict=True))
    assert sum(r["guess"] == x for r, x in zip(rows, rounded, strict=True)) > len(rows) // 2


def test_the_probe_can_put_insanes_guess_beside_the_real_bids() -> None:
    """``--guess shaped``: the shape of a searching player's bids, answering the bids heard, on the same
    deals; ``--mode full`` plays full games, short deals included."""
    tool = _tool()
    plain, shaped = tool.collect("medium", 1, 5), tool.collect("medium", 1, 5, guess=tool.GUESSES["shaped"])
    assert [r["bid"] for r in plain] == [r["bid"] for r in shaped]   # the same game, another guess
    assert any(p["guess"] != q["guess"] for p, q in zip(plain, shaped, strict=True))
    weak = [r for r in shaped if 0 < r["estimate"] < 1.6 and r["position"] == 0]
    assert weak and all(r["guess"] == 0 for r in weak)               # the first bidder hears nothing
    full = tool.collect("medium", 1, 5, mode="full")
    assert {r["cards"] for r in full} == set(range(1, 10))
    assert tool.main(["--bots", "easy", "--games", "1", "--guess", "search", "--mode", "full"]) is None
    assert tool.GUESSES["search"].react > 0 and tool.GUESSES["plain"].react == 0


def test_the_summary_counts_agreement_and_the_error_by_real_bid() -> None:
    tool = _tool()
    rows = [{"cards": 9, "guess": 2, "estimate": 2.0, "bid": 2, "taken": 2, "bot": "hard", "position": 0},
            {"cards": 9, "guess": 2, "estimate": 2.0, "bid": 0, "taken": 1, "bot": "hard", "position": 0},
            {"cards": 9, "guess": 3, "estimate": 3.0, "bid": 5, "taken": 5, "bot": "hard", "position": 3}]
    text = tool.summary(rows)
    assert text.splitlines()[0] == "3 bids"
    assert "guess = real bid 33.3%, |guess - bid| 1.33, guess - bid +0.00" in text
    assert "real bid = taken 66.7%" in text
    assert "hard exact by bidding order (1st, 2nd, 3rd, dealer): 50.0% of 2, -, -, 100.0% of 1" in text
    assert "real bid 0:    1 bids, guess - bid +2.00, the same 0%" in text
    assert "real bid 5:    1 bids, guess - bid -2.00, the same 0%" in text
    assert "estimate 2.0:    2 bids, 0-bids 50%, most often 0, mean 1.00" in text   # a tie: the lower bid


def test_the_reaction_fit_recovers_a_known_line() -> None:
    """Bids made by an exact line (and a few off it) give that line back: the fit reads the answer to
    the bids heard, not the hand's own strength."""
    tool = _tool()
    rows = []
    for i in range(60):
        e, pos, before = (i % 7) * 0.8, 1 + i % 2, (i * 5) % 9
        over = before - pos * 9 / 4
        rows.append({"cards": 9, "estimate": e, "position": pos, "before": before,
                     "bid": -0.5 + 1.2 * e - 0.25 * over + (0.01 if i % 3 else -0.02)})
    fit = tool.reaction(rows)
    assert fit is not None
    (a, b, c), se, k = fit
    assert k == 60 and abs(a + 0.5) < 0.05 and abs(b - 1.2) < 0.02 and abs(c - 0.25) < 0.02
    assert all(x < 0.05 for x in se)
    assert tool.reaction(rows[:5]) is None
    assert "reaction (2nd and 3rd bidders, 60 bids)" in tool.summary(
        [dict(r, guess=0, taken=0, bot="x") for r in rows])
