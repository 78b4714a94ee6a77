"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Texas Hold 'Em Bonus table served by a real Daphne and
table worker, with a stacked deck: Ann (with a Bonus wager) makes the Flop
wager by its key B, then the Turn wager by B and checks the river by C; Bob,
on a phone, clicks the Flop wager, the Turn wager and Check; each sees only
their own two cards, nobody the dealer's nor a board card before its street;
all three browsers show the same table at the end, the balances are right,
screen readers hear the result (the flow: tests/poker_browser.py)."""

import pytest

from tests.poker_browser import START, BrowserRound, play_browser_round

ROUND = BrowserRound(
    game="texas_holdem_bonus",
    name="Texas Hold 'Em Bonus browser table",
    config={"progressive": 0},
    # Ann: A-A; Bob: K-Q; the dealer 7-2; then the burns (8♥, 9♥, 4♣), the flop A-7-2, the turn
    # J, the river 5, in deck order (rules 4-8).
    hands={1: "AS AH", 2: "KS QD", "dealer": "7C 2D 8H AD 7S 2S 9H JC 4C 5H"},
    # Ann: three aces beat the dealer's two pair below a straight: the Ante pushes, Flop 20 and
    # Turn 10 win, the Bonus's A-A 30 to 1 on 10. Bob: A-K-Q-J-7 high loses 10 + 20 + 10.
    expected={"Ann": START + 330 * 100, "Bob": START - 40 * 100},
    side_bets=(("Bonus", "bonus"),),
    decide="flop",
    ann_hand="Pair of aces",
    keys={"Ann": "PF", "Bob": "PF"},
    ann_key="P",
    ann_status="Flop wager",
    bob_button="Flop wager",
    later_streets=(("P", "Turn wager", "Turn wager"), ("C", "Check", "Check")),
    dealer_status="Dealer: Two pair, 7s and 2s",
    announced="Dealer: Two pair, 7s and 2s.",
    announced_parts=("Ann: Three of a kind, aces:", "(Win +330).", "Bob: A-K-Q-J-7 high:", "(Lose −40)."),
    dealer="Dealer's cards: 7♣ 2♦, Two pair, 7s and 2s",
    board="Board cards: A♦ 7♠ 2♠ J♣ 5♥",
    shown_hands=["A♠ A♥, Three of a kind, aces", "K♠ Q♦, A-K-Q-J-7 high"],
    results=["Win +330", "Lose −40"],
    lines=[
        "Ante, wins below a straight: ±0",
        "Flop wager 1 to 1: +20",
        "Turn wager 1 to 1: +10",
        "Bonus, A-A, 30 to 1: +300",
        "Ante, dealer higher: −10",
        "Flop wager, dealer higher: −20",
        "Turn wager, dealer higher: −10",
    ],
    log=("Ann bets 20 on Flop wager", "Bob bets 10 on Turn wager", "The dealer shows Two pair, 7s and 2s."),
    # Rule 13: the main wagers, then the Bonus.
    log_in_order=(
        "Seat 1: three of a kind, aces, Flop wager 1 to 1: +20.",
        "Seat 1: three of a kind, aces, Bonus, A-A, 30 to 1: +300.",
    ),
)


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_texas_holdem_bonus(processes, make_player):
    play_browser_round(ROUND, processes, make_player)
