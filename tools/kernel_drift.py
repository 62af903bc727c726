"""Where the rollouts' drift of tricks comes from: each real decision's share.  A diagnostic, not shipped.

``tools/kernel_replies.py`` found that, rolled out from every real decision of a table of search bots,
the seats whose bid is made (or whose 0-bid holds) take fewer tricks than they really did and the seats
still needing tricks more (docs/BOTS.md, seventh pass).  This splits that drift exactly among the
decisions that cause it.  In one deal with decisions ``1..N``, let ``R_j`` be the tricks when the real
plays are made up to decision ``j`` and the kernel plays the rest (``R_N``: what was really taken).  A
rollout from decision ``k`` (the real play made, as a search values a candidate) is off by

    R_k - R_N = sum over j > k of  d_j,   d_j = R_(j-1) - R_j

and ``d_j`` (per seat) is what the kernel's own choice at decision ``j`` moves, against the real one,
with the kernel playing on after it.  ``drift`` adds every ``d_j[s]`` into the drift of seat ``s`` as
seen from each earlier decision ``k`` of another seat (as in ``kernel_replies`` "others, <state>"),
under a category: the state of the seat that acted at ``j`` (it or another seat moved), and the kinds
of the kernel's and the real play there.  A category's share, divided by the group's seats, is how much
of the group's measured drift it makes; the shares add up to the drift.

    python3 tools/kernel_drift.py plays701.json [--kernel OTHER/joker/bots/kernel.py] [--option made]

``--option NAME`` rolls out with ``rollout(..., NAME=15)`` (a kernel option given to every seat), and
prints the drift of ``kernel_replies`` with the option given to the seats other than the one to act.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from types import ModuleType
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import kernel_replies as kr  # noqa: E402

from joker.bots import kernel as shipped_kernel  # noqa: E402
from joker.cards import parse_play  # noqa: E402
from joker.rules import winner_index  # noqa: E402


def seat_state(r: dict[str, Any], s: int) -> str:
    """Seat ``s``'s state at decision ``r``: needs tricks, exact (bid made, not over), 0-bid holding, over."""
    b, t = r["bids"][s], r["taken"][s]
    return "0-bid holding" if b == 0 and t == 0 else "needs" if t < b else "exact" if t == b else "over"


def roll(mod: ModuleType, r: dict[str, Any], p: int | None, **options: Any) -> list[int]:
    """Tricks per seat at the end, from decision ``r`` with the play ``p`` made (``None``: the kernel
    chooses it too), the kernel playing the rest on the true hands toward the real bids."""
    hands, trick, taken = list(r["hands"]), list(r["trick"]), list(r["taken"])
    leader, trump = r["leader"], r["trump"]
    if p is not None:
        hands[r["seat"]] &= ~(1 << (p & 63))
        trick.append(p)
        if len(trick) == 4:
            leader = (leader + winner_index(trick, trump, r["hlt"])) & 3
            taken[leader] += 1
            trick = []
    kh, kt, tm = shipped_kernel.to_kernel(hands, trick, trump)
    return list(mod.rollout(kh, leader, kt, taken, tm, r["hlt"], r["bids"], 0, **options))


def deals(rows: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The rows split into deals (a deal starts with an empty trick and no trick taken)."""
    out: list[list[dict[str, Any]]] = []
    for r in rows:
        if not r["trick"] and not any(r["taken"]) or not out:
            out.append([])
        out[-1].append(r)
    return out


def drift(rows: list[dict[str, Any]], mod: ModuleType, **options: Any
          ) -> tuple[dict[str, int], dict[str, dict[str, float]]]:
    """Per seat group (``others, <state>``, the state at the earlier decision) the number of seats, and
    per group and category the sum of the ``d_j`` shares (see the module's docstring)."""
    seats: dict[str, int] = defaultdict(int)
    share: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for deal in deals(rows):
        # groups[j][s]: the group of seat s as seen from decision j (None for the acting seat)
        groups = [[None if s == r["seat"] else f"others, {seat_state(r, s)}" for s in range(4)] for r in deal]
        for row in groups:
            for g in row:
                if g:
                    seats[g] += 1
        for j, r in enumerate(deal):
            real = parse_play(r["action"], not r["trick"])
            k = kr.kernel_play(mod, r, **options)
            if k == real:
                continue
            mine, theirs = roll(mod, r, None, **options), roll(mod, r, real, **options)
            d = [a - b for a, b in zip(mine, theirs, strict=True)]
            actor = r["seat"]
            for s in range(4):
                if not d[s]:
                    continue
                who = "itself" if s == actor else f"another ({seat_state(r, s)})"
                cat = (f"{seat_state(r, actor)} acting, moves {who}: kernel {kr.describe(r, k)}"
                       f" | real {kr.describe(r, real)}")
                for i in range(j):
                    g = groups[i][s]
                    if g:
                        share[g][cat] += d[s]
    return seats, share


def report(seats: dict[str, int], share: dict[str, dict[str, float]], top: int = 12) -> str:
    lines = []
    for g in sorted(seats):
        n = seats[g]
        cats = share.get(g, {})
        lines.append(f"{g}: {n} seats, drift {sum(cats.values()) / n:+.3f} a seat")
        by_actor: dict[str, float] = defaultdict(float)
        for c, v in cats.items():
            by_actor[c.split(": kernel")[0]] += v
        for c, v in sorted(by_actor.items(), key=lambda kv: -abs(kv[1])):
            lines.append(f"    {v / n:+.3f}  {c}")
        lines.append("  commonest single kinds:")
        for c, v in sorted(cats.items(), key=lambda kv: -abs(kv[1]))[:top]:
            lines.append(f"    {v / n:+.3f}  {c}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("plays", nargs="+")
    ap.add_argument("--kernel", help="a kernel.py file (default: the shipped kernel)")
    ap.add_argument("--option", help="a rollout() keyword taking a seat mask, given to every seat")
    ap.add_argument("--top", type=int, default=12)
    args = ap.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for p in args.plays:
        with open(p, encoding="utf-8") as f:
            rows += json.load(f)
    from kernel_fidelity import load_kernel
    mod = load_kernel(args.kernel) if args.kernel else shipped_kernel
    options = {args.option: 15} if args.option else {}
    print(report(*drift(rows, mod, **options), top=args.top))
    if args.option:
        print(kr.report_outcomes(outcomes_with(rows, mod, args.option)))


def outcomes_with(rows: list[dict[str, Any]], mod: ModuleType, option: str) -> dict[str, list[float]]:
    """``kernel_replies.outcomes`` with the kernel option ``option`` given to the seats but the one to
    act (as a search gives it to the others), by a wrapper that passes it on."""
    class Wrapped:
        @staticmethod
        def rollout(*a: Any, reply: int = 0) -> list[int]:
            return list(mod.rollout(*a, **{option: reply}))
    return kr.outcomes(rows, Wrapped, others=True)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
