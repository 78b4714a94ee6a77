"""How long best play takes to solve (games/blackjack/solver.py), per game and
deck count the lab shows, against the lab's chart simulation of the same
configuration in the same run: the seconds of a fresh solve (CPU time, a new
``Solution`` each time, no cache) beside the seconds the fixed basic-strategy
chart (games/blackjack/strategy.py, the rows' strategy before the solver)
takes to simulate ``--rounds`` rounds through the game's own round, and the
house edges the solver finds (Spanish 21 also without the Super Bonus, the
published figure's rules: 0.78% at 6 decks, 0.80% at 8; Down Under also at
each main-wager choice its Rules Submission offers, as the lab's rows give them).

    python bench/blackjack_solver.py [--rounds 10000] [--only spanish21:6 ...]

Target: every solve under 20 s of CPU ("seconds, not minutes"); exit
status 1 when one misses it or a Spanish 21 figure strays more than 0.05%
from the published one.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.blackjack import simulate, solver  # noqa: E402
from games.down_under_blackjack import rules as down_under_rules  # noqa: E402
from games.down_under_blackjack import simulate as down_under  # noqa: E402
from games.down_under_blackjack import strategy as down_under_strategy  # noqa: E402
from games.players_edge21 import rules as players_edge_rules  # noqa: E402
from games.players_edge21 import simulate as players_edge  # noqa: E402
from games.spanish21 import rules as spanish_rules  # noqa: E402
from games.spanish21 import simulate as spanish  # noqa: E402

TARGET_SECONDS = 20.0
GAMES = (
    ("spanish21", spanish_rules, spanish, lambda: simulate.Bot()),
    ("players_edge21", players_edge_rules, players_edge, lambda: simulate.Bot(redouble=True)),
    ("down_under_blackjack", down_under_rules, down_under, lambda: down_under_strategy.Bot()),
)


def cpu(work):
    started = time.process_time()
    result = work()
    return result, time.process_time() - started


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10_000, help="chart-simulated rounds for the baseline")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--only", nargs="*", help="game:decks, e.g. spanish21:6")
    args = parser.parse_args(argv)
    failed = False
    print(
        f"{'game':22} {'decks':>5} {'solve s':>8} {'chart sim s':>11} {'ratio':>7} {'house edge':>11}  note"
    )
    for name, rules, module, chart in GAMES:
        for decks in module.paytables.DECKS:
            if args.only and f"{name}:{decks}" not in args.only:
                continue
            config = module.config(decks)
            game = solver.game_of(rules.VARIANT, config)
            solution, solve_seconds = cpu(lambda game=game: solver.Solution(game))
            table = simulate.Table(rules.VARIANT, config, args.seed, chart())
            _, chart_seconds = cpu(lambda table=table: [table.play_round() for _ in range(args.rounds)])
            note = ""
            if name == "spanish21":
                published = solver.Solution(solver.game_of(rules.VARIANT, config, super_bonus_units=0.0))
                figure = -published.expectation
                expected = spanish.PUBLISHED_HOUSE_EDGE[decks]
                note = f"without the Super Bonus {figure:.4%} (published {expected:.2%})"
                failed |= abs(figure - expected) > 0.0005
            elif name == "down_under_blackjack":
                choices = module.choice_rtps(decks)
                note = "; ".join(
                    f"{label.lower()}: {1 - choices[key]:.4%}" for key, label, _ in module.CHOICES
                )
            failed |= solve_seconds > TARGET_SECONDS
            print(
                f"{name:22} {decks:>5} {solve_seconds:8.2f} {chart_seconds:11.2f} "
                f"{solve_seconds / chart_seconds:6.2f}x {-solution.expectation:11.4%}  {note}",
                flush=True,
            )
    print(
        f"(chart simulation: {args.rounds:,} rounds through the round; CPU seconds; target solve < {TARGET_SECONDS} s)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
