"""Six-Card Fortune Pai Gow's pure pieces: the house way's worked examples,
the setting check, the comparison with the dealer (the player's joker low),
and every wager settled in exact cents (docs/rules/six_card_fortune_pai_gow.md)."""

import random

import pytest

from games.cards.cards import cards
from games.cards.poker import JOKER_INDEX, RANK_AS_ACE, eval5_indices, indices
from games.six_card_fortune_pai_gow import paytables
from games.six_card_fortune_pai_gow.hands import (
    FOUL_MESSAGE,
    LOSE,
    PUSH,
    WIN,
    compare,
    hand_results,
    is_foul_values,
    setting_error,
    settings_indices,
)
from games.six_card_fortune_pai_gow.house_way import (
    TIER_OF_CATEGORY,
    house_way_indices,
    set_house_way,
    tier_of,
)
from games.six_card_fortune_pai_gow.lines import SIX_CARD_LINES, six_card_line
from games.six_card_fortune_pai_gow.settlement import (
    DOUBLE_DOWN,
    ENVY,
    FORTUNE,
    MAIN,
    PROGRESSIVE,
    seat_net,
    settle_seat,
)


def idx(text):
    return tuple(indices(cards(text)))


# The rules file's worked examples, every one (Dealer house way table).
WORKED_EXAMPLES = [
    ("KS 9H 7D 5C 3S 2H", "KS 7D 5C 3S 2H", "9H"),
    ("8S 8H AD QC 5S 2H", "8S 8H QC 5S 2H", "AD"),
    ("QS QH 7D 7C KS 4H", "QS QH 7D 7C 4H", "KS"),
    ("KS KH KD 5C 5S 5H", "5C 5S 5H KH KD", "KS"),
    ("9S 8H 7D 6C 5S 4H", "8H 7D 6C 5S 4H", "9S"),
    ("9S 9H 8D 7C 6S 5H", "9H 8D 7C 6S 5H", "9S"),
    ("JK KH 9D 7C 5S 3H", "JK 9D 7C 5S 3H", "KH"),
    ("8S 8H JK KC 9S 4H", "8S 8H KC 9S 4H", "JK"),
]


@pytest.mark.parametrize(("six", "high", "low"), WORKED_EXAMPLES)
def test_house_way_sets_every_worked_example(six, high, low):
    got_high, got_low = set_house_way(cards(six))
    # The example gives the ranks; which of two equal cards goes where does not matter.
    assert sorted(c.rank for c in got_high) == sorted(c.rank for c in cards(high))
    assert eval5_indices(*indices(got_high)) == eval5_indices(*idx(high))
    assert [str(c) for c in got_low] == [low] or got_low[0].rank == cards(low)[0].rank


@pytest.mark.parametrize(
    ("six", "tier", "low_rank"),
    [
        ("AS AH AD AC JK 2D", "five aces", "2"),
        ("9H 8H 7H 6H 5H AC", "straight flush", "A"),
        ("7S 7H 7D 7C KD 2C", "four of a kind", "K"),
        ("7S 7H 7D KC KD AC", "full house", "A"),
        ("AH JH 8H 6H 3H KC", "flush or straight", "K"),
        ("9S 8H 7D 6C 5S KH", "flush or straight", "K"),
        ("7S 7H 7D KC 2D 3C", "three of a kind", "K"),
        ("7S 7H 4D 4C AD 2C", "two pair", "A"),
        ("7S 7H KD 9C 4D 2C", "one pair", "K"),
        ("AS QH 9D 7C 4D 2C", "high card", "Q"),
    ],
)
def test_house_way_one_hand_per_tier(six, tier, low_rank):
    assert tier_of(cards(six)) == tier
    assert set_house_way(cards(six))[1][0].rank == low_rank


def test_a_flush_and_a_straight_share_a_tier_so_the_higher_low_decides():
    # A flush with the 10 low, or the straight 7-J with the 3 low: one tier, the 10 goes low.
    high, low = set_house_way(cards("JH 9H 8H 7H 3H TC"))
    assert [str(c) for c in low] == ["TC"]
    assert sorted(str(c) for c in high) == sorted(["JH", "9H", "8H", "7H", "3H"])


def _deals(rng, count, deck):
    for _ in range(count):
        yield tuple(rng.sample(deck, 6))


def test_no_branch_fouls_on_thousands_of_seeded_deals():
    """Property: on 8,000 seeded deals (5,000 from 53 cards, 3,000 from a small
    deck thick with pairs, trips and the joker) the house way uses the six
    cards, never fouls, ignores the cards' order, and no legal setting beats
    its choice by the rule (tier, then low card, then high hand)."""
    rng = random.Random(670)
    small_deck = [index for index in range(53) if index >> 2 in (0, 3, 7, 11, 12) or index == JOKER_INDEX]
    tiers = set()
    for six in [*_deals(rng, 5000, list(range(53))), *_deals(rng, 3000, small_deck)]:
        high, low, tier = house_way_indices(six)
        tiers.add(tier)
        assert sorted((*high, low)) == sorted(six)
        assert not is_foul_values(eval5_indices(*high), low)
        shuffled = list(six)
        rng.shuffle(shuffled)
        again = house_way_indices(tuple(shuffled))
        assert (eval5_indices(*again[0]), RANK_AS_ACE[again[1]]) == (eval5_indices(*high), RANK_AS_ACE[low])
        for other_high, other_low in settings_indices(list(six)):
            value = eval5_indices(*other_high)
            if not is_foul_values(value, other_low):
                assert (TIER_OF_CATEGORY[value >> 20], RANK_AS_ACE[other_low], value) <= (
                    tier,
                    RANK_AS_ACE[low],
                    eval5_indices(*high),
                )
    assert tiers == set(range(9))


# --- the setting check (rule 9) ---------------------------------------------------


def test_a_pair_in_the_high_hand_takes_any_low_card():
    assert setting_error(cards("7S 7H 4D 3C 2D AH"), cards("7S 7H 4D 3C 2D"), cards("AH")) is None


def test_a_high_card_hand_under_the_low_card_is_a_foul():
    six = cards("KS 9H 7D 5C 3S 2H")
    assert setting_error(six, cards("9H 7D 5C 3S 2H"), cards("KS")) == FOUL_MESSAGE
    # Top card equal to the low card is legal ("top card >= the low card").
    assert setting_error(cards("KS KH 7D 5C 3S 2H"), cards("KH 7D 5C 3S 2H"), cards("KS")) is None


def test_the_joker_counts_as_an_ace_both_ways_in_the_check():
    six = cards("JK KH 9D 7C 5S 3H")
    assert setting_error(six, cards("KH 9D 7C 5S 3H"), cards("JK")) == FOUL_MESSAGE
    assert setting_error(six, cards("JK 9D 7C 5S 3H"), cards("KH")) is None
    assert setting_error(cards("JK AH 9D 7C 5S 3H"), cards("JK 9D 7C 5S 3H"), cards("AH")) is None


@pytest.mark.parametrize(
    ("high", "low", "message"),
    [
        ("KH 9D 7C 5S", "3H JK", "The high hand takes five cards and the low hand one; you put 4 and 2."),
        ("KH 9D 7C 5S 2C", "3H", "Set your own six cards: five in the high hand, one as the low card."),
        ("KH 9D 7C 5S 3H", "3H", "Set your own six cards: five in the high hand, one as the low card."),
    ],
)
def test_a_malformed_setting_is_refused_with_a_message(high, low, message):
    assert setting_error(cards("JK KH 9D 7C 5S 3H"), cards(high), cards(low)) == message


# --- the comparison (rules 11, 12) --------------------------------------------------


def test_a_players_joker_low_beats_a_dealer_ace():
    player = (cards("8S 8H KC 9S 4H"), cards("JK"))
    dealer = (cards("2S 2H 5C 6S 7H"), cards("AS"))
    assert hand_results(player, dealer) == ("beats", "beats")
    assert compare(player, dealer) == WIN


def test_a_dealer_joker_low_is_just_an_ace():
    player = (cards("8S 8H KC 9S 4H"), cards("AD"))
    dealer = (cards("2S 2H 5C 6S 7H"), cards("JK"))
    assert hand_results(player, dealer) == ("beats", "copies")
    assert compare(player, dealer) == PUSH  # the copy goes to the dealer


def test_copies_go_to_the_dealer():
    player = (cards("8S 8H KC 9S 4H"), cards("QD"))
    dealer = (cards("8D 8C KS 9H 4C"), cards("QS"))
    assert compare(player, dealer) == LOSE


# --- every wager in exact cents ---------------------------------------------------------

DEALER = (idx("2S 2H 5C 6S 7H"), idx("TD")[0])  # pair of 2s, a 10 low


def settle(six, bets, setting=None, dealer=DEALER, others=()):
    six_i = idx(six)
    setting = setting or house_way_indices(six_i)[:2]
    return {item.area: item for item in settle_seat(bets, six_i, setting, dealer, others)}


def test_main_and_double_down_win_one_to_one():
    got = settle("8S 8H JK KC 9S 4H", {MAIN: 1000, DOUBLE_DOWN: 1000})
    assert (got[MAIN].outcome, got[MAIN].winnings) == (WIN, 1000)
    assert (got[DOUBLE_DOWN].outcome, got[DOUBLE_DOWN].winnings) == (WIN, 1000)
    assert seat_net(got.values()) == 2000


def test_one_hand_each_pushes_the_main_and_loses_the_double_down():
    # High wins (pair of 8s over pair of 2s), low 9 loses to the 10: the Double Down wins only
    # when both hands win (the rules file's Defaults).
    got = settle(
        "8S 8H 9C 7S 4H 3D", {MAIN: 1000, DOUBLE_DOWN: 1000}, setting=(idx("8S 8H 7S 4H 3D"), idx("9C")[0])
    )
    assert got[MAIN].outcome == PUSH and got[DOUBLE_DOWN].outcome == LOSE
    assert got[DOUBLE_DOWN].text == "Double Down loses on a push"
    assert seat_net(got.values()) == -1000


def test_both_lose_loses_both():
    got = settle("KS 9H 7D 5C 3S 2H", {MAIN: 1000, DOUBLE_DOWN: 1000})
    assert got[MAIN].outcome == got[DOUBLE_DOWN].outcome == LOSE
    assert seat_net(got.values()) == -2000


def test_a_fouled_setting_loses_the_main_and_the_double_down():
    got = settle(
        "AS AH AD KC KD 2C",
        {MAIN: 1000, DOUBLE_DOWN: 1000},
        setting=(idx("AH AD KC KD 2C"), idx("AS")[0]),  # two pair: legal
    )
    assert got[MAIN].outcome == WIN
    fouled = settle(
        "KS 9H 7D 5C 3S 2H", {MAIN: 1000, DOUBLE_DOWN: 1000}, setting=(idx("9H 7D 5C 3S 2H"), idx("KS")[0])
    )
    assert fouled[MAIN].text.endswith("foul: loses") and fouled[DOUBLE_DOWN].outcome == LOSE
    assert seat_net(fouled.values()) == -2000


def test_a_players_joker_low_wins_the_main_against_a_dealer_ace_low():
    dealer = (idx("3S 3H 5C 6S 7H"), idx("AS")[0])
    got = settle("8S 8H JK KC 9S 4H", {MAIN: 2500}, dealer=dealer)
    assert (got[MAIN].outcome, got[MAIN].winnings) == (WIN, 2500)


LINE_HANDS = {
    "five_aces": "AS AH AD AC JK 2D",
    "royal_flush": "AS KS QS JS JK 2D",
    "straight_flush": "9H 8H 7H 6H 5H 2C",
    "four_of_a_kind": "7S 7H 7D 7C KD 2C",
    "full_house": "7S 7H 7D KC KD 2C",
    "flush": "AH JH 8H 6H 3H 2C",
    "straight": "9S 8H 7D 6C 5S 2H",
    "three_of_a_kind": "7S 7H 7D KC QD 2C",
}


def test_every_line_is_made_by_its_hand():
    assert set(LINE_HANDS) == set(SIX_CARD_LINES)
    for line, six in LINE_HANDS.items():
        assert six_card_line(cards(six)) == line
    assert six_card_line(cards("AS KS QS JS TS 2D")) == "royal_flush"
    assert six_card_line(cards("7S 7H KD KC QD 2C")) is None


@pytest.mark.parametrize("line", list(LINE_HANDS))
def test_every_fortune_line_pays_exact_chips(line):
    got = settle(LINE_HANDS[line], {MAIN: 500, FORTUNE: 500})
    odds = paytables.FORTUNE[line]
    assert (got[FORTUNE].outcome, got[FORTUNE].winnings) == (WIN, 500 * odds.left)


def test_the_fortune_loses_below_three_of_a_kind():
    got = settle("7S 7H KD KC QD 2C", {MAIN: 500, FORTUNE: 500})
    assert (got[FORTUNE].outcome, got[FORTUNE].net) == (LOSE, -500)


# The project-default six-card table (rules file, Paytables), "for 1" on the $1 wager.
PROGRESSIVE_CENTS = {
    "straight_flush": 10_000,
    "four_of_a_kind": 4_000,
    "full_house": 1_000,
    "flush": 500,
    "straight": 300,
}
PROGRESSIVE_METER = {"five_aces": 100, "royal_flush": 10}


@pytest.mark.parametrize("line", list(LINE_HANDS))
def test_every_progressive_line_pays(line):
    got = settle(LINE_HANDS[line], {MAIN: 500, PROGRESSIVE: 100})[PROGRESSIVE]
    if line in PROGRESSIVE_METER:
        assert (got.meter_percent, got.winnings) == (PROGRESSIVE_METER[line], 0)
    elif line in PROGRESSIVE_CENTS:
        assert (got.meter_percent, got.winnings, got.net) == (
            0,
            PROGRESSIVE_CENTS[line],
            PROGRESSIVE_CENTS[line] - 100,
        )
    else:  # three of a kind: below a straight the wager loses
        assert (got.outcome, got.net) == (LOSE, -100)


def test_the_progressive_loses_below_a_straight():
    for six in ("7S 7H KD KC QD 2C", LINE_HANDS["three_of_a_kind"]):
        got = settle(six, {MAIN: 500, PROGRESSIVE: 100})[PROGRESSIVE]
        assert (got.outcome, got.net) == (LOSE, -100)


def test_envy_pays_for_each_other_full_house_or_better():
    others = ["full_house", "four_of_a_kind", "flush", None]
    got = settle("7S 7H KD KC QD 2C", {MAIN: 500, FORTUNE: 500}, others=others)
    assert (got[ENVY].winnings, got[FORTUNE].net) == (500 + 2500, -500)
    assert seat_net(got.values()) == 3000 - 500 + got[MAIN].net
    every = settle("7S 7H KD KC QD 2C", {MAIN: 500, FORTUNE: 500}, others=list(paytables.ENVY_CENTS))
    assert every[ENVY].winnings == 100_000 + 50_000 + 10_000 + 2_500 + 500


def test_envy_needs_a_five_dollar_fortune_wager():
    got = settle("7S 7H KD KC QD 2C", {MAIN: 500, FORTUNE: 400}, others=["five_aces"])
    assert ENVY not in got


def _dealt(config):
    import random as _random

    from games.engine import Action
    from games.six_card_fortune_pai_gow import rules

    state = rules.new_state()
    out = rules.apply(
        state, Action("bet", 1, {"spot": "main", "amount": 500}, seat=1), config, _random.Random(1)
    )
    out = rules.apply(out.state, Action(rules.CLOSE_BETTING), config, _random.Random(1))
    return rules.apply(out.state, Action(rules.DEAL), config, _random.Random(1)).state


def test_the_double_down_decision_comes_only_where_the_table_offers_it():
    from games.engine import Action, IllegalAction
    from games.six_card_fortune_pai_gow import rules

    assert rules.Config().double_down == 0  # off by default (the rules file's Defaults)
    assert _dealt(rules.Config(double_down=1)).phase == rules.DECIDING
    state = _dealt(rules.Config())
    assert state.phase == rules.SETTING  # straight to setting: no decision to wait for
    with pytest.raises(IllegalAction, match="too late"):
        rules.apply(
            state, Action(rules.DOUBLE, 1, {"amount": None}, seat=1), rules.Config(double_down=0), None
        )
    assert rules.Config(double_down=2).errors() == {"double_down": "1 to offer it, 0 not to."}
