"""Cards, decks and the rng helpers of games/cards: pure, no database."""

import json
import random
from collections import Counter

import pytest

from games.cards.cards import (
    JOKER,
    RANKS,
    SUITS,
    Card,
    card,
    cards,
    from_json,
    joker_deck,
    spanish_deck,
    standard_deck,
    to_json,
)
from games.cards.rng import dump_state, seeded_rng, system_rng


def test_every_card_prints_and_parses_back():
    for item in joker_deck():
        assert card(str(item)) == item
        assert card(str(item).lower()) == item


def test_ten_is_written_t_and_accepted_as_10():
    assert card("10D") == card("td") == Card("T", "D")
    assert str(card("10d")) == "TD"
    assert card("  ah ") == Card("A", "H")


def test_joker():
    joker = card(JOKER)
    assert joker.is_joker and str(joker) == "JK"
    assert joker.label == "Joker" and joker.name == "joker"
    assert not card("JS").is_joker


def test_labels_and_names():
    assert card("TD").label == "10♦" and card("TD").name == "10 of diamonds"
    assert card("AS").label == "A♠" and card("AS").name == "ace of spades"
    assert card("7c").name == "7 of clubs"
    assert card("QH").is_red and card("KD").is_red and not card("KS").is_red


def test_cards_takes_spaces_commas_and_lists():
    expected = [Card("A", "S"), Card("K", "D"), Card("T", "H")]
    assert cards("AS KD 10H") == expected
    assert cards("AS, KD,10H") == expected
    assert cards(["AS", "KD", "TH"]) == expected
    assert cards("") == []


def test_json_round_trip():
    hand = cards("AS KD TH 2C JK")
    data = to_json(hand)
    assert data == ["AS", "KD", "TH", "2C", "JK"]
    assert from_json(json.loads(json.dumps(data))) == hand


@pytest.mark.parametrize("text", ["", "A", "1S", "AX", "ASD", "11H", "ZZ", "KK"])
def test_bad_card_text_says_how_to_write_a_card(text):
    with pytest.raises(ValueError) as error:
        card(text)
    message = str(error.value)
    assert repr(text) in message
    assert "e.g. AS, 10D, 7H" in message


@pytest.mark.parametrize("value", [None, 10, Card("A", "S")])
def test_a_non_string_is_not_a_card(value):
    with pytest.raises(ValueError, match="is not a card"):
        card(value)


def test_a_bad_card_in_a_list_fails_the_list():
    with pytest.raises(ValueError, match="'XX' is not a card"):
        cards("AS XX 7H")


def test_standard_deck_is_52_distinct_cards():
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert Counter(item.rank for item in deck) == {rank: 4 for rank in RANKS}
    assert Counter(item.suit for item in deck) == {suit: 13 for suit in SUITS}


def test_spanish_deck_is_48_cards_without_the_tens():
    # docs/rules/spanish21.md rule 1; § 635c.2(c): a 52-card deck less the four 10s.
    deck = spanish_deck()
    assert len(deck) == 48 and len(set(deck)) == 48
    assert not [item for item in deck if item.rank == "T"]
    assert set(standard_deck()) - set(deck) == set(cards("TS TH TD TC"))
    assert Counter(item.rank for item in deck) == {rank: 4 for rank in RANKS if rank != "T"}
    # J, Q and K stay: they are the 10-value cards of a Spanish deck.
    assert {"J", "Q", "K"} <= {item.rank for item in deck}


def test_joker_deck_is_52_and_one_joker():
    deck = joker_deck()
    assert len(deck) == 53 and len(set(deck)) == 53
    assert [item for item in deck if item.is_joker] == [card("JK")]
    assert set(deck) - {card("JK")} == set(standard_deck())


def test_decks_are_fresh_lists():
    deck = spanish_deck()
    deck.pop()
    assert len(spanish_deck()) == 48


def test_seeded_rng_resumes_from_its_dumped_state():
    rng = seeded_rng(42)
    rng.random()
    state = json.loads(json.dumps(dump_state(rng)))
    expected = [rng.random() for _ in range(3)]
    resumed = seeded_rng(42, state)
    assert [resumed.random() for _ in range(3)] == expected
    assert [seeded_rng(7).random() for _ in range(3)] == [random.Random(7).random() for _ in range(3)]


def test_system_rng_has_no_state_to_keep():
    assert dump_state(system_rng()) is None
