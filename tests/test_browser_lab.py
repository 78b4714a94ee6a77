"""Designers' play-test tables (/lab/test-tables/new/): the form (designers
only; a bad Rules Submission or stack creates nothing), the table it creates
(a test table with its stacked state, badged everywhere, never made public)
and, in real browsers (Debian's Chromium, driven by Playwright) against a
real Daphne and table worker, stacked tables producing their forced events:
a Dreamcatcher 7x then 2x chain onto 10 settled at 140 to 1, and a Player's
Edge 21 Monster Match suited four of a kind winning 100% of its meter.

The browser tests are plain (sync) tests, like tests/test_browser.py: the
database is read before and after the browser, not while it runs."""

import re
import signal

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from casino.accounts.roles import DESIGNERS
from casino.lab.models import SimulationRun
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.rules_fields import rules_fields
from casino.wallet.ledger import balance_of
from games.cards.shoe import Shoe
from tests.conftest import assert_ledger_balanced, wait_until

NEW = "/lab/test-tables/new/"
PASSWORD = "lab-pass-689"
START = 10_000_000  # test chips: a test table never touches the wallet
TIMEOUT_MS = 20_000

WHEEL_FORM = {
    "game": "dreamcatcher",
    "name": "Chain wheel",
    "max_seats": 7,
    "seed": "",
    "rules_min_bet": 1,
    "rules_max_bet": 500,
    "rules_max_payout": 50_000,
    "rules_betting_seconds": 15,
    "rules_spin_seconds": 8,
    "rules_result_seconds": 5,
    "stack": "7x 2x 10",
}
EDGE_FORM = {
    "game": "players_edge21",
    "name": "Monster Match lab",
    "max_seats": 6,
    "seed": "",
    "rules_decks": 6,
    "rules_min_bet": 5,
    "rules_max_bet": 500,
    "rules_side_max": 100,
    "rules_betting_seconds": 8,
    "rules_deal_seconds": 1,
    "rules_insurance_seconds": 8,
    "rules_action_seconds": 30,
    "rules_result_seconds": 30,
    "rules_match_up": 1,
    "rules_match_down": 1,
    "rules_match_paytable": 1,
    "rules_monster_match": 1,
    "rules_monster_paytable": 1,
    "rules_peek": 1,
    # The player's K♠ K♠ with the dealer's K♠ up and K♠ in the hole: a suited
    # four of a kind, 100% of the Monster Match meter (§ 635c.2(h)).
    "stack": "KS KS KS KS",
}


def make_designer(username="dana", staff=False):
    user = User.objects.create_user(username, password=PASSWORD, is_staff=staff)
    if not staff:
        user.groups.add(Group.objects.get_or_create(name=DESIGNERS)[0])
    return user


def designer_client(**kwargs):
    client = Client()
    client.force_login(make_designer(**kwargs))
    return client


# -- the form ------------------------------------------------------------------------


@pytest.mark.django_db
def test_only_designers_open_the_form(client):
    response = client.get(NEW)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    player = User.objects.create_user("pat", password=PASSWORD)
    client.force_login(player)
    assert client.get(NEW).status_code == 403
    assert client.post(NEW, WHEEL_FORM).status_code == 403
    assert not Table.objects.exists()
    for designer in (designer_client(), designer_client(username="sam", staff=True)):
        page = designer.get(NEW + "?game=dreamcatcher").content.decode()
        assert "Maximum payout to one player in one round" in page  # the Config's help, one field each
        assert 'name="rules_max_payout" value="50000"' in page  # prefilled with the default
        assert "Wheel results in order" in page  # the game's STACK_HELP


@pytest.mark.django_db
def test_the_form_shows_the_chosen_games_settings_and_stack_syntax():
    client = designer_client()
    page = client.get(NEW, {"game": "players_edge21"}).content.decode()
    assert 'name="rules_monster_paytable"' in page and 'name="rules_max_payout"' not in page
    assert "Monster Match paytable 1–5 = A–E" in page
    assert "not burned" in page
    page = client.get(NEW, {"game": "pai_gow"}).content.decode()
    assert "dice 3 3 3" in page and 'name="rules_sum_paytable"' in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    "changes, message",
    [
        ({"stack": "7x 3 10"}, "&#x27;3&#x27; is not on the wheel"),
        ({"rules_max_bet": 0}, "The maximum wager cannot be below the minimum wager."),
        ({"rules_spin_seconds": "fast"}, "Enter a whole number."),
        ({"seed": "-4"}, "Ensure this value is greater than or equal to 0."),
        ({"game": "roulette"}, "Unknown game"),
    ],
)
def test_a_bad_form_creates_nothing(changes, message):
    response = designer_client().post(NEW, {**WHEEL_FORM, **changes})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "form, message",
    [
        ({**EDGE_FORM, "stack": "TS KS"}, "10♠ is not in a Spanish deck"),
        ({**EDGE_FORM, "rules_decks": 5, "stack": "AS " * 6}, "6 × A♠ typed, but a 5-deck shoe holds only 5"),
        ({**EDGE_FORM, "rules_decks": 7}, "Player&#x27;s Edge 21 uses 5, 6 or 8 decks"),
    ],
)
def test_a_bad_shoe_stack_creates_nothing(form, message):
    response = designer_client().post(NEW, form)
    assert message in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_a_good_form_creates_a_stacked_test_table(clean_redis):
    client = designer_client()
    response = client.post(NEW, WHEEL_FORM)
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    assert table.is_test and table.seed is None and table.game == "dreamcatcher"
    assert table.rules_config().max_payout == 50_000 and table.config["spin_seconds"] == 8
    assert table.state["game"]["stacked"] == ["7x", "2x", "10"]
    assert table.state["timer"] is None  # the owner starts the clock
    # Badged as a test table on its page and in the admin list; listed in the
    # lab, never in the public lobby.
    assert "test table" in client.get(response["Location"]).content.decode()
    assert "Chain wheel" in client.get("/lab/").content.decode()
    assert "Chain wheel" not in client.get("/").content.decode()
    admin = Client()
    admin.force_login(User.objects.create_superuser("root", password=PASSWORD))
    assert "test table" in admin.get("/admin/tables/table/").content.decode()


@pytest.mark.django_db
def test_a_stacked_shoe_and_deck_are_in_the_new_tables_state():
    client = designer_client()
    client.post(NEW, {**EDGE_FORM, "seed": "77"})
    table = Table.objects.get()
    assert table.seed == 77 and table.is_test
    shoe = Shoe.from_json(table.state["game"]["shoe"])
    assert [str(item) for item in shoe.cards[:4]] == ["KS"] * 4 and len(shoe) == 6 * 48
    # A seeded table: the same seed and stack give the same shoe.
    client.post(NEW, {**EDGE_FORM, "seed": "77", "name": "Again"})
    assert Table.objects.get(name="Again").state["game"]["shoe"] == table.state["game"]["shoe"]
    pai_gow = {
        "game": "pai_gow",
        "name": "Pai gow lab",
        "max_seats": 6,
        "stack": "dice 3 3 3; AS AH AD AC KS KH JK",
    }
    defaults = client.get(NEW, {"game": "pai_gow"}).context["form"]
    pai_gow.update(
        {name: field.initial for name, field in defaults.fields.items() if name.startswith("rules_")}
    )
    client.post(NEW, pai_gow)
    state = Table.objects.get(name="Pai gow lab").state["game"]
    assert state["dice"] == [3, 3, 3] and state["deck"][:7] == ["AS", "AH", "AD", "AC", "KS", "KH", "JK"]


@pytest.mark.django_db
def test_a_test_table_cannot_be_made_public(make_table):
    from django.core.exceptions import ValidationError

    table = make_table(name="Lab wheel", seed=5)
    table.is_test, table.seed = False, None
    with pytest.raises(ValidationError, match="A test table cannot be made public"):
        table.save()
    assert Table.objects.get(pk=table.pk).is_test
    public = make_table(name="Public wheel")
    public.is_test = True  # a public table may become a test table
    public.save()


@pytest.mark.django_db
def test_the_admin_keeps_a_test_table_a_test_table(admin_client, make_table):
    test, public = make_table(name="Lab wheel", seed=5), make_table(name="Public wheel")
    page = admin_client.get(f"/admin/tables/table/{test.pk}/change/").content.decode()
    assert 'name="is_test"' not in page  # read-only once saved as a test table
    assert 'name="is_test"' in admin_client.get(f"/admin/tables/table/{public.pk}/change/").content.decode()
    form = {
        "game": "dreamcatcher",
        "name": "Lab wheel",
        "max_seats": 7,
        "is_open": "on",
        "seed": "5",
        **{f"rules_{name}": value for name, value in test.rules_config().to_json().items()},
    }
    response = admin_client.post(f"/admin/tables/table/{test.pk}/change/", {**form, "is_test": ""})
    assert response.status_code == 302
    assert Table.objects.get(pk=test.pk).is_test  # the posted is_test is ignored


# -- in browsers -------------------------------------------------------------------------


# (tests/browser.py skips the module importing it without Playwright: imported
# here, in the browser tests only, so that the form's tests above run without it.)


def designer_page(browser, base, next_url):
    """A new page of the designer dana, signed in and sent on to ``next_url``."""
    from tests.browser import new_page, sign_in
    from tests.test_browser import RECORDER

    page = new_page(browser, RECORDER, timeout=TIMEOUT_MS, viewport={"width": 1280, "height": 900})
    page.goto(f"{base}/accounts/login/?next={next_url}")
    sign_in(page, "dana", PASSWORD)
    page.get_by_text("Welcome back, dana.").wait_for()
    return page


def seconds_left(page, status):
    return page.evaluate(
        f"""() => {{
          const el = document.querySelector('{status}.phase-betting [data-deadline-ms]');
          return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
        }}"""
    )


@pytest.mark.django_db(transaction=True)
def test_a_designer_stacks_a_dreamcatcher_chain_in_a_browser(processes):
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.browser import launch, sit, wait_live

    make_designer()
    worker = processes.worker()
    base = "http://" + processes.daphne()

    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = designer_page(browser, base, NEW)
            page.wait_for_url(re.compile(re.escape(NEW)))
            page.locator("#id_game_choice").select_option("dreamcatcher")
            page.get_by_role("button", name="Show its settings").click()
            page.get_by_label("Name").fill("Lab chain wheel")
            page.get_by_label("Betting seconds").fill("6")
            page.get_by_label("Spin seconds").fill("1")
            page.get_by_label("Result seconds").fill("20")
            page.get_by_label("Stack").fill("7x 2x 10")
            page.get_by_role("button", name="Create test table").click()
            page.wait_for_url(re.compile(r"/tables/\d+/$"))
            table_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
            badge = page.locator("h1 .badge.test")
            assert badge.inner_text() == "test table"
            wait_live(page)
            sit(page, "#dc-me")
            # Bet 1 on 10; a bet that misses the window goes in the next round
            # (a round nobody bets on leaves the stack alone).
            for _attempt in range(4):
                wait_until(lambda: seconds_left(page, "#dc-status") > 2.5, 40, "a fresh betting window")
                page.locator('#chip-picker label:has(input[value="1"])').click()
                page.get_by_role("button", name=re.compile(r"^Bet on 10,")).click()
                try:
                    page.locator("#dc-me .my-bets", has_text="10").wait_for(timeout=5_000)
                    break
                except sync_api.TimeoutError:
                    continue
            else:
                pytest.fail("the bet never got into a round")
            # The chain: 7x, a bonus spin onto 2x, one onto 10: 10 to 1 × 14.
            page.wait_for_function(
                "() => window.__seen.announce.some(a => a.includes('10 pays 140 to 1'))", timeout=40_000
            )
            page.locator("#dc-log", has_text="7x! Bonus spin").wait_for()
            page.locator(
                "#dc-log", has_text="2x! Bonus spin: winning bets will be multiplied 14×."
            ).wait_for()
            page.locator("#dc-log", has_text="dana wins 140 on 10").wait_for()
            # On the running table, the designer stacks the next results.
            page.locator(".stack-tool summary").click()
            page.locator("#stack-text").fill("2x 20")
            page.locator(".stack-tool").get_by_role("button", name="Stack").click()
            page.locator("#dc-log", has_text="A designer stacks the results to come.").wait_for()
            announced = page.evaluate("window.__seen.announce")
            badge_seen = badge.is_visible()
            page.goto(base + "/lab/")
            in_lab = page.locator(f'#test-tables ~ ul a[href="/tables/{table_id}/"]').count()
            page.goto(base + "/")
            in_lobby = page.locator(f"#table-row-{table_id}").count()
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert badge_seen and (in_lab, in_lobby) == (1, 0)  # listed in the lab, never in the public lobby
    assert any(
        text.startswith("The wheel stops on 10: 10 pays 140 to 1 (10 to 1 × 14).") for text in announced
    ), announced
    table = Table.objects.get(pk=table_id)
    assert table.is_test and table.config["spin_seconds"] == 1
    assert table.state["game"]["stacked"] == ["2x", "20"]
    record = Round.objects.get(table=table, result__multiplier=14)
    assert record.result["symbols"] == ["7x", "2x", "10"]
    designer = User.objects.get(username="dana").player
    assert balance_of(designer, test=True) == START + 140 * 100
    assert_ledger_balanced()


@pytest.mark.django_db(transaction=True)
def test_a_stacked_players_edge_21_shoe_deals_a_monster_match_in_a_browser(processes):
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.browser import launch, sit, wait_live

    make_designer()
    client = Client()
    client.login(username="dana", password=PASSWORD)
    # The casino's own Player's Edge 21 table and its Monster Match pool: the
    # test table gets a test copy of that meter, and the real one is never touched.
    public = Table.objects.create(game="players_edge21", name="Public edge", config={"min_bet": 5})
    real = Meter.objects.create(name="Monster Match $1", kind="monster_match", paytable="A", wager_dollars=1)
    TableLink.objects.create(meter=real, table=public)
    response = client.post(NEW, EDGE_FORM)
    assert response.status_code == 302, response.content.decode()
    table = Table.objects.get(is_test=True)
    (meter,) = table.meters.all()
    assert meter.is_test and meter != real and (meter.kind, meter.paytable) == ("monster_match", "A")
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 20, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = designer_page(browser, base, f"/tables/{table.pk}/")
            page.locator("h1 .badge.test", has_text="test table").wait_for()
            wait_live(page)
            sit(page, "#bj-me")
            wait_until(lambda: seconds_left(page, "#bj-status") > 5, 30, "a fresh betting window")
            page.locator('#chip-picker label:has(input[value="10"])').click()
            page.get_by_role("button", name="Bet on Player's Edge 21 wager").click()
            page.get_by_role("button", name="Monster Match progressive $1").click()
            page.locator("#bj-seat-1 .area-monster_match", has_text="1").wait_for()
            page.locator("#bj-me .your-turn", has_text="20").wait_for(timeout=20_000)
            page.locator("#bj-me button[data-action=stand]").click()
            page.locator(
                "#bj-log", has_text="Seat 1: the Monster Match progressive, 100% of the meter!"
            ).wait_for()
            page.locator("#bj-status", has_text="20").wait_for()
            dealer = page.locator("#bj-dealer .card-svg").evaluate_all(
                "cs => cs.map(c => c.getAttribute('aria-label'))"
            )
            hand = page.locator("#bj-seat-1 .hand").first.get_attribute("aria-label")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert dealer == ["king of spades", "king of spades"]
    assert hand.startswith("Hand 1: K♠ K♠, 20")
    designer = User.objects.get(username="dana").player
    (award,) = MeterEvent.objects.filter(meter=meter, kind=MeterEvent.AWARD)
    assert (award.table_id, award.seat, award.player_id, award.percent_bp) == (
        table.pk,
        1,
        designer.pk,
        10_000,
    )
    assert award.paid_cents > 0
    # The main 20 pushes 20; the $1 Monster Match wins the whole meter.
    assert balance_of(designer, test=True) == START - 100 + award.paid_cents
    assert list(real.events.values_list("kind", flat=True)) == [MeterEvent.SEED]
    assert_ledger_balanced()


def lab_form(game, **settings):
    """The test-table form of ``game`` with its Rules Submission's defaults, changed by ``settings``."""
    config = registry.get(game).rules.Config()
    fields = {name: field.initial for name, field in rules_fields(config).items()}
    return {"game": game, "name": f"{game} test", "max_seats": 6, "seed": "", **fields, **settings}


@pytest.mark.django_db(transaction=True)
def test_a_test_table_offers_its_progressive_against_a_test_meter_in_a_browser(processes):
    """A designer stacks a mini-royal at a Three Card Poker test table: the
    Three-Card progressive is there to bet on, and it hits the test table's
    own meter, which the lobby never shows; the casino's meter never moves."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.browser import launch, sit, wait_live

    make_designer()
    public = Table.objects.create(
        game="three_card_poker", name="Mini-Royal", config={"three_card_progressive": 1}
    )
    real = Meter.objects.create(name="Three-Card progressive $1", kind="three_card", wager_dollars=1)
    TableLink.objects.create(meter=real, table=public)
    client = Client()
    client.login(username="dana", password=PASSWORD)
    form = lab_form(
        "three_card_poker",
        rules_three_card_progressive=1,
        rules_betting_seconds=8,
        rules_decision_seconds=30,
        rules_result_seconds=30,
        stack="AS KS QS 2D 7C 9H",  # a mini-royal in spades against 9-7-2
    )
    response = client.post(NEW, form)
    assert response.status_code == 302, response.content.decode()
    table = Table.objects.get(is_test=True)
    (meter,) = table.meters.all()
    assert meter.is_test and meter != real and meter.kind == "three_card"
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 20, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = designer_page(browser, base, f"/tables/{table.pk}/")
            wait_live(page)
            sit(page, "#pk-me")
            wait_until(lambda: seconds_left(page, "#pk-status") > 4, 30, "a fresh betting window")
            page.locator('#chip-picker label:has(input[value="10"])').click()
            page.locator('#pk-me button.bet[data-area="ante"]').click()
            page.locator('#pk-me button.bet[data-area="three_card"]').click()
            page.locator("#pk-seat-1 .area-three_card").wait_for()
            page.get_by_role("button", name="Play").click(timeout=20_000)
            page.locator("#pk-log", has_text="mini-royal in spades").first.wait_for(timeout=20_000)
            shown_here = page.locator(".meter", has_text="(test)").count()
            page.goto(base + "/")
            page.locator("main").first.wait_for()
            lobby = page.locator("main").inner_text()
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert shown_here >= 1  # the test meter, at its table
    assert "(test)" not in lobby and "Three-Card progressive $1" in lobby
    (award,) = MeterEvent.objects.filter(meter=meter, kind=MeterEvent.AWARD)
    assert (award.table_id, award.percent_bp) == (table.pk, 10_000)
    assert list(real.events.values_list("kind", flat=True)) == [MeterEvent.SEED]
    assert_ledger_balanced()


@pytest.mark.django_db(transaction=True)
def test_the_lab_page_in_a_browser_filters_recomputes_and_simulates(processes):
    """The lab itself, on a phone-sized screen: the game filter (htmx), a
    what-if typed into a paytable line, and a simulation's progress bar
    turning into its running-RTP band."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.browser import launch

    make_designer()
    base = "http://" + processes.daphne()
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = designer_page(browser, base, "/lab/")
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_url(re.compile(r"/lab/$"))
            page.get_by_role("navigation", name="Games").get_by_role("link", name="Player's Edge 21").click()
            page.locator("#lab-table caption", has_text="for players_edge21").wait_for()
            assert "game=players_edge21" in page.url  # pushed to the history
            assert page.locator("#lab-table svg").count() >= 3
            wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
            page.get_by_role("link", name="Monster Match progressive, paytable A, 6 decks").click()
            page.get_by_label("Suited pair").fill("4 for 1")
            page.locator("#what-if", has_text="98.180%").wait_for()
            # A simulation: the progress bar, then the figures and the band.
            page.goto(base + "/lab/rows/pai_gow:main:-:-:standard/")
            page.get_by_label("Rounds").fill("300000")
            page.get_by_role("button", name="Start the simulation").click()
            page.locator("#run progress").wait_for()
            # (While it runs, its band is drawn inside the polled progress; once done, in #run itself.)
            page.locator("#run > figure svg polygon").wait_for(timeout=90_000)
            caption = page.locator("#run > figure figcaption").inner_text()
        finally:
            browser.close()
    assert not wide, "the lab page scrolls sideways on a phone"
    assert "300,000 rounds" in caption and "reference run" in caption
    run = SimulationRun.objects.get()
    assert run.status == SimulationRun.DONE and run.result["rounds"] == 300_000
