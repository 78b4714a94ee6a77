from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.forms import AuthenticationForm
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from casino.accounts.forms import NicknameForm, RegisterForm
from casino.accounts.models import Player
from casino.accounts.session import log_in_player
from casino.wallet.ledger import open_wallet


def _next(request, default="lobby:home"):
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target.startswith("/") and not target.startswith("//"):
        return target
    return reverse(default)


@require_POST
def join(request):
    """A visitor picks a nickname and plays at once as a guest."""
    form = NicknameForm(request.POST)
    if not form.is_valid():
        from casino.lobby.views import home

        return home(request, form=form)
    with transaction.atomic():
        player = Player.objects.create(nickname=form.cleaned_data["nickname"])
        open_wallet(player)
    log_in_player(request, player)
    messages.success(request, f"Welcome, {player.nickname}! Your chips are waiting.")
    return redirect(_next(request))


def register(request):
    """Turn the current guest (or a new player) into an account that keeps
    its wallet across browsers and devices."""
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            player = request.player
            if player is None or not player.is_guest:
                player = Player.objects.create(nickname=user.username[:24])
                open_wallet(player)
            player.user = user
            player.save(update_fields=["user"])
        login(request, user)
        log_in_player(request, player)
        messages.success(request, "Registered: your wallet now follows you when you sign in.")
        return redirect("lobby:home")
    return render(
        request,
        "accounts/form.html",
        {
            "form": form,
            "title": "Register",
            "submit": "Register",
            "intro": "Keep your nickname and chips across browsers and devices.",
        },
    )


def sign_in(request):
    form = AuthenticationForm(request, data=request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.get_user()
        player = Player.objects.filter(user=user).first()
        login(request, user)  # rotates the session key
        if player is None:
            player = Player.objects.create(user=user, nickname=user.username[:24])
            open_wallet(player)
        log_in_player(request, player)
        messages.success(request, f"Welcome back, {player.nickname}.")
        return redirect(_next(request))
    return render(
        request,
        "accounts/form.html",
        {
            "form": form,
            "title": "Sign in",
            "submit": "Sign in",
            "alternative": 'New here? <a href="/">Just pick a nickname</a>.',
        },
    )


@require_POST
def sign_out(request):
    logout(request)  # flushes the session, guest player included
    return redirect("lobby:home")
