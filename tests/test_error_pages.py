"""No player ever sees a raw error page (issue 13): the site's own 403, 404,
500 and CSRF-failure pages speak to players and lead back to the lobby."""

import pytest
from django.test import Client, RequestFactory
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


def test_an_unknown_page_is_a_friendly_404(client, settings):
    settings.DEBUG = False
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "We could not find that page" in text and 'href="/"' in text
    assert "Traceback" not in text and "Page not found at" not in text


def test_a_form_without_its_token_is_a_friendly_403(settings):
    settings.DEBUG = False
    response = Client(enforce_csrf_checks=True).post("/wallet/top-up/", {"table": "1"})
    assert response.status_code == 403
    text = response.content.decode()
    assert "That did not go through" in text and "Nothing was changed" in text
    assert "CSRF" not in text


def test_a_button_only_address_opened_as_a_page_is_a_friendly_405(client):
    response = client.get("/wallet/top-up/")
    assert response.status_code == 405 and response["Allow"] == "POST"
    text = response.content.decode()
    assert "This address works from a button" in text and 'href="/"' in text


def test_a_server_error_is_a_friendly_500():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    text = response.content.decode()
    assert "Something went wrong on our side" in text and "Your chips are safe" in text


def test_a_refused_lab_post_is_a_clean_403_and_one_log_line(client, settings, caplog):
    """A signed-in player who is no designer: the lab answers with the site's
    403 page and the log says so in one line, with no traceback to bury real
    errors under (issue 33, item 7)."""
    from django.contrib.auth.models import User

    settings.DEBUG = False
    client.force_login(User.objects.create_user("eve", password="not a designer"))
    with caplog.at_level("DEBUG"):
        response = client.post("/lab/test-tables/new/", {"game": "dreamcatcher", "name": "Mine"})
    assert response.status_code == 403
    assert "That page is not open to you" in response.content.decode()
    about = [record for record in caplog.records if "/lab/test-tables/new/" in record.getMessage()]
    assert len(about) <= 1, [record.getMessage() for record in about]
    assert not [record for record in caplog.records if record.exc_info], caplog.text
    assert "Traceback" not in caplog.text
