"""Simulated main-wager rows of the blackjack family, played through the
games' own round (games/blackjack/round.py) by a bot playing best play as the
solver computes it for the table's rules (games/blackjack/best_play.py,
games/blackjack/solver.py); each row also carries the solver's exact
expectation under that strategy, which its simulation must hold in its 99%
band. ``Bot`` plays the fixed basic-strategy chart of games/blackjack/strategy.py
(the bench's baseline).

Pure (no Django, no I/O). One seat, one main wager of the table minimum, no
side wagers. Each round is the table's own sequence of actions: the bet,
"no more bets", the deal, insurance closing (declined), the bot's hand
actions chosen from ``legal_actions`` until the dealer plays and settles,
then the next round. The round's net result is the sum of the ChipMoves the
rules return (stakes out; returns, wins and refunds back), so every payout,
bonus 21, surrender and dealer rule is the game's own.

Speed: ``round.apply`` copies the whole state through JSON at every action
and its shoe is re-read from its JSON at every card. The bot calls the
round's handlers on a state it owns (the same functions ``apply`` calls,
minus the copy), and gives the round a short stacked window of the real
shoe's next cards instead of the whole shoe. The real shoe is the rules'
``Shoe``: when one is due (``Shoe.needs_shuffle``, checked before each round
as ``_deal`` does) it is ``Shoe.shuffled`` from the run's seeded generator
and its first card burned, as ``_deal`` does (docs/rules/spanish21.md rule 3). A round
that would run past its window (``ShoeEmpty``) is played again from its
start with a longer one: the same cards in the same order.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol, cast

from games.blackjack import best_play, strategy
from games.blackjack import round as bj
from games.blackjack.hands import total
from games.blackjack.side_wagers import bonus_21, bonus_21_names
from games.blackjack.variant import Hand, Variant
from games.cards.cards import Card, cards, standard_deck
from games.cards.shoe import Shoe, ShoeEmpty
from games.engine import LOSE, REFUND, RETURN, STAKE, WIN, Action, Outcome, format_chips
from games.lab.rows import EdgeRow, RowSpec, RunningStats, line, select, simulated_row
from games.lab.simulation import Progress
from games.payouts import MeterShare, Odds

PLAYER = 1
SEAT = 1
# Cards of the shoe handed to a round, then (the round played again from its
# start) more, then the whole rest (0).
WINDOWS = (10, 40, 0)
SIGN = {STAKE: -1, REFUND: 1, RETURN: 1, WIN: 1, LOSE: 0}

BLACKJACK_LINE = "blackjack"


class Player(Protocol):
    """What plays a seat: ``Bot`` here, or best_play.BestPlay."""

    def action(
        self, hand: Hand, upcard: Card, legal: Sequence[str], state: bj.State | None = None
    ) -> str: ...


# Card text -> Card, for the bot's reading of the hands (games.cards.cards.card, once per
# card); the 52-card deck holds the Spanish deck's cards too.
CARD = {str(item): item for item in standard_deck()}


def paytable_lines(variant: Variant) -> list[dict[str, Any]]:
    """The main wager's lines a designer may replace: blackjack and the
    bonus 21s (a player's 21 always wins)."""
    names = bonus_21_names(variant.premium_suit)
    rows = [line(BLACKJACK_LINE, "Blackjack", variant.blackjack_odds, 0)]
    rows += [line(key, names[key], odds, 0) for key, odds in variant.bonus_odds.items()]
    return rows


def with_payouts(variant: Variant, payouts: Mapping[str, Odds | MeterShare] | None) -> Variant:
    """The variant with a designer's what-if odds for blackjack and the bonus
    21s (``payouts``: {line key: Odds}); other keys are ignored."""
    if not payouts:
        return variant
    for key, payout in payouts.items():
        if not isinstance(payout, Odds):
            raise ValueError(f"{key}: this line pays fixed odds ('3 to 2'), not {payout}")
    changes: dict[str, Any] = {}
    if BLACKJACK_LINE in payouts:
        changes["blackjack_odds"] = payouts[BLACKJACK_LINE]
    bonus = {key: payouts.get(key, odds) for key, odds in variant.bonus_odds.items()}
    if bonus != variant.bonus_odds:
        changes["bonus_odds"] = bonus
    return replace(variant, **changes) if changes else variant


class Bot:
    """The lab's basic strategy at one seat (games/blackjack/strategy.py).
    ``redouble``: after a double, double again where the table doubles the
    new total (Player's Edge 21); otherwise a doubled hand stands."""

    def __init__(self, redouble: bool = False) -> None:
        self.redouble = redouble

    def action(self, hand: Hand, upcard: Card, legal: Sequence[str], state: bj.State | None = None) -> str:
        items = [CARD[text] for text in hand["cards"]]
        up = strategy.UPCARD_INDEX[upcard.rank]
        best, soft = total(items)
        if hand["doubles"]:
            # A doubled hand: stand, double again (Player's Edge 21) or rescue (never).
            if (
                self.redouble
                and strategy.DOUBLE in legal
                and strategy.says_double(best, soft, up, len(items))
            ):
                return strategy.DOUBLE
            return strategy.STAND
        if strategy.SPLIT in legal:
            code = strategy.pair_code(items[0].rank, up)
            if code is not None:
                choice = strategy.resolve(code, len(items), legal)
                if choice is not None:
                    return choice
        choice = strategy.resolve(strategy.table_code(best, soft, up), len(items), legal)
        return choice or strategy.HIT


class Table:
    """One seat at a table of ``variant`` (a game's ``rules.VARIANT``) with
    ``config``, played round after round from a seeded generator.

    ``through_apply=True`` plays it the plain way instead, for the tests and
    the bench: every action through ``round.apply`` (the state copied through
    JSON), the whole shoe kept in the state and shuffled by ``_deal``, and
    ``next_round`` between rounds. Both ways deal the same cards from the same
    seed, so they give the same rounds."""

    def __init__(
        self,
        variant: Variant,
        config: Any,
        seed: int | str | None,
        bot: Player,
        wager_cents: int | None = None,
        through_apply: bool = False,
    ) -> None:
        self.variant = variant
        self.config = config
        self.rng = random.Random(seed)
        self.bot = bot
        self.wager = wager_cents or config.min_bet_cents
        self.through_apply = through_apply
        self.state = bj.new_state()
        self.shoe: Shoe | None = None  # the real shoe, between rounds
        self.longest = 0  # the most cards a round took (for the window's size)

    def _do(
        self,
        state: bj.State,
        kind: str,
        data: dict[str, Any] | None = None,
        player: int | None = None,
        seat: int | None = None,
    ) -> Outcome:
        action = Action(kind, player, data or {}, seat)
        if self.through_apply:
            return bj.apply(self.variant, state, action, self.config, self.rng)
        return bj.apply_in_place(self.variant, state, action, self.config, self.rng)

    def play_round(self) -> tuple[int, bj.State]:
        """One round: (net result in cents, the round's final state)."""
        if self.through_apply:
            net, state = self._round(self.state)
            self.state = self._do(state, bj.NEXT_ROUND).state
            return net, state
        shoe = self.shoe
        if shoe is None or shoe.needs_shuffle:
            # What _deal does when a shoe is due: a new shuffled shoe, its
            # first card burned (docs/rules/spanish21.md rule 3), from the run's generator.
            shoe = self.shoe = Shoe.shuffled(self.config.deck, self.config.decks, self.rng)
            shoe.burn()
        for size in WINDOWS:
            window = shoe.cards[shoe.position : shoe.position + size] if size else shoe.cards[shoe.position :]
            try:
                net, state = self._round(
                    bj.State(round=self.state.round, shoe=Shoe(window, stacked=len(window)).to_json())
                )
            except ShoeEmpty:
                if not size:
                    raise
                continue
            break
        used = cast(dict[str, Any], state.shoe)["position"]  # the round's window, as dealt
        shoe.position += used
        self.longest = max(self.longest, used)
        self.state.round += 1
        return net, state

    def _round(self, state: bj.State) -> tuple[int, bj.State]:
        """Play one round from betting to the result; (net cents, final state)."""
        outcomes = [
            self._do(state, bj.BET, {"spot": bj.MAIN, "amount": self.wager}, PLAYER, SEAT),
        ]
        outcomes.append(self._do(outcomes[-1].state, bj.CLOSE_BETTING))
        outcomes.append(self._do(outcomes[-1].state, bj.DEAL))
        state = outcomes[-1].state
        if state.phase == bj.INSURANCE:
            outcomes.append(self._do(state, bj.CLOSE_INSURANCE))  # insurance declined
            state = outcomes[-1].state
        upcard = CARD[state.dealer[0]]
        while state.phase == bj.PLAYING:
            seat, index = cast(list[int], state.turn)  # set while playing
            spot = state.spot(seat)
            legal = bj.legal_actions(self.variant, state, seat)
            kind = self.bot.action(spot["hands"][index], upcard, legal, state=state)
            outcomes.append(
                self._do(state, kind, {"amount": None} if kind == bj.DOUBLE else None, PLAYER, SEAT)
            )
            state = outcomes[-1].state
        if state.phase != bj.RESULT:
            raise RuntimeError(f"the round stopped in {state.phase!r}")
        net = sum(
            SIGN[move.kind] * move.amount for out in outcomes for move in out.moves if move.player == PLAYER
        )
        return net, state


def run_rows(table: Table, total_rounds: int, progress: Progress | None = None) -> tuple[Any, dict[str, int]]:
    """``total_rounds`` rounds at ``table``: (RunningStats of the net per unit of
    the initial wager, {line key: hands that made it}: blackjacks and the
    bonus 21 lines, as the round classified them)."""
    stats = RunningStats(total_rounds)
    wager = table.wager
    every = max(1, total_rounds // 100)
    premium = table.variant.premium_suit
    counts: dict[str, int] = {}
    for done in range(1, total_rounds + 1):
        net, state = table.play_round()
        stats.add(net / wager)
        for hand in state.spot(SEAT)["hands"]:
            status = hand["status"]
            if status == bj.BLACKJACK:
                counts[BLACKJACK_LINE] = counts.get(BLACKJACK_LINE, 0) + 1
            elif status == bj.TWENTY_ONE:
                key = bonus_21(cards(hand["cards"]), premium, doubled=hand["doubles"] > 0)
                if key:
                    counts[key] = counts.get(key, 0) + 1
        if progress and (done % every == 0 or done == total_rounds):
            progress(done, total_rounds, stats.trace)
    return stats, counts


def main_row(
    spec: RowSpec,
    variant: Variant,
    config: Any,
    *,
    payouts: Mapping[str, Odds | MeterShare] | None = None,
    rounds: int | None = None,
    seed: int | str | None = 0,
    progress: Progress | None = None,
    assumptions: Sequence[str] = (),
    notes: Sequence[str] | None = None,
) -> EdgeRow:
    """The EdgeRow of one deck count's main wager, played by best play for the
    table's rules (and a designer's what-if payouts: the solver solves those).
    ``notes`` replace the Spanish 21 family's notes on the deck (then
    ``assumptions`` follow them). The row's figures are the simulation's;
    ``details["solver_rtp"]`` is the solver's exact RTP of the same strategy."""
    total_rounds = rounds or spec.default_rounds
    variant = with_payouts(variant.for_table(config), payouts)
    bot = best_play.BestPlay(variant, config)
    table = Table(variant, config, seed, bot)
    stats, counts = run_rows(table, total_rounds, progress)
    lines = [
        {**item, "probability": counts.get(item["key"], 0) / total_rounds} for item in paytable_lines(variant)
    ]
    solver_rtp = 1 + bot.expectation
    seat = f"One seat, a {format_chips(table.wager)}-chip main wager (the table minimum), no side wagers, "
    strategy_note = (
        f"Best play for these rules (games/blackjack/solver.py): exact RTP {solver_rtp:.4%}, house edge "
        f"{-bot.expectation:.4%}; the simulation plays the same strategy through the game's own round. "
        "Every hand composition against every dealer situation, the dealer's finite-shoe distribution "
        "less the player's and the dealer's known cards; split hands played with the pre-split removal."
    )
    if notes is not None:
        notes = [seat + notes[0], strategy_note, *notes[1:], *assumptions]
    else:
        notes = [
            seat
            + f"{config.decks} decks of 48 cards, cut card at 60-80% of the shoe, the first card burned.",
            strategy_note,
            "Insurance never taken; doubles, rescues, splits and surrenders where best play takes them.",
            *assumptions,
            "The Super Bonus is paid at the table minimum's amount; no other player, so no Envy payments.",
        ]
    changed = [key for key in (payouts or {}) if key in {item["key"] for item in lines}]
    if changed:
        notes.append(f"What-if odds for: {', '.join(changed)} (best play re-solved for them).")
    ignored = [key for key in (payouts or {}) if key not in {item["key"] for item in lines}]
    if ignored:
        notes.append(f"Ignored (not a line of this wager): {', '.join(ignored)}.")
    row = simulated_row(
        spec,
        stats,
        lines=lines,
        assumptions=notes,
        details={"wager_cents": table.wager, "longest_round_cards": table.longest, "solver_rtp": solver_rtp},
    )
    low, high = row.ci99
    row.details["solver_in_band"] = low <= solver_rtp <= high
    return row


def match_the_dealer_table_rows(
    rows: list[RowSpec], config: Any, fixed: str, progressive: str
) -> list[RowSpec]:
    """The rows a Match the Dealer table plays (Spanish 21 and Down Under's
    ``table_rows``): the main wager at its decks, the fixed-odds Match the
    Dealer (``fixed``) and the progressive (``progressive``, § 635c.1 /
    § 685c.1) at its paytable, where the table offers them."""
    found = select(rows, bj.MAIN, decks=config.decks)
    if config.match_the_dealer:
        found += select(rows, fixed, decks=config.decks)
    if config.progressive:
        found += select(rows, progressive, paytable=str(config.progressive_paytable), decks=config.decks)
    return found
