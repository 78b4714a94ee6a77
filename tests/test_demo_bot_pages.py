"""How a house bot reads its table's pushes (casino/tables/management/commands/demo_bots.py):
the page is the sections laid over each other, and it bets once per betting window."""

import json
import random
import re

from casino.tables.management.commands.demo_bots import PaiGowBot
from casino.tables.models import Table


def status(number, deadline, phase="betting"):
    return (
        f'<section id="pg-status" class="pg-status phase-{phase}" data-version="1">'
        f'<span class="round">Round {number}</span><span data-deadline-ms="{deadline}"></span></section>'
    )


MINE = '<section id="pg-me" class="pg-me"><button data-area="main"></button></section>'


def bot():
    return PaiGowBot(Table(game="pai_gow", config={}), player=None, rng=random.Random(1))


def test_the_page_is_every_section_seen_last():
    house = bot()
    house.view(status(6, 1000) + MINE)
    page = house.view(status(6, 2000))  # a push with only the status
    assert 'data-area="main"' in page and 'data-deadline-ms="2000"' in page
    assert 'data-deadline-ms="1000"' not in page
    assert house.view('<div id="flash">Too late</div>') == page  # no section: nothing changes


def test_a_bot_bets_again_when_a_round_nobody_bet_in_reopens():
    house = bot()
    assert house.betting_round(house.view(status(6, 1000) + MINE)) == "6"
    assert house.betting_round(house.view(status(6, 1000))) is None  # the same window
    # The bet was lost (an owner restarted under it): nobody bet, the window
    # reopens with a new deadline, and the bot bets again.
    assert house.betting_round(house.view(status(6, 4000))) == "6"
    assert house.betting_round(house.view(status(6, 4000, phase="shaking"))) is None


def test_a_blackjack_bot_plays_best_play_from_the_cards_its_turn_shows(db):
    import asyncio

    from django.template.loader import render_to_string

    from casino.tables.management.commands.demo_bots import BlackjackBot

    buttons = [
        {"action": action, "key": action[0], "label": action}
        for action in ("hit", "stand", "double", "split", "surrender")
    ]
    page = render_to_string(
        "blackjack/_private.html",
        {
            "viewer_id": 1,
            "my_seat": 1,
            "my_actions": buttons,
            "turn_key": "4:1:0:2:0",
            "my_hand_total": 16,
            "my_hand_cards": "8S 8D",
            "dealer_seen": "AH",
            "reader_key": "",
            "my_hand_split": 0,
            "my_hand_doubles": 0,
            "my_hand_count": 1,
        },
    )

    async def decide():
        house = BlackjackBot(Table(game="spanish21", config={"decks": 6}), player=None, rng=random.Random(1))
        await house.solving
        turn = re.search(r'data-turn="(\d+):[^"]*" data-total="(\d+)"', page)
        return house.choose(page, turn, set(re.findall(r'data-action="(\w+)"', page)))

    # Wizard of Odds' Spanish 21 strategy surrenders 8-8 to an ace; the fallback rule would hit 16.
    assert asyncio.run(decide()) == "surrender"


def test_a_six_card_bot_doubles_down_by_the_cards_its_decision_panel_shows(db, monkeypatch):
    import asyncio

    from django.template.loader import render_to_string

    from casino.tables.management.commands import demo_bots
    from games.six_card_fortune_pai_gow import rules
    from games.six_card_fortune_pai_gow.presenter import SIX_CARD

    async def no_pause(seconds):
        return None

    monkeypatch.setattr(demo_bots.asyncio, "sleep", no_pause)

    class Socket:
        def __init__(self):
            self.sent = []

        async def send(self, text):
            self.sent.append(json.loads(text))

    def decides(cards, config):
        table = Table(game="six_card_fortune_pai_gow", config=config)
        state = rules.new_state()
        state.round = 7
        spot = {"cards": cards.split(), "bets": {rules.MAIN: 1000}}
        page = render_to_string(
            "pai_gow/_private.html",
            {"viewer_id": 1, "my_seat": 1, "round": 7, **SIX_CARD.decision_context(state, 1, spot, None)},
        )
        socket = Socket()
        asyncio.run(PaiGowBot(table, player=None, rng=random.Random(1)).on_frame(socket, page))
        return socket.sent

    # Trips of kings with the joker low: both hands win more often than not (strategy.py).
    assert decides("KS KH KD 7C 4S JK", {"double_down": 1}) == [
        {"action": "double_down", "round": "7", "amount": "10"}
    ]
    # A high-card hand: it plays on.
    assert decides("QS 9H 7D 5C 3S 2H", {"double_down": 1}) == [{"action": "no_double_down", "round": "7"}]
