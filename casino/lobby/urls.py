from django.urls import path

from casino.lobby import private, views

app_name = "lobby"
urlpatterns = [
    path("", views.home, name="home"),
    path("private/new/", private.new_private_table, name="new_private"),
    path("play-now/", views.play_now, name="play_now"),
]
