from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    path("", include("casino.lobby.urls")),
    path("accounts/", include("casino.accounts.urls")),
    path("wallet/", include("casino.wallet.urls")),
    path("tables/", include("casino.tables.urls")),
    path("lab/", include("casino.lab.urls")),
    path("me/", include("casino.history.urls")),
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico whatever the page links (and so do feed readers and bookmarks).
    path("favicon.ico", RedirectView.as_view(url=static("img/favicon.svg"), permanent=True)),
]
