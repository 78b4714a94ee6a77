"""Security headers, cookie flags and the refusal to serve others with the
development SECRET_KEY (issue 11, item 12). The browser's side of the
Content-Security-Policy is tests/test_browser_csp.py."""

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.django_db


def test_pages_carry_the_policies(client, clean_redis):
    response = client.get("/")
    policy = dict(
        part.strip().split(" ", 1) for part in response.headers["Content-Security-Policy"].split(";")
    )
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["connect-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert "unsafe-eval" not in response.headers["Content-Security-Policy"]
    features = response.headers["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in features
    # No inline script or <style> left for the policy to refuse.
    page = response.content.decode()
    assert "<script>" not in page and "<style" not in page
    assert '"includeIndicatorStyles": false' in page


def test_session_and_csrf_cookies_are_lax_and_not_secure_over_http(client, clean_redis):
    client.post("/accounts/join/", {"nickname": "Ann"})
    session = client.cookies["sessionid"]
    assert session["samesite"] == "Lax" and not session["secure"] and session["httponly"]
    client.get("/accounts/login/")
    csrf = client.cookies["csrftoken"]
    assert csrf["samesite"] == "Lax" and not csrf["secure"]


def settings_in_subprocess(code, **env):
    """Run ``code`` after Django's setup in a fresh process with ``env``:
    settings are read from the environment once, at import."""
    environment = {key: value for key, value in os.environ.items() if key not in ("SECRET_KEY", "DEBUG")}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); from django.conf import settings; {code}"],
        cwd=ROOT,
        env={**environment, "DJANGO_SETTINGS_MODULE": "casino.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_https_makes_the_cookies_secure():
    code = (
        "print(settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE, settings.SESSION_COOKIE_SAMESITE)"
    )
    assert settings_in_subprocess(code, HTTPS="1").stdout.split() == ["True", "True", "Lax"]
    assert settings_in_subprocess(code, HTTPS="0").stdout.split() == ["False", "False", "Lax"]


def test_the_development_key_is_refused_for_a_public_host():
    for hosts in ("casino.example", "*", "127.0.0.1,127.example.com"):
        refused = settings_in_subprocess("print('started')", ALLOWED_HOSTS=hosts, DEBUG="0")
        assert refused.returncode != 0 and "started" not in refused.stdout, hosts
        assert "SECRET_KEY is the development key" in refused.stderr
    for env in (
        {"ALLOWED_HOSTS": "casino.example", "SECRET_KEY": "a-real-secret-" + "x" * 40},
        {"ALLOWED_HOSTS": "casino.example", "DEBUG": "1"},
        {"ALLOWED_HOSTS": "127.0.0.1,localhost,[::1],casino.localhost"},
    ):
        started = settings_in_subprocess("print('started')", **env)
        assert started.returncode == 0 and started.stdout.strip() == "started", (env, started.stderr)


@pytest.mark.parametrize(
    "command",
    [
        ["-m", "daphne", "-b", "127.0.0.1", "-p", "0", "casino.asgi:application"],
        ["manage.py", "tableworker"],
    ],
    ids=["daphne", "tableworker"],
)
def test_daphne_and_the_worker_refuse_to_start_with_the_development_key(command):
    environment = {key: value for key, value in os.environ.items() if key not in ("SECRET_KEY", "DEBUG")}
    process = subprocess.run(
        [sys.executable, *command],
        cwd=ROOT,
        env={**environment, "ALLOWED_HOSTS": "casino.example,127.0.0.1"},
        capture_output=True,
        text=True,
        timeout=30,  # a server that starts never returns: the test fails
    )
    assert process.returncode != 0
    assert "SECRET_KEY is the development key" in process.stderr
