"""Fortune Asia Poker's paytables, pure: the main wager's two of three
(docs/rules/fortune_asia_poker.md rule 9) in exact chips, and the $1 progressive payout
wager on the seven cards (docs/rules/README.md: docs/rules/pai_gow.md § 9's table, the
joker as in that game), every line forced by a stacked seven-card hand."""

import pytest

from games.cards.cards import cards
from games.fortune_asia import paytables
from games.fortune_asia.hands import COPY, LOSE, WIN, compare, hand_results
from games.pai_gow import paytables as pai_gow_paytables
from games.pai_gow.seven_cards import seven_card_line
from games.payouts import MeterShare, Odds


def setting(high, medium, low):
    return tuple(cards(hand) for hand in (high, medium, low))


# The dealer: High two pair 9s and 4s, Medium K-K, Low A.
DEALER = setting("9S 9H 4S 4H", "KS KH", "AD")


@pytest.mark.parametrize(
    "player, results, outcome",
    [
        # Each of the three hands a copy, the other two won or lost.
        (setting("9C 9D 4C 4D", "AS AH", "AC"), (COPY, WIN, COPY), LOSE),  # High a copy, one win: loses
        (setting("TS TH 2C 2D", "KC KD", "AC"), (WIN, COPY, COPY), LOSE),  # Medium a copy
        (setting("TS TH 2C 2D", "AS AH", "JK"), (WIN, WIN, COPY), WIN),  # Low a copy (the joker an ace)
        (setting("TS TH 2C 2D", "QC QD", "AC"), (WIN, LOSE, COPY), LOSE),  # win-lose-copy loses
        (setting("TS TH 2C 2D", "AS AH", "KC"), (WIN, WIN, LOSE), WIN),  # two of three
        (setting("8S 8H 2C 2D", "AS AH", "2H"), (LOSE, WIN, LOSE), LOSE),  # one of three
        (setting("JS JH JD 2C", "AS AH", "JK"), (WIN, WIN, COPY), WIN),
        (setting("JS JH JD 2C", "AS AH", "QC"), (WIN, WIN, LOSE), WIN),
    ],
)
def test_two_of_three_with_copies_to_the_dealer_in_chips(player, results, outcome):
    assert hand_results(player, DEALER) == results
    assert paytables.main_result(results) == compare(player, DEALER) == outcome
    wager = 2500
    paid = wager + paytables.main_win_cents(wager) if outcome == WIN else 0
    assert paid == (5000 if outcome == WIN else 0)  # 1 to 1, no commission, no push


def test_three_wins_pay_1_to_1_and_three_copies_lose():
    assert paytables.main_result((WIN, WIN, WIN)) == WIN
    assert paytables.main_result((COPY, COPY, COPY)) == LOSE
    assert paytables.main_win_cents(500) == 500 and paytables.MAIN_WIN == Odds(1)
    with pytest.raises(ValueError):
        paytables.main_result((WIN, WIN))
    with pytest.raises(ValueError):
        paytables.main_result((WIN, WIN, "push"))


# Every line of the progressive table (docs/rules/pai_gow.md § 9) from seven cards,
# and what a $1 wager gets: a fixed "for 1" line in cents, or a share of the meter.
PROGRESSIVE_HANDS = [
    ("2S 3S 4S 5S 6S 7S 8S", pai_gow_paytables.SEVEN_CARD_STRAIGHT_FLUSH, MeterShare(100)),
    ("AH KH QH JH TH KS QS", pai_gow_paytables.ROYAL_FLUSH_ROYAL_MATCH, MeterShare(10)),
    ("JK 3D 4D 5D 6D 7D 8D", pai_gow_paytables.SEVEN_CARD_STRAIGHT_FLUSH_JOKER, MeterShare(10)),
    ("AS AH AD AC JK 9H 3D", pai_gow_paytables.FIVE_ACES, 50_000),
    ("AC KC QC JC TC 9H 3D", pai_gow_paytables.ROYAL_FLUSH, 10_000),
    ("9C 8C 7C 6C 5C KH 3D", pai_gow_paytables.STRAIGHT_FLUSH, 5_000),
    ("7S 7H 7D 7C KS 9H 3D", pai_gow_paytables.FOUR_OF_A_KIND, 2_500),
    ("QS QH QD 6C 6S 9H 3D", pai_gow_paytables.FULL_HOUSE, 500),
    ("AS KS 9S 6S 2S 9H 3D", pai_gow_paytables.FLUSH, 0),  # below a full house: loses
    ("KS KH 9D 9C 4S 4H AD", None, 0),
]


@pytest.mark.parametrize("seven, line, pays", PROGRESSIVE_HANDS)
def test_every_progressive_line(seven, line, pays):
    assert seven_card_line(cards(seven)) == line
    payout = paytables.PROGRESSIVE.get(line)
    if isinstance(pays, MeterShare):
        assert payout == pays
    elif pays:
        # "for 1": the stake (collected at "no more bets") comes back in it.
        assert int(payout.returned(paytables.PROGRESSIVE_WAGER_CENTS)) == pays
    else:
        assert payout is None


def test_the_progressive_is_pai_gow_pokers_table_and_meter():
    assert paytables.PROGRESSIVE is pai_gow_paytables.PROGRESSIVE
    assert paytables.PROGRESSIVE_WAGER_CENTS == 100
    assert paytables.PROGRESSIVE_METER_KIND == "progressive_payout"
    assert paytables.MYSTERY_QUALIFYING == "a Fortune Asia Poker wager and a progressive payout wager"
