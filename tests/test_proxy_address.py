"""Behind the documented proxy a client cannot choose its address (issue 33,
item 5): a real nginx with docs/deploy.md's location block in front of a
real Daphne started with the deploy guide's flags, and clients that forge
X-Forwarded-For. The per-address limits (new guests, table websockets)
count the address nginx saw.

Every address is a loopback one: the clients connect from 127.0.0.2 and
127.0.0.3, nginx reaches Daphne from 127.0.0.1, the proxy named in
TRUSTED_PROXIES.
"""

import asyncio
import http.client
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
import websockets

from casino.redis_client import get_sync_redis, key
from tests.conftest import ROOT, free_port, wait_for_port

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
DEPLOY = (ROOT / "docs" / "deploy.md").read_text()
CLIENT, OTHER_CLIENT = "127.0.0.2", "127.0.0.3"
FORGED = ["203.0.113.7", "198.51.100.1", "192.0.2.55", "203.0.113.8"]


def documented_nginx_locations():
    """The deploy guide's nginx example, as written."""
    block = re.search(r"```nginx\n(.*?)```", DEPLOY, re.DOTALL).group(1)
    return "\n".join(line.strip() for line in block.splitlines())


def documented_daphne_command(port):
    """The deploy guide's Daphne arguments (its systemd unit), on ``port``."""
    line = next(line for line in DEPLOY.splitlines() if line.startswith("ExecStart=") and "-m daphne" in line)
    flags = shlex.split(line.split("-m daphne", 1)[1])
    return [str(port) if flag == "%i" else flag for flag in flags]


def start_nginx(workdir, daphne_port):
    port = free_port()
    conf = Path(workdir) / "nginx.conf"
    conf.write_text(
        f"""
daemon off;
master_process off;
pid {workdir}/nginx.pid;
error_log {workdir}/error.log warn;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {workdir}/body;
    proxy_temp_path {workdir}/proxy;
    fastcgi_temp_path {workdir}/fastcgi;
    uwsgi_temp_path {workdir}/uwsgi;
    scgi_temp_path {workdir}/scgi;
    upstream casino {{ server 127.0.0.1:{daphne_port}; }}
    server {{
        listen 127.0.0.1:{port};
        {documented_nginx_locations()}
    }}
}}
"""
    )
    process = subprocess.Popen([NGINX, "-p", workdir, "-e", f"{workdir}/error.log", "-c", str(conf)])
    wait_for_port(port)
    return process, port


@pytest.fixture
def proxied(processes):
    """(nginx's port, the Daphne's env): nginx in front of one Daphne."""
    if not Path(NGINX).exists():
        pytest.fail("nginx is missing: `make nginx` installs Debian's")
    workdir = tempfile.mkdtemp(prefix="casino-nginx-")
    daphne_port = free_port()
    processes.env.update(TRUSTED_PROXIES="127.0.0.1", GUEST_SIGNUP_RATE="2/h", WS_MAX_PER_ADDRESS="2")
    daphne = subprocess.Popen(
        [sys.executable, "-m", "daphne", *documented_daphne_command(daphne_port)],
        cwd=ROOT,
        env=processes.env,
        start_new_session=True,
    )
    processes.running.append(daphne)
    wait_for_port(daphne_port)
    nginx, port = start_nginx(workdir, daphne_port)
    yield port
    nginx.terminate()
    nginx.wait(timeout=10)
    shutil.rmtree(workdir, ignore_errors=True)


def request(port, source, method, path, headers=None, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("Set-Cookie") or "", response.read().decode()
    finally:
        connection.close()


def join(port, source, nickname, forged):
    """A new visitor from ``source`` picks a nickname, sending X-Forwarded-For: ``forged``."""
    _, set_cookie, _ = request(port, source, "GET", "/")
    token = SimpleCookie(set_cookie)["csrftoken"].value
    status, _, page = request(
        port,
        source,
        "POST",
        "/accounts/join/",
        headers={
            "Cookie": f"csrftoken={token}",
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": forged,
        },
        body=f"csrfmiddlewaretoken={token}&nickname={nickname}",
    )
    return status, page


def test_a_forged_x_forwarded_for_does_not_choose_the_guest_limits_address(proxied):
    port = proxied
    # GUEST_SIGNUP_RATE 2/h: the third guest from one address is refused,
    # whatever each claims to be (even its own address, or a list).
    answers = [join(port, CLIENT, f"Guest{n}", forged) for n, forged in enumerate(FORGED[:2], 1)]
    assert [status for status, _ in answers] == [302, 302]
    for forged in (FORGED[2], f"{FORGED[3]}, {OTHER_CLIENT}", OTHER_CLIENT):
        status, page = join(port, CLIENT, "Guest9", forged)
        assert status == 400 and "Too many new guests from your address" in page, (forged, status)
    # Another address has its own count.
    assert join(port, OTHER_CLIENT, "Other", FORGED[0])[0] == 302


def test_a_forged_x_forwarded_for_does_not_choose_the_websocket_limits_address(proxied, make_table):
    port = proxied
    table = make_table()

    async def open_socket(source, forged):
        return await websockets.connect(
            f"ws://127.0.0.1:{port}/ws/tables/{table.pk}/",
            additional_headers={"X-Forwarded-For": forged},
            local_addr=(source, 0),
            open_timeout=30,
        )

    async def closed_with(ws, timeout=10):
        try:
            async with asyncio.timeout(timeout):
                while True:
                    await ws.recv()
        except websockets.ConnectionClosed:
            return ws.close_code
        except TimeoutError:
            return None  # still open

    async def scenario():
        # WS_MAX_PER_ADDRESS 2: a third socket from one address is refused.
        kept = [await open_socket(CLIENT, forged) for forged in FORGED[:2]]
        refused = await open_socket(CLIENT, FORGED[2])
        code = await closed_with(refused)
        other = await open_socket(OTHER_CLIENT, FORGED[0])
        other_code = await closed_with(other, timeout=1)
        counted = {
            name: get_sync_redis().zcard(name)
            for name in get_sync_redis().scan_iter(match=key("ws-address", "*"))
        }
        for ws in [*kept, other]:
            await ws.close()
        return code, other_code, counted

    code, other_code, counted = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert code == 4429
    assert other_code is None
    assert counted == {key("ws-address", CLIENT): 2, key("ws-address", OTHER_CLIENT): 1}
