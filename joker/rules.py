"""Legal plays, trick resolution and the forced dealer's bid (docs/RULES.md §3–§6, §11).

One source of truth for each rule: the game state machine, the fast playout kernel's tests,
the bots and the UI all ask these functions.  The raw functions work on bitsets and play ints
(see :mod:`joker.cards`); the reference API of docs/RULES.md §11 wraps them in the text notation.

>>> legal_plays(["AS", "7S", "KH", "X1"], ["9S"], "H", PRESETS["standard"])
['7S', 'AS', 'X1+', 'X1-']
>>> trick_winner(["X1+S", "AS", "7H", "KS"], "H", PRESETS["folk"])   # spades void played a trump
2
>>> trick_winner(["X1+S", "AS", "7H", "KS"], "H", PRESETS["standard"])
0
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from .cards import (
    DECK,
    FOLLOW_STRINGS,
    HIGH,
    JOKER_MASK,
    LEAD_STRINGS,
    SUIT_MASKS,
    SUITS,
    X1,
    card_text,
    cards_of,
    parse_hand,
    parse_play,
    parse_trick,
    parse_trump,
)
from .guard import label, shown, whole
from .rule_options import FIRST_DEALERS, MAX_KHISHTI, PREMIUMS, PRESETS, TRUMP_IN_NINES, Rules, preset_name

# ---- raw bitset functions ------------------------------------------------------------

def legal_mask(hand: int, lead: int, trump: int) -> int:
    """Cards of ``hand`` that may be played to a trick led by ``lead`` (a play int, or -1 to lead).

    Jokers in the returned mask may be played in either mode (our reading, docs/RULES.md §12: the
    other joker may answer a high lead's demand high or low).  Follow suit, else trump, else
    anything; a joker is always allowed; a high ("want") joker lead demands the *highest* card
    of the named suit.
    """
    if lead < 0:
        return hand
    card = lead & 63
    if card >= X1:
        suit = (lead >> 8) - 1
        s = hand & SUIT_MASKS[suit]
        if s:
            if lead >> 6 & 3 == HIGH:
                s = 1 << s.bit_length() - 1
            return s | hand & JOKER_MASK
    else:
        s = hand & SUIT_MASKS[card // 9]
        if s:
            return s | hand & JOKER_MASK
    if trump >= 0:
        t = hand & SUIT_MASKS[trump]
        if t:
            return t | hand & JOKER_MASK
    return hand


def winner_index(plays: list[int], trump: int, high_lead_trumpable: bool) -> int:
    """Index (0 = the lead) of the play that wins the trick, per docs/RULES.md §6."""
    # 1. The last joker played high in response wins.
    for i in range(len(plays) - 1, 0, -1):
        p = plays[i]
        if p & 63 >= X1 and p >> 6 & 3 == HIGH:
            return i
    lead = plays[0]
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    best, best_i = -1, -1
    if lead & 63 >= X1:
        suit = (lead >> 8) - 1
        if lead >> 6 & 3 == HIGH:
            # 2. A high lead wins unless (trumpable, names a plain suit) someone trumped it.
            if not (high_lead_trumpable and suit != trump and trump >= 0):
                return 0
            for i in range(1, len(plays)):
                c = plays[i] & 63
                if c < X1 and tmask >> c & 1 and c > best:
                    best, best_i = c, i
            return best_i if best_i > 0 else 0
        # 3. Low lead: highest trump, else highest of the named suit, else the joker itself.
        smask = SUIT_MASKS[suit]
    else:
        # 4. Ordinary lead.
        smask = SUIT_MASKS[(lead & 63) // 9]
        best, best_i = lead & 63, 0
        if tmask >> best & 1:
            best += 100
    for i in range(1, len(plays)):
        c = plays[i] & 63
        if c >= X1:
            continue
        if tmask >> c & 1:
            key = c + 100
        elif smask >> c & 1:
            key = c
        else:
            continue
        if key > best:
            best, best_i = key, i
    return best_i if best_i >= 0 else 0


# ---- bidding --------------------------------------------------------------------------------

def forbidden_bid(other_bids: Iterable[int], cards: int) -> int | None:
    """The one bid the dealer may not make (docs/RULES.md §4), given the other three players' bids.

    It is the number that would make the four bids add up to ``cards``; None when the others already
    bid more than that (then the dealer may bid anything).  The game and the score pad both ask here.
    """
    whole(cards, "cards", 1, 9)
    if isinstance(other_bids, str | bytes | dict) or not hasattr(other_bids, "__iter__"):
        raise ValueError(f"the other bids must be a list of numbers, got {shown(other_bids)}")
    bids = [whole(b, "a bid", 0, cards) for b in itertools.islice(other_bids, 4)]
    if len(bids) > 3:
        raise ValueError("only the three other players bid before the dealer")
    return _forbidden_bid(sum(bids), cards)


def _forbidden_bid(others: int, cards: int) -> int | None:
    """:func:`forbidden_bid` from the sum of the others' bids (trusted ints: the game's hot path)."""
    rest = cards - others
    return rest if 0 <= rest <= cards else None


# ---- why a play is illegal (for the status line) -----------------------------------------

def illegal_reason(hand: int, lead: int, trump: int, play: int) -> tuple[str, dict[str, Any]] | None:
    """Why ``play`` may not be played from ``hand`` (None when it is legal): a reason code and
    its parameters, translated by the UI (e.g. ``("must_follow", {"suit": "H"})``)."""
    card = play & 63
    if not hand >> card & 1:
        return ("not_in_hand", {"card": card_text(card)})
    if card >= X1 or lead < 0:
        return None
    if legal_mask(hand, lead, trump) >> card & 1:
        return None
    lc = lead & 63
    suit = (lead >> 8) - 1 if lc >= X1 else lc // 9
    s = hand & SUIT_MASKS[suit]
    if s:
        if lc >= X1 and lead >> 6 & 3 == HIGH:
            return ("must_highest", {"suit": SUITS[suit], "card": card_text(s.bit_length() - 1)})
        return ("must_follow", {"suit": SUITS[suit]})
    return ("must_trump", {"suit": SUITS[trump]})


# ---- the reference API (docs/RULES.md §11), text in and out ------------------------------------

#: The most cards a hand holds: a 9-card deal shares the 36 cards among the four players (§2).
MAX_HAND = len(DECK) // 4


def _check_rules(rules: Rules) -> None:
    if not isinstance(rules, Rules):
        raise ValueError(
            f"rules must be a Rules value (e.g. PRESETS['standard']), got {type(rules).__name__}")


def _parse_position(hand: Iterable[str] | str, trick: Iterable[str],
                    trump: str | None) -> tuple[int, list[int], int]:
    hmask = parse_hand(hand)
    if hmask.bit_count() > MAX_HAND:
        raise ValueError(f"a hand holds at most {MAX_HAND} cards, got {hmask.bit_count()}")
    plays = parse_trick(trick)
    if len(plays) >= 4:
        raise ValueError("the trick is already complete (4 plays)")
    for p in plays:
        if hmask >> (p & 63) & 1:
            raise ValueError(f"card {card_text(p & 63)} is both in the hand and in the trick")
    return hmask, plays, parse_trump(trump)


def legal_plays(hand: Iterable[str] | str, trick: Iterable[str], trump: str | None,
                rules: Rules) -> list[str]:
    """Every legal play string for ``hand`` given the ``trick`` so far (empty: leading).

    A joker yields its mode variants: 8 strings when leading (``+S +C +D +H -S -C -D -H``),
    2 when following (``+``/``-``).  Order: cards ascending by suit S C D H and rank, jokers last.
    """
    _check_rules(rules)
    hmask, plays, t = _parse_position(hand, trick, trump)
    lead = plays[0] if plays else -1
    table = LEAD_STRINGS if lead < 0 else FOLLOW_STRINGS
    out: list[str] = []
    for c in cards_of(legal_mask(hmask, lead, t)):
        out.extend(table[c])
    return out


def why_illegal(hand: Iterable[str] | str, trick: Iterable[str], trump: str | None, rules: Rules,
                play: str) -> tuple[str, dict[str, Any]] | None:
    """Reason code for an illegal ``play`` (None when legal); see :func:`illegal_reason`."""
    _check_rules(rules)
    hmask, plays, t = _parse_position(hand, trick, trump)
    try:
        p = parse_play(play, lead=not plays)
    except ValueError:
        if isinstance(play, str) and play[:1] == "X":
            return ("joker_mode", {})
        return ("bad_action", {"action": label(play)})
    return illegal_reason(hmask, plays[0] if plays else -1, t, p)


def trick_winner(trick: Iterable[str], trump: str | None, rules: Rules) -> int:
    """Index into ``trick`` (0 = the lead) of the play that wins it (so far, if incomplete)."""
    _check_rules(rules)
    plays = parse_trick(trick)
    if not plays:
        raise ValueError("an empty trick has no winner")
    return winner_index(plays, parse_trump(trump), rules.high_lead_trumpable)


__all__ = ["Rules", "PRESETS", "MAX_KHISHTI", "TRUMP_IN_NINES", "PREMIUMS", "FIRST_DEALERS", "preset_name",
           "legal_plays", "trick_winner", "why_illegal", "legal_mask", "winner_index", "illegal_reason",
           "forbidden_bid"]
