"""Does the rollout kernel reply the way a searching player does?  A diagnostic, not shipped (tools/ only).

Insane told the true deal plays its cards worse (docs/BOTS.md, sixth pass): the kernel's picture of
how the *other* seats reply misleads it.  This measures that picture directly.  ``collect`` plays
seeded games at a table of search bots and keeps every card decision of theirs: the true hands, the
trick so far, bids, taken, trump, leader, the legal plays, which of them are equivalent (touching
cards, :func:`joker.bots.choices.candidates`) and the bot's real choice.  ``replies`` asks a kernel,
given the same true hands (as a rollout would have them), what *it* plays for that seat, and prints
how often it agrees with the real choice — the same card, or the same effect (an equivalent card) —
split by the seat's state (needs tricks / bid made / 0-bid holding), its place in the trick and
whether a joker is involved, and the most frequent disagreements (each play described by its kind).

    nice -n 19 python3 tools/kernel_replies.py collect --games 3 --seed 701 plays701.json
    python3 tools/kernel_replies.py replies plays701.json [--kernel OTHER/joker/bots/kernel.py]
    # a kernel whose rollout() takes a `reply` seat mask (the others' reply policy of branch
    # reply-tried, docs/BOTS.md seventh pass): the seat to act kernel, the others replying
    python3 tools/kernel_replies.py replies plays701.json --reply --kernel TRIED/joker/bots/kernel.py

``replies --leads`` adds the kinds of leads (trump boss / lowest trump, side boss, the lowest card of
the shortest or of a longer side suit, a joker high or low) by the leader's state (needs tricks, with
or without a sure winner / bid made / 0-bid; cards left; trumps or not), how often the real player and
the kernel lead each; ``--opt over=15`` measures a kernel option given to every seat (here ``over``).
A lead policy fitted to those shares (``fit``, ``joker/bots/kleads.py``) was tried and measured worse
at the table (docs/BOTS.md, eighth pass); it is on branch ``ksteer-kleads-tried``:

    python3 tools/kernel_replies.py replies q701.json q702.json --leads --opt over=15

``replies`` also rolls the rest of each deal out from every decision (the real play made, as a search
values its candidate) and prints, per seat group, the mean of rolled-out minus real tricks: whether
the rollouts give the others more or fewer tricks than they really took.

The kernel's own choice is caught at the first card the rollout takes out of a hand (its joker mode
and named suit read from the rollout's locals at that moment), so any kernel file with
:func:`joker.bots.kernel.rollout`'s signature and variable names can be measured.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from collections import Counter, defaultdict
from types import ModuleType
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker.arena import game_seeds, parse_entry  # noqa: E402
from joker.bots import kernel as shipped_kernel  # noqa: E402
from joker.bots.choices import candidates  # noqa: E402
from joker.bots.info import Info  # noqa: E402
from joker.cards import HIGH, LOW, SUIT_MASKS, X1, make_play, parse_play, play_text  # noqa: E402
from joker.game import Game  # noqa: E402
from joker.playout import swap_play, trick_state  # noqa: E402
from joker.rules import PRESETS, winner_index  # noqa: E402


def collect(bots: str, games: int, seed: int, premium: str = "bonus") -> list[dict[str, Any]]:
    """Every card decision of the search bots in ``games`` seeded nines games of the line-up ``bots``."""
    rules = dataclasses.replace(PRESETS["standard"], premium=premium)
    lineup = [parse_entry(x) for x in bots.split(",")]
    rows: list[dict[str, Any]] = []
    for k, gseed in enumerate(game_seeds(seed, games)):
        g = Game(rules, "nines", seed=gseed)
        seated = [lineup[s].make(k * 16 + s) for s in range(4)]
        first = len(rows)
        while g.phase != "over":
            s = g.to_act
            assert s is not None
            view = g.view(s)
            action = seated[s].act(view)
            if g.phase == "play" and lineup[s].name in ("hard", "insane"):
                _, rep = candidates(Info.from_view(view), view["legal"])
                rows.append({"seat": s, "hands": list(g.hands), "trick": [p for _, p in g.trick],
                             "leader": g.leader, "taken": list(g.taken), "bids": list(g.bids),
                             "trump": g.trump, "hlt": g.rules.high_lead_trumpable, "n": g.cards,
                             "legal": view["legal"], "rep": rep, "action": action})
            g.apply(action)
            if g.deals and first < len(rows) and "final" not in rows[-1] and g.phase != "play":
                for r in rows[first:]:
                    r["final"] = list(g.deals[-1]["taken"])   # what each seat took in the end
                first = len(rows)
        print(f"game {k + 1}/{games}: {len(rows)} decisions", file=sys.stderr, flush=True)
    return rows


class _First(Exception):
    pass


class _Hands(list):  # type: ignore[type-arg]
    """The rollout's hands: stops the rollout at the first card taken out of one, keeping it and the
    rollout's locals (the joker mode and named suit are decided there)."""

    def __setitem__(self, i: Any, v: Any) -> None:
        self.caught = (i, self[i] ^ v, dict(sys._getframe(1).f_locals))
        raise _First


def kernel_play(mod: ModuleType, r: dict[str, Any], **options: Any) -> int:
    """The play (canonical encoding, joker mode and named suit included) the kernel ``mod`` makes for
    the seat to act in the position ``r``, every seat playing toward its real bid."""
    trump = r["trump"]
    kh, kt, tm = shipped_kernel.to_kernel(r["hands"], r["trick"], trump)
    hands = _Hands(kh)
    try:
        mod.rollout(hands, r["leader"], kt, list(r["taken"]), tm, r["hlt"], r["bids"], 0, **options)
    except _First:
        pass
    seat, bit, loc = hands.caught
    assert seat == r["seat"] and bit.bit_count() == 1, (seat, bit)
    c = bit.bit_length() - 1
    if c >= X1:
        if r["trick"]:
            p = make_play(c, HIGH if loc["key"] >= 100 else LOW)
        else:
            p = make_play(c, HIGH if loc["hl"] else LOW, SUIT_MASKS.index(loc["ledmask"]))
    else:
        p = c
    return swap_play(p, trump, 3) if trump >= 0 else p


def describe(r: dict[str, Any], p: int) -> str:
    """A play's kind in its position: a joker's mode, else (following) winner or loser at that moment,
    of the led suit, a ruff or a discard, and its rank among the legal cards of that kind; (leading)
    trump or side suit, a boss (no unseen card above it) or not, and its rank in its suit in hand."""
    trump = r["trump"]
    if p & 63 >= X1:
        if r["trick"]:
            return "joker high" if p >> 6 & 3 == HIGH else "joker low"
        named = "trump" if (p >> 8) - 1 == trump else "side"
        return f"lead joker {'high' if p >> 6 & 3 == HIGH else 'low'} naming {named}"
    kh, kt, tm = shipped_kernel.to_kernel(r["hands"], r["trick"], trump)
    c = swap_play(p, trump, 3) if trump >= 0 else p
    h = kh[r["seat"]]
    plays = [parse_play(a, not r["trick"]) for a in r["legal"]]
    cards = [swap_play(x, trump, 3) if trump >= 0 else x for x in plays if x < X1]
    if not r["trick"]:
        others = (kh[0] | kh[1] | kh[2] | kh[3]) & ~h
        su = SUIT_MASKS[c // 9]
        boss = not (others & su) >> c
        mine = sorted(x for x in cards if x // 9 == c // 9)
        kind = f"{'trump' if tm and c >= 27 else 'side'} {'boss' if boss else 'non-boss'}"
        return f"lead {kind} {_rank(c, mine)}"
    ledmask, _, best, _ = trick_state(kt, tm, r["hlt"])
    led = ledmask & (1 << c) != 0

    def wins(x: int) -> bool:
        return (1 << x) & (ledmask | tm) != 0 and 2 * x + 2 > best

    w = wins(c)
    same = sorted(x for x in cards if wins(x) == w)
    how = "led suit" if led else "ruff" if tm >> c & 1 else "discard"
    return f"{'win' if w else 'lose'} {_rank(c, same)} ({how})"


def lead_kind(r: dict[str, Any], p: int) -> str:
    """A lead's kind, coarser than :func:`describe`, to compare how often each is led: a joker (high
    naming trump / high naming a side suit / low), a trump (boss: no unseen trump above it; its lowest;
    other), a side card (boss; the lowest of our shortest side suit; the lowest of a longer one; other)."""
    trump = r["trump"]
    if p & 63 >= X1:
        if p >> 6 & 3 != HIGH:
            return "joker low"
        return "joker high trump" if (p >> 8) - 1 == trump else "joker high side"
    kh, _, tm = shipped_kernel.to_kernel(r["hands"], [], trump)
    c = swap_play(p, trump, 3) if trump >= 0 else p
    h = kh[r["seat"]]
    others = (kh[0] | kh[1] | kh[2] | kh[3]) & ~h
    su = SUIT_MASKS[c // 9]
    boss = not (others & su) >> c
    low = not h & su & ((1 << c) - 1)          # none of ours below it in its suit
    if tm and c >= 27:
        return "trump boss" if boss else "trump low" if low else "trump other"
    if boss:
        return "side boss"
    if not low:
        return "side other"
    side = [(h & SUIT_MASKS[q]).bit_count() for q in range(4) if not (tm and q == 3)]
    short = min(x for x in side if x)
    return "side low shortest" if (h & su).bit_count() == short else "side low longer"


def lead_state(r: dict[str, Any]) -> str:
    """The leader's state for :func:`leads`: its bid state, whether it holds a sure winner (the top
    unseen card of the trump suit, or of a side suit), the cards left and trump or no trump."""
    kh, _, tm = shipped_kernel.to_kernel(r["hands"], [], r["trump"])
    h = kh[r["seat"]]
    others = (kh[0] | kh[1] | kh[2] | kh[3]) & ~h
    sure = any(h & SUIT_MASKS[q] and not (others & SUIT_MASKS[q]) >> ((h & SUIT_MASKS[q]).bit_length() - 1)
               for q in range(4))
    n = h.bit_count()
    left = "1-3" if n <= 3 else "4-6" if n <= 6 else "7-9"
    st = state(r)
    if st == "needs tricks":
        st += ", a sure winner" if sure else ", no sure winner"
    return f"{st}, {left} cards, {'trump' if tm else 'no trump'}"


def leads(rows: list[dict[str, Any]], mod: ModuleType, **options: Any
          ) -> dict[str, tuple[Counter[str], Counter[str], list[int]]]:
    """Per leader's state (:func:`lead_state`, and coarser ones): how often the real player and the
    kernel lead each kind (:func:`lead_kind`) and ``[leads, same effect]``."""
    by: dict[str, tuple[Counter[str], Counter[str], list[int]]] = defaultdict(
        lambda: (Counter(), Counter(), [0, 0]))
    for r in rows:
        if r["trick"]:
            continue
        k = kernel_play(mod, r, **options)
        real = parse_play(r["action"], True)
        legal = r["legal"]
        same = r["rep"][legal.index(play_text(k))] == r["rep"][legal.index(r["action"])]
        full = lead_state(r)
        for g in ("all leads", full.split(",")[0], ", ".join(full.split(", ")[:-1]), full):
            hard, kern, n = by[g]
            hard[lead_kind(r, real)] += 1
            kern[lead_kind(r, k)] += 1
            n[0] += 1
            n[1] += same
    return by


def report_leads(by: dict[str, tuple[Counter[str], Counter[str], list[int]]], least: int = 20) -> str:
    """Each state with at least ``least`` leads: its count, agreement, and each kind's share led by
    the real player / by the kernel."""
    kinds = ["trump boss", "trump low", "trump other", "side boss", "side low shortest", "side low longer",
             "side other", "joker high trump", "joker high side", "joker low"]
    short = ["T boss", "T low", "T oth", "S boss", "S lo sh", "S lo lg", "S oth", "J+T", "J+S", "J-"]
    lines = [f"{'leads by state (real % / kernel %)':46} {'n':>5} {'agree':>6} "
             + " ".join(f"{k:>9}" for k in short)]
    for g in sorted(by, key=lambda g: (g != "all leads", g)):
        hard, kern, (n, same) = by[g]
        if n < least:
            continue
        cells = " ".join(f"{100 * hard[k] / n:4.0f}/{100 * kern[k] / n:<4.0f}" for k in kinds)
        lines.append(f"{g:46} {n:5} {same / n:6.1%} {cells}")
    return "\n".join(lines)


def _rank(c: int, same: list[int]) -> str:
    """Where card ``c`` stands among ``same`` (sorted): only, lowest, highest or mid."""
    return "only" if len(same) == 1 else "lowest" if c == same[0] else "highest" if c == same[-1] else "mid"


def state(r: dict[str, Any]) -> str:
    s = r["seat"]
    b, t = r["bids"][s], r["taken"][s]
    return "0-bid holding" if b == 0 and t == 0 else "needs tricks" if t < b else "bid made"


def joker_involved(r: dict[str, Any]) -> bool:
    return any(a.startswith("X") for a in r["legal"]) or any(p & 63 >= X1 for p in r["trick"])


def replies(rows: list[dict[str, Any]], mod: ModuleType, **options: Any
            ) -> tuple[dict[str, list[int]], Counter[str]]:
    """Per group ``[decisions, same card, same effect]`` and the disagreements (on effect), counted by
    ``"kernel: <kind> | real: <kind>"``."""
    by: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    diff: Counter[str] = Counter()
    for r in rows:
        lead = not r["trick"]
        k = kernel_play(mod, r, **options)
        text = play_text(k)
        legal = r["legal"]
        assert text in legal, (text, legal)
        real = parse_play(r["action"], lead)
        same_card = k == real
        same_effect = r["rep"][legal.index(text)] == r["rep"][legal.index(r["action"])]
        pos = f"position {len(r['trick']) + 1}"
        jk = "joker involved" if joker_involved(r) else "no joker"
        for g in ("all", state(r), pos, f"{state(r)}, {pos}", jk):
            x = by[g]
            x[0] += 1
            x[1] += same_card
            x[2] += same_effect
        if not same_effect:
            diff[f"{state(r)}: kernel {describe(r, k)} | real {describe(r, real)}"] += 1
    return by, diff


def outcomes(rows: list[dict[str, Any]], mod: ModuleType, others: bool = False, **options: Any
             ) -> dict[str, list[float]]:
    """From each decision, the real play made, the rest of the deal rolled out by ``mod`` on the true
    hands (every seat toward its real bid; ``others``: the seats but the one to act with the kernel's
    ``reply`` option): per group — the acting seat ("me", as in a search), the other seats by state —
    ``[seats, sum of rolled - real tricks, sum of |rolled - real|, rolled exact, real exact]``."""
    by: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    for r in rows:
        me, trump = r["seat"], r["trump"]
        p = parse_play(r["action"], not r["trick"])
        hands = list(r["hands"])
        hands[me] &= ~(1 << (p & 63))
        trick, taken, leader = r["trick"] + [p], list(r["taken"]), r["leader"]
        if len(trick) == 4:
            leader = (leader + winner_index(trick, trump, r["hlt"])) & 3
            taken[leader] += 1
            trick = []
        kh, kt, tm = shipped_kernel.to_kernel(hands, trick, trump)
        opts = {k: v & ~(1 << me) for k, v in options.items()}   # seat masks: the others only
        if others:
            opts["reply"] = 15 & ~(1 << me)
        t = mod.rollout(kh, leader, kt, taken, tm, r["hlt"], r["bids"], 0, **opts)
        for s in range(4):
            x = by["me" if s == me else f"others, {state(dict(r, seat=s))}"]
            b, real = r["bids"][s], r["final"][s]
            x[0] += 1
            x[1] += t[s] - real
            x[2] += abs(t[s] - real)
            x[3] += t[s] == b
            x[4] += real == b
    return by


def report(by: dict[str, list[int]], diff: Counter[str], top: int = 25) -> str:
    lines = [f"{'group':34} {'decisions':>9} {'same card':>9} {'same effect':>11}"]
    for g in sorted(by, key=lambda g: (g != "all", g)):
        n, c, e = by[g]
        lines.append(f"{g:34} {n:9} {c / n:9.1%} {e / n:11.1%}")
    n = by["all"][0]
    lines.append(f"most frequent disagreements (on effect), of {n} decisions:")
    lines += [f"  {m:5} {m / n:6.1%}  {k}" for k, m in diff.most_common(top)]
    return "\n".join(lines)


def report_outcomes(by: dict[str, list[float]]) -> str:
    lines = [f"{'rolled out from each decision':34} {'seats':>6} {'rolled-real':>11} {'|diff|':>7} "
             f"{'exact rolled':>12} {'real':>6}"]
    for g in sorted(by):
        n, d, a, ke, re_ = by[g]
        lines.append(f"{g:34} {n:6.0f} {d / n:+11.3f} {a / n:7.3f} {ke / n:12.1%} {re_ / n:6.1%}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--bots", default="hard@40w,hard@40w,hard@40w,hard@40w")
    c.add_argument("--games", type=int, default=3)
    c.add_argument("--seed", type=int, default=701)
    c.add_argument("--premium", default="bonus")
    c.add_argument("out")
    m = sub.add_parser("replies")
    m.add_argument("plays", nargs="+")
    m.add_argument("--kernel", action="append", default=[], help="a kernel.py file (repeatable)")
    m.add_argument("--reply", action="store_true",
                   help="rollout(..., reply=mask): a --kernel's reply policy for the others")
    m.add_argument("--top", type=int, default=25)
    m.add_argument("--opt", action="append", default=[], metavar="NAME=MASK",
                   help="a rollout() keyword given to the kernel for every seat (e.g. over=15)")
    m.add_argument("--leads", action="store_true", help="also the kinds of leads by the leader's state")
    m.add_argument("--least", type=int, default=20, help="--leads: states with at least this many leads")
    args = ap.parse_args(argv)
    if args.cmd == "collect":
        rows = collect(args.bots, args.games, args.seed, args.premium)
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(rows, f)
        return
    from kernel_fidelity import load_kernel
    rows = []
    for p in args.plays:
        with open(p, encoding="utf-8") as fp:
            rows += json.load(fp)
    options = {"reply": 15} if args.reply else {}
    options.update((k, int(v, 0)) for k, v in (o.split("=") for o in args.opt))
    for label, mod in [(p, load_kernel(p)) for p in args.kernel] or [("joker.bots.kernel", shipped_kernel)]:
        print(f"kernel {label} {options or ''}:")
        print(report(*replies(rows, mod, **options), top=args.top))
        if args.leads:
            print(report_leads(leads(rows, mod, **options), args.least))
        print(report_outcomes(outcomes(rows, mod, others=args.reply, **options)))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()
