from django import forms
from django.contrib.auth.forms import UserCreationForm

from casino.accounts import names
from casino.accounts.models import is_taken, nickname_validator


class NicknameForm(forms.Form):
    nickname = forms.CharField(max_length=24, validators=[nickname_validator], strip=True)

    def clean_nickname(self):
        nickname = names.normalise(self.cleaned_data["nickname"])
        # NFKC may lengthen a name (one ligature can become several letters):
        # the stored form must still fit and pass.
        self.fields["nickname"].run_validators(nickname)
        if len(nickname) > 24:
            raise forms.ValidationError("A nickname is at most 24 characters.")
        if is_taken(nickname):
            raise forms.ValidationError(names.TAKEN_MESSAGE)
        return nickname


class RegisterForm(UserCreationForm):
    """``player``: the visitor's current player, if any. A guest who
    registers keeps their nickname; anyone else gets the username as one,
    so it must not pass for a name already taken."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)

    def __init__(self, *args, player=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.player = player

    def clean_username(self):
        username = super().clean_username()
        keeps_nickname = self.player is not None and self.player.is_guest
        if username and not keeps_nickname and is_taken(username[:24]):
            raise forms.ValidationError(names.TAKEN_MESSAGE)
        return username
