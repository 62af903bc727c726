"""tools/kernel_fidelity.py slope: how strongly a rollout's seat follows its target."""
from __future__ import annotations

import types
from collections.abc import Sequence

from tool_loader import load_tool

from joker.bots import kernel


def _tool() -> types.ModuleType:
    return load_tool("kernel_fidelity")


def test_slope_measures_how_far_a_seat_follows_its_target() -> None:
    tool = _tool()
    by = tool.slope(200)
    assert by == tool.slope(200)                       # the same deals every run
    assert by[0][0] == 200 and 0 < by[0][2] < 1
    assert 0.15 < tool.steering(by) < 0.5              # the kernel follows its target, weakly

    def blind(hands: list[int], leader: int, trick: list[int], taken: list[int], tm: int, hlt: bool,
              bids: Sequence[int]) -> list[int]:
        return kernel.rollout(hands, leader, trick, taken, tm, hlt, [1, 1, 1, 1])   # ignores targets

    fake = types.ModuleType("blind")
    fake.rollout = blind  # type: ignore[attr-defined]
    assert abs(tool.steering(tool.slope(200, mod=fake))) < 0.1
