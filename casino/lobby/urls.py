from django.urls import path

from casino.lobby import views

app_name = "lobby"
urlpatterns = [path("", views.home, name="home")]
