"""Cards, plays and their text notation — parsed and printed in one place.

A card is an int: ``suit * 9 + rank`` for the 34 ordinary cards (suits ``S C D H`` = 0..3,
ranks ``6 7 8 9 T J Q K A`` = 0..8) and 36, 37 for the jokers ``X1``, ``X2``.  The slots of
6♠ and 6♣ (0 and 9) are never used: the jokers replace those two cards.  A hand is an int
used as a bitset over these indices, so "does the hand hold a spade" is one ``&``.

A *play* is an int too: the card in the low 6 bits, and for a joker its mode and, when it
is led, the named suit::

    play = card | mode << 6 | (suit + 1) << 8     # mode: 1 = high ("+"), 2 = low ("-")

Text notation (docs/RULES.md §1): ``AS``, ``TD``, ``6H``; ``X1+S`` / ``X1-S`` for a led joker
that names spades high ("want") or low ("under"); ``X1+`` / ``X1-`` for a joker played to
someone else's lead ("take" / "under").

>>> card_text(parse_card("QH"))
'QH'
>>> play_text(parse_play("X2-D", lead=True))
'X2-D'

The text functions check what they are given and raise ``ValueError`` for anything else; the
bit-level helpers (``make_play``, ``play_card``, ``cards_of`` ...) trust their int arguments, for
speed in the bots' inner loops.
"""
from __future__ import annotations

from collections.abc import Iterable

from .guard import shown

SUITS = "SCDH"
RANKS = "6789TJQKA"
SUIT_SYMBOLS = {"S": "\u2660", "C": "\u2663", "D": "\u2666", "H": "\u2665"}

X1 = 36
X2 = 37
JOKERS = (X1, X2)
JOKER_MASK = 1 << X1 | 1 << X2

HIGH = 1
LOW = 2

#: Bits of each suit (the unused 6♠/6♣ slots are never set in a real hand).
SUIT_MASKS = tuple(0x1FF << 9 * s for s in range(4))

#: The 36 cards of the deck, in index order.
DECK = tuple(i for i in range(36) if i not in (0, 9)) + JOKERS
FULL_DECK_MASK = sum(1 << c for c in DECK)

_CARD_TEXT: dict[int, str] = {}
for _c in DECK:
    _CARD_TEXT[_c] = "X1" if _c == X1 else "X2" if _c == X2 else RANKS[_c % 9] + SUITS[_c // 9]
_CARD_INDEX = {t: c for c, t in _CARD_TEXT.items()}


def suit_of(card: int) -> int:
    """Suit index 0..3 of an ordinary card (undefined for jokers)."""
    return card // 9


def is_joker(card: int) -> bool:
    return card >= X1


def card_text(card: int) -> str:
    try:
        return _CARD_TEXT[card]
    except (KeyError, TypeError):
        raise ValueError(f"not a card index: {shown(card)}") from None


def parse_card(text: str) -> int:
    """``"AS"`` -> card index; ``ValueError`` naming the bad text otherwise."""
    if not isinstance(text, str):
        raise ValueError(f"a card must be a string like 'AS', got {shown(text)}")
    try:
        return _CARD_INDEX[text]
    except KeyError:
        if text in ("6S", "6C"):
            raise ValueError(f"{text} is not in the Joker deck (the jokers replace it)") from None
        raise ValueError(
            f"not a card: {shown(text)} (expected rank 6789TJQKA + suit SCDH, or X1/X2)") from None


def parse_suit(text: str) -> int:
    if not isinstance(text, str) or len(text) != 1 or text not in SUITS:
        raise ValueError(f"not a suit: {shown(text)} (expected one of S C D H)")
    return SUITS.index(text)


def parse_trump(trump: str | None) -> int:
    """Trump as given by the reference API (a suit letter or ``None``) -> suit index or -1."""
    if trump is None:
        return -1
    return parse_suit(trump)


def trump_text(trump: int) -> str | None:
    """Suit index or -1 -> ``"S"``..``"H"`` or None (the inverse of :func:`parse_trump`)."""
    if type(trump) is not int or not -1 <= trump <= 3:
        raise ValueError(f"not a trump index (-1..3): {shown(trump)}")
    return None if trump < 0 else SUITS[trump]


# ---- plays ---------------------------------------------------------------------------

def make_play(card: int, mode: int = 0, suit: int = -1) -> int:
    return card | mode << 6 | (suit + 1) << 8


def play_card(play: int) -> int:
    return play & 63


def play_mode(play: int) -> int:
    return play >> 6 & 3


def play_suit(play: int) -> int:
    """The suit a led joker names, or -1."""
    return (play >> 8) - 1


_LEAD_TEXT: dict[int, str] = {}
_FOLLOW_TEXT: dict[int, str] = {}
for _c in DECK:
    if _c >= X1:
        for _m, _sign in ((HIGH, "+"), (LOW, "-")):
            for _s in range(4):
                _LEAD_TEXT[make_play(_c, _m, _s)] = _CARD_TEXT[_c] + _sign + SUITS[_s]
            _FOLLOW_TEXT[make_play(_c, _m)] = _CARD_TEXT[_c] + _sign
    else:
        _LEAD_TEXT[_c] = _FOLLOW_TEXT[_c] = _CARD_TEXT[_c]
_PLAY_TEXT = {**_LEAD_TEXT, **_FOLLOW_TEXT}
_LEAD_INDEX = {t: p for p, t in _LEAD_TEXT.items()}
_FOLLOW_INDEX = {t: p for p, t in _FOLLOW_TEXT.items()}

#: Every play string of each card: what a hand can do with it when leading / following.
LEAD_PLAYS = {c: [p for p in _LEAD_TEXT if p & 63 == c] for c in DECK}
FOLLOW_PLAYS = {c: [p for p in _FOLLOW_TEXT if p & 63 == c] for c in DECK}
LEAD_STRINGS = {c: [_LEAD_TEXT[p] for p in LEAD_PLAYS[c]] for c in DECK}
FOLLOW_STRINGS = {c: [_FOLLOW_TEXT[p] for p in FOLLOW_PLAYS[c]] for c in DECK}


def play_text(play: int) -> str:
    try:
        return _PLAY_TEXT[play]
    except (KeyError, TypeError):
        raise ValueError(f"not a play: {shown(play)}") from None


def parse_play(text: str, lead: bool) -> int:
    """Parse a play string; a led joker must name a suit, a following one must not."""
    table = _LEAD_INDEX if lead else _FOLLOW_INDEX
    try:
        return table[text]
    except (KeyError, TypeError):
        pass
    if not isinstance(text, str):
        raise ValueError(f"a play must be a string like 'AS' or 'X1+S', got {shown(text)}")
    other = _FOLLOW_INDEX if lead else _LEAD_INDEX
    if text in other:
        if lead:
            raise ValueError(f"{text}: a led joker must say high or low and name a suit, e.g. {text}S")
        raise ValueError(f"{text}: only a led joker names a suit; following, play {text[:3]}")
    if text in _CARD_INDEX:  # a bare joker without a mode
        how = f"{text}+S / {text}-S (high or low, naming a suit)" if lead else f"{text}+ / {text}-"
        raise ValueError(f"{text}: a joker must be played with a mode: {how}")
    parse_card(text[:2])  # raises with the card-level message if the card itself is bad
    raise ValueError(f"not a play: {shown(text)}")


def _texts(value: Iterable[str] | str, what: str, most: int) -> list[str]:
    """A list or tuple of strings (or one space-separated string) of at most ``most`` items."""
    if isinstance(value, str):
        value = value.split()
    elif not isinstance(value, list | tuple):
        raise ValueError(f"{what} must be a list of strings, got {shown(value)}")
    if len(value) > most:
        raise ValueError(f"{what} has at most {most} cards, got {len(value)}")
    return list(value)


def parse_trick(trick: Iterable[str] | str) -> list[int]:
    """Parse the plays of a trick so far (the first one is the lead)."""
    texts = _texts(trick, "a trick", 4)
    plays = [parse_play(t, lead=i == 0) for i, t in enumerate(texts)]
    cards = [p & 63 for p in plays]
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card appears twice in the trick: {' '.join(texts)}")
    return plays


def mask_of(cards: Iterable[int]) -> int:
    """Card indices -> bitset (raw: trusts its ints, like the other bit helpers)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """Card indices of a bitset, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def parse_hand(hand: Iterable[str] | str) -> int:
    """A hand as a list of card strings (or one space-separated string) -> bitset."""
    mask = 0
    for text in _texts(hand, "a hand", len(DECK)):
        c = parse_card(text)
        if mask >> c & 1:
            raise ValueError(f"card {text} appears twice in the hand")
        mask |= 1 << c
    return mask


def hand_text(mask: int) -> list[str]:
    """A bitset of cards -> card strings, in index order (suits S C D H, rank, jokers last)."""
    if type(mask) is not int or mask < 0 or mask & ~FULL_DECK_MASK:
        raise ValueError(f"not a set of cards: {shown(mask)}")
    return [_CARD_TEXT[c] for c in cards_of(mask)]


__all__ = ["SUITS", "RANKS", "SUIT_SYMBOLS", "X1", "X2", "JOKERS", "JOKER_MASK", "HIGH", "LOW", "SUIT_MASKS",
           "DECK", "FULL_DECK_MASK", "LEAD_PLAYS", "FOLLOW_PLAYS", "LEAD_STRINGS", "FOLLOW_STRINGS",
           # text in, checked (ValueError for anything else)
           "card_text", "parse_card", "parse_suit", "parse_trump", "trump_text", "play_text", "parse_play",
           "parse_trick", "parse_hand", "hand_text",
           # raw bit helpers: trusted ints, no checks (the bots' inner loops)
           "suit_of", "is_joker", "make_play", "play_card", "play_mode", "play_suit", "mask_of", "cards_of"]
