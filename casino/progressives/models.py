"""Meter definitions, their links to tables, and their audit.

Redis holds a meter's live value (changed only by the Lua scripts); the
database holds what it is (kind, paytable, wager), which tables feed it, and
every move it ever made, so ``manage.py meters reconcile`` can rebuild it and
``manage.py meters restore`` can reload Redis after a loss.
"""

from django.core.exceptions import ValidationError
from django.db import models

from casino.progressives import paytables
from casino.progressives.paytables import UNITS_PER_CENT
from casino.tables import registry


class Meter(models.Model):
    """One progressive meter (a pool, in § 605a.8's words a linked progressive
    shared by the tables linked to it)."""

    name = models.CharField(max_length=60, help_text="Shown to players on the lobby and the linked tables.")
    # One of the kinds the games declare (games/meters.py, collected by the game registry),
    # checked by clean(): a plain string, so that a game's new kind needs no migration.
    kind = models.CharField(max_length=20)
    paytable = models.CharField(
        max_length=1,
        blank=True,
        help_text="Must-Hit-By: configuration A–D (§ 639c.1(c)(4)); a kind with pools or paytables of "
        "its own, its label (Monster Match: pool A–E, § 635c.2(d)(2)(iii)(C)); otherwise leave blank.",
    )
    wager_dollars = models.PositiveSmallIntegerField(
        default=1,
        help_text="Must-Hit-By: the configuration's minimum progressive wager ($1, $2 or $5); any other "
        "kind: the progressive wager it is for (a wager its kind does not take is refused with the "
        "ones it does).",
    )
    is_active = models.BooleanField(
        default=True, help_text="Inactive meters take no wagers and are not shown."
    )
    # A designer's test table's own copy of a meter (casino/progressives/test_meters.py): it takes
    # test chips only and is listed nowhere but at that table.
    is_test = models.BooleanField(default=False, editable=False)
    tables = models.ManyToManyField("tables.Table", through="TableLink", related_name="meters", blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.full_clean(exclude=["tables"])
        super().save(*args, **kwargs)

    def clean(self):
        if self.kind not in registry.meter_kinds():
            # The model field's choices once said so, in Django's words.
            raise ValidationError({"kind": f"Value {self.kind!r} is not a valid choice."})
        try:
            paytables.meter_rules(self.kind, self.paytable, self.wager_dollars)
        except KeyError:
            labels, wagers = paytables.paytable_choices(self.kind)
            shown = ", ".join(label or "(blank)" for label in labels)
            raise ValidationError(
                f"{self.kind_name} takes paytable {shown} and a wager of {', '.join(f'${w}' for w in wagers)}."
            ) from None
        if self.pk is not None:
            stored = Meter.objects.filter(pk=self.pk).values("kind", "paytable", "wager_dollars").first()
            changed = stored and stored != {
                "kind": self.kind,
                "paytable": self.paytable,
                "wager_dollars": self.wager_dollars,
            }
            if changed and self.events.filter(kind=MeterEvent.CONTRIBUTION).exists():
                # A live controller refuses parameter changes (docs/rules/progressives.md, 13).
                raise ValidationError(
                    "This meter has taken wagers: its kind, paytable and wager cannot change. "
                    "Make it inactive and create a new meter instead."
                )

    @property
    def rules(self):
        return paytables.meter_rules(self.kind, self.paytable, self.wager_dollars)

    @property
    def kind_name(self):
        return paytables.kind_name(self.kind)


class TableLink(models.Model):
    """A table contributes to (and shows) a meter. A meter may be linked to
    tables of one game or of several (§ 605a.8); a table has at most one
    meter of each kind."""

    meter = models.ForeignKey(Meter, on_delete=models.CASCADE, related_name="links")
    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="meter_links")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["meter", "table"], name="one_link_per_table_and_meter")
        ]

    def __str__(self):
        return f"{self.table} → {self.meter}"

    def save(self, *args, **kwargs):
        self.full_clean()
        super().save(*args, **kwargs)

    def clean(self):
        if self.table_id is None or not (self.meter_id or TableLink.meter.is_cached(self)):
            return  # the field's own error says so
        # The admin's inline validates the link against the meter as its form
        # holds it: unsaved when the meter is being added, its changes unsaved.
        clash = TableLink.objects.filter(table_id=self.table_id, meter__kind=self.meter.kind).exclude(
            pk=self.pk
        )
        if clash.exists():
            raise ValidationError(
                f"{self.table} is already linked to a {self.meter.kind_name} meter "
                f"({clash.first().meter}); a table has one meter of each kind."
            )
        error = self.mystery_wager_error()
        if error:
            raise ValidationError(error)

    def mystery_wager_error(self):
        """Why this Mystery meter cannot serve this table, or None. A Mystery
        meter takes a contribution of its row's wager or more (§ 639c.1(c)(4)
        and twins; paytables.MeterRules.wager_error): one that no qualifying
        progressive wager of the table reaches would refuse every
        contribution while the table shows the bonus as offered. Table.clean
        asks it too, of a Rules Submission being changed."""
        if self.meter.kind != paytables.MUST_HIT_BY:
            return None
        try:
            spec = registry.get(self.table.game)
            config = spec.rules.Config.from_json(self.table.config)
            rules = self.meter.rules
        except (KeyError, ValueError, TypeError):
            return None  # the table's and the meter's own checks say what is wrong
        if spec.mystery_wagers is None or config.errors():
            return None
        limits = spec.mystery_wagers(config)
        highest = max((high for _, high in limits), default=None)
        if highest is None or highest >= rules.wager_cents:
            return None
        amounts = " or ".join(f"${cents / 100:,.2f}" for cents in sorted({high for _, high in limits}))
        return (
            f"{self.meter} is the ${rules.wager_cents // 100} row of configuration {rules.paytable}: it "
            f"takes no contribution under ${rules.wager_cents / 100:,.2f}, and the progressive wagers "
            f"that qualify for the Mystery bonus at {self.table} are {amounts}, so it would refuse every "
            "one while the table shows the bonus as offered. Link a Mystery meter of the row of "
            "the table's progressive wager, otherwise the largest row not above it (docs/rules/README.md)."
        )


class MeterEvent(models.Model):
    """One move of a meter, as the Lua script made it. Amounts ending in
    ``_units`` are 1/10,000 cent. Summing the moves rebuilds the meter:
    meter = seeded + primary − paid + reserve_to_meter;
    reserve = reserve − reserve_to_meter."""

    SEED = "seed"
    CONTRIBUTION = "contribution"
    HIT = "hit"  # a Must-Hit-By contribution that crossed the trigger
    AWARD = "award"  # a 100% or x% progressive payout
    KINDS = [(SEED, "Seed"), (CONTRIBUTION, "Contribution"), (HIT, "Mystery hit"), (AWARD, "Award")]

    meter = models.ForeignKey(Meter, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveBigIntegerField(help_text="The meter's move number in Redis.")
    kind = models.CharField(max_length=12, choices=KINDS)
    table = models.ForeignKey("tables.Table", null=True, blank=True, on_delete=models.SET_NULL)
    round_number = models.PositiveIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    player = models.ForeignKey("accounts.Player", null=True, blank=True, on_delete=models.SET_NULL)
    wager_cents = models.BigIntegerField(default=0)
    primary_units = models.BigIntegerField(default=0)
    reserve_units = models.BigIntegerField(default=0)
    seeded_units = models.BigIntegerField(default=0)
    paid_cents = models.BigIntegerField(default=0)
    reserve_to_meter_units = models.BigIntegerField(default=0)
    percent_bp = models.PositiveIntegerField(default=0)
    meter_before = models.BigIntegerField()
    meter_after = models.BigIntegerField()
    reserve_before = models.BigIntegerField(default=0)
    reserve_after = models.BigIntegerField(default=0)
    # Recorded only on a hit: the trigger it spent (never the live one).
    trigger_units = models.BigIntegerField(null=True, blank=True)
    trigger_index = models.PositiveIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["meter", "seq"]
        constraints = [models.UniqueConstraint(fields=["meter", "seq"], name="one_event_per_meter_seq")]

    def __str__(self):
        return f"{self.meter} #{self.seq} {self.kind}"

    @property
    def amount(self):
        return self.paid_cents / 100

    @property
    def meter_after_cents(self):
        return self.meter_after // UNITS_PER_CENT


class Trigger(models.Model):
    """A Must-Hit-By trigger drawn by the CSPRNG (§ 639c.1(c)(3)). Kept so a
    lost Redis restores the very same hidden trigger; never shown anywhere
    until the hit that spends it records it."""

    meter = models.ForeignKey(Meter, on_delete=models.CASCADE, related_name="triggers")
    index = models.PositiveIntegerField()
    value_units = models.BigIntegerField()
    drawn = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["meter", "index"]
        constraints = [models.UniqueConstraint(fields=["meter", "index"], name="one_trigger_per_index")]

    def __str__(self):
        return f"{self.meter} trigger #{self.index}"


class MeterSnapshot(models.Model):
    """The meter's Redis state at an instant, taken periodically (the § 605a.7(a)
    meters: current value, reserve, wagers counted, hits, amounts paid)."""

    meter = models.ForeignKey(Meter, on_delete=models.CASCADE, related_name="snapshots")
    taken = models.DateTimeField(auto_now_add=True)
    seq = models.PositiveBigIntegerField()
    meter_units = models.BigIntegerField()
    reserve_units = models.BigIntegerField()
    seeded_units = models.BigIntegerField()
    contributed_units = models.BigIntegerField()
    paid_units = models.BigIntegerField()
    wagers = models.PositiveBigIntegerField()
    hits = models.PositiveBigIntegerField()

    class Meta:
        ordering = ["meter", "-taken"]
        get_latest_by = "taken"

    def __str__(self):
        return f"{self.meter} at {self.taken:%Y-%m-%d %H:%M:%S}"


class OwedAward(models.Model):
    """A progressive win the meter could not pay when the hand won it (the
    meter unreachable, or no meter of its kind linked any more). A won award
    is never dropped (docs/architecture.md; seed §§ 635c.1(h), 645c.3(c)): it is recorded
    here in the transaction that settles the hand, shown to the player, and
    paid through the ledger as soon as the meter answers (``owed.pay_due``).

    The winners of one table round and meter kind form one ``batch``, paid in
    one meter call, so 100% winners still share the meter (rule 20 of
    docs/rules/progressives.md)."""

    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="owed_awards")
    round_number = models.PositiveBigIntegerField()
    kind = models.CharField(max_length=24, help_text="The meter kind the win is a share of.")
    batch = models.CharField(max_length=40, db_index=True)
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        "accounts.Player", null=True, on_delete=models.PROTECT, related_name="owed_awards"
    )
    percent_bp = models.PositiveIntegerField(help_text="The share of the meter won, in basis points.")
    reason = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)
    meter = models.ForeignKey(Meter, null=True, blank=True, on_delete=models.PROTECT)
    paid = models.DateTimeField(null=True, blank=True)
    paid_cents = models.BigIntegerField(null=True, blank=True)
    # The payment's line is in its table's log (the table's owner writes it,
    # after the payment's commit: owed.unlogged_payments).
    logged = models.BooleanField(default=False)

    class Meta:
        ordering = ["created", "id"]
        indexes = [models.Index(fields=["paid", "player"]), models.Index(fields=["table", "logged"])]

    def __str__(self):
        return f"{self.table} round {self.round_number} seat {self.seat}: {self.share} {self.kind}"

    @property
    def share(self):
        """The share won, as players read it: "100%", "10%", "0.5%"."""
        return f"{self.percent_bp / 100:g}%"
