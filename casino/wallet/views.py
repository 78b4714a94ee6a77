from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from casino.realtime.groups import player_group
from casino.tables import access
from casino.tables.models import Table
from casino.wallet.ledger import TopUpRefused, balance_of, top_up
from games.engine import chip_word, format_chips


def lowest_minimum(tables):
    minimums = [table.spec.least_to_play(table.rules_config()) for table in tables]
    return min(minimums) if minimums else 0


def notify_balance(player, test=False):
    """Tell the player's open tables their new balance (``test``: their test
    chips, which only test tables show)."""
    async_to_sync(get_channel_layer().group_send)(
        player_group(player.pk),
        {"type": "player.balance", "balance": balance_of(player, test=test), "table_id": None, "test": test},
    )


@require_POST
def top_up_view(request):
    """Top up to the starting chips, from the lobby or a table's page (its
    ``table``); every refusal says why on the page the player lands on."""
    player = request.player
    asked = request.POST.get("table") or ""
    table = _table_named(asked)
    if player is None:
        back = reverse("tables:table", args=[table.pk]) if table else reverse("lobby:home")
        messages.info(
            request,
            f"Pick a nickname to play: you start with {settings.WALLET_START_CHIPS:,} chips, "
            "so there is nothing to top up yet.",
        )
        return redirect(reverse("lobby:home") + "?" + urlencode({"next": back}))
    if table is None and asked:
        messages.info(request, "That table is no longer here: you are back in the lobby.")
    elif table is not None and not table.is_open:
        messages.info(request, f"“{table.name}” has closed: you are back in the lobby.")
        table = None
    elif table is not None and not access.may_join(table, player, request.user):
        table = None  # a table closed to the player is not named to them
    back = reverse("tables:table", args=[table.pk]) if table else reverse("lobby:home")
    if table is not None and table.is_test:
        messages.error(request, "Test tables play with test chips: reset them on the table's page.")
        return redirect(back)
    minimum = lowest_minimum([table] if table else Table.objects.filter(is_open=True, is_test=False))
    try:
        amount = top_up(player, minimum)
    except TopUpRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Topped up: +{format_chips(amount)} {chip_word(amount)}.")
        notify_balance(player)
    return redirect(back)


def _table_named(value):
    """The table a top-up form names, open or not; None for a malformed or unknown one."""
    try:
        return Table.objects.filter(pk=int(value)).first()
    except ValueError:
        return None
