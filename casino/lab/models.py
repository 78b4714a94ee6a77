from django.conf import settings
from django.db import models


class SimulationRun(models.Model):
    """One simulation a designer (or ``manage.py edge --save``) ran: its
    settings, its progress while it runs and its figures when done. Seeded,
    so the same settings give the same figures again."""

    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    STATUSES = [(RUNNING, "running"), (DONE, "done"), (FAILED, "failed")]

    key = models.CharField(max_length=120, db_index=True, help_text="The row: games.lab.rows.RowSpec.key")
    title = models.CharField(max_length=200)
    seed = models.BigIntegerField(default=0)
    rounds = models.PositiveIntegerField()
    payouts = models.JSONField(default=dict, blank=True, help_text="What-if lines: {line key: payout text}")
    status = models.CharField(max_length=10, choices=STATUSES, default=RUNNING)
    done = models.PositiveIntegerField(default=0, help_text="Rounds simulated so far")
    result = models.JSONField(null=True, blank=True, help_text="The row's figures and running RTP trace")
    running_trace = models.JSONField(
        default=list,
        blank=True,
        help_text="While it runs: the running RTP so far, [[rounds, rtp, low, high], ...]",
    )
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self):
        return f"{self.title} · {self.rounds:,} rounds · seed {self.seed}"

    @property
    def percent(self):
        return min(100, round(100 * self.done / self.rounds)) if self.rounds else 100

    @property
    def is_what_if(self):
        return bool(self.payouts)
