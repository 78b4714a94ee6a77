from django.urls import path

from casino.wallet import views

app_name = "wallet"
urlpatterns = [path("top-up/", views.top_up_view, name="top_up")]
