import logging
import math

from axes.helpers import get_cool_off, get_failure_limit
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.forms import AuthenticationForm
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import urlencode
from django.views.decorators.http import require_POST
from django_ratelimit.core import is_ratelimited
from redis.exceptions import RedisError

from casino import redis_outage
from casino.accounts.forms import NicknameForm, RegisterForm
from casino.accounts.models import Player
from casino.accounts.redirects import next_url
from casino.accounts.session import log_in_player
from casino.history import play
from casino.lobby.views import home
from casino.wallet.ledger import open_wallet

log = logging.getLogger(__name__)


def _next(request):
    return next_url(request) or reverse("lobby:home")


@require_POST
def join(request):
    """A visitor picks a nickname and plays at once as a guest."""
    form = NicknameForm(request.POST)
    if form.is_valid() and _too_many_guests(request):
        form.add_error(
            "nickname",
            "Too many new guests from your address just now; try again in a few minutes, or sign in.",
        )
    if not form.is_valid():
        return home(request, form=form)
    with transaction.atomic():
        player = Player.objects.create(nickname=form.cleaned_data["nickname"])
        open_wallet(player)
    log_in_player(request, player)
    messages.success(request, f"Welcome, {player.nickname}! Your chips are waiting.")
    return redirect(_next(request))


def _too_many_guests(request):
    """Each new guest is 10,000 free chips: count them per address (a /64
    for IPv6) in the shared cache, so every Daphne process sees the same
    count. The address is key="ip", which reads casino/client_address.py
    (RATELIMIT_IP_META_KEY), as every per-address limit does. Only
    well-formed requests count, so a typo does not use one up."""
    try:
        return is_ratelimited(
            request, group="guest-signup", key="ip", rate=settings.GUEST_SIGNUP_RATE, increment=True
        )
    except RedisError:
        # No Redis, no count: refuse rather than hand out unlimited chips.
        redis_outage.report(
            log, "guest sign-up refused: the rate limit's cache is unreachable", level=logging.ERROR
        )
        return True


def register(request):
    """Turn the current guest (or a new player) into an account that keeps
    its wallet across browsers and devices."""
    form = RegisterForm(request.POST or None, player=request.player)
    if request.method == "POST" and form.is_valid():
        if _too_many_accounts(request):
            form.add_error(None, TOO_MANY_ACCOUNTS)
            return _register_page(request, form, status=429)
        with transaction.atomic():
            user = form.save()
            player = request.player
            if player is None or not player.is_guest:
                player = Player.objects.create(nickname=user.username[:24])
                open_wallet(player)
            player.user = user
            player.save(update_fields=["user"])
        # Just created, never authenticated: name the backend that will know it.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        log_in_player(request, player)
        messages.success(request, "Registered: your wallet now follows you when you sign in.")
        return redirect(_next(request))
    return _register_page(request, form)


def _register_page(request, form, status=200):
    return render(
        request,
        "accounts/form.html",
        {
            "form": form,
            "title": "Register",
            "submit": "Register",
            "intro": "Keep your nickname and chips across browsers and devices.",
            "next": next_url(request),
        },
        status=status,
    )


TOO_MANY_ACCOUNTS = (
    "Too many new accounts from your address just now; nothing was created. "
    "Try again later, or play as a guest meanwhile."
)


def _too_many_accounts(request):
    """Each account is a new identity and, unless a guest registers, free
    chips: count them per address as guests are (the same "ip" key, a /64
    for IPv6), well-formed requests only."""
    try:
        return is_ratelimited(
            request, group="register", key="ip", rate=settings.REGISTER_RATE, increment=True
        )
    except RedisError:
        log.exception("registration refused: the rate limit's cache is unreachable")
        return True


def sign_in(request):
    form = AuthenticationForm(request, data=request.POST or None)
    guest_rounds = _guest_rounds(request.player)
    if request.method == "POST" and form.is_valid():
        user = form.get_user()
        player = Player.objects.filter(user=user).first()
        guest = request.player if guest_rounds else None
        login(request, user)  # rotates the session key
        if player is None:
            player = Player.objects.create(user=user, nickname=user.username[:24])
            open_wallet(player)
        log_in_player(request, player)
        messages.success(request, f"Welcome back, {player.nickname}.")
        if guest is not None and guest != player:
            messages.info(request, GUEST_PLAY_KEPT.format(nickname=guest.nickname))
        return redirect(_next(request))
    return render(
        request,
        "accounts/form.html",
        {
            "form": form,
            "title": "Sign in",
            "submit": "Sign in",
            "notice": _guest_notice(request, guest_rounds),
            "alternative": format_html(
                'New here? <a href="{}">Just pick a nickname</a>.', _with_next(reverse("lobby:home"), request)
            ),
            "next": next_url(request),
        },
    )


# A guest's play is not merged into the account they sign in to: their rounds'
# records name the guest (and replay with its id), and their chips are the
# guest's free ones, so moving either would rewrite records or hand out chips
# twice. The guest's rounds, ledger and chips stay, under its nickname;
# registering instead makes the guest itself the account (register above).
GUEST_PLAY_KEPT = "Your play as the guest {nickname} stays with that nickname; your account's is here."


def _guest_rounds(player):
    """How many rounds the session's guest player has chips in (0: none, or no guest)."""
    if player is None or not player.is_guest:
        return 0
    wallet = play.wallet_of(player)
    return play.rounds_of(wallet).count() if wallet is not None else 0


def _guest_notice(request, rounds):
    """What a guest with play of their own learns before signing in."""
    if not rounds:
        return ""
    return format_html(
        "You are playing as the guest <strong>{}</strong> ({} round{} played). Signing in switches to "
        "your account: its own chips and history. {}'s rounds, chips and history stay with that "
        'nickname and are not added to the account. To keep them, <a href="{}">register</a> '
        "instead: the guest becomes your account.",
        request.player.nickname,
        rounds,
        "" if rounds == 1 else "s",
        request.player.nickname,
        _with_next(reverse("accounts:register"), request),
    )


def _with_next(url, request):
    """``url`` passing on the request's safe ``next``, if any."""
    target = next_url(request)
    return f"{url}?{urlencode({'next': target})}" if target else url


@require_POST
def sign_out(request):
    logout(request)  # flushes the session, guest player included
    return redirect("lobby:home")


def locked_out(request, *args, **kwargs):
    """django-axes' lockout answer (AXES_LOCKOUT_CALLABLE), for our sign-in
    page and the admin's: a page for people, not a bare 403. Axes calls it
    with (request, response, credentials) or, from its async path, with
    (request, credentials); neither is needed here."""
    cool_off = get_cool_off(request)
    minutes = max(1, math.ceil(cool_off.total_seconds() / 60)) if cool_off else None
    return render(
        request,
        "accounts/locked_out.html",
        {
            "minutes": minutes,
            "failure_limit": get_failure_limit(request, None),
            "address_failure_limit": settings.LOGIN_ADDRESS_FAILURE_LIMIT,
        },
        status=429,
    )
