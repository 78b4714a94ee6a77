"""The Rules Submission checks as data (games/submission.py): each field's
first problem, in the order of the checks, for the poker, the pai gow and
the blackjack families alike."""

import pytest

from games.down_under_blackjack import rules as down_under
from games.face_up_pai_gow import rules as face_up
from games.fortune_asia import rules as fortune_asia
from games.four_card_poker import rules as four_card_poker
from games.pai_gow import rules as pai_gow
from games.players_edge21 import rules as players_edge
from games.six_card_fortune_pai_gow import rules as six_card
from games.submission import OFFERED


@pytest.mark.parametrize(
    "rules", [pai_gow, face_up, fortune_asia, six_card], ids=lambda rules: rules.__name__
)
def test_a_pai_gow_mystery_bonus_without_its_progressive_says_so_over_the_switch(rules):
    errors = rules.Config(mystery=2, progressive=0).errors()
    assert errors["mystery"] == (
        f"The Mystery bonus needs the progressive payout wager ({rules.MYSTERY_SECTION}(a))."
    )


def test_a_poker_switch_says_its_own_problem_first():
    errors = four_card_poker.Config(mystery=2, five_card_progressive=0).errors()
    assert errors["mystery"] == OFFERED


def test_problems_come_in_the_order_of_the_checks():
    config = pai_gow.Config(
        betting_seconds=0, roll_seconds=3, sum_paytable=9, mystery=1, progressive=0, min_bet=0, dice=3
    )
    assert list(config.errors().items()) == [
        ("dice", OFFERED),
        ("min_bet", "The minimum wager must be at least 1 chip."),
        ("mystery", "The Mystery bonus needs the progressive payout wager (§ 645c.3(a))."),
        ("sum_paytable", "Choose Sum paytable 1 to 4 (A to D)."),
        ("roll_seconds", "The shaker shakes at least 5 seconds (§ 645c.2(b)(2))."),
        ("betting_seconds", "Must be 1 to 300 seconds."),
    ]
    assert face_up.Config(ace_high_bonus=4).errors() == {
        "ace_high_bonus": "Choose the Ace High Bonus odds (5, 6, 7, 8, 9 to 1), or 0 not to offer it."
    }


def test_a_blackjack_table_checks_the_shoe_the_limits_and_the_clocks_then_its_own():
    config = down_under.Config(progressive=2, decks=5, hits_soft_17=3, result_seconds=99, min_bet=0)
    assert list(config.errors().items()) == [
        (
            "decks",
            "Down Under Blackjack with the Match the Dealer progressive uses 6 or 8 decks (§ 685c.1(b)).",
        ),
        ("min_bet", "The minimum wager must be at least 1 chip."),
        ("result_seconds", "Must be 0 to 60 seconds."),
        ("hits_soft_17", "1 if the dealer hits soft 17, 0 if the dealer stands on it."),
        ("progressive", "The progressive wager is $1 or $5 (§ 685c.1(e)), or 0 when not offered."),
    ]


def test_a_players_edge_paytable_is_judged_for_a_deck_count_the_game_allows():
    assert players_edge.Config(decks=7).errors() == {
        "decks": "Player's Edge 21 uses 5, 6 or 8 decks of 48 cards (§ 635c.2(c)).",
    }
    assert players_edge.Config(peek=2).errors() == {"peek": OFFERED}
