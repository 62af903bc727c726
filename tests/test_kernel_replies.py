"""tools/kernel_replies.py: what the kernel plays for a seat, against what a search bot really played."""
from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Any

from tool_loader import load_tool

from joker.bots import kernel
from joker.cards import parse_hand, parse_play, play_text
from joker.playout import swap_play


def _tool() -> types.ModuleType:
    return load_tool("kernel_replies")


def _position(hands: list[str], trick: list[str], seat: int, bids: list[int], trump: int) -> dict[str, Any]:
    leader = (seat - len(trick)) & 3
    h = [parse_hand(x) for x in hands]
    return {"seat": seat, "hands": h, "trick": [parse_play(p, i == 0) for i, p in enumerate(trick)],
            "leader": leader, "taken": [0, 0, 0, 0], "bids": bids, "trump": trump, "hlt": False, "n": 3}


def test_the_kernel_move_is_read_from_the_rollout() -> None:
    tool = _tool()
    # seat 3 needs a trick, last to play, spades led: the cheapest winner (the queen over the ten)
    r = _position(["8C 7C", "JC 9C", "6D 7D", "QS KS 6H"], ["TS", "8S", "9S"], 3, [0, 0, 0, 2], -1)
    assert play_text(tool.kernel_play(kernel, r)) == "QS"
    r["bids"] = [1, 1, 1, 0]                            # its 0-bid: the highest card that loses
    r["hands"][3] = parse_hand("QS 7S 6H")
    r["trick"] = [parse_play("AS", True), parse_play("8S", False), parse_play("9S", False)]
    assert play_text(tool.kernel_play(kernel, r)) == "QS"
    # leading with only a joker and losers while it needs tricks: a high joker naming its longest suit
    r = _position(["8C 7C AH", "9C TC JC", "6D 7D 8D", "X1 7H 8H"], [], 3, [0, 0, 0, 1], -1)
    assert play_text(tool.kernel_play(kernel, r)) == "X1+H"
    # with trumps (hearts swapped into the kernel's top slot and back), the joker names trump
    r["trump"] = 0
    r["hands"][1] = parse_hand("9C TC AS")
    r["hands"][3] = parse_hand("X1 7S 8H")
    assert play_text(tool.kernel_play(kernel, r)) == "X1+S"
    # its bid made and nothing but a joker: a low joker naming the suit the others hold most of
    r["hands"][3] = parse_hand("X2")
    r["bids"] = [1, 1, 1, 0]
    assert play_text(tool.kernel_play(kernel, r)) == "X2-C"
    assert swap_play(parse_play("X1+S", True), 0, 3) == parse_play("X1+H", True)


def test_replies_counts_agreement_and_its_failures() -> None:
    tool = _tool()
    rows = tool.collect("hard@4w,hard@4w,medium,hard@4w", 1, 5)
    assert rows and all(r["seat"] != 2 for r in rows)           # only the search bots' decisions
    assert rows == tool.collect("hard@4w,hard@4w,medium,hard@4w", 1, 5)   # seeded: the same games
    by, diff = tool.replies(rows, kernel)
    n, card, effect = by["all"]
    assert n == len(rows) and 0.3 * n < card <= effect < n   # agrees often, not always
    assert sum(diff.values()) == n - effect
    assert sum(by[f"position {k}"][0] for k in (1, 2, 3, 4)) == n
    # a kernel that plays exactly what was played agrees everywhere; one that plays otherwise, less
    echo = [dict(r, action=play_text(tool.kernel_play(kernel, r))) for r in rows]
    assert tool.replies(echo, kernel)[0]["all"] == [n, n, n]

    def always_needs(hands: list[int], leader: int, trick: list[int], *rest: Any) -> list[int]:
        taken, tm, hlt = rest[:3]
        return kernel.rollout(hands, leader, trick, taken, tm, hlt, [9, 9, 9, 9])   # always needs tricks
    fake = types.ModuleType("fake")
    fake.rollout = always_needs  # type: ignore[attr-defined]
    assert tool.replies(echo, fake)[0]["all"][2] < n
    assert "kernel" in tool.report(by, diff) and "position 4" in tool.report(by, diff)


def test_outcomes_roll_each_decision_out_and_see_a_reply_option() -> None:
    tool = _tool()
    rows = tool.collect("hard@4w,hard@4w,hard@4w,hard@4w", 1, 6)
    assert all(r.get("final") and sum(r["final"]) == r["n"] for r in rows)   # each deal's real tricks
    o = tool.outcomes(rows, kernel)
    assert o["me"][0] == len(rows) and sum(x[0] for x in o.values()) == 4 * len(rows)
    assert 0 < o["me"][2] < 0.6 * len(rows)          # the kernel's rollouts are close to real play, not equal
    masks: list[int] = []

    def with_reply(hands: list[int], leader: int, trick: list[int], taken: list[int], tm: int, hlt: bool,
                   bids: Sequence[int], greedy: int = 0, reply: int = 0) -> list[int]:
        masks.append(reply)
        return kernel.rollout(hands, leader, trick, taken, tm, hlt, bids, greedy)

    fake = types.ModuleType("with_reply")
    fake.rollout = with_reply  # type: ignore[attr-defined]
    assert tool.outcomes(rows, fake, others=True) == o     # the same kernel: the same outcomes
    assert masks == [15 & ~(1 << r["seat"]) for r in rows]  # the acting seat never replies
    assert "rolled-real" in tool.report_outcomes(o)


def test_leads_are_sorted_into_kinds_by_state() -> None:
    tool = _tool()
    rows = tool.collect("hard@4w,hard@4w,hard@4w,hard@4w", 1, 6)
    leads = [r for r in rows if not r["trick"]]
    by = tool.leads(rows, kernel)
    hard, kern, (n, same) = by["all leads"]
    assert n == len(leads) == sum(hard.values()) == sum(kern.values()) and 0 < same < n
    assert set(hard) <= {"trump boss", "trump low", "trump other", "side boss", "side low shortest",
                         "side low longer", "side other", "joker high trump", "joker high side", "joker low"}
    assert sum(by[g][2][0] for g in ("needs tricks", "bid made", "0-bid holding")) == n
    assert "all leads" in tool.report_leads(by, 1)
    # a kernel whose leads are its real player's agrees on every lead, and sees each kind as often
    echo = [dict(r, action=play_text(tool.kernel_play(kernel, r))) for r in leads]
    e_hard, e_kern, (m, e_same) = tool.leads(echo, kernel)["all leads"]
    assert e_hard == e_kern and e_same == m == n
    # a kernel option given through replies' options to every seat (here `over`: past their bid the
    # seats take tricks): the same leads counted, other tricks rolled out
    on = tool.leads(rows, kernel, over=15)["all leads"]
    assert on[2][0] == n
    o = tool.outcomes(rows, kernel, over=15)
    assert o["me"][0] == len(rows) and o != tool.outcomes(rows, kernel)


def test_lead_kinds_of_known_leads() -> None:
    tool = _tool()
    # trump hearts; seat 0 leads, needing both tricks: the ace of trumps is a trump boss, the seven
    # of spades the lowest of its shortest side suit, the jack of clubs the lowest of a longer one
    r = _position(["AH 7S JC QC", "KH 8S AC KC", "7H 9S 9C 8C", "8H TS TC 7C"], [], 0, [2, 0, 0, 0], 3)
    r["n"] = 4
    kinds = {a: tool.lead_kind(r, parse_play(a, True)) for a in ("AH", "7S", "JC", "QC")}
    assert kinds == {"AH": "trump boss", "7S": "side low shortest", "JC": "side low longer",
                     "QC": "side other"}
    assert tool.lead_state(r) == "needs tricks, a sure winner, 4-6 cards, trump"
