"""Derive Four Card Poker's computed Play strategy and write it to
games/four_card_poker/strategy_table.py.

    python bench/four_card_strategy.py            (10,000,000 deals, two processes, ~10 minutes)
    python bench/four_card_strategy.py --deals 2000000 --jobs 1 --seed 7

Why it decides as it does: Ante and Play pay even money, the player wins ties
(rule 9) and the Ante Bonus does not depend on the Play (rule 10), so with W
the chance that the player's best four ties or beats the dealer's best four of
six, the Play of k× returns ``(1 + k)(2W - 1) + bonus`` against ``-1`` for a
fold: 3× when W > 1/2, 1× when 1/4 < W <= 1/2 (with no bonus; hands with a
bonus are three of a kind or better, always 3×), fold below.

W is estimated, per situation the table can tell apart, from seeded deals
(11 cards from a shuffled deck: the player's five, the dealer's six, the last
face up): the player's best-four category and its first two ranks, the
dealer's up rank, and how many cards of that rank the player holds
(``games.four_card_poker.strategy.situation``). A situation seen fewer than
``--minimum`` times is left to the Expert Strategy; so is any category above
two pair whose W is over 1/2 everywhere (the script says when one is not).
Deterministic for a given ``--deals``, ``--seed`` and ``--jobs``.
"""

import argparse
import os
import random
import sys
import time
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from games.cards import four_card  # noqa: E402
from games.four_card_poker import strategy  # noqa: E402

PATH = os.path.join(ROOT, "games", "four_card_poker", "strategy_table.py")


def count(job):
    """{situation: [deals, deals the player ties or wins]} over ``deals`` deals."""
    deals, seed = job
    rng = random.Random(seed)
    deck = list(range(52))
    value_of_five, value_of_six, situation = (
        four_card.value_of_five,
        four_card.value_of_six,
        strategy.situation,
    )
    sample = rng.sample
    stats = {}
    for _ in range(deals):
        cards = sample(deck, 11)
        player = cards[:5]
        dealer = cards[5:]
        value = value_of_five(player)
        key = situation(value, player, dealer[5])
        seen = stats.get(key)
        if seen is None:
            seen = stats[key] = [0, 0]
        seen[0] += 1
        seen[1] += value >= value_of_six(dealer)
    return stats


def decide(seen, wins):
    w = wins / seen
    return 3 if w > 0.5 else 1 if w > 0.25 else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000_000)
    parser.add_argument("--jobs", type=int, default=2, help="processes, each a share of the deals (2)")
    parser.add_argument("--seed", type=int, default=641)
    parser.add_argument(
        "--minimum", type=int, default=300, help="deals a situation needs to be decided (300)"
    )
    parser.add_argument("--dry-run", action="store_true", help="print, do not write the table")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    shares = [
        (args.deals // args.jobs + (index < args.deals % args.jobs), args.seed + index)
        for index in range(args.jobs)
    ]
    with Pool(args.jobs) as pool:
        parts = pool.map(count, shares)
    stats = {}
    for part in parts:
        for key, (seen, wins) in part.items():
            total = stats.setdefault(key, [0, 0])
            total[0] += seen
            total[1] += wins

    rows = {}
    exceptions = []
    undecided = 0
    for key in sorted(stats):
        seen, wins = stats[key]
        kind = key[0]
        if kind > four_card.TWO_PAIR:
            if seen >= args.minimum and decide(seen, wins) != 3:
                exceptions.append((key, seen, wins))
            continue
        if seen < args.minimum:
            undecided += 1
            continue
        _, first, second, up, held = key
        row = rows.setdefault((kind, first, up, held), ["."] * 13)
        row[second] = str(decide(seen, wins))
    for key, seen, wins in exceptions:
        print(f"above two pair yet W = {wins / seen:.3f} over {seen} deals: {key} (left to 3x)")

    lines = [
        '"""Four Card Poker\'s computed Play strategy, as data: written by',
        "bench/four_card_strategy.py (see it for why each decision is the one",
        "taken); do not edit by hand.",
        "",
        f"{args.deals:,} seeded deals (seed {args.seed}, {args.jobs} processes); situations seen at",
        f"least {args.minimum} times. Key: (category, first rank, dealer's up rank, cards",
        "of the up rank the player holds); the string gives the Play multiple (0",
        "fold, 1, 3) for each second rank 2 ... ace, '.' where the situation is",
        'not decided here (the Expert Strategy decides)."""',
        "",
        f"DEALS = {args.deals}",
        f"SEED = {args.seed}",
        "TABLE = {",
    ]
    lines += [f'    {key!r}: "{"".join(row)}",' for key, row in sorted(rows.items())]
    lines.append("}")
    text = "\n".join(lines) + "\n"
    print(
        f"{args.deals:,} deals in {time.perf_counter() - started:.0f} s; {len(rows)} rows, "
        f"{undecided} situations under {args.minimum} deals"
    )
    if args.dry_run:
        return 0
    with open(PATH, "w", encoding="utf-8") as handle:
        handle.write(text)
    print(f"wrote {os.path.relpath(PATH, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
