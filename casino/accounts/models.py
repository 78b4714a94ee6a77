from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models

from casino.accounts.names import is_reserved, name_key, table_name

nickname_validator = RegexValidator(
    r"^[\w][\w .'-]{0,23}$",
    "A nickname is 1 to 24 letters, digits, spaces, dots, dashes or underscores.",
)


class Player(models.Model):
    """Whoever sits at a table: a guest known by a session cookie, or a
    registered user whose wallet follows them across browsers."""

    nickname = models.CharField(max_length=24, validators=[nickname_validator])
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)
    last_top_up = models.DateTimeField(null=True, blank=True)
    is_bot = models.BooleanField(default=False, help_text="A house bot of the demo tables.")
    # What the nickname looks like (casino/accounts/names.py): look-alike
    # nicknames share it, so a taken name is found by one indexed lookup.
    name_key = models.CharField(max_length=128, db_index=True, editable=False, default="")

    def __str__(self):
        return self.nickname

    def save(self, *args, **kwargs):
        self.name_key = name_key(self.nickname)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "nickname" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    @property
    def is_guest(self):
        return self.user_id is None


def is_taken(nickname, player=None):
    """True if ``nickname`` is reserved, or looks like the nickname of any
    player other than ``player`` (the one asking, who may keep their own)."""
    if is_reserved(nickname):
        return True
    others = Player.objects.filter(name_key=name_key(nickname))
    if player is not None:
        others = others.exclude(pk=player.pk)
    return others.exists()


def table_names(ids):
    """{player id: the name a table shows them by} (a bot's with its badge:
    names.table_name), for pages about a table's play: its ledger, its
    round records."""
    players = Player.objects.filter(pk__in=ids).values_list("pk", "nickname", "is_bot")
    return {pk: table_name(nickname, is_bot) for pk, nickname, is_bot in players}
