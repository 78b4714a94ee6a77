"""The Six-Card Fortune Pai Gow demo table takes the corrected defaults of
docs/rules/six_card_fortune_pai_gow.md: the Double Down is off by default, so the
table demo_tables made with "double_down": 1 drops it and is renamed after
what it still offers (demo_tables creates it so from now on).

Only the demo's own table, found by its game and demo name, changes; a table
a designer set up with the Double Down keeps it."""

from django.db import migrations

GAME = "six_card_fortune_pai_gow"
OLD_NAME = "Six-Card Fortune Pai Gow — Double Down"
NEW_NAME = "Six-Card Fortune Pai Gow — Fortune Bonus"


def double_down_off(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.filter(game=GAME, name=OLD_NAME, is_test=False):
        config = dict(table.config or {})
        if config.get("double_down") != 1:
            continue
        del config["double_down"]  # the Rules Submission's default: off
        table.config = config
        table.name = NEW_NAME
        table.save(update_fields=["config", "name"])


def double_down_on(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.filter(game=GAME, name=NEW_NAME, is_test=False):
        if "double_down" in (table.config or {}):
            continue
        table.config = {**table.config, "double_down": 1}
        table.name = OLD_NAME
        table.save(update_fields=["config", "name"])


class Migration(migrations.Migration):
    dependencies = [("tables", "0005_private_tables")]

    operations = [migrations.RunPython(double_down_off, double_down_on)]
