import dataclasses
from datetime import datetime

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from casino.accounts.models import Player
from casino.progressives import display, owed
from casino.tables import access, host, host_panel, private, replay, round_cards
from casino.tables.models import Round, Table
from casino.tables.rendering import table_context, table_meta
from casino.tables.runtime import fresh_snapshot
from casino.tables.table_ledger import ROUND_ROWS, table_ledger
from casino.wallet import ledger
from casino.wallet.ledger import balance_of
from casino.wallet.views import notify_balance
from games.engine import CENTS_PER_CHIP, format_chips, parse_whole


def _open_to(request, table):
    """None when the viewer may see ``table``; else the page that says why
    (a test table is for designers and the players they invite, a private
    one for those its link admitted, never for whom its host banned)."""
    if access.may_join(table, request.player, request.user):
        return None
    if table.is_private:
        return _private_refusal(request, table)
    return render(request, "tables/test_table_only.html", {"table": table}, status=403)


def _private_refusal(request, table, status=403):
    player = request.player
    if private.is_banned(table, player):
        reason = "banned"
    elif player is not None and table.waiting.filter(pk=player.pk).exists():
        reason = "waiting"
    else:
        reason = "not_admitted"
    context = {"table": table, "reason": reason, "link": _share_link(request, table)}
    return render(request, "tables/private_refused.html", context, status=status)


def _share_link(request, table):
    return request.build_absolute_uri(reverse("tables:private_link", args=[table.link_key]))


def private_link(request, link_key):
    """A private table's link: admits the visitor (admission "link") or puts
    them on its waiting list (admission "approve"); a visitor without a
    player session picks a nickname first and comes back here."""
    table = Table.objects.filter(is_private=True, link_key=link_key).exclude(link_key="").first()
    if table is None:
        # Mistyped, or a link its host has since replaced (new_link).
        return render(request, "tables/private_refused.html", {"reason": "unknown_link"}, status=404)
    if not table.is_open:
        return render(
            request, "tables/private_refused.html", {"table": table, "reason": "closed"}, status=410
        )
    if request.player is None:
        return redirect(reverse("lobby:home") + "?" + urlencode({"next": request.path}))
    arrived = private.arrive(table, request.player)
    if arrived == "admitted":
        return redirect("tables:table", table_id=table.pk)
    return _private_refusal(request, table, status=200 if arrived == "waiting" else 403)


def waiting(request, table_id):
    """The waiting page asks every few seconds (htmx): 204 while the visitor
    still waits; once the host let them in, htmx follows HX-Redirect to the
    table; anything else (banned, the table closed) reloads the page, which
    says why."""
    table = Table.objects.filter(pk=table_id, is_private=True).first()
    player = request.player
    if table is not None and table.is_open and player is not None:
        if access.may_join(table, player):
            url = reverse("tables:table", args=[table.pk])
            return HttpResponse(f'<a href="{url}">Go to the table</a>', headers={"HX-Redirect": url})
        if table.waiting.filter(pk=player.pk).exists():
            return HttpResponse(status=204)
    return HttpResponse(headers={"HX-Refresh": "true"})


def _host_only(request, table, refusal):
    """None when the viewer hosts ``table``; else the answer to anyone else:
    the page that says why they may not see the table, or the table with
    ``refusal``."""
    if request.player is not None and request.player.pk == table.host_id:
        return None
    refused = _open_to(request, table)
    if refused:
        return refused
    messages.error(request, refusal)
    return redirect("tables:table", table_id=table.pk)


NOT_WAITING = "That player is not waiting to come in (any more)."


def _on_waiting_player(request, table_id, refusal, act, done):
    """A host's action on one player of the waiting list: ``act(table,
    player)``, then ``done`` (formatted with the nickname) as the message."""
    table = get_object_or_404(Table, pk=table_id, is_open=True, is_private=True)
    refused = _host_only(request, table, refusal)
    if refused:
        return refused
    waiting = table.waiting.filter(pk=parse_whole(request.POST.get("player"))).first()
    if waiting is None:
        messages.error(request, NOT_WAITING)
    else:
        act(table, waiting)
        messages.success(request, done.format(waiting.nickname))
    return redirect("tables:table", table_id=table.pk)


@require_POST
def admit(request, table_id):
    """The host lets a player in from the waiting list."""
    return _on_waiting_player(
        request,
        table_id,
        "Only the table's host can let players in.",
        private.let_in,
        "{} is in: they can watch and sit now.",
    )


@require_POST
def ban_waiting(request, table_id):
    """The host bans a player from the waiting list, who is not at the table
    (one who is, the host bans from the host panel, host.HostControls)."""
    return _on_waiting_player(
        request,
        table_id,
        "Only the table's host can ban players.",
        private.ban_waiting,
        "{} is banned: they can neither play nor watch here.",
    )


@require_POST
def new_link(request, table_id):
    """The host replaces the table's link (private.new_link)."""
    table = get_object_or_404(Table, pk=table_id, is_open=True, is_private=True)
    refused = _host_only(request, table, "Only the table's host can make a new link.")
    if refused:
        return refused
    private.new_link(table)
    messages.success(
        request,
        "The table has a new link: the old one no longer lets anyone in. Whoever is in stays; "
        "whoever was waiting needs the new link.",
    )
    return redirect("tables:table", table_id=table.pk)


def ledger_page(request, table_id):
    """The table's ledger: each player's net over the session and per round."""
    table = get_object_or_404(Table, pk=table_id)
    refused = _open_to(request, table)
    if refused:
        return refused
    context = {"table": table, **table_ledger(table.pk), "round_rows": ROUND_ROWS}
    return render(request, "tables/ledger.html", context)


def table_page(request, table_id):
    """The first page of a table: the same fragments the websocket pushes."""
    table = get_object_or_404(Table, pk=table_id)
    refused = _open_to(request, table)
    if refused:
        return refused
    if not table.is_open:
        return _closed(request, table)
    meta = table_meta(table)
    player = request.player
    balance = balance_of(player, test=table.is_test) if player else None
    snapshot = table.state or fresh_snapshot(table.spec)
    context = table_context(
        meta, snapshot, table.config, table.version, player.pk if player else None, balance
    )
    context["join"] = request.GET.get("join") == "1"
    context["chip_values"] = _chip_values(table)
    context["meters"] = display.panel(table.pk)
    context["stack_help"] = getattr(table.spec.rules, "STACK_HELP", "")
    context["owed_awards"] = owed.unpaid_for(player) if player else []
    context["how_to_play"] = _how_to_play(table, meta)
    if table.is_test and access.shows_seed(request.user):
        context["invited"] = list(table.invited.order_by("nickname"))
    if table.is_private:
        is_host = player is not None and player.pk == table.host_id
        context["private"] = {
            "link": _share_link(request, table),
            "is_host": is_host,
            "host": table.host.nickname if table.host else None,
            "admission": table.get_admission_display(),
            "admission_mode": table.admission,
            "waiting": list(table.waiting.order_by("nickname")) if is_host else [],
        }
    # The host's parts, as the websocket pushes them (casino/tables/host_panel.py).
    context["host_fragments"] = host_panel.page_fragments(table, snapshot, player.pk if player else None)
    return render(request, table.spec.page_template, context)


def _closed(request, table):
    """A closed table's page, for whom it was open: who closed it, and its
    ledger and records, which stay (issue 19)."""
    closed = ((table.state or {}).get("host") or {}).get("closed")
    if not table.is_private:
        reason = "casino"  # an administrator closed a public table
    elif closed == host.IDLE:
        reason = "idle"
    else:
        reason = "host"
    return render(request, "tables/closed.html", {"table": table, "reason": reason}, status=410)


def _how_to_play(table, meta):
    """The game's "How to play" sections for this table's Rules Submission
    (games/how_to_play.py), or [] for a game without them."""
    if table.spec.how_to_play is None:
        return []
    return table.spec.how_to_play(table.rules_config(), meta)


def rules_page(request, table_id):
    """The table's rules: what the "How to play" panel says, with the
    regulation's section of each wager and line, and the table's Rules
    Submission setting by setting."""
    table = get_object_or_404(Table, pk=table_id, is_open=True)
    refused = _open_to(request, table)
    if refused:
        return refused
    config = table.rules_config()
    settings = [
        {
            "name": field.name.replace("_", " ").capitalize(),
            "value": getattr(config, field.name),
            "help": field.metadata.get("help", ""),
        }
        for field in dataclasses.fields(config)
    ]
    context = {
        "table": table,
        "how_to_play": _how_to_play(table, table_meta(table)),
        "settings": settings,
    }
    return render(request, "tables/rules.html", context)


@require_POST
def invite(request, table_id):
    """A designer invites a player, by nickname, to a test table."""
    table = get_object_or_404(Table, pk=table_id, is_open=True, is_test=True)
    if not access.shows_seed(request.user):
        return render(request, "tables/test_table_only.html", {"table": table}, status=403)
    nickname = (request.POST.get("nickname") or "").strip()[:24]
    player = Player.objects.filter(nickname__iexact=nickname, is_bot=False).order_by("-user", "-pk").first()
    if not nickname or player is None:
        messages.error(request, f"No player is called “{nickname}”: check the spelling of their nickname.")
    else:
        table.invited.add(player)
        messages.success(request, f"{player.nickname} is invited: send them this page's address.")
    return redirect("tables:table", table_id=table.pk)


@require_POST
def reset_test_chips(request, table_id):
    """Anyone who may play at a test table may reset their test chips."""
    table = get_object_or_404(Table, pk=table_id, is_open=True, is_test=True)
    refused = _open_to(request, table)
    if refused:
        return refused
    if request.player is None:
        return redirect("lobby:home")
    balance = ledger.reset_test_chips(request.player)
    notify_balance(request.player, test=True)
    messages.success(request, f"Your test chips are back to {format_chips(balance)}.")
    return redirect("tables:table", table_id=table.pk)


CHIP_DENOMINATIONS = (1, 5, 10, 25, 100, 500, 1_000, 5_000, 10_000)


def _chip_values(table):
    """Casino chip denominations within the table's limits (at most five)."""
    minimum = table.spec.min_wager(table.rules_config()) // CENTS_PER_CHIP
    values = [value for value in CHIP_DENOMINATIONS if value >= minimum]
    return values[:5] or [minimum]


RECENT_ROUNDS = 20


def latest_round(request, table_id):
    """The table's round records start at its last finished round."""
    table = get_object_or_404(Table, pk=table_id)
    refused = _open_to(request, table)
    if refused:
        return refused
    rounds = Round.objects.filter(table=table).order_by("-number")
    record = rounds.filter(finished__isnull=False).first() or rounds.first()
    if record is None:
        raise Http404("This table has no rounds yet.")
    return redirect("tables:round", table_id=table.pk, number=record.number)


def round_page(request, table_id, number):
    """A round's record, step by step, and the replay's verdict once it is over.

    Never rendered: the start state (a blackjack shoe holds the cards still to
    come, in this round and the next ones) and the generator's draws (those of
    a shuffle give the order of a whole shoe). Until the round is over, only
    what the table itself showed: who did what, the log and the chips."""
    table = get_object_or_404(Table, pk=table_id)
    refused = _open_to(request, table)
    if refused:
        return refused
    record = get_object_or_404(Round, table=table, number=number)
    finished = record.finished is not None
    names = replay.nicknames(record)
    report = replay.replay(record, show_seed=access.shows_seed(request.user)) if record.steps else None
    meta = table_meta(table)
    # The betting areas by the names the table gives them.
    areas = round_cards.area_labels(record, table.spec, meta, report, names) if report else {}
    steps = []
    for index, step in enumerate(record.steps):
        steps.append(
            {
                "number": index + 1,
                "at": datetime.fromisoformat(step["at"]),
                "who": replay.describe_player(step["action"], names),
                "kind": step["action"]["kind"].replace("_", " "),
                "log": [replay.log_line(line, names) for line in step["log"]],
                "moves": [replay.describe_move(move, names, areas) for move in step["moves"]],
                "draws": len(step["draws"]) if finished else None,
                "meters": finished and step.get("meters") is not None,
                "config": _settings(step.get("config")),
            }
        )
    numbers = Round.objects.filter(table=table).order_by("-number").values_list("number", flat=True)
    viewer_id = request.player.pk if request.player else None
    # The viewer's own cards and, after the round, the table's (round_cards.py).
    cards = round_cards.round_cards(record, table.spec, meta, report, viewer_id, names) if report else None
    context = {
        "table": table,
        "record": record,
        "finished": finished,
        "shows_seed": access.shows_seed(request.user),
        "config": _settings(record.config),
        "steps": steps,
        "report": report if finished else None,
        "cards": cards,
        "previous": numbers.filter(number__lt=number).first(),
        "next": numbers.filter(number__gt=number).last(),
        "recent": list(numbers[:RECENT_ROUNDS]),
    }
    return render(request, "tables/round.html", context)


def _settings(config):
    if config is None:
        return None
    return [(name.replace("_", " ").capitalize(), value) for name, value in config.items()]
