from django.db import migrations, models


def fill_name_keys(apps, schema_editor):
    # The live function, not a frozen copy: the keys must be the ones the
    # running code compares against.
    from casino.accounts.names import name_key

    Player = apps.get_model("accounts", "Player")
    players = list(Player.objects.only("pk", "nickname"))
    for player in players:
        player.name_key = name_key(player.nickname)
    Player.objects.bulk_update(players, ["name_key"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_player_is_bot"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(db_index=True, default="", editable=False, max_length=128),
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
    ]
