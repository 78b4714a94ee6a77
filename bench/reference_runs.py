"""Long reference runs of the paytable lab's simulated rows, recorded in
games/lab/reference_runs.json for the tests to check short runs against.

    python bench/reference_runs.py                       (every simulated row)
    python bench/reference_runs.py --only spanish21:main:-:6:- --blackjack-rounds 300000

Each row's ``simulate.run`` (games/<game>/simulate.py) with a fixed seed, one
row after another in this process (the n-th row of ``ordered_specs`` gets
seed + n: rows added after the first runs come last, so every row keeps its
seed); each finished row is merged into the JSON
file at once (key = RowSpec.key -> {"rounds", "rtp", "seed", "ci99",
"std_dev", "seconds"}), so a run stopped by a time bound keeps what it
finished. Regenerate after any change to a game's rules or to the lab's
strategy: the tests then check the new figures against the new reference.
A row with a meter (the pai gow progressive payout wager) records its fixed
part as ``rtp`` and the meter's long-run return (casino/lab/progressive.py,
pure) as ``rtp_progressive``.
"""

import argparse
import copy
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from casino.lab import progressive  # noqa: E402
from games.caribbean_stud import simulate as caribbean_stud  # noqa: E402
from games.crazy_4_poker import simulate as crazy_4_poker  # noqa: E402
from games.dj_wild_stud import simulate as dj_wild_stud  # noqa: E402
from games.down_under_blackjack import simulate as down_under_blackjack  # noqa: E402
from games.face_up_pai_gow import simulate as face_up_pai_gow  # noqa: E402
from games.fortune_asia import simulate as fortune_asia_poker  # noqa: E402
from games.four_card_poker import simulate as four_card_poker  # noqa: E402
from games.pai_gow import simulate as pai_gow  # noqa: E402
from games.players_edge21 import simulate as players_edge21  # noqa: E402
from games.six_card_fortune_pai_gow import simulate as six_card_fortune_pai_gow  # noqa: E402
from games.spanish21 import simulate as spanish21  # noqa: E402
from games.texas_holdem_bonus import simulate as texas_holdem_bonus  # noqa: E402
from games.ultimate_texas_holdem import simulate as ultimate_texas_holdem  # noqa: E402

PATH = os.path.join(ROOT, "games", "lab", "reference_runs.json")
SEED = 20_261_130
MODULES = (
    pai_gow,
    spanish21,
    players_edge21,
    crazy_4_poker,
    four_card_poker,
    caribbean_stud,
    dj_wild_stud,
    down_under_blackjack,
    face_up_pai_gow,
    six_card_fortune_pai_gow,
    fortune_asia_poker,
    texas_holdem_bonus,
    ultimate_texas_holdem,
)
# Rows added after the first reference runs, numbered after every other row
# (in this order) so that no row's seed moves.
ADDED_LATER = (
    "pai_gow:fortune:-:-:-",
    "pai_gow:progressive:-:-:-",
    "crazy_4_poker:ante_play:-:1:-",
    "four_card_poker:ante_play:25-20-2:1:computed",
    "four_card_poker:ante_play:30-15-2:1:computed",
    "caribbean_stud:ante_bet:100-50-20-7-5-4-3-2-1:1:basic",
    "dj_wild_stud:ante_blind_play:1000-50-10-9-4-3-2-1:1:threshold",
    "down_under_blackjack:main:-:6:best_play",
    "down_under_blackjack:main:-:8:best_play",
    "six_card_fortune_pai_gow:main:-:-:-",
    "six_card_fortune_pai_gow:double_down:-:-:-",
    "fortune_asia_poker:main:-:-:-",
    "texas_holdem_bonus:ante_streets:straight_or_better:1:stated",
    "texas_holdem_bonus:ante_streets:flush_or_better:1:stated",
    "texas_holdem_bonus:ante_streets:straight_or_better:1:lab_folds",
    "texas_holdem_bonus:ante_streets:straight_or_better:1:lab_classes",
    "ultimate_texas_holdem:ante_blind_play:A:1:lab_strategy",
    "ultimate_texas_holdem:ante_blind_play:B:1:lab_strategy",
    "ultimate_texas_holdem:bad_beat:C:1:lab_strategy",
    "face_up_pai_gow:main:-:-:house_way",
    "face_up_pai_gow:main:-:-:best_setting",
)


def ordered_specs():
    """[(module, spec)]: the first rows in the modules' order, then ``ADDED_LATER``."""
    found = [(module, spec) for module in MODULES for spec in module.specs()]
    first = [item for item in found if item[1].key not in ADDED_LATER]
    later = sorted(
        (item for item in found if item[1].key in ADDED_LATER),
        key=lambda item: ADDED_LATER.index(item[1].key),
    )
    return first + later


def load(path=PATH):
    try:
        with open(path) as handle:
            return json.load(handle)
    except FileNotFoundError:
        return {}


def save(data, path=PATH):
    with open(path + ".tmp", "w") as handle:
        json.dump(data, handle, indent=2, sort_keys=True)
        handle.write("\n")
    os.replace(path + ".tmp", path)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pai-gow-rounds", type=int, default=5_000_000)
    parser.add_argument("--blackjack-rounds", type=int, default=1_000_000)
    parser.add_argument("--poker-rounds", type=int, default=10_000_000)
    parser.add_argument("--four-card-rounds", type=int, default=5_000_000)
    parser.add_argument(
        "--seed", type=int, default=SEED, help="the first row's seed; the n-th row's is seed + n"
    )
    parser.add_argument("--only", nargs="*", help="row keys (default: every simulated row)")
    parser.add_argument("--path", default=PATH)
    args = parser.parse_args(argv)

    for number, (module, spec) in enumerate(ordered_specs()):
        seed = args.seed + number  # a seed of its own for each row: independent runs
        if args.only and spec.key not in args.only:
            continue
        rounds = {
            pai_gow: args.pai_gow_rounds,
            face_up_pai_gow: args.pai_gow_rounds,
            six_card_fortune_pai_gow: args.pai_gow_rounds,
            fortune_asia_poker: args.poker_rounds,
            crazy_4_poker: args.poker_rounds,
            caribbean_stud: args.poker_rounds,
            dj_wild_stud: args.poker_rounds,
            texas_holdem_bonus: args.poker_rounds,
            ultimate_texas_holdem: args.poker_rounds,
            four_card_poker: args.four_card_rounds,
        }.get(module, args.blackjack_rounds)
        started = time.perf_counter()
        last = [started]

        def progress(done, total, trace=None, key=spec.key, started=started, last=last):
            now = time.perf_counter()
            if now - last[0] >= 60:
                last[0] = now
                rate = done / (now - started)
                print(f"  {key}: {done:,}/{total:,} ({rate:,.0f}/s)", flush=True)

        row = module.run(spec, rounds=rounds, seed=seed, progress=progress)
        seconds = time.perf_counter() - started
        data = load(args.path)
        data[spec.key] = {
            "rounds": row.rounds,
            "rtp": row.rtp,
            "rtp_progressive": progressive.finish(copy.copy(row)).rtp_progressive,
            "seed": seed,
            "ci99": list(row.ci99),
            "std_dev": row.std_dev,
            "seconds": round(seconds, 1),
        }
        if "solver_rtp" in row.details:  # blackjack: the exact RTP of the strategy played
            data[spec.key]["solver_rtp"] = row.details["solver_rtp"]
        if "choices_rtp" in row.details:  # the same, for the table's other choices (Down Under)
            data[spec.key]["choices_rtp"] = row.details["choices_rtp"]
        save(data, args.path)
        low, high = row.ci99
        print(
            f"{spec.key}: RTP {row.rtp:.5%} (99% {low:.5%} - {high:.5%}), {row.rounds:,} rounds, "
            f"{seconds:,.0f} s ({row.rounds / seconds:,.0f}/s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
