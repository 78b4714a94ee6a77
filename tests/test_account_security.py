"""Sign-in throttling, guest sign-up limits and nickname impersonation, over
HTTP with the real database and the real Redis (the cache)."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from casino.accounts.models import Player

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-Passphrase-9"
ELSEWHERE = "203.0.113.7"  # another visitor's address (TEST-NET-3)


@pytest.fixture
def ann(clean_redis):
    return User.objects.create_user("ann", password=PASSWORD)


def fail_sign_ins(client, username, times, url="/accounts/login/"):
    for _ in range(times):
        client.post(url, {"username": username, "password": "wrong"})


def test_wrong_passwords_lock_the_account_then_the_right_one_is_refused(settings, ann):
    client = Client()
    for attempt in range(1, settings.AXES_FAILURE_LIMIT):
        response = client.post("/accounts/login/", {"username": "ann", "password": "wrong"})
        assert response.status_code == 200, attempt
        assert b"correct username" in response.content
    response = client.post("/accounts/login/", {"username": "ann", "password": "wrong"})
    assert response.status_code == 429
    assert b"Too many failed sign-ins; try again in 15 minutes." in response.content
    response = client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429 and b"Too many failed sign-ins" in response.content
    assert "_auth_user_id" not in client.session and "player_id" not in client.session
    # Per account: the right password from another address is refused too.
    other = Client(REMOTE_ADDR=ELSEWHERE)
    response = other.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in other.session


def sign_in(client, username):
    response = client.post("/accounts/login/", {"username": username, "password": PASSWORD})
    client.post("/accounts/logout/")
    return response.status_code


def test_an_address_guessing_many_accounts_is_locked_out(settings, ann):
    User.objects.create_user("bob", password=PASSWORD)
    guesser = Client(REMOTE_ADDR=ELSEWHERE)
    for number in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        guesser.post("/accounts/login/", {"username": f"nobody{number}", "password": "wrong"})
    response = guesser.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert response.status_code == 429 and "_auth_user_id" not in guesser.session
    # The accounts themselves are not locked for everyone else.
    response = Client().post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert response.status_code == 302


def test_signing_in_to_ones_own_account_never_clears_anothers_failures(settings, ann):
    """The attack: 4 wrong passwords for the victim, then a right one for
    the attacker's own account, over and over from one address."""
    User.objects.create_user("mallory", password=PASSWORD)
    attacker = Client(REMOTE_ADDR=ELSEWHERE)
    for round_number in range(4):
        fail_sign_ins(attacker, "ann", settings.AXES_FAILURE_LIMIT - 1)
        status = sign_in(attacker, "mallory")
        if round_number == 0:
            assert status == 302  # the attacker's own account is theirs to use
    # 16 wrong guesses later, Ann's password is refused even when guessed,
    # from the attacker's address and from Ann's own.
    response = attacker.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429 and "_auth_user_id" not in attacker.session
    assert Client().post("/accounts/login/", {"username": "ann", "password": PASSWORD}).status_code == 429


def test_an_address_failing_on_many_accounts_is_locked_whatever_else_it_does(settings, ann):
    """Wrong passwords spread over many accounts, a few each, with the
    attacker's own right password in between: the address is locked."""
    User.objects.create_user("mallory", password=PASSWORD)
    User.objects.create_user("bob", password=PASSWORD)
    attacker = Client(REMOTE_ADDR=ELSEWHERE)
    for number in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        # Each account well below its own limit.
        attacker.post("/accounts/login/", {"username": f"player{number // 2}", "password": "wrong"})
        if number % 4 == 3 and number + 1 < settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            assert sign_in(attacker, "mallory") == 302, number
    for username in ("mallory", "bob", "ann"):
        response = attacker.post("/accounts/login/", {"username": username, "password": PASSWORD})
        assert response.status_code == 429, username
        assert b"Too many failed sign-ins" in response.content
    limit = settings.LOGIN_ADDRESS_FAILURE_LIMIT
    assert f"and for an address after {limit} on any accounts".encode() in response.content
    assert "_auth_user_id" not in attacker.session
    # Only the address is locked: the accounts open from anywhere else.
    assert sign_in(Client(), "mallory") == 302
    assert sign_in(Client(), "bob") == 302


def test_one_persons_typos_do_not_lock_out_their_whole_office(settings, ann):
    """Everyone behind one NAT shares an address: a colleague who locked
    their own account leaves the others free to sign in."""
    assert settings.LOGIN_ADDRESS_FAILURE_LIMIT > settings.AXES_FAILURE_LIMIT
    User.objects.create_user("bob", password=PASSWORD)
    office = Client()
    fail_sign_ins(office, "ann", settings.AXES_FAILURE_LIMIT)
    assert office.post("/accounts/login/", {"username": "ann", "password": PASSWORD}).status_code == 429
    # However often she tries again meanwhile: a refused try is no guess.
    fail_sign_ins(office, "ann", settings.LOGIN_ADDRESS_FAILURE_LIMIT)
    assert sign_in(Client(), "bob") == 302


def test_a_right_password_before_the_limit_clears_the_failures(settings, ann):
    client = Client()
    fail_sign_ins(client, "ann", settings.AXES_FAILURE_LIMIT - 1)
    assert sign_in(client, "ann") == 302
    fail_sign_ins(client, "ann", settings.AXES_FAILURE_LIMIT - 1)
    assert sign_in(client, "ann") == 302


def test_a_right_password_clears_only_its_own_accounts_failures(settings, ann):
    User.objects.create_user("bob", password=PASSWORD)
    client = Client()
    fail_sign_ins(client, "bob", settings.AXES_FAILURE_LIMIT - 1)
    fail_sign_ins(client, "ann", settings.AXES_FAILURE_LIMIT - 1)
    assert sign_in(client, "ann") == 302  # Ann's own count starts again...
    fail_sign_ins(client, "ann", settings.AXES_FAILURE_LIMIT - 1)
    assert sign_in(client, "ann") == 302
    fail_sign_ins(client, "bob", 1)  # ...Bob's does not: this is his fifth
    assert client.post("/accounts/login/", {"username": "bob", "password": PASSWORD}).status_code == 429


def test_the_admin_sign_in_is_locked_out_the_same(settings, clean_redis):
    User.objects.create_superuser("root", password=PASSWORD)
    client = Client()
    fail_sign_ins(client, "root", settings.AXES_FAILURE_LIMIT, url="/admin/login/")
    response = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert response.status_code == 429 and b"Too many failed sign-ins" in response.content
    assert client.get("/admin/").status_code == 302  # still signed out
    other = Client(REMOTE_ADDR=ELSEWHERE)
    response = other.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert response.status_code == 429


def test_guests_per_address_are_limited(settings, clean_redis):
    # The shipped limit, whatever GUEST_SIGNUP_RATE this run has.
    settings.GUEST_SIGNUP_RATE = settings.GUEST_SIGNUP_RATE_DEFAULT
    assert settings.GUEST_SIGNUP_RATE == "5/10m"
    # A refused nickname does not use up one of the five.
    assert Client().post("/accounts/join/", {"nickname": "<script>"}).status_code == 400
    for number in range(5):
        response = Client().post("/accounts/join/", {"nickname": f"Guest {number}"})
        assert response.status_code == 302, number
    response = Client().post("/accounts/join/", {"nickname": "Guest 5"})
    assert response.status_code == 400
    assert b"Too many new guests from your address just now" in response.content
    assert Player.objects.count() == 5
    # Another address is not affected.
    assert Client(REMOTE_ADDR=ELSEWHERE).post("/accounts/join/", {"nickname": "Guest 6"}).status_code == 302
    assert Player.objects.count() == 6


def register(client, username):
    return client.post(
        "/accounts/register/", {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    )


def test_registrations_per_address_are_limited(settings, clean_redis):
    # The shipped limit, whatever REGISTER_RATE this run has.
    settings.REGISTER_RATE = settings.REGISTER_RATE_DEFAULT
    assert settings.REGISTER_RATE == "5/h"
    # A refused form does not use up one of the five.
    response = Client().post("/accounts/register/", {"username": "x", "password1": "a", "password2": "b"})
    assert response.status_code == 200 and not User.objects.exists()
    for number in range(5):
        assert register(Client(), f"player{number}").status_code == 302, number
    response = register(Client(), "player5")
    assert response.status_code == 429
    assert b"Too many new accounts from your address just now" in response.content
    assert b'<form method="post">' in response.content  # the form, to read and try again later
    assert User.objects.count() == Player.objects.count() == 5
    assert not User.objects.filter(username="player5").exists()
    # Another address is not affected.
    assert register(Client(REMOTE_ADDR=ELSEWHERE), "player6").status_code == 302
    assert User.objects.count() == 6


@pytest.fixture
def taken(make_player, clean_redis):
    """A registered player "admin" and a bot that has played."""
    admin = make_player("admin")
    admin.user = User.objects.create_user("admin", password=PASSWORD)
    admin.save()
    bot = make_player("Bot Ada")
    bot.is_bot = True
    bot.save()
    return admin, bot


@pytest.mark.parametrize(
    "nickname",
    [
        "admin",
        "Admin",
        "ADMIN",
        "\u0430dmin",  # Cyrillic а
        "\uff41\uff44\uff4d\uff49\uff4e",  # fullwidth ａｄｍｉｎ
        "adm1n",
        "Bot Ada",
        "bot ada",
        "B0t Ada",
        "Bot.Ada",
        "Bot Grace",  # a bot that has not played yet
        "Bot Anybody",  # the "Bot" prefix is the bots'
        "Dealer",
    ],
)
def test_taken_and_look_alike_names_are_refused(client, taken, nickname):
    response = client.post("/accounts/join/", {"nickname": nickname})
    assert response.status_code == 400
    assert b"That name is taken or looks too much like one that is." in response.content
    assert Player.objects.count() == 2 and "player_id" not in client.session


@pytest.mark.parametrize(
    "nickname", ["Ann", "adminton", "Botanist", "Jos\u00e9", "\u041c\u0430\u0440\u0438\u044f"]
)
def test_names_unlike_any_taken_one_are_accepted(client, taken, nickname):
    response = client.post("/accounts/join/", {"nickname": nickname})
    assert response.status_code == 302
    assert Player.objects.filter(nickname=nickname).exists()


def test_a_guest_name_is_taken_and_stored_normalised(client, clean_redis):
    assert client.post("/accounts/join/", {"nickname": "\uff21\uff4e\uff4e"}).status_code == 302  # Ａｎｎ
    assert Player.objects.get().nickname == "Ann"
    for look_alike in ["Ann", "ann", "\u0410nn", "A.nn"]:
        response = Client().post("/accounts/join/", {"nickname": look_alike})
        assert b"That name is taken" in response.content, look_alike
    assert Player.objects.count() == 1


def test_a_new_account_cannot_take_a_look_alike_username(client, taken):
    response = client.post(
        "/accounts/register/", {"username": "\u0430dmin", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 200 and b"That name is taken" in response.content
    assert not User.objects.filter(username="\u0430dmin").exists()
    # A guest who registers keeps their own nickname, whatever the username.
    client.post("/accounts/join/", {"nickname": "Carol"})
    response = client.post(
        "/accounts/register/", {"username": "carol", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    assert Player.objects.get(user__username="carol").nickname == "Carol"


def test_the_key_follows_a_changed_nickname(make_player):
    from casino.accounts.names import name_key

    player = make_player("Ann")
    player.nickname = "\u0410dmin"  # as the admin page might, with update_fields
    player.save(update_fields=["nickname"])
    player.refresh_from_db()
    assert player.name_key == name_key("admin") != name_key("Ann")
