"""tools/kernel_drift.py: the rollouts' drift of tricks split exactly among the decisions that make it."""
from __future__ import annotations

import sys
import types

from tool_loader import TOOLS, load_tool

from joker.bots import kernel


def _tool(name: str) -> types.ModuleType:
    sys.path.insert(0, str(TOOLS))
    return load_tool(name)


def test_the_shares_add_up_to_the_drift_of_each_group() -> None:
    kr, kd = _tool("kernel_replies"), _tool("kernel_drift")
    rows = kr.collect("hard@4w,hard@4w,hard@4w,hard@4w", 1, 6)
    assert sum(len(d) for d in kd.deals(rows)) == len(rows) and len(kd.deals(rows)) == 16
    seats, share = kd.drift(rows, kernel)
    o = kr.outcomes(rows, kernel)
    # the same seats, and the shares sum to what the rollouts from every decision are off by
    assert seats["others, needs"] == o["others, needs tricks"][0]
    assert seats["others, exact"] + seats["others, over"] == o["others, bid made"][0]
    total = sum(v for g in share.values() for v in g.values())
    assert total == sum(o[g][1] for g in o if g != "me")
    assert abs(sum(share["others, needs"].values()) - o["others, needs tricks"][1]) < 1e-9
    assert abs(sum(share["others, 0-bid holding"].values()) - o["others, 0-bid holding"][1]) < 1e-9
    assert any(share[g] for g in share)                          # the kernel is not real play
    # a kernel that plays every real choice has no drift at all
    echo = [dict(r, action=kr.play_text(kr.kernel_play(kernel, r))) for r in rows]
    seats2, share2 = kd.drift(echo, kernel)
    assert seats2 == seats and not any(v for g in share2.values() for v in g.values())
    text = kd.report(seats, share)
    assert "others, over" in text and "acting, moves" in text


def test_outcomes_with_an_option_give_it_to_the_others() -> None:
    kr, kd = _tool("kernel_replies"), _tool("kernel_drift")
    rows = kr.collect("hard@4w,hard@4w,hard@4w,hard@4w", 1, 6)[:60]
    seen: list[int] = []

    def rollout(*a: object, over: int = 0) -> list[int]:
        seen.append(over)
        return list(kernel.rollout(*a))  # type: ignore[arg-type]

    fake = types.ModuleType("fake")
    fake.rollout = rollout  # type: ignore[attr-defined]
    assert kd.outcomes_with(rows, fake, "over") == kr.outcomes(rows, kernel)
    assert seen == [15 & ~(1 << r["seat"]) for r in rows]
