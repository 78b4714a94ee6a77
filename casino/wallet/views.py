from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from casino.realtime.groups import player_group
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
    player = request.player
    if player is None:
        return redirect("lobby:home")
    table = Table.objects.filter(pk=request.POST.get("table") or 0, is_open=True).first()
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
