from django.core.management.base import BaseCommand
from django.db import transaction

from casino.progressives.api import MeterUnavailable
from casino.progressives.models import Meter, TableLink
from casino.tables import registry
from casino.tables.models import Table

DEMO_TABLES = [
    {"game": "dreamcatcher", "name": "Dreamcatcher — Aurora", "config": {"min_bet": 1, "max_bet": 500, "max_payout": 50_000}},
    {"game": "dreamcatcher", "name": "Dreamcatcher — High Roller", "config": {"min_bet": 25, "max_bet": 5_000, "max_payout": 250_000, "betting_seconds": 20}},
    {"game": "dreamcatcher", "name": "Dreamcatcher — Designer test", "is_test": True, "seed": 689, "config": {"min_bet": 1, "max_bet": 1_000, "max_payout": 100_000, "betting_seconds": 10}},
    {"game": "spanish21", "name": "Spanish 21 — Matador", "meters": ["match_the_dealer_1"], "config": {"min_bet": 5, "max_bet": 500, "match_the_dealer": 1, "progressive": 1}},
    {"game": "players_edge21", "name": "Player's Edge 21 — Monster", "meters": ["monster_match_a"], "config": {"min_bet": 5, "max_bet": 500}},
    {"game": "down_under_blackjack", "name": "Down Under Blackjack — Golden Rule", "meters": ["down_under_match_1"], "config": {"min_bet": 5, "max_bet": 500, "match_the_dealer": 1, "progressive": 1}},
    {"game": "pai_gow", "name": "Pai Gow Poker — Tiger 9", "meters": ["pai_gow_progressive_1", "mystery_a_1"], "config": {"commission_free": 1, "min_bet": 5, "max_bet": 500, "progressive": 1, "mystery": 1, "dice": 1}},
    {"game": "face_up_pai_gow", "name": "Face Up Pai Gow — Open Hand", "meters": ["pai_gow_progressive_1", "face_up_mystery_a_1"], "config": {"min_bet": 5, "max_bet": 500, "fortune": 1, "progressive": 1, "mystery": 1}},
    {"game": "six_card_fortune_pai_gow", "name": "Six-Card Fortune Pai Gow — Fortune Bonus", "meters": ["six_card_fortune_1", "six_card_mystery_a_1"], "config": {"min_bet": 5, "max_bet": 500, "fortune": 1, "progressive": 1, "mystery": 1}},
    {"game": "fortune_asia_poker", "name": "Fortune Asia Poker — Two of Three", "meters": ["pai_gow_progressive_1", "fortune_asia_mystery_a_1"], "config": {"min_bet": 5, "max_bet": 500, "progressive": 1, "mystery": 1}},
    {"game": "three_card_poker", "name": "Three Card Poker — Mini-Royal", "meters": ["three_card_1", "three_card_mystery_a_1"], "config": {"min_bet": 5, "max_bet": 500, "pair_plus": 1, "six_card_bonus": 1, "three_card_progressive": 1, "mystery": 1}},
    {"game": "four_card_poker", "name": "Four Card Poker — Aces Up", "meters": ["five_card_5", "four_card_mystery_a_5"], "config": {"min_bet": 5, "max_bet": 500, "aces_up": 1, "five_card_progressive": 1, "mystery": 1}},
    {"game": "crazy_4_poker", "name": "Crazy 4 Poker — Super Bonus", "meters": ["five_card_5", "crazy_4_mystery_a_5"], "config": {"min_bet": 5, "max_bet": 500, "queens_up": 1, "five_card_progressive": 1, "mystery": 1}},
    {"game": "caribbean_stud", "name": "Caribbean Stud Poker — Progressive", "meters": ["caribbean_stud_1", "caribbean_stud_mystery_a_1"], "config": {"min_bet": 5, "max_bet": 500, "progressive": 1, "mystery": 1}},
    {"game": "dj_wild_stud", "name": "DJ Wild Stud Poker — Wild Progressive", "meters": ["dj_wild_stud_5", "dj_wild_stud_mystery_a_5"], "config": {"min_bet": 5, "max_bet": 500, "progressive": 1, "mystery": 1}},
    {"game": "let_it_ride", "name": "Let It Ride Poker — Three Card Bonus", "meters": ["three_card_1", "five_card_5", "let_it_ride_mystery_a_1"], "config": {"min_bet": 5, "max_bet": 500, "three_card_bonus": 1, "three_card_progressive": 1, "five_card_progressive": 1, "mystery": 1}},
    {"game": "mississippi_stud", "name": "Mississippi Stud — Progressive", "meters": ["five_card_5", "mississippi_stud_mystery_a_5"], "config": {"min_bet": 5, "max_bet": 500, "progressive": 1, "mystery": 1}},
    {"game": "ultimate_texas_holdem", "name": "Ultimate Texas Hold 'Em — Trips and Bad Beat", "meters": ["five_card_5", "ultimate_texas_holdem_mystery_a_5"], "config": {"min_bet": 5, "max_bet": 500, "trips": 1, "bad_beat": 1, "progressive": 1, "mystery": 1}},
    {"game": "texas_holdem_bonus", "name": "Texas Hold 'Em Bonus — Progressive", "meters": ["five_card_5", "texas_holdem_bonus_mystery_a_5"], "config": {"min_bet": 5, "max_bet": 500, "bonus": 1, "progressive": 1, "mystery": 1}},
]  # fmt: skip

# The progressive meters the demo tables are linked to (§ 635c.1(j): a $1
# Match the Dealer meter seeds at $1,000), the Monster Match pool and the
# Pai Gow table's two meters.
DEMO_METERS = {
    "match_the_dealer_1": {"name": "Match the Dealer $1", "kind": "match_the_dealer", "paytable": "", "wager_dollars": 1},
    # Down Under Blackjack's $1 Match the Dealer progressive: its own meter (§ 685c.1(j): seeds at
    # $1,000, 15% / 6%), not Spanish 21's, whose paytables and odds of a hit differ.
    "down_under_match_1": {"name": "Down Under Match the Dealer $1", "kind": "down_under_match", "paytable": "", "wager_dollars": 1},
    # § 635c.2(d)(2)(iii)(C) pool A: $5,000 seed, 22% / 1%.
    "monster_match_a": {"name": "Monster Match, pool A", "kind": "monster_match", "paytable": "A", "wager_dollars": 1},
    # The pai gow progressive payout wager (project default, docs/rules/pai_gow.md § 9)
    # and its Must-Hit-By Mystery bonus, configuration A for a $1 wager (§ 645c.3).
    "pai_gow_progressive_1": {"name": "Pai Gow progressive $1", "kind": "progressive_payout", "paytable": "", "wager_dollars": 1},
    "mystery_a_1": {"name": "Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 1},
    # Fortune Asia Poker shares the pai gow progressive meter above (docs/rules/README.md: the
    # docs/rules/pai_gow.md § 9 table on the seven cards) and has its own Mystery bonus meter,
    # configuration A for a $1 wager (§ 659c.1(c)(4)).
    "fortune_asia_mystery_a_1": {"name": "Fortune Asia Poker Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 1},
    # Face Up Pai Gow shares the pai gow progressive meter above (docs/rules/README.md: linked across the
    # games that share its paytable) and has its own Mystery bonus meter, configuration A for a $1
    # wager (§ 688c.1(c)(4)).
    "face_up_mystery_a_1": {"name": "Face Up Pai Gow Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 1},
    # Six-Card Fortune Pai Gow's $1 progressive: its own meter (the rules file's project-default
    # six-card table on the best five of six; seed $2,000, the figures that file states are at
    # it) and its own Mystery bonus meter, configuration A for a $1 wager (§ 670c.1(c)(4)).
    "six_card_fortune_1": {"name": "Six-Card Fortune Pai Gow progressive $1", "kind": "six_card_fortune", "paytable": "", "wager_dollars": 1},
    "six_card_mystery_a_1": {"name": "Six-Card Fortune Pai Gow Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 1},
    # Three Card Poker's $1 Three-Card progressive (project default meter) and its own
    # Mystery bonus meter, configuration A for a $1 wager (§ 649c.1(c)(4)).
    "three_card_1": {"name": "Three-Card progressive $1", "kind": "three_card", "paytable": "", "wager_dollars": 1},
    "three_card_mystery_a_1": {"name": "Three Card Poker Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 1},
    # The $5 Five-Card progressive (project default meter), linked across the tables that pay
    # docs/rules/four_card_poker.md's five-card table, and Four Card Poker's own Mystery bonus meter,
    # configuration A for a $5 wager (§ 641c.1(c)(4)).
    "five_card_5": {"name": "Five-Card progressive $5", "kind": "five_card", "paytable": "", "wager_dollars": 5},
    "four_card_mystery_a_5": {"name": "Four Card Poker Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 5},
    # Crazy 4 Poker shares the Five-Card meter above and has its own Mystery bonus meter,
    # configuration A for a $5 wager (§ 657c.1(c)(4)).
    "crazy_4_mystery_a_5": {"name": "Crazy 4 Poker Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 5},
    # Caribbean Stud's $1 progressive (its own meter, docs/rules/caribbean_stud.md Defaults) and its
    # Mystery bonus meter, configuration A for a $1 wager (§ 639c.1(c)(4)).
    "caribbean_stud_1": {"name": "Caribbean Stud progressive $1", "kind": "caribbean_stud", "paytable": "", "wager_dollars": 1},
    "caribbean_stud_mystery_a_1": {"name": "Caribbean Stud Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 1},
    # DJ Wild Stud's $5 progressive bonus wager (its own meter: the project-default paytable of
    # docs/rules/dj_wild_stud.md is its own; seed $10,000, the figures that file states are at it) and
    # its Mystery bonus meter, configuration A for a $5 wager (§ 687c.1(c)(4)).
    "dj_wild_stud_5": {"name": "DJ Wild Stud progressive $5", "kind": "dj_wild_stud", "paytable": "", "wager_dollars": 5},
    "dj_wild_stud_mystery_a_5": {"name": "DJ Wild Stud Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 5},
    # Let It Ride shares the Three-Card and the Five-Card meters above (its tables are those of
    # Three Card Poker and of docs/rules/four_card_poker.md) and has one Mystery bonus meter fed by both,
    # configuration A in the row of its smaller progressive wager, $1 (§ 643c.1(c)(4)).
    "let_it_ride_mystery_a_1": {"name": "Let It Ride Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 1},
    # Mississippi Stud's $5 progressive is the linked Five-Card meter above (rules file Defaults:
    # "linked with the other five-card progressives"); its own Mystery bonus meter, configuration
    # A for a $5 wager (§ 655c.1(c)(4)).
    "mississippi_stud_mystery_a_5": {"name": "Mississippi Stud Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 5},
    # Ultimate Texas Hold 'Em's $5 progressive (hole cards and flop) is the linked Five-Card meter
    # above (docs/rules/README.md: the five-card table); its own Mystery bonus meter, configuration A
    # for a $5 wager (§ 653c.1(c)(4)).
    "ultimate_texas_holdem_mystery_a_5": {"name": "Ultimate Texas Hold 'Em Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 5},
    # Texas Hold 'Em Bonus's $5 progressive is the linked Five-Card meter above (docs/rules/README.md:
    # docs/rules/four_card_poker.md's five-card table); its own Mystery bonus meter, configuration A for a
    # $5 wager (§ 647c.1(c)(4)).
    "texas_holdem_bonus_mystery_a_5": {"name": "Texas Hold 'Em Bonus Mystery bonus, configuration A", "kind": "must_hit_by", "paytable": "A", "wager_dollars": 5},
}  # fmt: skip


class Command(BaseCommand):
    help = (
        "Create the demo tables of every game that has no table yet (so running it again changes "
        "nothing, and a new game's demo tables join an existing casino), with their progressive meters."
    )

    def handle(self, *args, **options):
        games = {spec["game"] for spec in DEMO_TABLES}
        missing = {game for game in games if not Table.objects.filter(game=game).exists()}
        if not missing:
            self.stdout.write("Tables exist; no demo tables created.")
            return
        try:
            # One transaction: the meters open in Redis when it commits.
            with transaction.atomic():
                created = self._create(missing)
        except MeterUnavailable:
            # Committed, but Redis is not running yet (make setup): the casino
            # opens the new meters when it starts (meters restore --missing).
            self.stdout.write("Redis is not running: the demo meters open when the casino starts.")
            created = Table.objects.filter(game__in=missing).count()
        self.stdout.write(f"Created {created} demo tables.")

    def _create(self, games):
        created = 0
        for spec in DEMO_TABLES:
            if spec["game"] not in games:
                continue
            spec = dict(spec)
            meters = spec.pop("meters", [])
            table = Table.objects.create(max_seats=registry.get(spec["game"]).default_max_seats, **spec)
            for meter in meters:
                TableLink.objects.create(meter=self._meter(DEMO_METERS[meter]), table=table)
            created += 1
        return created

    def _meter(self, spec):
        """The active meter of that name, kind and wager, or a new one (each
        game's Mystery bonus has a meter of its own, docs/rules/README.md)."""
        meter = Meter.objects.filter(
            name=spec["name"],
            kind=spec["kind"],
            paytable=spec["paytable"],
            wager_dollars=spec["wager_dollars"],
            is_active=True,
        ).first()
        return meter or Meter.objects.create(**spec)
