from django import forms
from django.contrib.auth.forms import UserCreationForm

from casino.accounts.models import nickname_validator


class NicknameForm(forms.Form):
    nickname = forms.CharField(max_length=24, validators=[nickname_validator], strip=True)


class RegisterForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)
