"""A page for the addresses that only take a form's POST (a top-up, a host's
control, a lab run) when a browser GETs one: Django answers 405 with an empty
body, which a player sees as a blank page. Ours says what happened and leads
back, with the status kept."""

from django.template.loader import render_to_string


class MethodNotAllowedPageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 405 and not response.content:
            response.content = render_to_string("405.html", request=request)
            response["Content-Type"] = "text/html; charset=utf-8"
        return response
