"""Scoring a deal and a pulka (docs/RULES.md §7, §8).

>>> from joker.rules import PRESETS
>>> tvaladze, standard = PRESETS["tvaladze"], PRESETS["standard"]
>>> deal_score(3, 3, 5, tvaladze), deal_score(3, 4, 5, tvaladze), deal_score(5, 5, 5, tvaladze)
(200, 40, 500)
>>> deal_score(2, 0, 9, standard), deal_score(2, 0, 8, standard), deal_score(2, 0, 9, tvaladze)
(-500, -200, 0)
>>> pulka_scores([[0, 9, 9, 9], [2, 9, 9, 9], [1, 9, 9, 9], [3, 9, 9, 9]],
...              [[0, 1, 4, 4], [2, 1, 3, 3], [1, 2, 3, 3], [3, 2, 2, 2]], [9, 9, 9, 9], tvaladze)[0]
700
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .guard import shown
from .rules import MAX_HAND, Rules

PLAYERS = 4
MAX_DEALS = 24   # a whole game; a pulka has at most 8


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an int, got {shown(value)}")
    return value


def _rows(value: Any, what: str, width: int | None) -> list[Any]:
    """A list/tuple of 1..MAX_DEALS items (each a list/tuple of ``width`` items, if ``width``)."""
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= MAX_DEALS:
        raise ValueError(f"{what} must be a list of 1..{MAX_DEALS} deals, got {shown(value)}")
    if width is not None:
        for d, row in enumerate(value):
            if not isinstance(row, list | tuple) or len(row) != width:
                raise ValueError(f"{what}: deal {d} must list {width} players, got {shown(row)}")
    return list(value)


def deal_score(bid: int, taken: int, cards: int, rules: Rules) -> int:
    """Points for one player's deal: bid ``bid``, took ``taken`` tricks of ``cards``.

    Exact: ``50·bid + 50``, or ``100·cards`` for bidding and taking all.  Missed: ``10·taken``,
    or the khishti penalty when a positive bid took nothing and the rules have khishti.
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value, got {shown(rules)}")
    cards = _int(cards, "cards")
    if not 1 <= cards <= MAX_HAND:
        raise ValueError(f"cards must be 1..{MAX_HAND}, got {cards}")
    bid = _int(bid, "bid")
    taken = _int(taken, "taken")
    if not 0 <= bid <= cards:
        raise ValueError(f"bid must be 0..{cards}, got {bid}")
    if not 0 <= taken <= cards:
        raise ValueError(f"taken must be 0..{cards}, got {taken}")
    return _score(bid, taken, cards, rules.khishti)


def is_khishti(bid: int, taken: int, rules: Rules) -> bool:
    """Whether a deal is a khishti: a bid of one or more, no trick taken, under rules with the
    khishti penalty (docs/RULES.md §7).  The one definition: deal records, score sheets, the statistics
    and the table's sound all use it.  Without the option such a miss is an ordinary miss (scores 0).

    >>> from joker.rules import PRESETS
    >>> is_khishti(2, 0, PRESETS["standard"]), is_khishti(2, 0, PRESETS["tvaladze"])
    (True, False)
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value, got {shown(rules)}")
    return _khishti(_int(bid, "bid"), _int(taken, "taken"), rules.khishti)


def _khishti(bid: int, taken: int, khishti: tuple[int, int] | None) -> bool:
    """:func:`is_khishti` on trusted ints (the game's hot path)."""
    return bid >= 1 and taken == 0 and khishti is not None


def _score(bid: int, taken: int, cards: int, khishti: tuple[int, int] | None) -> int:
    if bid == taken:
        return 100 * cards if bid == cards else 50 * bid + 50
    if taken == 0 and khishti is not None:  # bid >= 1 here
        # Our reading (docs/RULES.md §12): every 9-card deal takes the 9-card penalty, the four deals
        # of 9 in each half of a full game too, not only the deals of the "nines" mode.
        return -(khishti[1] if cards == 9 else khishti[0])
    return 10 * taken


@dataclass(frozen=True)
class PulkaResult:
    """What a pulka's end writes on the score sheet, per player.

    ``struck[p]`` is the index (within the pulka) of the deal struck out for player ``p``, or None.
    """

    deal_points: tuple[tuple[int, ...], ...]   # [deal][player]
    points: tuple[int, ...]                    # sum of deal points
    claimants: tuple[int, ...]                 # players who made every bid
    premium: tuple[int, ...]                   # bonus added
    struck: tuple[int | None, ...]
    struck_points: tuple[int, ...]             # points removed (>= 0)
    total: tuple[int, ...]                     # points + premium - struck_points


def pulka_result(bids: Sequence[Sequence[int]], taken: Sequence[Sequence[int]], cards: Sequence[int],
                 rules: Rules) -> PulkaResult:
    """Score a whole pulka: deal points, premium for the claimants, struck-out deals.

    Premium variants (docs/RULES.md §8): ``bonus`` — each claimant adds their best deal once more;
    ``georgian`` — as bonus, and with exactly one claimant every other player loses their best deal;
    ``folk`` — only a sole claimant gets the bonus and strikes the others' best deal, two or more
    claimants get nothing.  Our reading (the seeds are silent): a best deal of 0 or less is never struck
    (striking must not raise a score).
    Our reading where the seeds are silent: on equal best deals the earliest is struck (the total is the
    same either way; the score sheet marks that one).
    Our reading (docs/RULES.md §12): every entry is checked on its own, not a deal as a whole — tricks
    that do not add up to the cards, or bids that break the dealer's rule, are scored as given, so one
    scoring rule can be tried alone (games and the score pad never write such a deal).
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value, got {shown(rules)}")
    bids, taken = _rows(bids, "bids", PLAYERS), _rows(taken, "taken", PLAYERS)
    cards = _rows(cards, "cards", None)
    if not len(bids) == len(taken) == len(cards):
        raise ValueError(f"bids, taken and cards must have the same length "
                         f"({len(bids)}, {len(taken)}, {len(cards)})")
    for d, n in enumerate(cards):
        for p in range(PLAYERS):
            deal_score(bids[d][p], taken[d][p], n, rules)   # checks every entry
    return _pulka_result(bids, taken, cards, rules)


def _pulka_result(bids: Sequence[Sequence[int]], taken: Sequence[Sequence[int]], cards: Sequence[int],
                  rules: Rules) -> PulkaResult:
    """:func:`pulka_result` on trusted values (the game scores its own records, already valid)."""
    players = PLAYERS
    khishti = rules.khishti
    rows: list[tuple[int, ...]] = []
    made = [True] * players
    for d, n in enumerate(cards):
        b, t = bids[d], taken[d]
        rows.append(tuple(_score(b[p], t[p], n, khishti) for p in range(players)))
        for p in range(players):
            if b[p] != t[p]:
                made[p] = False
    points = tuple(sum(r[p] for r in rows) for p in range(players))
    best = [max(r[p] for r in rows) for p in range(players)]
    claimants = tuple(p for p in range(players) if made[p])
    premium = [0] * players
    struck: list[int | None] = [None] * players
    struck_points = [0] * players
    sole = len(claimants) == 1
    if rules.premium != "folk" or sole:   # folk: only a sole claimant earns the bonus
        for p in claimants:
            premium[p] = best[p]
    if sole and rules.premium in ("georgian", "folk"):
        for p in range(players):
            if p != claimants[0] and best[p] > 0:
                struck[p] = next(d for d, r in enumerate(rows) if r[p] == best[p])
                struck_points[p] = best[p]
    total = tuple(points[p] + premium[p] - struck_points[p] for p in range(players))
    return PulkaResult(tuple(rows), points, claimants, tuple(premium), tuple(struck),
                       tuple(struck_points), total)


def pulka_scores(bids: Sequence[Sequence[int]], taken: Sequence[Sequence[int]], cards: Sequence[int],
                 rules: Rules) -> list[int]:
    """Per player: deal points + premium − struck deal, for one pulka (``bids[d][p]``, ``taken[d][p]``)."""
    return list(pulka_result(bids, taken, cards, rules).total)


def places(totals: Sequence[int]) -> list[int]:
    """1-based places; equal totals share a place (1, 1, 3, 4).

    Our reading (docs/RULES.md §12): after a shared place the next player's place counts everyone
    above them (1, 1, 3), as results tables do, not 1, 1, 2.
    """
    if not isinstance(totals, list | tuple) or not 1 <= len(totals) <= PLAYERS:
        raise ValueError(f"places need 1..{PLAYERS} totals, got {shown(totals)}")
    for t in totals:
        _int(t, "a total")
    return [1 + sum(1 for u in totals if u > t) for t in totals]


__all__ = ["deal_score", "is_khishti", "pulka_result", "pulka_scores", "places", "PulkaResult", "PLAYERS"]
