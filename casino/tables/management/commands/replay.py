"""``manage.py replay ROUND_ID``: re-run a round's record through its game's
pure rules and confirm the identical outcome (casino/tables/replay.py).

Exit status: 0 identical, 1 a difference (the first one is printed), 2 no
such round."""

from django.core.management.base import BaseCommand, CommandError

from casino.tables import replay
from casino.tables.models import Round


class Command(BaseCommand):
    help = "Replay a round's record through the game's rules and confirm the identical outcome."

    def add_arguments(self, parser):
        parser.add_argument(
            "round_id", type=int, help="The Round record's id (not the table's round number)."
        )

    def handle(self, *args, round_id, **options):
        record = Round.objects.select_related("table").filter(pk=round_id).first()
        if record is None:
            raise CommandError(f"No round record with id {round_id}.", returncode=2)
        report = replay.replay(record)
        names = replay.nicknames(record)
        table = record.table
        kind = f"test table, seed {record.seed}" if record.is_test else "public table"
        self.stdout.write(
            f"Round {record.number} of {table.name} ({table.game}, {kind}): {len(record.steps)} steps"
        )
        for note in report.notes:
            self.stdout.write(f"  {note}")
        for item in report.steps:
            step = item.step
            mark = "ok" if item.ok else "DIFFERENT"
            self.stdout.write(
                f"{item.number:>4}. {step['at']}  {replay.describe_action(step['action'], names)}"
                f"  [{len(step['draws'])} draws{', meters' if step.get('meters') is not None else ''}]  {mark}"
            )
            for line in step["log"]:
                self.stdout.write(f"        | {replay.log_line(line, names)}")
            for move in step["moves"]:
                self.stdout.write(f"        $ {replay.describe_move(move, names)}")
        if report.identical:
            self.stdout.write(
                f"identical: {len(report.steps)} steps replayed to the same moves, log and state."
            )
            return
        self.stdout.write(f"DIFFERENT: {report.difference}")
        raise CommandError("The replay does not give the recorded outcome.", returncode=1)
