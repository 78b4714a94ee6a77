from django.conf import settings
from django.shortcuts import render

from casino.accounts.redirects import next_url
from casino.lobby.rows import open_tables, table_row
from casino.progressives import display, owed
from casino.wallet.ledger import balance_of
from casino.wallet.views import lowest_minimum


def home(request, form=None):
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
            "owed_awards": owed.unpaid_for(request.player) if request.player else [],
            # A shared table link sent the visitor here to pick a nickname first.
            "next": next_url(request),
        },
        status=400 if form is not None else 200,
    )
