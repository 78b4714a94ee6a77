from django.urls import path

from casino.history import views

app_name = "history"
urlpatterns = [path("", views.my_play, name="my_play")]
