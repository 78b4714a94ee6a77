from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("casino.lobby.urls")),
    path("accounts/", include("casino.accounts.urls")),
    path("wallet/", include("casino.wallet.urls")),
    path("tables/", include("casino.tables.urls")),
    path("lab/", include("casino.lab.urls")),
    path("admin/", admin.site.urls),
]
