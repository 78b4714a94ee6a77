"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Ultimate Texas Hold 'Em table served by a real Daphne and
table worker, with a stacked deck: Ann checks by her key before the flop and
on the flop and plays 1× on the river by it, Bob, on a phone, clicks the same
buttons; each sees only their own two cards, nobody the board before its
street nor the dealer's two before the last decision; all three browsers show
the same table at the end; the balances are right; screen readers hear the
result (the flow: tests/poker_browser.py)."""

import pytest

from tests.poker_browser import START, BrowserRound, play_browser_round

ROUND = BrowserRound(
    game="ultimate_texas_holdem",
    name="Ultimate Texas Hold 'Em browser table",
    config={"progressive": 0, "trips": 0, "bad_beat": 0},
    # Ann: a pair of aces; Bob: K-Q; the dealer 2-3; the board A-7-2 9-4, dealt face down (rule 5).
    hands={1: "AS AH", 2: "KS QD", "dealer": "2C 3D AD 7C 2S 9H 4C"},
    # Ann: three aces against the dealer's 2s, Ante and Play 1 to 1, the Blind pushes;
    # Bob: A-K-Q-9-7 high loses the Ante, the Blind and the Play.
    expected={"Ann": START + 20 * 100, "Bob": START - 30 * 100},
    with_ante=("blind",),
    decide="play",
    ann_hand="Pair of aces",
    keys={"Ann": "C34", "Bob": "C34"},
    ann_key="C",
    ann_status="Check",
    bob_button="Check",
    later_streets=(("C", "Check", "Check"), ("P", "Play", "Play")),
    dealer_status="Dealer: Pair of 2s: qualifies",
    announced="Dealer: Pair of 2s: qualifies.",
    announced_parts=("Ann: Three of a kind, aces:", "(Win +20).", "Bob: A-K-Q-9-7 high:", "(Lose −30)."),
    dealer="Dealer's cards: 2♣ 3♦, Pair of 2s: qualifies",
    board="Board cards: A♦ 7♣ 2♠ 9♥ 4♣",
    shown_hands=["A♠ A♥, Three of a kind, aces", "K♠ Q♦, A-K-Q-9-7 high"],
    results=["Win +20", "Lose −30"],
    lines=[
        "Ante 1 to 1: +10",
        "Play 1 to 1: +10",
        "Blind, below its paytable: ±0",
        "Ante: −10",
        "Play: −10",
        "Blind: −10",
    ],
    log=("Ann checks", "Bob bets 10 on Play"),
    # Rule 14: the Ante, the Play and the Blind in that order.
    log_in_order=(
        "Seat 1: three of a kind, aces, Ante 1 to 1: +10.",
        "Seat 1: three of a kind, aces, Play 1 to 1: +10.",
    ),
)


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_ultimate_texas_holdem(processes, make_player):
    play_browser_round(ROUND, processes, make_player)
