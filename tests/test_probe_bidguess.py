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
    # the guess is the search's own reading of the hand (est_tricks rounded, habit 0), moved by one
    # only where the dealer's rule forbids it
    rounded = [int(r["estimate"] + 0.4) for r in rows]
    assert all(abs(r["guess"] - x) <= 1 for r, x in zip(rows, rounded, strict=True))
    assert sum(r["guess"] == x for r, x in zip(rows, rounded, strict=True)) > len(rows) // 2


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

