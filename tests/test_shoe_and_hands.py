"""The dealing shoe and the pure blackjack hand arithmetic and dealer play."""

import json
import random
import secrets
from collections import Counter

import pytest

from games.blackjack.dealer import dealer_should_hit, play_dealer
from games.blackjack.hands import (
    can_split,
    card_value,
    is_blackjack,
    is_bust,
    is_ten_value,
    total,
    total_text,
)
from games.cards.cards import RANKS, Card, card, cards, spanish_deck, standard_deck
from games.cards.shoe import DEFAULT_PENETRATION, Shoe, ShoeEmpty


def roundtrip(shoe):
    return Shoe.from_json(json.loads(json.dumps(shoe.to_json())))


# -- building and shuffling ---------------------------------------------------------------------


@pytest.mark.parametrize("decks", [6, 8])
def test_spanish_shoe_has_every_card_once_per_deck(decks):
    # docs/rules/spanish21.md rules 1–2: 6 or 8 decks of 48 cards, no 10s.
    shoe = Shoe.shuffled(spanish_deck, decks, random.Random(1))
    assert len(shoe) == shoe.remaining == 48 * decks
    assert Counter(item.rank for item in shoe.cards) == {rank: 4 * decks for rank in RANKS if rank != "T"}
    assert Counter(shoe.cards) == {item: decks for item in spanish_deck()}
    assert (shoe.deck, shoe.decks) == ("spanish", decks)


def test_deck_by_name_and_other_decks():
    assert len(Shoe.shuffled("standard", 2, random.Random(1))) == 104
    assert len(Shoe.shuffled("joker", 1, random.Random(1))) == 53


def test_shuffle_is_reproducible_with_a_seed_and_actually_shuffles():
    first = Shoe.shuffled(spanish_deck, 6, random.Random(2024))
    again = Shoe.shuffled(spanish_deck, 6, random.Random(2024))
    other = Shoe.shuffled(spanish_deck, 6, random.Random(2025))
    assert first.cards == again.cards and first.cut_at == again.cut_at
    assert first.cards != other.cards
    assert first.cards != spanish_deck() * 6
    assert sorted(first.cards) == sorted(spanish_deck() * 6)


def test_shuffle_works_with_the_system_csprng():
    shoe = Shoe.shuffled(spanish_deck, 6, secrets.SystemRandom())
    assert Counter(shoe.cards) == Counter(spanish_deck() * 6)
    assert shoe.cards != spanish_deck() * 6


def test_cut_card_falls_within_the_penetration_range():
    low, high = DEFAULT_PENETRATION
    places = {Shoe.shuffled(spanish_deck, 6, random.Random(seed)).cut_at for seed in range(200)}
    assert min(places) >= round(low * 288) and max(places) <= round(high * 288)
    assert len(places) > 20  # drawn by the rng, not fixed


def test_fixed_penetration_and_explicit_cut():
    assert Shoe.shuffled(spanish_deck, 6, random.Random(1), penetration=0.75).cut_at == 216
    assert Shoe.shuffled(spanish_deck, 6, random.Random(1), penetration=(0.5, 0.5)).cut_at == 144
    assert Shoe.shuffled(spanish_deck, 6, random.Random(1), cut_at=10).cut_at == 10


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"decks": 0}, "at least 1"),
        ({"decks": -2}, "at least 1"),
        ({"decks": 1.5}, "whole number of decks"),
        ({"decks": True}, "whole number of decks"),
        ({"deck": "tarot"}, "Unknown deck 'tarot'"),
        ({"deck": list}, "Unknown deck"),
        ({"penetration": 0}, "above 0"),
        ({"penetration": 1.2}, "at most 1"),
        ({"penetration": (0.8, 0.6)}, "backwards"),
        ({"penetration": (0.6, 0.7, 0.8)}, "range"),
        ({"penetration": "most"}, "range"),
        ({"cut_at": 0}, "1 to 288"),
        ({"cut_at": 289}, "1 to 288"),
    ],
)
def test_bad_shoe_settings_say_what_is_wrong(kwargs, message):
    arguments = {"deck": spanish_deck, "decks": 6, **kwargs}
    with pytest.raises(ValueError, match=message):
        Shoe.shuffled(arguments.pop("deck"), arguments.pop("decks"), random.Random(1), **arguments)


# -- dealing --------------------------------------------------------------------------------------


def test_draw_burn_and_remaining():
    shoe = Shoe.shuffled(spanish_deck, 6, random.Random(5))
    order = list(shoe.cards)
    assert shoe.needs_burn
    # docs/rules/spanish21.md rule 3: the first card of each new shoe is burned.
    assert shoe.burn() == order[0]
    assert not shoe.needs_burn
    assert shoe.draw() == order[1]
    assert shoe.draw_many(3) == order[2:5]
    assert shoe.remaining == 288 - 5 and shoe.dealt == 5


def test_json_round_trip_mid_shoe_gives_the_same_next_cards():
    shoe = Shoe.shuffled(spanish_deck, 8, random.Random(9))
    shoe.burn()
    shoe.draw_many(40)
    copy = roundtrip(shoe)
    assert copy == shoe
    assert (copy.remaining, copy.cut_at, copy.deck, copy.decks) == (shoe.remaining, shoe.cut_at, "spanish", 8)
    assert copy.draw_many(30) == shoe.draw_many(30)


def test_cut_card_comes_out_at_its_place_and_asks_for_a_shuffle():
    shoe = Shoe.shuffled(spanish_deck, 6, random.Random(3), cut_at=100)
    shoe.draw_many(100)  # the 100 cards in front of the cut card
    assert not shoe.cut_card_out and not shoe.needs_shuffle
    shoe.draw()  # the cut card comes out with the next draw
    assert shoe.cut_card_out and shoe.needs_shuffle
    # The round in progress still gets cards (docs/rules/spanish21.md rule 3: reshuffle after the round).
    shoe.draw_many(20)
    assert roundtrip(shoe).needs_shuffle


def test_empty_shoe_needs_a_shuffle_and_refuses_to_deal():
    shoe = Shoe.shuffled(spanish_deck, 1, random.Random(3), penetration=1)
    assert shoe.cut_at == 48
    shoe.draw_many(48)
    assert shoe.remaining == 0 and shoe.needs_shuffle and not shoe.cut_card_out
    with pytest.raises(ShoeEmpty, match="all 48 cards dealt"):
        shoe.draw()


# -- stacked shoes --------------------------------------------------------------------------------


def test_stacked_shoe_deals_exactly_the_typed_cards_then_stops():
    shoe = Shoe.stacked("AS KD 7H 10C")
    assert not shoe.needs_burn and not shoe.needs_shuffle
    assert [shoe.draw() for _ in range(4)] == cards("AS KD 7H TC")
    assert shoe.needs_shuffle
    with pytest.raises(ShoeEmpty, match="stacked shoe ran out after its 4 cards"):
        shoe.draw()


def test_stacked_shoe_takes_lists_and_round_trips():
    shoe = Shoe.stacked([card("AS"), "KD", "7h"])
    shoe.draw()
    copy = roundtrip(shoe)
    assert copy.draw_many(2) == cards("KD 7H")
    with pytest.raises(ShoeEmpty):
        copy.draw()


def test_stacked_shoe_continues_with_a_shuffled_shoe():
    then = Shoe.shuffled(spanish_deck, 6, random.Random(11), cut_at=200)
    following = list(then.cards)
    shoe = Shoe.stacked("AH JS 9D", then=then)
    assert not shoe.needs_burn
    assert shoe.draw_many(3) == cards("AH JS 9D")
    assert shoe.draw_many(5) == following[:5]
    assert (shoe.deck, shoe.decks, shoe.cut_at) == ("spanish", 6, 203)
    assert roundtrip(shoe).draw_many(5) == following[5:10]
    shoe.draw_many(200 + 3 - 8)
    assert not shoe.cut_card_out
    shoe.draw()
    assert shoe.cut_card_out


@pytest.mark.parametrize(
    "stack, then, message",
    [
        ("", None, "at least one card"),
        ("AS XX", None, "Stacked shoe: 'XX' is not a card"),
        ("AS TD", "spanish", "TD is not in a spanish deck"),
        ("AS JK", "standard", "JK is not in a standard deck"),
        ("AS", "not a shoe", "continues with a Shoe"),
    ],
)
def test_bad_stacked_shoe(stack, then, message):
    if then in ("spanish", "standard"):
        then = Shoe.shuffled(then, 1, random.Random(1))
    with pytest.raises(ValueError, match=message):
        Shoe.stacked(stack, then=then)


def test_corrupt_snapshot_is_refused():
    data = Shoe.stacked("AS KD").to_json()
    with pytest.raises(ValueError, match="position must be 0 to 2"):
        Shoe.from_json({**data, "position": 3})
    with pytest.raises(ValueError, match="Not a stored shoe"):
        Shoe.from_json(["AS"])


# -- hands ----------------------------------------------------------------------------------------


def test_card_values():
    # docs/rules/spanish21.md rule 1: J, Q, K count 10; A counts 1 (or 11 in a total); 2–9 face value.
    assert [card_value(item) for item in cards("2S 9H TD JC QS KH AD")] == [2, 9, 10, 10, 10, 10, 1]
    assert all(is_ten_value(item) for item in cards("TS JS QS KS"))
    assert not is_ten_value(card("AS")) and not is_ten_value(card("JK"))
    with pytest.raises(ValueError):
        card_value(card("JK"))


@pytest.mark.parametrize(
    "hand, expected, text",
    [
        ("9S 7H", (16, False), "16"),
        ("AS 6H", (17, True), "7/17"),
        ("AS 6H KD", (17, False), "17"),
        ("AS AH", (12, True), "2/12"),
        ("AS AH AD", (13, True), "3/13"),
        ("AS AH AD AC 7S", (21, True), "21"),
        ("AS AH 9D", (21, True), "21"),
        ("AS AH 9D KS", (21, False), "21"),
        ("AS KD", (21, True), "21"),
        ("KS QH 4D", (24, False), "Bust 24"),
        ("AS 5H 7D 9C", (22, False), "Bust 22"),
        ("5S 6H", (11, False), "11"),
        ("AS", (11, True), "1/11"),
        ("", (0, False), "0"),
    ],
)
def test_totals_and_their_text(hand, expected, text):
    assert total(cards(hand)) == expected
    assert total_text(cards(hand)) == text
    assert is_bust(cards(hand)) == (expected[0] > 21)


def test_blackjack_is_ace_and_ten_value_on_an_unsplit_two_card_hand():
    # docs/rules/spanish21.md rule 16 (Spanish decks: ace + J/Q/K); docs/rules/down_under_blackjack.md definitions (10 too).
    for hand in ("AS KD", "QH AC", "JS AS", "AD TD"):
        assert is_blackjack(cards(hand))
    # docs/rules/spanish21.md rule 21: ace + J/Q/K on a split hand is 21, not a blackjack.
    assert not is_blackjack(cards("AS KD"), split=True)
    assert total(cards("AS KD")) == (21, True)
    for hand in ("AS 5D 5H", "7S 7H 7D", "AS AD", "KS QD", "AS 9D"):
        assert not is_blackjack(cards(hand))


def test_can_split_equal_values():
    # docs/rules/spanish21.md rule 21 and defaults: any two cards of equal value, J-Q included.
    for hand in ("8S 8D", "JS QH", "KD TD", "AS AH"):
        assert can_split(cards(hand))
    for hand in ("8S 9D", "AS KD", "8S 8D 8H", "8S"):
        assert not can_split(cards(hand))
    assert can_split(cards("JS JH"), by_rank=True)
    assert not can_split(cards("JS QH"), by_rank=True)


# -- dealer ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, h17, s17",
    [
        ("TS 6H", True, True),
        ("AS 6H", True, False),  # soft 17: hits under H17 (docs/rules/spanish21.md rule 22), stands under S17
        ("AS 3H 3D", True, False),
        ("TS 7H", False, False),  # hard 17
        ("AS 6H TD", False, False),  # 17 that was soft, now hard
        ("AS 7H", False, False),  # soft 18
        ("AS AH 5D", True, False),  # soft 17 with two aces
        ("TS 2H", True, True),
        ("KS QH 5D", False, False),  # bust: nothing more to draw
    ],
)
def test_dealer_should_hit(hand, h17, s17):
    assert dealer_should_hit(cards(hand)) is h17
    assert dealer_should_hit(cards(hand), hits_soft_17=False) is s17


def test_dealer_draws_to_17_hitting_soft_17_from_a_stacked_shoe():
    start = cards("AS 6H")
    shoe = Shoe.stacked("5D 9C 3S")
    hand = play_dealer(start, shoe)
    # soft 17 hits (5 -> hard 12), 12 hits (9 -> 21), stands.
    assert hand == cards("AS 6H 5D 9C")
    assert start == cards("AS 6H")
    assert shoe.draw() == card("3S")


def test_dealer_stands_on_soft_17_when_told_to():
    # A Down Under table that chooses it (docs/rules/down_under_blackjack.md rule 17 and Defaults).
    shoe = Shoe.stacked("5D")
    assert play_dealer(cards("AS 6H"), shoe, hits_soft_17=False) == cards("AS 6H")
    assert shoe.remaining == 1


def test_dealer_busts_and_runs_out_of_a_short_stacked_shoe():
    assert play_dealer(cards("TS 2H"), Shoe.stacked("4C 9D 2S")) == cards("TS 2H 4C 9D")
    with pytest.raises(ShoeEmpty):
        play_dealer(cards("TS 2H"), Shoe.stacked("2C"))


def test_dealer_with_a_real_shoe_always_ends_17_or_more():
    shoe = Shoe.shuffled(standard_deck, 6, random.Random(77))
    shoe.burn()
    for _ in range(80):
        hand = play_dealer(shoe.draw_many(2), shoe)
        assert total(hand)[0] >= 17
        assert not dealer_should_hit(hand)
    assert shoe.dealt > 160 + 1


def test_hand_helpers_take_card_values_not_text():
    with pytest.raises(ValueError):
        total(["AS", "KD"])
    assert Card("A", "S") == card("AS")
