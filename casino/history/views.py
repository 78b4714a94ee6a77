"""The "My play" page (issue 19, "My history"): the rounds a player had
chips in, their totals per game, a balance chart and their wallet's ledger.

It is per Player, and a Player follows its user: a registered player finds
it on every device, and a guest who registers keeps their Player
(casino/accounts/views.py, register), so their history comes along."""

from django.core.paginator import Paginator
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode

from casino.history import chart, play
from casino.tables import registry
from games.engine import RETURN, STAKE, WIN
from games.settled import signed

PER_PAGE = 50

# How the ledger names each kind of movement of a player's wallet.
KIND_LABELS = {
    "welcome": "Starting chips",
    "top_up": "Top-up",
    STAKE: "Wager",
    play.REFUND: "Wager taken back",
    RETURN: "Stake back",
    WIN: "Win",
    "bot_refill": "Refill",
}


def my_play(request):
    player = request.player
    if player is None:
        here = reverse("history:my_play")
        return render(
            request,
            "history/no_player.html",
            {
                "join_url": f"{reverse('lobby:home')}?{urlencode({'next': here})}",
                "login_url": f"{reverse('accounts:login')}?{urlencode({'next': here})}",
            },
        )
    account = play.wallet_of(player)
    context = {"test_chips": play.has_test_chips(player), "rounds": None, "ledger": None, "totals": []}
    if account is not None:
        by_table = play.per_table(account)
        tables = play.tables_by_id(list(by_table))
        rounds = Paginator(play.rounds_of(account), PER_PAGE).get_page(request.GET.get("rounds"))
        ledger = Paginator(play.movements(account), PER_PAGE).get_page(request.GET.get("ledger"))
        points, facts = play.balance_points(account, ledger.paginator.count)
        context.update(
            rounds=rounds,
            round_rows=[_round_row(row) for row in play.with_records(rounds.object_list, tables)],
            ledger=ledger,
            ledger_rows=_ledger_rows(account, ledger.object_list, tables),
            totals=_totals(by_table, tables),
            chart=chart.balance_chart(points, facts),
        )
        context["rounds_pages"] = _page_links(request, "rounds", rounds)
        context["ledger_pages"] = _page_links(request, "ledger", ledger)
    return render(request, "history/my_play.html", context)


def _game_name(game):
    try:
        return registry.get(game).name
    except KeyError:
        return game


def _round_row(row):
    table = row["table"]
    return {
        **row,
        "game": _game_name(table.game) if table else "",
        "net_text": signed(row["net"]),
    }


def _totals(by_table, tables):
    """Per game: rounds, wagered, net and the best round's net, by game name;
    then all games together."""
    games = {}
    for table_id, (rounds, wagered, net, best) in by_table.items():
        table = tables.get(table_id)
        name = _game_name(table.game) if table else "Tables no longer here"
        total = games.setdefault(name, {"game": name, "rounds": 0, "wagered": 0, "net": 0, "best": None})
        total["rounds"] += rounds
        total["wagered"] += wagered
        total["net"] += net
        total["best"] = best if total["best"] is None else max(total["best"], best)
    rows = sorted(games.values(), key=lambda total: total["game"])
    if len(rows) > 1:
        rows.append(
            {
                "game": "All games",
                "rounds": sum(total["rounds"] for total in rows),
                "wagered": sum(total["wagered"] for total in rows),
                "net": sum(total["net"] for total in rows),
                "best": max(total["best"] for total in rows),
                "all": True,
            }
        )
    for total in rows:
        total["net_text"] = signed(total["net"])
        # The biggest win: the best round's net, if any round was won.
        total["best_text"] = signed(total["best"]) if total["best"] > 0 else "none yet"
    return rows


def _ledger_rows(account, entries, tables):
    """The page's movements with the balance each left, newest first."""
    entries = list(entries)
    if not entries:
        return []
    balance = play.balance_after(account, entries[0].pk)
    rows = []
    for entry in entries:
        txn = entry.transaction
        table = tables.get(txn.table_id) if txn.table_id is not None else None
        rows.append(
            {
                "at": txn.created,
                "what": KIND_LABELS.get(txn.kind, txn.kind.replace("_", " ").capitalize()),
                "memo": txn.memo,
                "amount": entry.amount,
                "amount_text": signed(entry.amount),
                "balance": balance,
                "table": table,
                "round_number": txn.round_number,
            }
        )
        balance -= entry.amount
    return rows


def _pages(request, **changed):
    query = request.GET.copy()
    for name, value in changed.items():
        query[name] = value
    return f"?{query.urlencode()}"


def _page_links(request, name, page):
    """The previous and next pages of one list, keeping the other list's page."""
    links = {"number": page.number, "count": page.paginator.num_pages}
    if page.has_previous():
        links["previous"] = _pages(request, **{name: page.previous_page_number()}) + f"#{name}"
    if page.has_next():
        links["next"] = _pages(request, **{name: page.next_page_number()}) + f"#{name}"
    return links
