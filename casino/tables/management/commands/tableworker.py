import asyncio
import logging
import signal

from django.core.management.base import BaseCommand

from casino.gc_tuning import tune_for_server
from casino.tables.database_thread import start_checkpointer
from casino.tables.owner import TableWorker


class Command(BaseCommand):
    help = "Run the owners of the open tables (claims each table with a lease in Redis)."

    def add_arguments(self, parser):
        parser.add_argument("--scan-seconds", type=float, default=1.0)
        parser.add_argument("--table", type=int, action="append", help="only these table ids")

    def handle(self, *args, **options):
        logging.getLogger("casino").setLevel(logging.INFO)
        tune_for_server()  # casino/gc_tuning.py
        stop_checkpoints = start_checkpointer()  # on SQLite: out of the transitions' way
        try:
            asyncio.run(self._run(options))
        finally:
            if stop_checkpoints is not None:
                stop_checkpoints()

    async def _run(self, options):
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        worker = TableWorker(scan_seconds=options["scan_seconds"], table_ids=options["table"])
        await worker.run(stop)
