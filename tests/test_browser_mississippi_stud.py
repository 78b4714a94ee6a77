"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Mississippi Stud table served by a real Daphne and table
worker, with a stacked deck: on each of the three streets Ann bets 3× by its
key and Bob, on a phone, clicks Bet 1×; each sees only their own two cards and
nobody the community cards until they are turned; all three browsers show the
same table at the end; the balances are right; screen readers hear the
result (the flow: tests/poker_browser.py)."""

import pytest

from tests.poker_browser import START, BrowserRound, play_browser_round

ROUND = BrowserRound(
    game="mississippi_stud",
    name="Mississippi Stud browser table",
    config={"progressive": 0},
    # Ann: a pair of aces; Bob: K-Q; the three community cards A-7-2, dealt face down (rule 5).
    hands={1: "AS AH", 2: "KS QD", "dealer": "AD 7C 2S"},
    # Ann: three aces, 3 to 1 on 10 + 30 + 30 + 30; Bob: A-K-Q high loses 10 + 10 + 10 + 10.
    expected={"Ann": START + 300 * 100, "Bob": START - 40 * 100},
    decide="raise",
    ann_hand="Pair of aces",
    keys={"Ann": "123F", "Bob": "123F"},
    ann_key="3",
    ann_status="Bet 3×",
    bob_button="Bet 1×",
    later_streets=(("3", "Bet 1×", "Bet 3×"), ("3", "Bet 1×", "Bet 3×")),
    dealer_status="Round over",
    announced="Round over.",
    announced_parts=("Ann: Three of a kind, aces:", "(Win +300).", "Bob: A-K-Q-7-2 high:", "(Lose −40)."),
    dealer=None,
    board="Board cards: A♦ 7♣ 2♠",
    shown_hands=["A♠ A♥, Three of a kind, aces", "K♠ Q♦, A-K-Q-7-2 high"],
    results=["Win +300", "Lose −40"],
    lines=[
        "Ante, three of a kind, 3 to 1: +30",
        "3rd Street, three of a kind, 3 to 1: +90",
        "4th Street, three of a kind, 3 to 1: +90",
        "5th Street, three of a kind, 3 to 1: +90",
        "Ante: −10",
        "3rd Street: −10",
        "4th Street: −10",
        "5th Street: −10",
    ],
    log=("Ann bets 30 on 3rd Street (3× the Ante)", "Bob bets 10 on 5th Street (1× the Ante)"),
    # Rule 10: every wager in action paid alike, from the Ante to the 5th Street wager.
    log_in_order=(
        "Seat 1: three of a kind, aces, Ante, three of a kind, 3 to 1: +30.",
        "Seat 1: three of a kind, aces, 5th Street, three of a kind, 3 to 1: +90.",
    ),
)


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_mississippi_stud(processes, make_player):
    play_browser_round(ROUND, processes, make_player)
