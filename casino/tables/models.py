import copy

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.functional import cached_property

from casino.progressives.models import TableLink
from casino.tables import registry


class Table(models.Model):
    """A live table: its game, its Rules Submission (``config``) and the
    snapshot of its state, which only the table's owner writes."""

    game = models.CharField(max_length=32)
    name = models.CharField(max_length=60)
    config = models.JSONField(
        default=dict, blank=True, help_text="The table's Rules Submission, validated by its game."
    )
    max_seats = models.PositiveSmallIntegerField(default=7)
    is_test = models.BooleanField(
        default=False, help_text="A designer's test table; shown with a 'test table' badge."
    )
    seed = models.BigIntegerField(
        null=True, blank=True, help_text="Test tables only: the same seed gives the same results."
    )
    is_open = models.BooleanField(default=True, help_text="Closed tables are not run or listed.")
    invited = models.ManyToManyField(
        "accounts.Player",
        blank=True,
        related_name="test_table_invitations",
        help_text="Test tables only: the players a designer invited to sit and watch.",
    )
    # Private tables (issue 19): opened by a player, reached by its link,
    # never listed in the public lobby. The host is a player like the others:
    # between rounds they run the table, never its cards or anyone's chips.
    is_private = models.BooleanField(default=False, help_text="Opened by a player; reached by its link only.")
    host = models.ForeignKey(
        "accounts.Player",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hosted_tables",
        help_text="Private tables only: the player who runs the table between rounds.",
    )
    link_key = models.CharField(
        max_length=43,
        blank=True,
        default="",
        db_index=True,
        editable=False,
        help_text="Private tables only: the secret part of the table's link.",
    )
    admission = models.CharField(
        max_length=8,
        choices=[("link", "Anyone with the link"), ("approve", "Only people the host lets in")],
        default="link",
        help_text="Private tables only: who may enter.",
    )
    paused = models.BooleanField(default=False, help_text="Private tables only: the host paused play.")
    admitted = models.ManyToManyField(
        "accounts.Player",
        blank=True,
        related_name="admitted_to",
        help_text="Private tables only: who came in by the link or whom the host let in.",
    )
    waiting = models.ManyToManyField(
        "accounts.Player",
        blank=True,
        related_name="waiting_at",
        help_text="Private tables only: who asks the host to be let in.",
    )
    banned = models.ManyToManyField(
        "accounts.Player",
        blank=True,
        related_name="banned_from",
        help_text="Private tables only: whom the host banned; they may neither play nor watch.",
    )
    last_active = models.DateTimeField(
        null=True, blank=True, help_text="Private tables: they close after being idle this long."
    )
    state = models.JSONField(null=True, blank=True, editable=False)
    version = models.PositiveBigIntegerField(default=0, editable=False)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.full_clean(exclude=["state"])
        super().save(*args, **kwargs)

    @property
    def is_listed(self):
        """Whether the public lobby lists the table: test tables are listed in
        the lab only, private tables nowhere (their link is how one finds
        them), and neither may even be mentioned to the lobby's viewers."""
        return not (self.is_private or self.is_test)

    @property
    def spec(self):
        return registry.get(self.game)

    def rules_config(self):
        return self.spec.rules.Config.from_json(self.config or {})

    def clean(self):
        errors = {}
        try:
            spec = registry.get(self.game)
        except KeyError:
            raise ValidationError({"game": f"Unknown game {self.game!r}."}) from None
        config_errors = self._config_errors(spec) or self._meter_errors()
        if config_errors:
            errors["config"] = config_errors
        if self.seed is not None and not self.is_test:
            # docs/architecture.md, "Randomness": public tables never take a seed.
            errors["seed"] = "Only a test table may carry a seed."
        if not self.is_test and self.pk and Table.objects.filter(pk=self.pk, is_test=True).exists():
            # docs/architecture.md, "Randomness": a test table may have been seeded or
            # stacked; it stays marked as one and can never become public.
            errors["is_test"] = "A test table cannot be made public: open a new table instead."
        if not 1 <= self.max_seats <= 50:
            errors["max_seats"] = "A table has 1 to 50 seats."
        if errors:
            raise ValidationError(errors)

    def _meter_errors(self):
        """The linked Mystery meters that the qualifying progressive wagers of
        this Rules Submission would never reach (TableLink.mystery_wager_error)."""
        if self.pk is None:
            return []
        errors = []
        for link in TableLink.objects.filter(table_id=self.pk).select_related("meter"):
            link.table = self
            error = link.mystery_wager_error()
            if error:
                errors.append(error)
        return errors

    def _config_errors(self, spec):
        if not isinstance(self.config, dict):
            return ["The configuration must be a JSON object."]
        unknown = set(self.config) - set(spec.rules.Config.__dataclass_fields__)
        if unknown:
            return [f"Unknown settings: {', '.join(sorted(unknown))}."]
        errors = spec.rules.Config.from_json(self.config).errors()
        if not self.is_test:
            # A setting whose field says test_tables_only (a wager without published
            # odds) keeps its default on a public table.
            for name, field in spec.rules.Config.__dataclass_fields__.items():
                if (
                    field.metadata.get("test_tables_only")
                    and self.config.get(name, field.default) != field.default
                ):
                    errors.setdefault(name, "This setting is for test tables only.")
        return [f"{field}: {message}" for field, message in errors.items()]


class Round(models.Model):
    """The record of one round: what happened, in order, for replays and disputes.

    Its ``entries`` (RoundStep rows, one per transition, appended as the
    round goes: a record is never rewritten as it grows) hold every rules
    transition that started in this round, in order (docs/protocol.md,
    "Round records and replay"), and the lines the table showed; with the
    state, Rules Submission and generator the round started from, ``manage.py
    replay`` re-runs them through the game's pure rules. ``start_state`` may
    hold cards still to come (a blackjack shoe): it is never shown to players."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveBigIntegerField()
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    config = models.JSONField(
        null=True, editable=False, help_text="The Rules Submission at the round's first transition."
    )
    start_state = models.JSONField(
        null=True, editable=False, help_text="The game state before the round's first transition."
    )
    is_test = models.BooleanField(default=False, editable=False)
    seed = models.BigIntegerField(null=True, editable=False)
    rng_start = models.JSONField(
        null=True, editable=False, help_text="A seeded table's generator state at the round's start."
    )

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="one_record_per_round")]

    def __str__(self):
        return f"{self.table} round {self.number}"

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        if "steps" in self.__dict__:
            # An edited record (the admin's, or a test's tampering) keeps its
            # steps where the replay reads them.
            for (pk, loaded), step in zip(self._step_rows, self.steps, strict=True):
                if step != loaded:
                    RoundStep.objects.filter(pk=pk).update(step=step)
            self._forget_steps()

    def refresh_from_db(self, *args, **kwargs):
        super().refresh_from_db(*args, **kwargs)
        self._forget_steps()

    def _forget_steps(self):
        self.__dict__.pop("_step_rows", None)
        self.__dict__.pop("steps", None)

    @cached_property
    def _step_rows(self):
        """[(RoundStep id, its step as loaded)], in order; read once per instance."""
        if self.pk is None:
            return []
        return list(self.entries.filter(step__isnull=False).order_by("number").values_list("pk", "step"))

    @cached_property
    def steps(self):
        """The rules transitions, in order (dicts, as ``replay.step_record`` made
        them). Changes made to them in place are written back by ``save()``."""
        return copy.deepcopy([step for _, step in self._step_rows])

    @property
    def log(self):
        """Every line the table showed in this round, in order."""
        if self.pk is None:
            return []
        rows = self.entries.order_by("number").values_list("lines", flat=True)
        return [line for lines in rows for line in lines]

    def config_at(self, index):
        """The Rules Submission in force at step ``index`` (0-based)."""
        for step in reversed(self.steps[: index + 1]):
            if step.get("config") is not None:
                return step["config"]
        return self.config


class RoundStep(models.Model):
    """One transition of a round's record: the rules' step (None when the
    transition only seated a player) and the lines the table showed. The
    first step carries the Rules Submission in its round; a later one only
    when it changed (an admin edit between phases), to keep rows small."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField(help_text="Its place in the round's record, from 0.")
    step = models.JSONField(null=True, editable=False)
    lines = models.JSONField(default=list, editable=False)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_entry_per_place")]

    def __str__(self):
        return f"{self.round} entry {self.number}"
