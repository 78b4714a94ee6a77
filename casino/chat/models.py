"""Table chat (issue 19): what was said at a table, and who may say it.

Chat is not game state: the table's owner never sees it. The consumer of the
speaker's websocket checks and stores a message and sends it to the table's
viewers on every Daphne (casino/chat/ws.py)."""

from django.db import models


class ChatMessage(models.Model):
    PLAYER = "player"
    SYSTEM = "system"
    KINDS = [
        (PLAYER, "A player's message"),
        (SYSTEM, "A line from the table (a big win, the host's changes)"),
    ]

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="chat_messages")
    player = models.ForeignKey(
        "accounts.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="chat_messages"
    )
    nickname = models.CharField(max_length=24, blank=True, help_text="The speaker's name when they said it.")
    text = models.TextField()
    kind = models.CharField(max_length=6, choices=KINDS, default=PLAYER)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["table", "-id"], name="chat_latest_of_table")]

    def __str__(self):
        return f"{self.nickname or 'table'}: {self.text[:40]}"


class ChatMute(models.Model):
    """The host of a private table muted this player there."""

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="chat_mutes")
    player = models.ForeignKey("accounts.Player", on_delete=models.CASCADE, related_name="chat_mutes")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "player"], name="one_mute_per_player")]

    def __str__(self):
        return f"{self.player} muted at {self.table}"


class ChatRoom(models.Model):
    """A private table's chat settings, made when its host first changes one."""

    table = models.OneToOneField(
        "tables.Table", on_delete=models.CASCADE, primary_key=True, related_name="chat"
    )
    spectators_may_chat = models.BooleanField(default=True)

    def __str__(self):
        return f"chat of {self.table}"


class ChatHide(models.Model):
    """A registered player no longer sees ``hidden``'s messages at public tables."""

    viewer = models.ForeignKey("accounts.Player", on_delete=models.CASCADE, related_name="chat_hides")
    hidden = models.ForeignKey("accounts.Player", on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["viewer", "hidden"], name="one_hide_per_pair")]

    def __str__(self):
        return f"{self.viewer} hides {self.hidden}"
