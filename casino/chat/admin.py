from django.contrib import admin

from casino.chat.models import ChatMessage


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """What was said at the tables, for staff answering a complaint."""

    list_display = ["created", "table", "nickname", "kind", "text"]
    list_filter = ["kind"]
    search_fields = ["text", "nickname"]
    raw_id_fields = ["table", "player"]
    readonly_fields = ["table", "player", "nickname", "text", "kind", "created"]
