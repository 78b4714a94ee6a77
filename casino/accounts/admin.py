from django.contrib import admin

from casino.accounts.models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["nickname", "user", "created", "last_top_up"]
    search_fields = ["nickname"]
