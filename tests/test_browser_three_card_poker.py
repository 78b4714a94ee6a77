"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Three Card Poker table served by a real Daphne and table
worker, with a stacked deck: Ann plays by her letter key, Bob, on a phone,
clicks Play; each sees only their own cards until the dealer's are turned;
all three browsers show the same table at the end; the balances are right;
screen readers hear the result (the flow: tests/poker_browser.py)."""

import pytest

from tests.poker_browser import START, BrowserRound, play_browser_round

ROUND = BrowserRound(
    game="three_card_poker",
    name="Three Card Poker browser table",
    config={"three_card_progressive": 0},
    # Ann: a straight flush; Bob: a pair of kings; the dealer: Q-6-4, which qualifies.
    hands={1: "9H 8H 7H", 2: "KS KH 2D", "dealer": "QC 6D 4S"},
    # Ann: Ante and Play 1 to 1, Ante Bonus 5 to 1, Pair Plus 40 to 1 on 10 each; Bob: Ante and Play 1 to 1.
    expected={"Ann": START + (10 + 10 + 50 + 400) * 100, "Bob": START + 20 * 100},
    side_bets=(("Pair Plus", "pair_plus"),),
    ann_hand="Straight flush, 9-8-7",
    ann_key="p",  # Play, by its letter key
    bob_button="Play",
    dealer_status="Dealer: Q-6-4 high, qualifies",
    announced="Dealer: Q-6-4 high",
    announced_parts=("Ann: Straight flush, 9-8-7:", "(Win +470).", "Bob:"),
    dealer="Dealer's cards: Q♣ 6♦ 4♠, Q-6-4 high, qualifies",
    shown_hands=["9♥ 8♥ 7♥, Straight flush, 9-8-7", "K♠ K♥ 2♦, Pair of kings"],
    results=["Win +470", "Win +20"],
    lines=[
        "Ante 1 to 1: +10",
        "Play 1 to 1: +10",
        "Ante Bonus, straight flush, 5 to 1: +50",
        "Pair Plus 40 to 1: +400",
        "Ante 1 to 1: +10",
        "Play 1 to 1: +10",
    ],
    log=(
        "Ann bets 10 on Play",
        "Bob bets 10 on Play",
        "Seat 1: straight flush, 9-8-7, Pair Plus 40 to 1: +400.",
    ),
)


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_three_card_poker(processes, make_player):
    play_browser_round(ROUND, processes, make_player)
