"""A table's own ledger (issue 19, PokerNow's ledger): each player's net over
the session and round by round, from the ledger entries of the table's
rounds (casino/wallet: every chip that moved at the table is one of them).
With the house's net and what still rides in a round's escrow, the
players' nets sum to zero."""

from collections import defaultdict

from django.db.models import Sum

from casino.accounts.models import table_names
from casino.wallet.models import Account, Entry

# The per-round rows shown: a demo table plays thousands of rounds.
ROUND_ROWS = 200


def table_ledger(table_id):
    """{"players": [{"id", "nickname", "net"}] (biggest winner first),
    "rounds": [{"number", "nets": [cents or None per player], "total"}]
    (newest first, at most ROUND_ROWS), "house": cents, "riding": cents,
    "round_count": n}."""
    rows = (
        Entry.objects.filter(transaction__table_id=table_id)
        .values("transaction__round_number", "account__kind", "account__player_id", "account__test_player_id")
        .annotate(net=Sum("amount"))
    )
    by_round = defaultdict(dict)
    totals = defaultdict(int)
    house = riding = 0
    for row in rows:
        kind, net = row["account__kind"], row["net"]
        if kind in Account.WALLETS:
            player = row["account__player_id"] or row["account__test_player_id"]
            round_number = row["transaction__round_number"]
            by_round[round_number][player] = by_round[round_number].get(player, 0) + net
            totals[player] += net
        elif kind == Account.ESCROW:
            riding += net
        else:
            house += net
    names = table_names(totals)
    order = sorted(totals, key=lambda player: (-totals[player], names.get(player, "")))
    players = [{"id": player, "nickname": names.get(player, "?"), "net": totals[player]} for player in order]
    numbers = sorted(by_round, key=lambda number: -(number or 0))
    rounds = [
        {
            "number": number,
            "nets": [by_round[number].get(player) for player in order],
            "total": sum(by_round[number].values()),
        }
        for number in numbers[:ROUND_ROWS]
    ]
    return {
        "players": players,
        "rounds": rounds,
        "house": house,
        "riding": riding,
        "round_count": len(numbers),
    }
