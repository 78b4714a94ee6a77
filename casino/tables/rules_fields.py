"""The form fields of a Rules Submission: one labelled, validated number per
setting of a game's ``Config`` (its metadata "help" as the help text). The
admin's table form and the lab's test-table form both use them."""

import dataclasses

from django import forms

PREFIX = "rules_"


def submitted_fields(config_class):
    """The dataclass fields of a Config a table's Rules Submission sets: all
    but those a game inherits and never reads (metadata "unused")."""
    return [field for field in dataclasses.fields(config_class) if not field.metadata.get("unused")]


def rules_fields(config):
    """{form field name: IntegerField} for ``config`` (a Config instance: its
    values are the initial ones). A setting a game inherits and never reads
    (metadata "unused") gets no field."""
    return {
        PREFIX + field.name: forms.IntegerField(
            label=field.name.replace("_", " ").capitalize(),
            initial=getattr(config, field.name),
            help_text=field.metadata.get("help", ""),
        )
        for field in submitted_fields(config)
    }


def rules_values(config_class, cleaned_data):
    """{setting: value} of the settings the form has a value for."""
    return {
        field.name: cleaned_data[PREFIX + field.name]
        for field in submitted_fields(config_class)
        if cleaned_data.get(PREFIX + field.name) is not None
    }
