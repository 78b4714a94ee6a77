"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Caribbean Stud Poker table served by a real Daphne and
table worker, with a stacked deck: Ann makes the Bet by its key, Bob, on a
phone, clicks Bet; each sees only their own five cards, and everyone the
dealer's face-up fifth, until the dealer's are turned; all three browsers
show the same table at the end; the balances are right; screen readers hear
the result (the flow: tests/poker_browser.py)."""

import pytest

from tests.poker_browser import START, BrowserRound, play_browser_round

ROUND = BrowserRound(
    game="caribbean_stud",
    name="Caribbean Stud browser table",
    max_seats=7,
    config={"progressive": 0},
    # Ann: three aces; Bob: a pair of kings; the dealer: A-K-8-6-4 (it qualifies), the A♣ face up (rule 5).
    hands={1: "AS AH AD 7C 2S", 2: "KS KH 9D 4C 2C", "dealer": "KD 6D 4S 8H"},
    up="AC",
    # Ann: Ante 10 1 to 1, Bet 20 at 3 to 1 (three of a kind); Bob: Ante 1 to 1, Bet 1 to 1 (one pair).
    expected={"Ann": START + (10 + 60) * 100, "Bob": START + (10 + 20) * 100},
    decide="raise",
    ann_hand="Three of a kind, aces",
    keys={"Ann": "PF"},
    ann_key="p",  # the Bet, by its key (P plays on at every poker game)
    ann_status="Bet",
    bob_button="Bet",
    dealer_status="Dealer: A-K-8-6-4 high: qualifies",
    announced="Dealer: A-K",
    announced_parts=("Ann: Three of a kind, aces:", "(Win +70).", "Bob:"),
    dealer="Dealer's cards: K♦ 6♦ 4♠ 8♥ A♣, A-K-8-6-4 high: qualifies",
    shown_hands=["A♠ A♥ A♦ 7♣ 2♠, Three of a kind, aces", "K♠ K♥ 9♦ 4♣ 2♣, Pair of kings"],
    results=["Win +70", "Win +30"],
    lines=[
        "Ante 1 to 1: +10",
        "Bet, three of a kind, 3 to 1: +60",
        "Ante 1 to 1: +10",
        "Bet, one pair or less, 1 to 1: +20",
    ],
    log=("Ann bets 20 on Bet", "Bob bets 20 on Bet"),
    # Rule 10: the Ante and the Bet settled from the dealer's right, seat 2 first.
    log_in_order=(
        "Seat 2: pair of kings, Ante 1 to 1: +10.",
        "Seat 1: three of a kind, aces, Bet, three of a kind, 3 to 1: +60.",
    ),
)


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_caribbean_stud(processes, make_player):
    play_browser_round(ROUND, processes, make_player)
