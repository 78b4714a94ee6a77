"""``make run``: the table worker and Daphne, stopped together.

Run under casino.embedded_redis (the Makefile does), so REDIS_URL is set.
PORT (default 8000) and WORKERS (table worker processes, default 1) come
from the environment.
"""

import os
import signal
import subprocess
import sys
import time


def main():
    port = os.environ.get("PORT", "8000")
    python = sys.executable
    # Meters Redis does not hold (a new Redis, or one that was lost) are
    # reloaded from the database audit before any table takes a wager.
    subprocess.run([python, "manage.py", "meters", "restore", "--missing"], check=True)
    children = [
        subprocess.Popen([python, "manage.py", "tableworker"])
        for _ in range(int(os.environ.get("WORKERS", "1")))
    ]
    children.append(
        subprocess.Popen(
            [python, "-m", "daphne", "-b", os.environ.get("HOST", "127.0.0.1"), "-p", port,
             "casino.asgi:application"]
        )
    )  # fmt: skip
    if os.environ.get("DEMO_BOTS", "1") != "0":
        # House bots keep the demo tables alive; DEMO_BOTS=0 turns them off.
        children.append(subprocess.Popen([python, "manage.py", "demo_bots", "--host", f"127.0.0.1:{port}"]))
    print(f"Casino running on http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)

    def stop(*_):
        for child in children:
            if child.poll() is None:
                child.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        while all(child.poll() is None for child in children):
            time.sleep(0.5)
    finally:
        stop()
        for child in children:
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
    return max(child.returncode or 0 for child in children)


if __name__ == "__main__":
    sys.exit(main())
