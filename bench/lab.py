"""Rounds per second of the paytable lab's simulations, against plain-Python
loops in the same run.

    make bench-lab      (python bench/lab.py)

One process, no I/O, every line seeded (``--seed``):

- Dreamcatcher: ``games/dreamcatcher/simulate.py`` ``simulate_spots`` (numpy,
  chunks of random bytes folded onto the 54 sections, bonus spins for the
  multiplier rounds only) against a plain loop spinning ``random.Random``
  through the same data (``rules.WHEEL``, ``MULTIPLIERS``, ``PAYOUT_ODDS``),
  its results tallied per (number, multiplier) and summed per spot at the
  end. Spins count the bonus spins.
- Pai Gow Poker: ``simulate.run`` of each row (both hands set by the house
  way on card indices) against the plain per-round loop: every round played
  through ``rules.apply`` (bet, no more bets, deal, the house way), as a
  table plays it. The Tiger 9, Fortune and progressive rows (the dealer's or
  the player's seven cards only; the last two named by
  ``seven_cards.line_of_indices``) have no plain loop.
- Spanish 21 and Player's Edge 21: ``simulate.run`` (the bot on the round's
  handlers with a window of the shoe) against the same bot through
  ``round.apply`` with the whole shoe in the state (JSON copies at every
  action); both play the same rounds.

Target: the vectorised Dreamcatcher simulation at least 10 million spins a
second; exit status 1 when it is missed.
"""

import argparse
import os
import random
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.blackjack import best_play  # noqa: E402
from games.blackjack import simulate as blackjack  # noqa: E402
from games.dreamcatcher import rules as dreamcatcher_rules  # noqa: E402
from games.dreamcatcher import simulate as dreamcatcher  # noqa: E402
from games.engine import Action  # noqa: E402
from games.lab.rows import RunningStats  # noqa: E402
from games.pai_gow import rules as pai_gow_rules  # noqa: E402
from games.pai_gow import simulate as pai_gow  # noqa: E402
from games.players_edge21 import rules as players_edge21_rules  # noqa: E402
from games.players_edge21 import simulate as players_edge21  # noqa: E402
from games.spanish21 import rules as spanish21_rules  # noqa: E402
from games.spanish21 import simulate as spanish21  # noqa: E402

TARGET = 10_000_000


def timed(function):
    started = time.perf_counter()
    result = function()
    return result, time.perf_counter() - started


# --- Dreamcatcher -----------------------------------------------------------------


def plain_dreamcatcher(rounds, seed):
    """Spins with random.Random through the rules' data; (per-spot RunningStats, spins)."""
    rng = random.Random(seed)
    wheel, multipliers, odds = (
        dreamcatcher_rules.WHEEL,
        dreamcatcher_rules.MULTIPLIERS,
        dreamcatcher_rules.PAYOUT_ODDS,
    )
    sections = len(wheel)
    tally = Counter()
    spins = 0
    for _ in range(rounds):
        multiplier = 1
        symbol = wheel[rng.randrange(sections)]
        spins += 1
        while symbol in multipliers:
            multiplier *= multipliers[symbol]
            symbol = wheel[rng.randrange(sections)]
            spins += 1
        tally[symbol, multiplier] += 1
    stats = {}
    for spot in dreamcatcher_rules.SPOTS:
        won = [
            (odds[spot] * multiplier, count)
            for (symbol, multiplier), count in tally.items()
            if symbol == spot
        ]
        wins = sum(count for _, count in won)
        stats[spot] = RunningStats()
        stats[spot].add_many(
            rounds,
            sum(net * count for net, count in won) - (rounds - wins),
            sum(net * net * count for net, count in won) + (rounds - wins),
            wins,
        )
    return stats, spins


# --- Pai Gow Poker ------------------------------------------------------------------


def plain_pai_gow(rounds, seed, variation):
    """Rounds through rules.apply, one player setting by the house way; their nets in cents."""
    commission_free = int(variation == "commission_free")
    config = pai_gow_rules.Config(
        commission_free=commission_free, fortune=0, progressive=0, mystery=0, dice=0
    )
    rng = random.Random(seed)
    state = pai_gow_rules.new_state()
    nets = []
    for _ in range(rounds):
        net = 0
        for action in (
            Action(pai_gow_rules.BET, 1, {"spot": pai_gow_rules.MAIN, "amount": pai_gow.WAGER_CENTS}, 1),
            Action(pai_gow_rules.CLOSE_BETTING),
            Action(pai_gow_rules.DEAL),
            Action(pai_gow_rules.HOUSE_WAY, 1, {}, 1),
            Action(pai_gow_rules.NEXT_ROUND),
        ):
            outcome = pai_gow_rules.apply(state, action, config, rng)
            state = outcome.state
            net += sum(blackjack.SIGN[move.kind] * move.amount for move in outcome.moves)
        nets.append(net)
    return nets


def plain_blackjack(rules, config, rounds, seed):
    """The rows' bot (best play, solved once a configuration) through ``round.apply``."""
    bot = best_play.BestPlay(rules.VARIANT, config)
    table = blackjack.Table(rules.VARIANT, config, seed, bot, through_apply=True)
    return [table.play_round()[0] for _ in range(rounds)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spins", type=int, default=50_000_000, help="vectorised Dreamcatcher rounds (50M)")
    parser.add_argument(
        "--plain-spins", type=int, default=1_000_000, help="plain-loop Dreamcatcher rounds (1M)"
    )
    parser.add_argument("--hands", type=int, default=200_000, help="pai gow rounds per row (200000)")
    parser.add_argument(
        "--plain-hands", type=int, default=3_000, help="pai gow rounds through rules.apply (3000)"
    )
    parser.add_argument("--blackjack", type=int, default=20_000, help="blackjack rounds per row (20000)")
    parser.add_argument(
        "--plain-blackjack", type=int, default=2_000, help="blackjack rounds through apply (2000)"
    )
    parser.add_argument("--seed", type=int, default=689)
    args = parser.parse_args(argv)

    rows = []  # (game, what, rounds/s, plain rounds/s, unit)

    dreamcatcher.simulate_spots(100_000, seed=args.seed)  # numpy's first-call costs, outside the timing
    vectorised, seconds = timed(lambda: dreamcatcher.simulate_spots(args.spins, seed=args.seed))
    (plain, plain_spins), plain_seconds = timed(lambda: plain_dreamcatcher(args.plain_spins, args.seed))
    spin_rate = vectorised.spins / seconds
    rows.append(("Dreamcatcher", "simulate_spots (numpy), spins", spin_rate, plain_spins / plain_seconds))
    rows.append(
        (
            "Dreamcatcher",
            "simulate_spots (numpy), rounds",
            vectorised.rounds / seconds,
            args.plain_spins / plain_seconds,
        )
    )

    for spec in pai_gow.specs():
        _, seconds = timed(lambda spec=spec: pai_gow.run(spec, rounds=args.hands, seed=args.seed))
        plain_rate = None
        if spec.wager == pai_gow_rules.MAIN:
            _, plain_seconds = timed(
                lambda spec=spec: plain_pai_gow(args.plain_hands, args.seed, spec.variant)
            )
            plain_rate = args.plain_hands / plain_seconds
        rows.append(
            ("Pai Gow Poker", f"{spec.wager} {spec.variant or ''}".strip(), args.hands / seconds, plain_rate)
        )

    for name, module, rules in (
        ("Spanish 21", spanish21, spanish21_rules),
        ("Player's Edge 21", players_edge21, players_edge21_rules),
    ):
        for spec in module.specs():
            best_play.BestPlay(rules.VARIANT, module.config(spec.decks))  # the solve, outside the timing
            _, seconds = timed(
                lambda spec=spec, module=module: module.run(spec, rounds=args.blackjack, seed=args.seed)
            )
            config = module.config(spec.decks)
            _, plain_seconds = timed(
                lambda config=config, rules=rules: plain_blackjack(
                    rules, config, args.plain_blackjack, args.seed
                )
            )
            rows.append(
                (
                    name,
                    f"main, {spec.decks} decks",
                    args.blackjack / seconds,
                    args.plain_blackjack / plain_seconds,
                )
            )

    print(
        f"seed {args.seed}; Dreamcatcher {args.spins:,} rounds vectorised, {args.plain_spins:,} plain; "
        f"pai gow {args.hands:,} ({args.plain_hands:,} through rules.apply); "
        f"blackjack {args.blackjack:,} ({args.plain_blackjack:,} through apply)"
    )
    print(f"{'game':18} {'row':34} {'per second':>14} {'plain loop':>12} {'ratio':>8}")
    for game, what, rate, plain_rate in rows:
        plain_text = f"{plain_rate:12,.0f}" if plain_rate else f"{'-':>12}"
        ratio = f"{rate / plain_rate:7.1f}x" if plain_rate else f"{'-':>8}"
        print(f"{game:18} {what:34} {rate:14,.0f} {plain_text} {ratio}")

    print("\nDreamcatcher RTP per spot, vectorised (99% band) / plain loop / exact:")
    for spot in dreamcatcher_rules.SPOTS:
        rtp, low, high = vectorised[spot].rtp_band()
        print(
            f"  {spot:>2}: {rtp:.4%} ({low:.4%} - {high:.4%}) / {plain[spot].rtp_band()[0]:.4%} / "
            f"{float(dreamcatcher.exact_rtp(spot)):.4%}"
        )

    met = spin_rate >= TARGET
    print(f"\nTarget Dreamcatcher >= {TARGET:,} spins/s: {'met' if met else 'MISSED'} ({spin_rate:,.0f})")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
