"""docs/RULES.md §1, §5, §6 and the reference API (§11): legal plays and trick winners, per preset."""
import dataclasses

import pytest

from joker.rules import PRESETS, Rules, legal_plays, preset_name, trick_winner, why_illegal

STD, TVA, FOLK = PRESETS["standard"], PRESETS["tvaladze"], PRESETS["folk"]
ALL = [STD, TVA, FOLK]
TRUMPABLE = [TVA, FOLK]


# ---- presets ----------------------------------------------------------------------------

def test_presets_match_the_table_of_rules_md():
    assert TVA == Rules("dealer_card", True, None, "bonus", "random")
    assert STD == Rules("chosen", False, (200, 500), "georgian", "random")
    assert FOLK == Rules("chosen", True, (200, 200), "folk", "aces")
    assert preset_name(STD) == "standard"
    assert preset_name(dataclasses.replace(STD, khishti=None)) is None


def test_rules_are_immutable_and_validated():
    with pytest.raises(dataclasses.FrozenInstanceError):
        STD.premium = "bonus"  # type: ignore[misc]
    for bad in [dict(premium="x"), dict(trump_in_nines="x"), dict(khishti=(200,)), dict(khishti=(-1, 5)),
                dict(high_lead_trumpable="yes"), dict(first_dealer="x")]:
        with pytest.raises(ValueError):
            dataclasses.replace(STD, **bad)
    assert Rules.from_dict(STD.to_dict()) == STD
    with pytest.raises(ValueError, match="unknown rule options"):
        Rules.from_dict({**STD.to_dict(), "deck": 38})


# ---- legal plays ------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ALL)
def test_leading_anything_and_a_led_joker_has_eight_modes(rules):
    plays = legal_plays(["7S", "AH", "X2"], [], "D", rules)
    assert plays == ["7S", "AH", "X2+S", "X2+C", "X2+D", "X2+H", "X2-S", "X2-C", "X2-D", "X2-H"]


@pytest.mark.parametrize("rules", ALL)
def test_must_follow_suit_but_any_card_of_it_and_joker_always(rules):
    assert legal_plays("7S AS KH X1", ["9S"], "H", rules) == ["7S", "AS", "X1+", "X1-"]
    assert legal_plays("7S AS KH", ["9S", "TS"], None, rules) == ["7S", "AS"]


@pytest.mark.parametrize("rules", ALL)
def test_void_must_trump_any_trump_overtrumping_not_required(rules):
    assert legal_plays("7C KH 6H QD", ["9S", "AH"], "H", rules) == ["6H", "KH"]


@pytest.mark.parametrize("rules", ALL)
def test_void_in_suit_and_trump_plays_anything(rules):
    assert legal_plays("7C QD X2", ["9S"], "H", rules) == ["7C", "QD", "X2+", "X2-"]
    assert legal_plays("7C QD", ["9S"], None, rules) == ["7C", "QD"]


@pytest.mark.parametrize("rules", ALL)
def test_high_joker_lead_demands_the_highest_card_of_the_named_suit(rules):
    assert legal_plays("7S QS KS 8H", ["X1+S"], "H", rules) == ["KS"]
    assert legal_plays("7S QS KS X2", ["X1+S"], "H", rules) == ["KS", "X2+", "X2-"]
    # void in the named suit: any trump (not the highest), else anything
    assert legal_plays("7H KH 9D", ["X1+S"], "H", rules) == ["7H", "KH"]
    assert legal_plays("9D TC", ["X1+S"], "H", rules) == ["TC", "9D"]
    # named the trump suit: the highest trump
    assert legal_plays("7H KH 9D", ["X1+H"], "H", rules) == ["KH"]


@pytest.mark.parametrize("rules", ALL)
def test_low_joker_lead_follows_the_named_suit_the_ordinary_way(rules):
    assert legal_plays("7S QS KS 8H", ["X1-S"], "H", rules) == ["7S", "QS", "KS"]
    assert legal_plays("7H KH 9D", ["X1-S"], "H", rules) == ["7H", "KH"]


def test_a_high_lead_only_binds_the_named_suit_not_later_plays():
    # the third player follows the named suit (the lead), not the second player's card
    assert legal_plays("8D 9S AS", ["X1+S", "KS"], "D", STD) == ["AS"]


# ---- trick winner -----------------------------------------------------------------------

@pytest.mark.parametrize("rules", ALL)
def test_ordinary_tricks(rules):
    assert trick_winner(["9S", "AS", "7S", "KS"], "H", rules) == 1
    assert trick_winner(["9S", "AS", "7H", "KS"], "H", rules) == 2
    assert trick_winner(["9S", "AS", "7H", "KH"], "H", rules) == 3
    assert trick_winner(["9S", "AD", "7C", "6H"], None, rules) == 0   # off-suit never wins
    assert trick_winner(["9H", "AS", "TH", "8H"], "H", rules) == 2


@pytest.mark.parametrize("rules", ALL)
def test_high_joker_in_response_beats_every_card_later_one_beats_earlier(rules):
    assert trick_winner(["9S", "AH", "X1+", "KH"], "H", rules) == 2
    assert trick_winner(["9S", "X1+", "X2+", "AS"], "H", rules) == 2
    assert trick_winner(["X1+S", "AS", "X2+", "7S"], "H", rules) == 2  # beats a high-led joker too


@pytest.mark.parametrize("rules", ALL)
def test_low_joker_in_response_never_wins(rules):
    assert trick_winner(["7S", "X1-", "8C", "9D"], "H", rules) == 0
    assert trick_winner(["7S", "9S", "QS", "X1-"], None, rules) == 2   # seed 002: the queen takes


@pytest.mark.parametrize("rules", ALL)
def test_high_lead_wins_when_everyone_follows(rules):
    assert trick_winner(["X1+S", "AS", "KS", "QS"], "H", rules) == 0


@pytest.mark.parametrize("rules", TRUMPABLE)
def test_high_lead_in_a_plain_suit_is_beaten_by_a_trump_when_trumpable(rules):
    assert trick_winner(["X1+S", "AS", "7H", "KS"], "H", rules) == 2
    assert trick_winner(["X1+S", "8H", "7D", "AH"], "H", rules) == 3   # highest such trump
    assert trick_winner(["X1+S", "8H", "X2+", "AH"], "H", rules) == 2  # unless a later high joker


def test_high_lead_is_not_trumpable_in_standard():
    assert trick_winner(["X1+S", "AS", "7H", "KS"], "H", STD) == 0
    assert trick_winner(["X1+S", "8H", "7D", "AH"], "H", STD) == 0


@pytest.mark.parametrize("rules", ALL)
def test_high_lead_naming_trump_is_never_beaten_by_trumps(rules):
    assert trick_winner(["X1+H", "AH", "KH", "QH"], "H", rules) == 0


@pytest.mark.parametrize("rules", ALL)
def test_high_lead_without_trump_wins(rules):
    assert trick_winner(["X1+S", "9D", "7C", "AH"], None, rules) == 0


@pytest.mark.parametrize("rules", ALL)
def test_low_lead(rules):
    assert trick_winner(["X1-S", "7S", "9S", "8D"], "H", rules) == 2   # highest of the named suit
    assert trick_winner(["X1-S", "7S", "6H", "AS"], "H", rules) == 2   # a trump beats it
    assert trick_winner(["X1-S", "7D", "8C", "9D"], "H", rules) == 0   # nobody followed or trumped
    assert trick_winner(["X1-S", "7D", "X2-", "9D"], "H", rules) == 0
    assert trick_winner(["X1-S", "7S", "X2+", "9S"], "H", rules) == 2


def test_joker_does_not_always_take():
    """Seed 000 insists: 'the joker always takes' is wrong."""
    assert trick_winner(["X1-S", "7S", "8S", "9S"], "H", TVA) == 3
    assert trick_winner(["X1+S", "7H", "8S", "9S"], "H", TVA) == 1
    assert trick_winner(["9S", "X1-", "8S", "7S"], "H", TVA) == 0


def test_partial_trick_winner_so_far():
    assert trick_winner(["9S"], "H", STD) == 0
    assert trick_winner(["9S", "TS"], "H", STD) == 1


# ---- why illegal ----------------------------------------------------------------------------

def test_why_illegal_names_the_rule():
    assert why_illegal("7S AS KH", ["9S"], "H", STD, "KH") == ("must_follow", {"suit": "S"})
    assert why_illegal("7C KH", ["9S"], "H", STD, "7C") == ("must_trump", {"suit": "H"})
    assert why_illegal("7S KS", ["X1+S"], "H", STD, "7S") == ("must_highest", {"suit": "S", "card": "KS"})
    assert why_illegal("7S KS", ["9S"], "H", STD, "QS") == ("not_in_hand", {"card": "QS"})
    assert why_illegal("7S KS X1", ["9S"], "H", STD, "X1+S") == ("joker_mode", {})
    assert why_illegal("7S KS", ["9S"], "H", STD, "KS") is None


# ---- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("hand,trick,trump,msg", [
    (["ZZ"], [], "H", "not a card"),
    (["6S"], [], "H", "not in the Joker deck"),
    (["AS", "AS"], [], "H", "twice"),
    (["AS"], ["AS"], "H", "both in the hand and in the trick"),
    (["AS"], ["KS"], "h", "not a suit"),
    (["AS"], ["KS"], "NT", "not a suit"),
    (["AS"], ["X1"], "H", "mode"),
    (["AS"], ["X1+"], "H", "name a suit"),
    (["AS"], ["KS", "X1+S"], "H", "only a led joker"),
    (["AS"], ["KS", "QS", "JS", "TS"], "H", "complete"),
    (["AS"], ["KS", "KS"], "H", "twice"),
    ([1], [], "H", "string"),
    ("7C 8C 9C TC JC QC KC AC 7D 8D", [], "H", "at most 9 cards"),
])
def test_malformed_input_raises_value_error(hand, trick, trump, msg):
    with pytest.raises(ValueError, match=msg):
        legal_plays(hand, trick, trump, STD)


def test_bad_rules_and_empty_trick():
    with pytest.raises(ValueError, match="Rules"):
        legal_plays(["AS"], [], "H", "standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner([], "H", STD)
