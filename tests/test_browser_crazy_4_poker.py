"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Crazy 4 Poker table served by a real Daphne and table
worker, with a stacked deck: each bets the Ante (its Super Bonus goes with
it), Ann plays 3× with her aces by its key, Bob, on a phone, clicks Play;
each sees only their own five cards until the dealer's are turned (rule 5:
all face down); all three browsers show the same table at the end; the
balances are right; screen readers hear the result (the flow:
tests/poker_browser.py)."""

import pytest

from tests.poker_browser import START, BrowserRound, play_browser_round

ROUND = BrowserRound(
    game="crazy_4_poker",
    name="Crazy 4 Poker browser table",
    config={"five_card_progressive": 0},
    # Ann: three aces; Bob: a pair of kings; the dealer: K-8-6-4 high, which qualifies.
    hands={1: "AS AH AD 7C 2S", 2: "KS KH 9D 4C 2C", "dealer": "KC 6D 4S 8H 3D"},
    # Ann: Play 30 and Ante 10 1 to 1, Queens Up 8 to 1 on 10, Super Bonus 2 to 1 on 10;
    # Bob: Play and Ante 1 to 1, his Super Bonus pushes (below a straight, the dealer beaten).
    expected={"Ann": START + (30 + 10 + 80 + 20) * 100, "Bob": START + 20 * 100},
    with_ante=("super_bonus",),
    side_bets=(("Queens Up", "queens_up"),),
    ann_hand="Three of a kind, aces",
    keys={"Ann": "13F", "Bob": "P"},  # Bob has no pair of aces: 1× only
    ann_key="3",  # Play 3×, by its key
    bob_button="Play",
    dealer_status="Dealer: K-8-6-4 high, qualifies",
    announced="Dealer: K-8-6-4 high",
    announced_parts=("Ann: Three of a kind, aces:", "(Win +140).", "Bob:"),
    dealer="Dealer's cards: K♣ 6♦ 4♠ 8♥ 3♦, K-8-6-4 high, qualifies",
    shown_hands=["A♠ A♥ A♦ 7♣ 2♠, Three of a kind, aces", "K♠ K♥ 9♦ 4♣ 2♣, Pair of kings"],
    results=["Win +140", "Win +20"],
    lines=[
        "Play, beats the dealer, 1 to 1: +30",
        "Ante, beats the dealer, 1 to 1: +10",
        "Queens Up, three of a kind, 8 to 1: +80",
        "Super Bonus, three of a kind, 2 to 1: +20",
        "Play, beats the dealer, 1 to 1: +10",
        "Ante, beats the dealer, 1 to 1: +10",
        "Super Bonus, below a straight: ±0",
    ],
    log=(
        "Ann bets 30 on Play (3× the Ante)",
        "Bob bets 10 on Play (1× the Ante)",
        "Seat 1: three of a kind, aces, Queens Up, three of a kind, 8 to 1: +80.",
    ),
)


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_crazy_4_poker(processes, make_player):
    play_browser_round(ROUND, processes, make_player)
