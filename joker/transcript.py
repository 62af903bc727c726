"""Golden transcripts: a seeded game played by a seeded random player, one line per action.

``tests/golden/*.txt`` hold transcripts made by this module; the tests regenerate them and
diff, so any change in dealing, legality, trick resolution or scoring shows up line by line.
Regenerate after an intended rule change with ``python -m joker transcript --write tests/golden``.
"""
from __future__ import annotations

import random
from pathlib import Path

from .cards import hand_text, mask_of
from .game import Game
from .guard import shown
from .rules import PRESETS

GOLDEN = [("standard", "nines", 1), ("tvaladze", "nines", 2), ("folk", "nines", 3), ("standard", "full", 4),
          ("tvaladze", "full", 5), ("folk", "full", 6)]


def transcript(preset: str, mode: str, seed: int) -> str:
    """The transcript of a random game of ``preset`` (a name in PRESETS), ``mode`` and ``seed``."""
    if not (isinstance(preset, str) and preset in PRESETS):
        raise ValueError(f"preset must be one of {sorted(PRESETS)}, got {shown(preset)}")
    g = Game(PRESETS[preset], mode, seed=seed)
    rng = random.Random(seed)
    lines = [f"# preset={preset} mode={mode} seed={seed} first_dealer={g.dealer}"]
    if g.aces:
        lines.append("aces " + " ".join(f"{x['seat']}:{x['card']}" for x in g.view(0)["aces"]))
    deal = -1
    while g.phase != "over":
        if g.deal_index != deal:
            deal = g.deal_index
            v = g.view(0)
            hands = " | ".join(" ".join(_hand(g, s)) for s in range(4))
            lines.append(f"deal {deal + 1} cards={g.cards} dealer={g.dealer} trump_card={v['trump_card']} "
                         f"phase={g.phase} hands: {hands}")
        seat, phase, pulkas = g.to_act, g.phase, len(g.pulkas)
        action = rng.choice(g.legal_actions())
        g.apply(action, events=False)
        line = f"  {phase} {seat} {action}"
        if phase == "play" and not g.trick and g.last_trick is not None:
            line += f"  -> trick to {g.last_trick['winner']}"
        lines.append(line)
        if g.deal_index != deal or g.phase == "over":
            d = g.deals[-1]
            lines.append(f"  scored bids={d['bids']} taken={d['taken']} points={d['points']} "
                         f"totals={g.scores()}")
            if len(g.pulkas) > pulkas:
                p = g.pulkas[-1]
                lines.append(f"  pulka {p['no']} premium={p['premium']} struck={p['struck']} "
                             f"total={p['total']}")
    lines.append(f"over scores={g.scores()} places={g.view(0)['places']}")
    return "\n".join(lines) + "\n"


def _hand(g: Game, seat: int) -> list[str]:
    return hand_text(mask_of(g.dealt[seat]))


def write(folder: str) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for preset, mode, seed in GOLDEN:
        (out / f"{preset}_{mode}_{seed}.txt").write_text(transcript(preset, mode, seed))


__all__ = ["transcript", "write", "GOLDEN"]
