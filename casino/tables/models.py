from django.core.exceptions import ValidationError
from django.db import models

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
        config_errors = self._config_errors(spec)
        if config_errors:
            errors["config"] = config_errors
        if self.seed is not None and not self.is_test:
            # DESIGN.md, "Randomness": public tables never take a seed.
            errors["seed"] = "Only a test table may carry a seed."
        if not self.is_test and self.pk and Table.objects.filter(pk=self.pk, is_test=True).exists():
            # DESIGN.md, "Randomness": a test table may have been seeded or
            # stacked; it stays marked as one and can never become public.
            errors["is_test"] = "A test table cannot be made public: open a new table instead."
        if not 1 <= self.max_seats <= 50:
            errors["max_seats"] = "A table has 1 to 50 seats."
        if errors:
            raise ValidationError(errors)

    def _config_errors(self, spec):
        if not isinstance(self.config, dict):
            return ["The configuration must be a JSON object."]
        unknown = set(self.config) - set(spec.rules.Config.__dataclass_fields__)
        if unknown:
            return [f"Unknown settings: {', '.join(sorted(unknown))}."]
        errors = spec.rules.Config.from_json(self.config).errors()
        return [f"{field}: {message}" for field, message in errors.items()]


class Round(models.Model):
    """The record of one round: what happened, in order, for replays and disputes.

    ``steps`` holds every rules transition that started in this round, in
    order (docs/protocol.md, "Round records and replay"); with the state,
    Rules Submission and generator the round started from, ``manage.py
    replay`` re-runs them through the game's pure rules. ``start_state`` may
    hold cards still to come (a blackjack shoe): it is never shown to players."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveBigIntegerField()
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    log = models.JSONField(default=list)
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
    steps = models.JSONField(default=list, editable=False)

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="one_record_per_round")]

    def __str__(self):
        return f"{self.table} round {self.number}"

    def add_step(self, step, start_state, config, rng_start):
        """Append a transition's step. The first one also records where the
        round started; later ones carry the Rules Submission only when it
        changed (an admin edit between phases), to keep the record small."""
        if not self.steps:
            self.start_state = start_state
            self.config = config
            self.is_test = self.table.is_test
            self.seed = self.table.seed
            self.rng_start = rng_start
        elif config != self.config_at(len(self.steps)):
            step = {**step, "config": config}
        self.steps = self.steps + [step]

    def config_at(self, index):
        """The Rules Submission in force at step ``index`` (0-based)."""
        for step in reversed(self.steps[: index + 1]):
            if step.get("config") is not None:
                return step["config"]
        return self.config
