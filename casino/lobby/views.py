from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.http import urlencode

from casino.accounts.redirects import next_url
from casino.lobby import wins
from casino.lobby.rows import open_tables, table_row
from casino.progressives import display, owed
from casino.tables.models import Table
from casino.wallet.ledger import balance_of
from casino.wallet.views import lowest_minimum

NO_FREE_SEAT = "Every table is full just now: watch one until a seat comes free, or start a private table."


def home(request, form=None):
    """The lobby; ``form``: the nickname form with its errors. A visitor sent
    here to pick a nickname by a private table's link or by Play now picks
    it on a page that says where it leads."""
    target = next_url(request)
    invited_to = _invitation(target)
    if invited_to is not None:
        return nickname_page(request, target, f"Join {_hosted_name(invited_to)}", form)
    if target == reverse("lobby:play_now"):
        return nickname_page(request, target, "Play now", form)
    tables = list(open_tables())
    can_top_up = False
    if request.player is not None and tables:
        can_top_up = balance_of(request.player) < lowest_minimum(tables)
    return render(
        request,
        "lobby/home.html",
        {
            "rows": [table_row(table) for table in tables],
            "form": form,
            "start_chips": f"{settings.WALLET_START_CHIPS:,}",
            "can_top_up": can_top_up,
            "meters": display.panel(),
            "wins": wins.recent(),
            "owed_awards": owed.unpaid_for(request.player) if request.player else [],
            "next": target,
        },
        status=400 if form is not None else 200,
    )


def nickname_page(request, target, heading, form=None):
    """A visitor without a nickname picks one, then goes to ``target`` (a
    private table's link, Play now) at once, not through the lobby."""
    context = {
        "heading": heading,
        "next": target,
        "form": form,
        "start_chips": f"{settings.WALLET_START_CHIPS:,}",
    }
    return render(request, "lobby/pick_nickname.html", context, status=400 if form is not None else 200)


def _invitation(target):
    """The open private table whose link ``target`` is, or None."""
    if not target:
        return None
    try:
        match = resolve(target.split("?")[0])
    except Resolver404:
        return None
    if match.view_name != "tables:private_link":
        return None
    key = match.kwargs["link_key"]
    return Table.objects.filter(is_private=True, is_open=True, link_key=key).exclude(link_key="").first()


def _hosted_name(table):
    """ "Ann's Friday wheel", or the table's name when it already says whose it is."""
    host = table.host.nickname if table.host_id else ""
    if not host or table.name.lower().startswith(host.lower()):
        return table.name
    return f"{host}'s {table.name}"


def play_now(request):
    """Seats the visitor at once at a listed table with a free seat: the
    busiest one that still has one (players draw players), after a
    nickname for a new visitor."""
    if request.player is None:
        return nickname_page(request, request.path, "Play now")
    free = []
    for table in open_tables():
        seated = len({int(player) for player in ((table.state or {}).get("seats") or {}).values()})
        if table.state and seated < table.max_seats:
            free.append((-seated, table.pk))
    if not free:
        messages.info(request, NO_FREE_SEAT)
        return redirect("lobby:home")
    _, table_id = min(free)
    return redirect(reverse("tables:table", args=[table_id]) + "?" + urlencode({"join": 1}))
