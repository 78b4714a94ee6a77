"""House bots that keep the demo tables looking alive.

They are ordinary websocket clients written against docs/protocol.md: each
has a player, a session and a wallet like anyone, sits down, and plays
through the same table owner and ledger, reading only what the server renders
for it. Started by ``make run`` (DEMO_BOTS=0 turns them off); never on test
tables. Dreamcatcher bots bet on one or two areas; blackjack bots bet the
main wager (sometimes Match the Dealer and the progressive, when their seat
shows those buttons) and, on their turn, play best play for the table's rules
(the lab's solver) from the cards their page shows, choosing only among the
buttons they are shown (GameSpec.bot_strategy). Pai Gow Poker bots bet the
main wager (sometimes a side wager their seat shows), press Shake when the
page shows them the button, and ask for the house way when setting; at
Six-Card Fortune Pai Gow, where the table offers the Double Down, they make
it by the game's rule of thumb (its bot strategy). Poker
bots (Three Card Poker) bet the Ante and now and then a side wager their seat
shows, and on their turn press one of the decision buttons they are shown.
"""

import asyncio
import json
import re
import secrets

import websockets
from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.core.management.base import BaseCommand
from django.db import transaction

from casino.accounts.models import Player
from casino.accounts.names import BOT_NAMES
from casino.accounts.session import SESSION_KEY
from casino.tables import registry
from casino.tables.models import Table
from casino.wallet.ledger import balance_of, house_account, open_wallet, player_account, post
from games.cards.cards import cards
from games.engine import CENTS_PER_CHIP

ROUND = re.compile(r'<span class="round">Round (\d+)</span>')
BETTING = 'phase-betting"'
DEADLINE = re.compile(r'data-deadline-ms="(\d+)"')
# Spanish 21: the bot's own controls (its private fragment).
TURN = re.compile(r'data-turn="(\d+):[^"]*" data-total="(\d+)"')
# ... and what best play reads there: the hand, the dealer's cards face up, the reader.
HAND = re.compile(
    r'data-cards="([^"]*)" data-dealer="([^"]*)" data-reader="(\w*)" data-split="(\d)" '
    r'data-doubles="(\d)" data-hands="(\d)"'
)
HAND_ACTION = re.compile(r'data-action="(\w+)"')
HAND_ACTIONS = ("hit", "stand", "double", "split", "surrender", "rescue")
AREA = re.compile(r'data-area="(\w+)"')
FIXED_AMOUNT = re.compile(r'"spot": "(\w+)", "amount": "(\d+)"')
# Pai Gow Poker: the Shake button and the setting panel (the bot's private fragment).
SHAKE = re.compile(r'data-shake-round="(\d+)"')
SETTING = re.compile(r'data-set-round="(\d+)"')
# Poker games: the decision panel and its buttons (the bot's private fragment).
DECIDE = re.compile(r'data-decide="([^"]+)" data-decide-round="(\d+)"')
# Six-Card Fortune Pai Gow: the bot's own six cards on its Double Down panel.
DECIDE_CARDS = re.compile(r'data-decide-round="\d+" data-cards="([^"]*)"')
DECIDE_BUTTON = re.compile(
    r'data-action="(\w+)" data-key="\w+" aria-keyshortcuts="\w+" ws-send hx-vals=\'(\{[^\']*\})\''
)
# A page is sections swapped by id; the viewer's panel offers a seat when it has none.
FRAGMENT = re.compile(r'<section id="([\w-]+)"')
SIT = re.compile(r'"action": "sit", "round": "(\d+)"')


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


class Bot:
    """One bot at one table: ``on_frame`` gets every frame the table sends it."""

    def __init__(self, table, player, rng):
        self.config = table.rules_config()
        self.player = player
        self.rng = rng
        self.betted = None  # the last betting window it bet in: (round, deadline)
        self.sat = None  # the last round it asked for a seat in
        self.fragments = {}  # section id -> its latest HTML

    def view(self, frame):
        """The page as a browser shows it: a push carries only the sections
        that changed, laid over the ones before (htmx swaps them by id). A
        decision needs the whole page: the round's status and the bot's own
        panel often come in different pushes."""
        starts = [(found.start(), found.group(1)) for found in FRAGMENT.finditer(frame)]
        ends = [start for start, _name in starts[1:]] + [len(frame)]
        for (start, name), end in zip(starts, ends[: len(starts)], strict=True):
            self.fragments[name] = frame[start:end]
        return "".join(self.fragments.values())

    async def sit_if_watching(self, ws, page):
        """Take a seat when the page offers one: the table was still opening
        when the bot joined, or it stood the bot up while it was away."""
        found = SIT.search(page)
        if found and found.group(1) != self.sat:
            self.sat = found.group(1)
            await self.send(ws, action="sit", round=found.group(1))

    def reconnected(self):
        """A new connection after a lost one (Daphne or Redis restarted). The
        table may have stood the bot up and returned its bets meanwhile: it
        forgets what it did in the round, or a round that waits for a first
        bet would wait for ever."""
        self.betted = self.sat = None
        self.fragments = {}  # the new connection sends the whole page
        for name in ("decided", "shaken", "set"):
            if hasattr(self, name):
                setattr(self, name, None)

    def betting_round(self, frame):
        """The round number if this page opens a betting window the bot has
        not bet in yet. A window, not a round: a bet lost on the way (the
        connection or the owner restarted under it) leaves a round nobody bet
        in, whose window reopens with a new deadline, and the bot bets again."""
        found = ROUND.search(frame)
        if not found or BETTING not in frame:
            return None
        deadline = DEADLINE.search(frame)
        window = (found.group(1), deadline.group(1) if deadline else "")
        if self.betted == window:
            return None
        self.betted = window
        return found.group(1)

    async def before_betting(self):
        await database_sync_to_async(_refill)(self.player, self.config.min_bet * CENTS_PER_CHIP)
        await asyncio.sleep(self.rng.uniform(0.5, max(1.0, self.config.betting_seconds * 0.6)))

    async def send(self, ws, **message):
        await ws.send(json.dumps(message))


class DreamcatcherBot(Bot):
    def __init__(self, table, player, rng):
        super().__init__(table, player, rng)
        self.spots = list(table.spec.rules.SPOTS)

    async def on_frame(self, ws, frame):
        number = self.betting_round(frame)
        if number is None:
            return
        await self.before_betting()
        for spot in self.rng.sample(self.spots, self.rng.randint(0, 2)):
            amount = self.config.min_bet * self.rng.choice((1, 1, 2, 5))
            await self.send(ws, action="bet", spot=spot, amount=amount, round=number)


class BlackjackBot(Bot):
    """Spanish 21, Player's Edge 21 and Down Under Blackjack: a main wager, now and then the side
    wagers the page offers (a progressive at its fixed amount), and on its
    turn the best-play action (the game's bot strategy, solved for the
    table's rules in a thread when the bot starts) among the buttons shown:
    until the solution is ready, a hit below 17, else a stand."""

    def __init__(self, table, player, rng):
        super().__init__(table, player, rng)
        self.decided = None  # the last turn it decided
        self.strategy = None
        self.solving = asyncio.get_running_loop().run_in_executor(
            None, registry.strategy_of, table.spec, self.config
        )

    def choose(self, page, turn, shown):
        """The best-play button for the hand the page shows, or the fallback rule."""
        if self.strategy is None and self.solving.done():
            self.strategy = self.solving.result()
        hand = HAND.search(page)
        if self.strategy is None or hand is None:
            return "hit" if int(turn.group(2)) < 17 and "hit" in shown else "stand"
        held, dealer, reader, split, doubles, hands = hand.groups()
        dealer = cards(dealer)
        return self.strategy.choose(
            cards(held),
            dealer[0],
            [action for action in HAND_ACTIONS if action in shown],
            split=split == "1",
            doubles=int(doubles),
            hands_now=int(hands),
            reader=reader or None,
            hole=dealer[1] if len(dealer) > 1 else None,
        )

    async def on_frame(self, ws, frame):
        number = self.betting_round(frame) if 'data-area="main"' in frame else None
        if number is not None:
            await self.before_betting()
            amount = self.config.min_bet * self.rng.choice((1, 1, 2, 5))
            await self.send(ws, action="bet", spot="main", amount=amount, round=number)
            fixed = dict(FIXED_AMOUNT.findall(frame))  # progressive areas bet a fixed amount
            for area in AREA.findall(frame):
                if area != "main" and self.rng.random() < 0.3:
                    side = int(fixed.get(area) or self.config.min_bet)
                    await self.send(ws, action="bet", spot=area, amount=side, round=number)
        turn = TURN.search(frame)
        if turn and turn.group(0) != self.decided:
            self.decided = turn.group(0)
            shown = set(HAND_ACTION.findall(frame))  # only the legal actions have buttons
            action = self.choose(frame, turn, shown)
            if action in shown:
                await asyncio.sleep(self.rng.uniform(0.6, 1.5))
                await self.send(ws, action=action, round=turn.group(1))


class PaiGowBot(Bot):
    """Pai Gow Poker: a main wager and now and then one of the side wagers
    the page offers (the progressive at its fixed $1); Shake when the page
    gives it the button; the house way for its hand."""

    def __init__(self, table, player, rng):
        super().__init__(table, player, rng)
        self.shaken = None  # the last round it shook in
        self.set = None  # the last round it set a hand in
        self.decided = None  # the last post-deal decision it took (Six-Card's Double Down)
        # Whether to make the Double Down on its six cards, where the game has one.
        self.worth_doubling = registry.strategy_of(table.spec, self.config)

    async def on_frame(self, ws, frame):
        number = self.betting_round(frame) if 'data-area="main"' in frame else None
        if number is not None:
            await self.before_betting()
            amount = self.config.min_bet * self.rng.choice((1, 1, 2, 5))
            await self.send(ws, action="bet", spot="main", amount=amount, round=number)
            fixed = dict(FIXED_AMOUNT.findall(frame))
            sides = [area for area in AREA.findall(frame) if area != "main"]
            for area in self.rng.sample(sides, min(len(sides), self.rng.choice((0, 0, 1, 2)))):
                side = int(fixed.get(area) or self.rng.choice((1, 5)))
                await self.send(ws, action="bet", spot=area, amount=side, round=number)
        shake = SHAKE.search(frame)
        if shake and shake.group(1) != self.shaken:
            self.shaken = shake.group(1)
            await asyncio.sleep(self.rng.uniform(0.5, 1.5))
            await self.send(ws, action="shake", round=shake.group(1))
        setting = SETTING.search(frame)
        if setting and setting.group(1) != self.set:
            self.set = setting.group(1)
            await asyncio.sleep(self.rng.uniform(1.0, 3.0))
            await self.send(ws, action="house_way", round=setting.group(1))
        decide = DECIDE.search(frame)
        if decide and decide.group(1) != self.decided:
            # Six-Card Fortune Pai Gow's Double Down, shown only where the table offers it: made
            # when both hands should win more often than not (the game's bot strategy).
            self.decided = decide.group(1)
            buttons = {action: json.loads(values) for action, values in DECIDE_BUTTON.findall(frame)}
            seen = DECIDE_CARDS.search(frame)
            if buttons and seen and self.worth_doubling is not None:
                double = self.worth_doubling(seen.group(1).split())
                choice = buttons.get("double_down" if double else "no_double_down")
                if choice:
                    await asyncio.sleep(self.rng.uniform(0.5, 1.5))
                    await self.send(ws, **choice)


class PokerBot(Bot):
    """The poker games: the first base wager the page offers (Three Card
    Poker's Ante), now and then a side or progressive wager its seat shows (a
    progressive at its fixed amount), and on its turn one of the buttons it is
    shown, the first (the wager: Play) four times in five."""

    def __init__(self, table, player, rng):
        super().__init__(table, player, rng)
        self.decided = None  # the last decision it took: "round:street:seat"

    async def on_frame(self, ws, frame):
        areas = AREA.findall(frame)
        number = self.betting_round(frame) if areas else None
        if number is not None:
            await self.before_betting()
            amount = self.config.min_bet * self.rng.choice((1, 1, 2, 5))
            await self.send(ws, action="bet", spot=areas[0], amount=amount, round=number)
            fixed = dict(FIXED_AMOUNT.findall(frame))
            sides = areas[1:]
            for area in self.rng.sample(sides, min(len(sides), self.rng.choice((0, 1, 1, 2)))):
                side = int(fixed.get(area) or self.config.min_bet)
                await self.send(ws, action="bet", spot=area, amount=side, round=number)
        decide = DECIDE.search(frame)
        if decide and decide.group(1) != self.decided:
            self.decided = decide.group(1)
            buttons = [json.loads(values) for _action, values in DECIDE_BUTTON.findall(frame)]
            if buttons:
                choice = buttons[0] if self.rng.random() < 0.8 else self.rng.choice(buttons)
                await asyncio.sleep(self.rng.uniform(0.6, 1.5))
                await self.send(ws, **choice)


BOTS = {
    "dreamcatcher": DreamcatcherBot,
    "spanish21": BlackjackBot,
    "players_edge21": BlackjackBot,
    "down_under_blackjack": BlackjackBot,
    "pai_gow": PaiGowBot,
    "face_up_pai_gow": PaiGowBot,  # the same page: a main wager, side wagers, the house way
    "six_card_fortune_pai_gow": PaiGowBot,  # the same page, and the Double Down after the deal
    "fortune_asia_poker": PaiGowBot,  # the same page: the main wager, the progressive, the house way
    "three_card_poker": PokerBot,
    "crazy_4_poker": PokerBot,
    "four_card_poker": PokerBot,
    "caribbean_stud": PokerBot,
    "dj_wild_stud": PokerBot,
    "let_it_ride": PokerBot,
    "mississippi_stud": PokerBot,
    "ultimate_texas_holdem": PokerBot,
    "texas_holdem_bonus": PokerBot,
}


class Command(BaseCommand):
    help = "Run house bots at the open public tables (demo mode)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1:8000")
        parser.add_argument("--per-table", type=int, default=2)

    def handle(self, *args, **options):
        asyncio.run(self._run(options["host"], options["per_table"]))

    async def _run(self, host, per_table):
        tables = await database_sync_to_async(
            lambda: list(Table.objects.filter(is_open=True, is_test=False, game__in=BOTS))
        )()
        bots, names = [], iter(BOT_NAMES * 10)
        for table in tables:
            for _ in range(min(per_table, table.max_seats - 1)):
                name = next(names)
                bots.append(self._bot(host, table, name))
        await asyncio.gather(*bots)

    async def _bot(self, host, table, name):
        player, session = await database_sync_to_async(_bot_session)(name)
        bot = BOTS[table.game](table, player, secrets.SystemRandom())
        url = f"ws://{host}/ws/tables/{table.pk}/?join=1"
        headers = {"Cookie": f"sessionid={session}"}
        connected = False
        while True:
            try:
                async with websockets.connect(url, origin=f"http://{host}", additional_headers=headers) as ws:
                    if connected:
                        bot.reconnected()
                    connected = True
                    async for frame in ws:
                        page = bot.view(frame)
                        await bot.sit_if_watching(ws, page)
                        await bot.on_frame(ws, page)
            except (OSError, websockets.WebSocketException):
                await asyncio.sleep(2)
