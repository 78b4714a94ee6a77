from django.db import migrations, models


def paid_before_are_logged(apps, schema_editor):
    # Wins paid before their tables' logs said so: nothing to say of them now.
    apps.get_model("progressives", "OwedAward").objects.filter(paid__isnull=False).update(logged=True)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_player_name_key"),
        ("progressives", "0008_meter_kind_six_card_fortune"),
        ("tables", "0005_private_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="owedaward",
            name="logged",
            field=models.BooleanField(default=False),
        ),
        migrations.AddIndex(
            model_name="owedaward",
            index=models.Index(fields=["table", "logged"], name="progressive_table_i_402efb_idx"),
        ),
        migrations.RunPython(paid_before_are_logged, migrations.RunPython.noop),
    ]
