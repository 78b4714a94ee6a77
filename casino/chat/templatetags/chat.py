from django import template
from django.template.loader import render_to_string

from casino.chat import api, rendering

register = template.Library()


@register.simple_tag(takes_context=True)
def chat_panel(context):
    """A table page's chat panel, rendered from the same partials as the
    socket's pushes (base_table.html: inside the socket's element, so its
    form sends over the table's websocket)."""
    joined = api.join(context["table"]["id"], context.get("viewer_id"))
    return render_to_string(
        "chat/_panel.html",
        {
            "chat_list": rendering.render_list(joined.history, joined.viewer),
            "chat_tools": rendering.render_tools(joined.tools),
            "can_write": joined.viewer.player_id is not None,
            "max_chars": api.MAX_CHARS,
            # A guest who follows "choose a nickname" comes back to this table.
            "table_id": context["table"]["id"],
        },
    )
