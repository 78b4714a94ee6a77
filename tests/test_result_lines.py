"""A seat's result lines add up (issue 35, item 4): at every card table, each
line names its wager as the table labels it and ends with that wager's net
in chips by one sign convention (games/settled.result_text: "+25", "−10",
"±0"), and a seat's lines sum exactly to what the round did to its
player's balance, the header's net: progressives collected and paid "for
1", meter awards, the Mystery bonus, Envy, commissions, insurance, doubles
and splits included.

Seeded rounds of three players betting every wager the table offers, their
decisions random among the legal ones (the clock's default where a game
has no choice to make), the meters accepting every progressive wager,
paying each award from a meter of 1,000 chips and, now and then, a Mystery
hit; plus one stacked round per game family with a progressive win."""

import random
import re
from collections import Counter

import pytest

from casino.tables import registry
from games.engine import LOSE, PROGRESSIVE_RESULT, REFUND, RETURN, STAKE, WIN, Action, IllegalAction
from games.poker import game as poker_game

ROUNDS = 60
PLAYERS = {1: 101, 2: 102, 3: 103}
METER_CENTS = 1_000_00
MYSTERY_CENTS = 150_00
LINE = re.compile(r"^(?P<words>.+): (?:(?P<sign>[+−])(?P<chips>[\d,]+(?:\.\d\d)?)|±0)$")
# Paid on no wager of the seat's own: another hand's line, the bonus meter.
BONUSES = ("Envy", "Mystery bonus", "Super Bonus")
CARD_GAMES = [spec.slug for spec in registry.all_games() if spec.slug != "dreamcatcher"]


def net_of(line):
    """A result line's net in cents, or a failure naming the line."""
    found = LINE.match(line)
    assert found, f"not a result line: {line!r}"
    if found["sign"] is None:
        return 0
    cents = round(float(found["chips"].replace(",", "")) * 100)
    return cents if found["sign"] == "+" else -cents


def labels_of(rules):
    """The wagers' labels a line may start with."""
    if hasattr(rules, "GAME"):  # the poker family: its betting areas
        return {area.label for area in rules.GAME.areas}
    variant = rules.VARIANT
    if hasattr(rules, "legal_actions"):  # blackjack: a hand, or a side wager
        return {
            variant.main_label,
            "Hand ",
            "Insurance",
            *(variant.wager_label(area) for area in rules.AREAS),
        }
    # Pai gow: the main wager and the extra ones, the names the tables' layouts give them.
    extra = (
        "Fortune bonus",
        "Progressive",
        "Tiger 9",
        "Sum",
        "Match ",
        "Beat It",
        "Ace High Bonus",
        "Double Down",
    )
    return {variant.main_name, *extra}


def areas_of(rules, config):
    if hasattr(rules, "GAME"):
        return [area.name for area in rules.GAME.offered_areas(config) if area.role != poker_game.DECISION]
    return list(rules.AREAS)


def decision(rules, state, rng):
    """A random legal choice of the seat to act, or None: the clock's turn."""
    if hasattr(rules, "legal_options") and state.phase == "deciding" and state.turn:
        options = rules.legal_options(state, state.turn)
        if options:
            option, multiples = rng.choice(options)
            data = {"multiple": str(rng.choice(multiples))} if multiples else {}
            parsed = rules.parse_action(option.action, data)
            return Action(parsed.kind, state.spot(state.turn)["player"], parsed.data, seat=state.turn)
    if hasattr(rules, "legal_actions"):
        if state.phase == "playing" and state.turn:
            seat = state.turn[0]
            kind = rng.choice(rules.legal_actions(state, seat))
            return Action(kind, state.spot(seat)["player"], {}, seat=seat)
        if state.phase == "insurance" and rng.random() < 0.5:
            seat = rng.choice(state.seats())
            return Action("insure", state.spot(seat)["player"], {}, seat=seat)
    return None


class Rounds:
    """The rules driven as the platform drives them, the meters answering."""

    def __init__(self, slug, seed):
        self.rules = registry.get(slug).rules
        self.config = self.rules.Config()
        self.state = self.rules.new_state()
        self.rng = random.Random(seed)
        self.moves = []

    def apply(self, action, mystery=()):
        outcome = self.rules.apply(self.state, action, self.config, self.rng)
        self.state = outcome.state
        self.moves += outcome.moves
        if outcome.lock is not None or outcome.awards:
            data = {"hits": [], "awards": [], "refused": [], "error": None}
            for wager in outcome.lock or ():
                if wager.kind == "must_hit_by" and wager.seat in mystery:
                    data["hits"].append({"kind": wager.kind, "seat": wager.seat, "cents": MYSTERY_CENTS})
            for award in outcome.awards:
                cents = METER_CENTS * int(award.percent) // 100
                data["awards"].append(
                    {"kind": award.kind, "seat": award.seat, "player": award.player, "cents": cents}
                )
            self.apply(Action(PROGRESSIVE_RESULT, None, data))

    def bet_everything(self):
        """Each player bets the wagers the table offers, the base ones first,
        a side wager four times in five, at the first amount it takes."""
        areas = areas_of(self.rules, self.config)
        for seat, player in PLAYERS.items():
            for area in areas:
                if area != areas[0] and self.rng.random() < 0.2:
                    continue
                for chips in self.rng.sample(["5", "10", "25"], 3) + ["1", "50", "100"]:
                    try:
                        parsed = self.rules.parse_action("bet", {"spot": area, "amount": chips})
                        self.apply(Action(parsed.kind, player, parsed.data, seat=seat))
                        break
                    except IllegalAction:
                        continue

    def play_round(self, mystery=()):
        """One round to its result: the lines and the net of every seat in it."""
        start = len(self.moves)
        self.bet_everything()
        for _step in range(300):
            if self.state.phase == "result":
                break
            action = (
                decision(self.rules, self.state, self.rng) or self.rules.timer(self.state, self.config)[2]
            )
            try:
                self.apply(action, mystery)
            except IllegalAction:
                self.apply(self.rules.timer(self.state, self.config)[2], mystery)
        else:
            raise AssertionError(f"round {self.state.round} did not reach its result: {self.state.phase}")
        nets = Counter()
        sign = {STAKE: -1, REFUND: 1, RETURN: 1, WIN: 1, LOSE: 0}
        for move in self.moves[start:]:
            nets[move.player] += sign[move.kind] * move.amount
        settled = {int(seat): result["lines"] for seat, result in self.state.results.items()}
        self.apply(self.rules.timer(self.state, self.config)[2])  # the next round
        return {seat: (lines, nets[PLAYERS[seat]]) for seat, lines in settled.items()}


def assert_adds_up(slug, seat, lines, net, labels):
    assert lines, f"{slug}: seat {seat} settled without a line"
    for line in lines:
        assert line.startswith((*labels, *BONUSES)), f"{slug}: {line!r} names no wager of {sorted(labels)}"
    assert sum(net_of(line) for line in lines) == net, f"{slug}: seat {seat}: {lines} do not add up to {net}"


@pytest.mark.parametrize("slug", CARD_GAMES)
def test_every_seats_lines_name_their_wagers_and_add_up_to_its_net(slug):
    rounds = Rounds(slug, seed=35)
    labels = labels_of(rounds.rules)
    signs = Counter()
    for number in range(ROUNDS):
        mystery = (1,) if number % 10 == 3 else ()
        for seat, (lines, net) in rounds.play_round(mystery).items():
            assert_adds_up(slug, seat, lines, net, labels)
            signs.update(LINE.match(line)["sign"] or "±" for line in lines)
    # The rounds won, lost and (at every game but those without a tie) pushed wagers.
    assert signs["+"] and signs["−"], (slug, signs)


STACKED_PROGRESSIVES = [
    # Three aces: the Three-Card progressive pays 50 for 1 on its collected chip, a net of 49.
    (
        "three_card_poker",
        "AS AH AD 2C 5D 9H",
        {"ante": "10", "three_card": "1"},
        "Three-Card progressive, three of a kind, 50 for 1: +49",
    ),
    # A spade mini-royal takes the meter (1,000 chips here), the chip staked netted against it.
    (
        "three_card_poker",
        "AS KS QS 2C 5D 8H",
        {"ante": "10", "three_card": "1"},
        "Three-Card progressive, 1,000 from the meter: +999",
    ),
    # Four aces (a deuce wild) at DJ Wild Stud: 10 for 1 on 5 chips returns 50, a net of 45.
    (
        "dj_wild_stud",
        "AS AH AC 2C 4S 8D 8C 8S 6D 9C 4H",
        {"ante": "10", "progressive": "5"},
        "Progressive, four of a kind, 10 for 1: +45",
    ),
]


@pytest.mark.parametrize("slug, cards, bets, progressive", STACKED_PROGRESSIVES)
def test_a_stacked_progressive_win_nets_its_stake_and_the_lines_add_up(slug, cards, bets, progressive):
    rounds = Rounds(slug, seed=1)
    rounds.state = rounds.rules.stack(rounds.state, rounds.config, cards, rounds.rng)
    for area, chips in bets.items():
        parsed = rounds.rules.parse_action("bet", {"spot": area, "amount": chips})
        rounds.apply(Action(parsed.kind, PLAYERS[1], parsed.data, seat=1))
    for _step in range(50):
        if rounds.state.phase == "result":
            break
        if rounds.state.phase == "deciding" and hasattr(rounds.rules, "legal_options"):
            parsed = rounds.rules.parse_action("play", {})
            rounds.apply(Action(parsed.kind, PLAYERS[1], parsed.data, seat=1))
        else:
            rounds.apply(rounds.rules.timer(rounds.state, rounds.config)[2])
    lines = rounds.state.results["1"]["lines"]
    net = sum({STAKE: -1, REFUND: 1, RETURN: 1, WIN: 1, LOSE: 0}[m.kind] * m.amount for m in rounds.moves)
    assert_adds_up(slug, 1, lines, net, labels_of(rounds.rules))
    assert progressive in lines, lines
