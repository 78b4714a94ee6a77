"""Test tables' stacks, pure: each game's ``rules.stack`` (wheel results,
a stacked shoe, a stacked deck and dice) forces the next results, then the
normal randomness resumes; bad input is refused with a clear message."""

import random
from collections import Counter

import pytest

from games.blackjack import round as bj
from games.cards.cards import card, joker_deck, spanish_deck
from games.cards.shoe import Shoe
from games.dreamcatcher import rules as dreamcatcher
from games.engine import Action, IllegalAction
from games.pai_gow import rules as pai_gow
from games.players_edge21 import rules as players_edge21
from games.spanish21 import rules as spanish21
from tests.blackjack_table import ANN, METER_PAYS_CENTS, Table

# -- Dreamcatcher ------------------------------------------------------------------


def spin_round(state, config, rng, bets=()):
    """Bets, no more bets, the spins until the result; returns the outcome of the last."""
    for player, spot, chips in bets:
        action = Action(dreamcatcher.BET, player, {"spot": spot, "amount": chips * 100})
        state = dreamcatcher.apply(state, action, config, rng).state
    outcome = dreamcatcher.apply(state, Action(dreamcatcher.CLOSE_BETTING), config, rng)
    while outcome.state.phase == dreamcatcher.SPINNING:
        outcome = dreamcatcher.apply(outcome.state, Action(dreamcatcher.WHEEL_STOPPED), config, rng)
    return outcome


def test_a_stacked_wheel_plays_7x_then_2x_then_10_for_140_to_1():
    config = dreamcatcher.Config()
    state = dreamcatcher.stack(dreamcatcher.new_state(), config, "7x 2X 10")
    assert state.stacked == ["7x", "2x", "10"]
    outcome = spin_round(state, config, random.Random(3), bets=[(1, "10", 1), (1, "40", 1)])
    assert outcome.state.symbols == ["7x", "2x", "10"]
    assert outcome.state.multiplier == 14
    assert outcome.log[0]["text"] == "The wheel stops on 10: 10 pays 140 to 1 (10 to 1 × 14)."
    won = [move.amount for move in outcome.moves if move.kind == "win"]
    assert won == [140 * 100]
    assert outcome.state.stacked == []
    # Each spin lands on a section carrying its symbol (the animation's target).
    assert [dreamcatcher.WHEEL[spin["section"]] for spin in outcome.state.spins] == ["7x", "2x", "10"]


def test_stacked_results_carry_over_to_the_next_rounds_then_the_wheel_is_random():
    config = dreamcatcher.Config()
    state = dreamcatcher.stack(dreamcatcher.new_state(), config, "40, ×7 20 5")
    rng = random.Random(11)
    bet = [(1, "1", 1)]
    first = spin_round(state, config, rng, bet).state
    assert first.symbols == ["40"]
    second = dreamcatcher.apply(first, Action(dreamcatcher.NEXT_ROUND), config, rng).state
    assert second.stacked == ["7x", "20", "5"]
    second = spin_round(second, config, rng, bet).state
    assert second.symbols == ["7x", "20"]
    third = dreamcatcher.apply(second, Action(dreamcatcher.NEXT_ROUND), config, rng).state
    third = spin_round(third, config, rng, bet).state
    assert third.symbols == ["5"] and third.stacked == []
    # The stack round-trips through JSON; an older snapshot without it still loads.
    assert dreamcatcher.State.from_json(third.to_json()) == third
    old = {key: value for key, value in dreamcatcher.new_state().to_json().items() if key != "stacked"}
    assert dreamcatcher.State.from_json(old).stacked == []


def test_a_round_nobody_bets_on_spins_at_random_and_keeps_the_stack():
    config = dreamcatcher.Config()
    state = dreamcatcher.stack(dreamcatcher.new_state(), config, "40")
    rng = random.Random(2)
    empty = spin_round(state, config, rng).state
    assert empty.stacked == ["40"] and empty.symbols != ["40"]
    state = dreamcatcher.apply(empty, Action(dreamcatcher.NEXT_ROUND), config, rng).state
    assert spin_round(state, config, rng, [(1, "40", 1)]).state.symbols == ["40"]


def test_the_same_seed_and_stack_give_the_same_spins():
    config = dreamcatcher.Config()
    runs = []
    for _ in range(2):
        state = dreamcatcher.stack(dreamcatcher.new_state(), config, "2x 1 20")
        rng = random.Random(689)
        first = spin_round(state, config, rng, [(1, "1", 1)]).state
        second = dreamcatcher.apply(first, Action(dreamcatcher.NEXT_ROUND), config, rng).state
        runs.append(first.spins + spin_round(second, config, rng, [(1, "1", 1)]).state.spins)
    assert runs[0] == runs[1]


@pytest.mark.parametrize(
    "text, message",
    [
        ("7x 3 10", "'3' is not on the wheel"),
        ("50x", "'50x' is not on the wheel"),
        ("   ", "Nothing to stack"),
        ("1 " * 501, "At most 500 wheel results"),
    ],
)
def test_a_bad_wheel_stack_is_refused(text, message):
    with pytest.raises(IllegalAction, match=message):
        dreamcatcher.stack(dreamcatcher.new_state(), dreamcatcher.Config(), text)


def test_stacking_the_wheel_leaves_the_given_state_alone():
    state = dreamcatcher.new_state()
    dreamcatcher.stack(state, dreamcatcher.Config(), "7x")
    assert state.stacked == []


# -- the blackjack games: a stacked shoe ---------------------------------------------


def stacked_table(rules, text, seed=5, **config):
    config = rules.Config(**config)
    table = Table(rules, "AS", config=config)
    table.state = rules.stack(rules.new_state(), config, text, rng=random.Random(seed))
    return table


def test_the_stacked_cards_are_the_first_cards_dealt_with_no_burn():
    table = stacked_table(spanish21, "9H KS 8D 7C 2C 3D")
    table.bet(ANN, 1, 10)
    table.deal()
    assert table.state.spot(1)["hands"][0]["cards"] == ["9H", "8D"]
    assert table.state.dealer == ["KS", "7C"]
    assert "A new shoe is shuffled." not in table.log
    table.do(bj.HIT, ANN, 1)
    assert table.state.spot(1)["hands"][0]["cards"] == ["9H", "8D", "2C"]


def test_the_rest_of_the_shoe_is_the_other_cards_of_the_decks_shuffled():
    config = spanish21.Config(decks=6)
    state = spanish21.stack(spanish21.new_state(), config, "AS AS ? 7D", rng=random.Random(1))
    shoe = Shoe.from_json(state.shoe)
    assert Counter(shoe.cards) == Counter(spanish_deck() * 6)  # a whole six-deck shoe, nothing more
    assert [str(item) for item in shoe.cards[:2]] == ["AS", "AS"] and str(shoe.cards[3]) == "7D"
    assert shoe.stacked == 4 and not shoe.needs_burn and not shoe.needs_shuffle
    assert 4 < shoe.cut_at < len(shoe)
    assert (shoe.deck, shoe.decks) == ("spanish", 6)
    # The same rng gives the same shoe; another gives another order behind the stack.
    again = spanish21.stack(spanish21.new_state(), config, "AS AS ? 7D", rng=random.Random(1))
    other = spanish21.stack(spanish21.new_state(), config, "AS AS ? 7D", rng=random.Random(2))
    assert again.shoe == state.shoe and other.shoe["cards"] != state.shoe["cards"]


def test_a_stacked_shoe_replaces_a_running_shoe():
    table = stacked_table(spanish21, "9H KS 8D 7C")
    table.bet(ANN, 1, 10)
    table.deal()
    table.state = spanish21.stack(table.state, table.config, "5C", rng=random.Random(2))
    table.do(bj.HIT, ANN, 1)
    assert table.state.spot(1)["hands"][0]["cards"] == ["9H", "8D", "5C"]


def test_a_monster_match_suited_four_of_a_kind_wins_the_meter():
    # Ann's K♠ K♠ with the dealer's K♠ up and K♠ in the hole (§ 635c.2(h): 100% of the meter).
    table = stacked_table(players_edge21, "KS KS KS KS")
    table.bet(ANN, 1, 10)
    table.bet(ANN, 1, 1, spot=players_edge21.MONSTER_MATCH)
    table.deal()
    table.do(bj.STAND, ANN, 1)
    while table.state.phase != bj.RESULT:
        table.do(bj.timer(table.state, table.config)[2].kind)
    (award,) = table.awards
    assert (award.kind, award.seat, award.percent) == ("monster_match", 1, 100)
    assert "Seat 1: the Monster Match progressive, 100% of the meter!" in table.log
    assert table.net(ANN) == -1 + METER_PAYS_CENTS / 100  # 20 pushes 20


@pytest.mark.parametrize(
    "rules, text, config, message",
    [
        (spanish21, "AS XX", {}, "'XX' is not a card"),
        (spanish21, "TS", {}, "10♠ is not in a Spanish deck"),
        (players_edge21, "10D", {}, "10♦ is not in a Spanish deck"),
        (spanish21, "JK", {}, "Joker is not in a Spanish deck"),
        (players_edge21, "AS " * 6, {"decks": 5}, "6 × A♠ typed, but a 5-deck shoe holds only 5"),
        (spanish21, "AS " * 7, {"decks": 6}, "7 × A♠ typed, but a 6-deck shoe holds only 6"),
        (spanish21, "? " * 289, {"decks": 6}, "A 6-deck shoe holds 288 cards; 289 were typed"),
        (spanish21, "", {}, "Nothing to stack"),
    ],
)
def test_a_bad_shoe_stack_is_refused(rules, text, config, message):
    with pytest.raises(IllegalAction, match=message):
        rules.stack(rules.new_state(), rules.Config(**config), text, rng=random.Random(0))


def test_a_whole_shoe_can_be_stacked():
    config = spanish21.Config(decks=6)
    whole = " ".join(str(item) for item in spanish_deck() * 6)
    shoe = Shoe.from_json(spanish21.stack(spanish21.new_state(), config, whole).shoe)
    assert len(shoe) == 288 and shoe.stacked == 288 and shoe.cut_at is None


def test_the_blackjack_games_share_the_stack_and_its_help():
    assert spanish21.stack is players_edge21.stack is bj.stack
    assert "not burned" in spanish21.STACK_HELP


# -- Pai Gow Poker: stacked dice and deck ---------------------------------------------


def test_pai_gow_dice_and_deck_are_stacked():
    config = pai_gow.Config()
    text = "dice 3 3 3; AS AH AD AC KS KH JK ? ? ? ? ? ? ? 2C"
    state = pai_gow.stack(pai_gow.new_state(), config, text, rng=random.Random(4))
    assert state.dice == [3, 3, 3]
    assert len(state.deck) == 53 and Counter(state.deck) == Counter(str(item) for item in joker_deck())
    assert state.deck[:7] == ["AS", "AH", "AD", "AC", "KS", "KH", "JK"]
    assert state.deck[14] == "2C"
    assert pai_gow.State.from_json(state.to_json()) == state


def test_pai_gow_stacked_hand_goes_to_the_counted_position():
    """Dice 3 3 3 count 9: seat 1 takes the first seven cards (rule 15)."""
    config = pai_gow.Config(progressive=0, mystery=0)
    state = pai_gow.stack(
        pai_gow.new_state(), config, "dice 3 3 3 AS AH AD AC KS KH JK", rng=random.Random(4)
    )
    rng = random.Random(8)
    action = Action(pai_gow.BET, 1, {"spot": pai_gow.MAIN, "amount": 1_000}, seat=1)
    state = pai_gow.apply(state, action, config, rng).state
    for kind, player in ((pai_gow.CLOSE_BETTING, None), (pai_gow.SHAKE, 1), (pai_gow.DEAL, None)):
        state = pai_gow.apply(state, Action(kind, player, seat=1 if player else None), config, rng).state
    assert state.roll == [3, 3, 3] and state.first_position == "1"
    assert state.spot(1)["cards"] == ["AS", "AH", "AD", "AC", "KS", "KH", "JK"]
    assert state.deck is None and state.dice is None  # the next round is random again


def test_pai_gow_cards_without_dice_leave_the_roll_random():
    state = pai_gow.new_state()
    state.dice = [1, 1, 1]
    state = pai_gow.stack(state, pai_gow.Config(), "2C 3C")
    assert state.dice is None and state.deck[:2] == ["2C", "3C"]
    state = pai_gow.stack(state, pai_gow.Config(), "DICE 6 6 6")
    assert state.dice == [6, 6, 6] and state.deck is None


@pytest.mark.parametrize(
    "text, config, message",
    [
        ("dice 1 2 7", {}, "A die shows 1 to 6 pips, not '7'"),
        ("dice 0 2 3", {}, "A die shows 1 to 6 pips, not '0'"),
        ("dice 1 ² 3", {}, "A die shows 1 to 6 pips, not '²'"),  # a digit to str.isdigit, not to int()
        ("dice 1 2 ٣", {}, "A die shows 1 to 6 pips, not '٣'"),
        ("dice 2 3", {}, "The shaker holds three dice"),
        ("dice 2 3 4 5", {}, "'5' is one too many"),
        ("dice 1 1 1 dice 2 2 2", {}, "Type the dice once"),
        ("dice 2 2 2", {"dice": 0}, "This table plays without the shaker"),
        ("AS KD AS", {}, "A♠ is typed 2 times: the deck holds one"),
        ("JK JK", {}, "Joker is typed 2 times"),
        ("AS ZZ", {}, "'ZZ' is not a card"),
        ("? " * 54, {}, "The deck holds 53 cards; 54 were typed"),
        ("", {}, "Nothing to stack"),
    ],
)
def test_a_bad_pai_gow_stack_is_refused(text, config, message):
    with pytest.raises(IllegalAction, match=message):
        pai_gow.stack(pai_gow.new_state(), pai_gow.Config(**config), text, rng=random.Random(0))


def test_every_game_documents_its_stack_syntax():
    for rules in (dreamcatcher, spanish21, players_edge21, pai_gow):
        assert callable(rules.stack) and rules.STACK_HELP


def test_a_ten_is_typed_as_10_or_t():
    assert card("10D") == card("TD")
