"""Compare two versions of a level on the same deals: two ``arena --pool --save`` files, A and B.

A change to a bot keeps its label (``insane@160w``), so ``arena --report`` cannot tell the two runs
apart; this pairs them by table, level (its name: ``insane@160w`` pairs with ``insane@400w``, so two
sample counts compare too) and game seed and prints, per cell, B's margin minus A's
(± 95% CI over game seeds), and both exact-bid rates and bid − taken.  Run the same ``--pool``
command from a checkout of each version (fixed ``@Nw`` counts, so the deals and the opponents'
choices are the same until the two versions first differ).

    python3 tools/ab_pool.py base.jsonl new.jsonl
"""
from __future__ import annotations

import json
import os
import sys
from collections import defaultdict
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker.arena_pool import margins  # noqa: E402
from joker.arena_stats import entry_stats, mean_ci  # noqa: E402


def load(path: str) -> dict[tuple[str, str], dict[int, dict[str, Any]]]:
    cells: dict[tuple[str, str], dict[int, dict[str, Any]]] = defaultdict(dict)
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                cells[(r["table"], r["level_name"])][r["seed"]] = r
    return cells


def main() -> None:
    a, b = load(sys.argv[1]), load(sys.argv[2])
    for key in a:
        if key not in b:
            continue
        common = sorted(set(a[key]) & set(b[key]))
        if not common:
            continue
        d = [margins(b[key][s])[1] - margins(a[key][s])[1] for s in common]
        m, ci = mean_ci(d)
        sa = entry_stats([g["entries"][0] for s in common for g in a[key][s]["games"]])
        sb = entry_stats([g["entries"][0] for s in common for g in b[key][s]["games"]])
        ma, _ = mean_ci([margins(a[key][s])[1] for s in common])
        mb, _ = mean_ci([margins(b[key][s])[1] for s in common])
        la, lb = a[key][common[0]]["level"], b[key][common[0]]["level"]
        print(f"table {key[0]}, A {la}, B {lb}, {len(common)} seeds: margin A {ma:+.0f}, B {mb:+.0f}, "
              f"B - A {m:+.0f} ± {ci:.0f}{'  *' if abs(m) > ci else ''}; "
              f"exact A {sa['exact_rate']:.1%} B {sb['exact_rate']:.1%}; "
              f"bid-taken A {sa['bid_minus_taken']:+.2f} B {sb['bid_minus_taken']:+.2f}")
        ga, gb = sa["exact_by_bid"], sb["exact_by_bid"]
        if ga and gb:   # saves made before the arena kept exact bids per bid have neither
            print("    exact per bid, A -> B (deals): " + "; ".join(
                f"{g} {ga[g][1]:.1%} -> {gb[g][1]:.1%} ({ga[g][0]}/{gb[g][0]})" for g in ga if g in gb))


if __name__ == "__main__":
    main()
