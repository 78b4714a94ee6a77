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
        try:
            spec = registry.get(self.game)
        except KeyError:
            raise ValidationError({"game": f"Unknown game {self.game!r}."}) from None
        if not isinstance(self.config, dict):
            raise ValidationError({"config": "The configuration must be a JSON object."})
        unknown = set(self.config) - set(spec.rules.Config.__dataclass_fields__)
        if unknown:
            raise ValidationError({"config": f"Unknown settings: {', '.join(sorted(unknown))}."})
        try:
            errors = spec.rules.Config.from_json(self.config).errors()
        except TypeError as exc:
            raise ValidationError({"config": str(exc)}) from None
        if errors:
            raise ValidationError(
                {"config": [f"{field}: {message}" for field, message in errors.items()]}
            )
        if self.seed is not None and not self.is_test:
            # DESIGN.md, "Randomness": public tables never take a seed.
            raise ValidationError({"seed": "Only a test table may carry a seed."})
        if not 1 <= self.max_seats <= 50:
            raise ValidationError({"max_seats": "A table has 1 to 50 seats."})


class Round(models.Model):
    """The record of one round: what happened, in order, for replays and disputes."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveBigIntegerField()
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    log = models.JSONField(default=list)
    result = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_record_per_round")
        ]

    def __str__(self):
        return f"{self.table} round {self.number}"
