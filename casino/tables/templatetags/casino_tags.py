import functools

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html

from casino.accounts import names
from casino.tables import kept_markup
from games import engine, keymap
from games.engine import format_chips

register = template.Library()


@register.filter
def chips(cents):
    """Cents as chips: 1000000 -> '10,000'."""
    if cents in (None, ""):
        return ""
    return format_chips(int(cents))


@register.filter
def player_name(shown):
    """A player's name at a table as markup: a bot's badge (casino/accounts/
    names.py, table_name) drawn as a badge, "Ada <span class="badge bot">bot</span>"."""
    if not names.is_bot_name(shown or ""):
        return shown
    return format_html('{} <span class="badge bot">bot</span>', shown[: -len(names.BOT_BADGE)])


@register.filter
def chip_word(cents):
    """The word after a number of chips: "1 chip", but "1.50 chips"."""
    return engine.chip_word(cents)


# The colours of casino chips by value (static/css/casino.css, .disc-<value>).
STACK_DENOMINATIONS = (10_000, 5_000, 1_000, 500, 100, 25, 10, 5, 1)
STACK_DISCS = 6  # the most a stack draws; its amount is written beside it


@register.simple_tag
def action_key(action):
    """The casino's key for a player action (games/keymap.py): one keymap at every table."""
    return keymap.ACTION_KEYS[action]


@register.simple_tag
def chip_stack(cents):
    """A wager drawn as a stack of chips, the largest at the bottom, with its
    amount written beside it (the text is what screen readers read)."""
    return _chip_stack(int(cents or 0))


@functools.lru_cache(maxsize=4096)
def _chip_stack(cents):
    # A stack is the same markup for the same amount: rendered once for the
    # process (a push draws one for every wager in every viewer's view).
    chips_left, discs = cents // 100, []
    for value in STACK_DENOMINATIONS:
        count, chips_left = divmod(chips_left, value)
        discs += [value] * count
    if not discs and cents:
        discs = [1]  # a fraction of a chip (a blackjack payout): one small chip
    return render_to_string(
        "tables/_chip_stack.html", {"amount": format_chips(cents), "discs": discs[:STACK_DISCS]}
    )


class KeepNode(template.Node):
    renders_only_children = True  # for template_inputs.py: it reads what its children read

    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        return kept_markup.render_kept(self, self.nodelist, context)


@register.tag
def keep(parser, token):
    """``{% keep %}…{% endkeep %}``: markup rendered once for the values it
    reads, and reused while they repeat (casino/tables/kept_markup.py). For
    the parts of a table's fragments that most versions leave alone."""
    if len(token.split_contents()) != 1:
        raise template.TemplateSyntaxError("keep takes no arguments")
    nodelist = parser.parse(("endkeep",))
    parser.delete_first_token()
    return KeepNode(nodelist)
