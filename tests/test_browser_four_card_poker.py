"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Four Card Poker table served by a real Daphne and table
worker, with a stacked deck: Ann plays 3× by its key, Bob, on a phone,
clicks Play 1×; each sees only their own five cards, and everyone the
dealer's face-up sixth, until the dealer's are turned; all three browsers
show the same table at the end; the balances are right; screen readers hear
the result (the flow: tests/poker_browser.py)."""

import pytest

from tests.poker_browser import START, BrowserRound, play_browser_round

ROUND = BrowserRound(
    game="four_card_poker",
    name="Four Card Poker browser table",
    config={"five_card_progressive": 0},
    # Ann: three aces; Bob: a pair of kings; the dealer: Q-J-8-6 high, the J♣ face up (rule 6).
    hands={1: "AS AH AD 7C 2S", 2: "KS KH 9D 4C 2C", "dealer": "QC 6D 4S 8H 3D"},
    up="JC",
    # Ann: Ante 10 and Play 30 1 to 1, Ante Bonus 2 to 1, Aces Up 8 to 1 on 10; Bob: Ante and Play 1× 1 to 1.
    expected={"Ann": START + (10 + 30 + 20 + 80) * 100, "Bob": START + 20 * 100},
    side_bets=(("Aces Up", "aces_up"),),
    ann_hand="Three of a kind, aces",
    keys={"Ann": "123F"},
    ann_key="3",  # Play 3×, by its key
    bob_button="Play 1",
    dealer_status="Dealer: best four of six, Q-J-8-6 high",
    announced="Dealer: best four",
    announced_parts=("Ann: Three of a kind, aces:", "(Win +140).", "Bob:"),
    dealer="Dealer's cards: Q♣ 6♦ 4♠ 8♥ 3♦ J♣, best four of six, Q-J-8-6 high",
    shown_hands=["A♠ A♥ A♦ 7♣ 2♠, Three of a kind, aces", "K♠ K♥ 9♦ 4♣ 2♣, Pair of kings"],
    results=["Win +140", "Win +20"],
    lines=[
        "Ante 1 to 1: +10",
        "Play 1 to 1: +30",
        "Ante Bonus, three of a kind, 2 to 1: +20",
        "Aces Up, three of a kind, 8 to 1: +80",
        "Ante 1 to 1: +10",
        "Play 1 to 1: +10",
    ],
    log=(
        "Ann bets 30 on Play (3× the Ante)",
        "Bob bets 10 on Play (1× the Ante)",
        "Seat 1: three of a kind, aces, Aces Up, three of a kind, 8 to 1: +80.",
    ),
)


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_four_card_poker(processes, make_player):
    play_browser_round(ROUND, processes, make_player)
