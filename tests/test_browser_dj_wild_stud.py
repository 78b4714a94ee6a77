"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one DJ Wild Stud Poker table served by a real Daphne and table
worker, with a stacked deck: the Ante button places the equal Blind with it;
Ann makes the Play by its key, Bob, on a phone, clicks Play, his deuce wild;
each sees only their own five cards until the dealer's are turned; all three
browsers show the same table at the end; the balances are right; screen
readers hear the result (the flow: tests/poker_browser.py)."""

import pytest

from tests.poker_browser import START, BrowserRound, play_browser_round

ROUND = BrowserRound(
    game="dj_wild_stud",
    name="DJ Wild Stud browser table",
    config={"progressive": 0},
    # Ann: three aces; Bob: K-K with a wild deuce, three kings; the dealer: a pair of queens.
    hands={1: "AS AH AD 7C 3S", 2: "KS KH 2D 9C 4C", "dealer": "QD QC 8S 6H 5D"},
    # Each: Ante 10 and Play 20 at 1 to 1, the Blind 10 pushes below a straight (rule 9).
    expected={"Ann": START + (10 + 20) * 100, "Bob": START + (10 + 20) * 100},
    with_ante=("blind",),
    ann_hand="Three of a kind, aces",
    keys={"Ann": "PF"},
    ann_key="p",  # the Play, by its key
    bob_button="Play",
    dealer_status="Dealer: Pair of queens",
    announced="Dealer: Pair of queens",
    announced_parts=("Ann: Three of a kind, aces:", "(Win +30).", "Bob: Three of a kind, kings:"),
    dealer="Dealer's cards: Q♦ Q♣ 8♠ 6♥ 5♦, Pair of queens",
    shown_hands=["A♠ A♥ A♦ 7♣ 3♠, Three of a kind, aces", "K♠ K♥ 2♦ 9♣ 4♣, Three of a kind, kings"],
    results=["Win +30", "Win +30"],
    lines=[
        "Ante 1 to 1: +10",
        "Play 1 to 1: +20",
        "Blind, below a straight: ±0",
        "Ante 1 to 1: +10",
        "Play 1 to 1: +20",
        "Blind, below a straight: ±0",
    ],
    log=("Ann bets 20 on Play", "Bob bets 20 on Play"),
    log_in_order=(
        "Seat 1: three of a kind, aces, Ante 1 to 1: +10.",
        "Seat 2: three of a kind, kings, Ante 1 to 1: +10.",
    ),
)


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_dj_wild_stud(processes, make_player):
    play_browser_round(ROUND, processes, make_player)
