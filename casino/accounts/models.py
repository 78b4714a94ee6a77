from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models

nickname_validator = RegexValidator(
    r"^[\w][\w .'-]{0,23}$",
    "A nickname is 1 to 24 letters, digits, spaces, dots, dashes or underscores.",
)


class Player(models.Model):
    """Whoever sits at a table: a guest known by a session cookie, or a
    registered user whose wallet follows them across browsers."""

    nickname = models.CharField(max_length=24, validators=[nickname_validator])
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)
    last_top_up = models.DateTimeField(null=True, blank=True)
    is_bot = models.BooleanField(default=False, help_text="A house bot of the demo tables.")

    def __str__(self):
        return self.nickname

    @property
    def is_guest(self):
        return self.user_id is None
