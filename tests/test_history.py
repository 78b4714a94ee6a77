"""The "My play" page (issue 19, "My history") on the real database: rounds
played through the table runtime and booked through the ledger, totals per
game, the wallet's ledger, the balance chart, test chips kept apart, the
history following a guest who registers, markup kept inert and a bounded
number of queries."""

import html
import re
from collections import defaultdict

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from casino.accounts.models import Player
from casino.history import play
from casino.tables.models import Round, Table
from casino.tables.runtime import TableRuntime
from casino.wallet.ledger import balance_of, book_moves
from casino.wallet.models import Entry
from games.dreamcatcher import rules
from games.engine import LOSE, RETURN, STAKE, WIN, ChipMove, format_chips
from games.settled import signed
from tests.conftest import assert_ledger_balanced, session_cookie
from tests.test_runtime import Clock, bet, run_until, sit

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def browser_of(player):
    client = Client()
    client.cookies["sessionid"] = session_cookie(player)
    return client


def page_of(player, query=""):
    response = browser_of(player).get("/me/" + query)
    assert response.status_code == 200
    return response.content.decode()


def booked_round(table, number, player, stake, paid, finished=True):
    """A settled round at ``table`` booked through the ledger as the runtime
    does: ``stake`` cents staked, ``paid`` cents won on top (0: a push,
    negative: the stake lost)."""
    with transaction.atomic():
        Round.objects.create(table=table, number=number, finished=timezone.now() if finished else None)
        moves = [ChipMove(STAKE, player.pk, stake, "seat 1 main")]
        if paid < 0:
            moves.append(ChipMove(LOSE, player.pk, stake, "seat 1 main"))
        else:
            moves.append(ChipMove(RETURN, player.pk, stake, "seat 1 main"))
            if paid:
                moves.append(ChipMove(WIN, player.pk, paid, "seat 1 main"))
        book_moves(moves, table.pk, number)


def round_links(page, table):
    """The rounds of ``table`` in the page's list of rounds (the ledger links them too)."""
    rounds = page.split('<h2 id="rounds">')[1].split('<h2 id="ledger">')[0]
    return {int(n) for n in re.findall(rf'href="/tables/{table.pk}/rounds/(\d+)/">Round', rounds)}


def ledger_per_round(player):
    """{(table id, round): (net, wagered)} straight from the ledger's entries."""
    found = defaultdict(lambda: [0, 0])
    entries = Entry.objects.filter(account__player=player, transaction__table_id__isnull=False)
    for entry in entries.select_related("transaction"):
        key = (entry.transaction.table_id, entry.transaction.round_number)
        found[key][0] += entry.amount
        if entry.transaction.kind in ("stake", "refund"):
            found[key][1] -= entry.amount
    return {key: tuple(value) for key, value in found.items()}


def test_my_play_shows_the_rounds_played_at_two_tables(make_player, make_table):
    ann, bob = make_player("Ann"), make_player("Bob")
    wheel = make_table(name="Evening wheel")
    clock = Clock()
    runtime = TableRuntime(wheel, clock=clock)
    runtime.start()
    sit(runtime, ann)
    sit(runtime, bob)
    played = []
    for index in range(4):
        if index == 2:
            bet(runtime, bob, "1", 5)  # a round Ann sits out: only Bob's
            bobs_round = runtime.round
        else:
            bet(runtime, ann, "1", 3)
            bet(runtime, ann, "10", 2)
            if index == 3:
                runtime.act(ann.pk, "Ann", {"action": "clear", "round": runtime.round})
                bet(runtime, ann, "2", 4)  # cleared, then one bet: 4 wagered
            played.append(runtime.round)
        run_until(runtime, clock, rules.RESULT)
        run_until(runtime, clock, rules.BETTING)
    pai_gow = Table.objects.create(game="pai_gow", name="Friends' pai gow")
    booked_round(pai_gow, 1, ann, 2_500, 2_375)  # a win, less the commission
    booked_round(pai_gow, 2, ann, 1_000, -1)  # a loss
    booked_round(pai_gow, 3, bob, 1_000, 0)  # Bob's push

    page = page_of(ann)
    assert round_links(page, wheel) == set(played)
    assert bobs_round not in round_links(page, wheel)
    assert round_links(page, pai_gow) == {1, 2}
    expected = ledger_per_round(ann)
    assert expected[(wheel.pk, played[2])][1] == 400  # the cleared bets are no wager
    rows = play.rounds_of(play.wallet_of(ann))
    assert {(row["table_id"], row["number"]): (row["net"], row["wagered"]) for row in rows} == expected
    # Each round's row: wagered and net as the ledger has them, newest first.
    cells = re.findall(
        r'<td class="num">([\d,.]+)</td>\s*<td class="num[^"]*">([^<]+?)(?:<br>|</td>)',
        page.split('id="rounds"')[1],
    )
    newest_first = [(pai_gow.pk, 2), (pai_gow.pk, 1), *[(wheel.pk, n) for n in reversed(played)]]
    assert cells[: len(newest_first)] == [
        (f"{expected[key][1] / 100:,.0f}", html.escape(signed(expected[key][0]))) for key in newest_first
    ]
    # Totals per game: rounds, wagered, net, biggest win.
    totals = page.split('id="totals"')[1].split("</table>")[0]
    wheel_rounds = [expected[(wheel.pk, n)] for n in played]
    wheel_best = max(net for net, _ in wheel_rounds)
    assert re.search(
        r"<th scope=\"row\">Dreamcatcher</th><td class=\"num\">3</td><td class=\"num\">14</td>"
        rf"<td class=\"num[^\"]*\">{re.escape(signed(sum(n for n, _ in wheel_rounds)))}</td>"
        rf"<td class=\"num\">{re.escape(signed(wheel_best) if wheel_best > 0 else 'none yet')}</td>",
        totals,
    ), totals
    assert re.search(
        r"<th scope=\"row\">Pai Gow Poker</th><td class=\"num\">2</td><td class=\"num\">35</td>"
        r"<td class=\"num won\">\+13.75</td><td class=\"num\">\+23.75</td>",
        totals,
    ), totals
    assert "All games" in totals
    # The wallet's ledger: every movement, and the balance each left.
    ledger = page.split('id="ledger"')[1]
    amounts = [
        int(round(float(a.replace(",", "").replace("−", "-")) * 100))
        for a in re.findall(r'<td class="num (?:won|lost)">([+−][\d,.]+)</td>', ledger)
    ]
    assert len(amounts) == Entry.objects.filter(account__player=ann).count()
    assert sum(amounts) == balance_of(ann)
    balances = re.findall(r'<td class="num">([\d,.]+)</td>\s*</tr>', ledger)
    assert balances[0] == format_chips(balance_of(ann))
    assert "Starting chips" in ledger and "Win" in ledger
    # The chart: an SVG with its name, and its text alternative.
    assert 'role="img" aria-labelledby="balance-title" aria-describedby="balance-caption"' in page
    caption = re.search(r'<figcaption id="balance-caption">(.*?)</figcaption>', page).group(1)
    assert "started at 10,000" in caption and f"is {format_chips(balance_of(ann))} now" in caption
    assert "lowest" in caption and "highest" in caption
    assert "<style" not in page and "<script>" not in page
    # Bob's page has Bob's rounds only.
    bobs = page_of(bob)
    assert round_links(bobs, wheel) == {bobs_round} and round_links(bobs, pai_gow) == {3}
    assert_ledger_balanced()


def test_test_table_play_is_left_out(make_player, make_table):
    ann = make_player("Ann")
    seeded = make_table(name="Designer wheel", seed=11)
    clock = Clock()
    runtime = TableRuntime(seeded, clock=clock)
    runtime.start()
    sit(runtime, ann)
    bet(runtime, ann, "1", 5)
    run_until(runtime, clock, rules.RESULT)
    page = page_of(ann)
    assert not round_links(page, seeded)
    assert "Designer wheel" not in page
    assert "test chips, which never touch your wallet" in page
    assert "No rounds yet" in page
    assert_ledger_balanced()


def test_a_visitor_without_a_player_is_pointed_to_the_nickname_form(db):
    response = Client().get("/me/")
    assert response.status_code == 200
    content = response.content.decode()
    assert "Pick a nickname" in content and 'href="/?next=%2Fme%2F"' in content
    # The lobby's nickname form sends the new guest back here.
    lobby = Client().get("/?next=%2Fme%2F").content.decode()
    assert '<input type="hidden" name="next" value="/me/">' in lobby


def test_a_guest_who_registers_keeps_their_history_on_every_device(client, clean_redis):
    client.post("/accounts/join/", {"nickname": "Cleo"})
    guest = Player.objects.get(nickname="Cleo")
    table = Table.objects.create(game="pai_gow", name="Cleo's table")
    booked_round(table, 1, guest, 1_000, 950)
    assert round_links(client.get("/me/").content.decode(), table) == {1}
    response = client.post(
        "/accounts/register/",
        {"username": "cleo", "password1": "a-long-Passphrase-9", "password2": "a-long-Passphrase-9"},
    )
    assert response.status_code == 302
    assert round_links(client.get("/me/").content.decode(), table) == {1}
    # Another device signs in and finds the same rounds and ledger.
    phone = Client()
    assert (
        phone.post("/accounts/login/", {"username": "cleo", "password": "a-long-Passphrase-9"}).status_code
        == 302
    )
    page = phone.get("/me/").content.decode()
    assert round_links(page, table) == {1}
    assert "+9.50" in page and "Starting chips" in page
    assert Player.objects.count() == 1


def test_names_are_shown_as_text(make_player):
    ann = make_player("Ann")
    Player.objects.filter(pk=ann.pk).update(nickname="<b>Ann</b>")
    ann.refresh_from_db()
    table = Table.objects.create(game="pai_gow", name='<script>alert("x")</script>&')
    booked_round(table, 1, ann, 1_000, -1)
    page = page_of(ann)
    assert "<script>alert" not in page and "<b>Ann</b>" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;" in page
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page


def test_queries_do_not_grow_with_the_rounds_and_pages_hold_fifty(make_player):
    few, many = make_player("Few"), make_player("Many")
    tables = [Table.objects.create(game=game, name=f"{game} table") for game in ("pai_gow", "dreamcatcher")]
    for number in range(1, 4):
        booked_round(tables[number % 2], number, few, 100, 50)
    for number in range(1, 121):
        booked_round(tables[number % 2], 100 + number, many, 100, -1 if number % 3 else 200)

    def queries(player, query=""):
        client = browser_of(player)
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/me/" + query).status_code == 200
        return len(captured)

    assert queries(many) == queries(few)
    assert queries(many, "?rounds=3&ledger=4") == queries(few)
    page = page_of(many)
    assert len(round_links(page, tables[0]) | round_links(page, tables[1])) == 50
    assert "Page 1 of 3" in page and 'href="?rounds=2#rounds"' in page
    last = page_of(many, "?rounds=3&ledger=2")
    assert len(round_links(last, tables[0]) | round_links(last, tables[1])) == 20
    assert round_links(last, tables[1]) | round_links(last, tables[0]) == set(range(101, 121))
    # A page number that is not one shows a page, never an error.
    assert "Page 1 of 3" in page_of(many, "?rounds=lots")
    assert_ledger_balanced()


def test_the_chart_keeps_the_lows_and_highs_of_a_long_history(make_player):
    ann = make_player("Ann")
    table = Table.objects.create(game="pai_gow", name="Long")
    for number in range(1, 301):
        booked_round(table, number, ann, 1_000, 950 if number != 150 else -1)
    booked_round(table, 301, ann, 900_000, -1)  # the low: 100 chips left
    account = play.wallet_of(ann)
    count = Entry.objects.filter(account=account).count()
    points, facts = play.balance_points(account, count)
    assert len(points) <= 200
    balances = [balance for _, balance in points]
    assert min(balances) == facts["low"] and max(balances) == facts["high"] == facts["low"] + 900_000
    assert facts["start"] == 1_000_000 and facts["end"] == balance_of(ann) and points[-1][0] == count - 1


def test_a_guest_who_signs_in_is_told_their_guest_play_stays_with_the_guest(client, clean_redis):
    """Signing in does not merge a guest into the account (accounts/views.py,
    GUEST_PLAY_KEPT): the guest is told first, and nothing is lost or doubled."""
    User.objects.create_user("dora", password="a-long-Passphrase-9")
    client.post("/accounts/login/", {"username": "dora", "password": "a-long-Passphrase-9"})
    account = Player.objects.get(user__username="dora")
    table = Table.objects.create(game="pai_gow", name="Dora's table")
    booked_round(table, 1, account, 1_000, -1)
    client.post("/accounts/logout/")
    account_balance = balance_of(account)

    # A guest with no play yet is told nothing.
    client.post("/accounts/join/", {"nickname": "Dot"})
    assert "You are playing as the guest" not in client.get("/accounts/login/").content.decode()
    guest = Player.objects.get(nickname="Dot")
    booked_round(table, 2, guest, 1_000, 950)
    booked_round(table, 3, guest, 500, 0)
    guest_balance = balance_of(guest)
    page = client.get("/accounts/login/?next=/me/").content.decode()
    assert "You are playing as the guest <strong>Dot</strong> (2 rounds played)" in page
    assert "stay with that nickname" in page
    assert 'href="/accounts/register/?next=%2Fme%2F">register</a>' in page

    response = client.post(
        "/accounts/login/?next=/me/", {"username": "dora", "password": "a-long-Passphrase-9"}, follow=True
    )
    page = response.content.decode()
    assert "Your play as the guest Dot stays with that nickname" in page
    # The account's own play and chips, none of the guest's added or doubled.
    assert round_links(page, table) == {1}
    assert balance_of(account) == account_balance and balance_of(guest) == guest_balance
    # Nothing of the guest is lost: its rounds, ledger and chips are kept under its nickname.
    assert ledger_per_round(guest).keys() == {(table.pk, 2), (table.pk, 3)}
    assert round_links(page_of(guest), table) == {2, 3}
    assert_ledger_balanced()
