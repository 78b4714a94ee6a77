"""House bots that keep the demo tables looking alive.

They are ordinary websocket clients written against docs/protocol.md: each
has a player, a session and a wallet like anyone, sits down, and bets through
the same table owner and ledger. Started by ``make run`` (DEMO_BOTS=0 turns
them off); never on test tables.
"""

import asyncio
import json
import random
import re
import secrets

import websockets
from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.core.management.base import BaseCommand
from django.db import transaction

from casino.accounts.models import Player
from casino.accounts.session import SESSION_KEY
from casino.tables.models import Table
from casino.wallet.ledger import balance_of, house_account, open_wallet, player_account, post
from games.engine import CENTS_PER_CHIP

BOT_NAMES = ["Bot Ada", "Bot Grace", "Bot Alan", "Bot Edsger", "Bot Barbara", "Bot Ken"]
ROUND = re.compile(r'<span class="round">Round (\d+)</span>')
BETTING = 'phase-betting"'


def _bot_session(name):
    player = Player.objects.filter(nickname=name, user__isnull=True, is_bot=True).first()
    if player is None:
        player = Player.objects.create(nickname=name, is_bot=True)
        open_wallet(player)
    store = SessionStore()
    store[SESSION_KEY] = player.pk
    store.create()
    return player, store.session_key


def _refill(player, minimum):
    """Bots play with house money: refill a broke bot (through the ledger)."""
    with transaction.atomic():
        balance = balance_of(player)
        if balance < minimum * 20:
            amount = settings.WALLET_START_CHIPS * CENTS_PER_CHIP - balance
            post([(house_account(), -amount), (player_account(player), amount)], kind="bot_refill")


class Command(BaseCommand):
    help = "Run house bots at the open public tables (demo mode)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1:8000")
        parser.add_argument("--per-table", type=int, default=2)

    def handle(self, *args, **options):
        asyncio.run(self._run(options["host"], options["per_table"]))

    async def _run(self, host, per_table):
        tables = await database_sync_to_async(
            lambda: list(Table.objects.filter(is_open=True, is_test=False))
        )()
        bots, names = [], iter(BOT_NAMES * 10)
        for table in tables:
            for _ in range(min(per_table, table.max_seats - 1)):
                name = next(names)
                bots.append(self._bot(host, table, name))
        await asyncio.gather(*bots)

    async def _bot(self, host, table, name):
        rng = secrets.SystemRandom()
        config = table.rules_config()
        spots = list(table.spec.rules.SPOTS)
        player, session = await database_sync_to_async(_bot_session)(name)
        url = f"ws://{host}/ws/tables/{table.pk}/?join=1"
        headers = {"Cookie": f"sessionid={session}"}
        while True:
            try:
                async with websockets.connect(
                    url, origin=f"http://{host.split(':')[0]}", additional_headers=headers
                ) as ws:
                    betted = None
                    async for frame in ws:
                        found = ROUND.search(frame)
                        if not found or BETTING not in frame or betted == found.group(1):
                            continue
                        betted = found.group(1)
                        await database_sync_to_async(_refill)(player, config.min_bet * CENTS_PER_CHIP)
                        await asyncio.sleep(rng.uniform(0.5, max(1.0, config.betting_seconds * 0.6)))
                        for spot in random.sample(spots, rng.randint(0, 2)):
                            amount = config.min_bet * rng.choice((1, 1, 2, 5))
                            message = {"action": "bet", "spot": spot, "amount": amount, "round": betted}
                            await ws.send(json.dumps(message))
            except (OSError, websockets.WebSocketException):
                await asyncio.sleep(2)
