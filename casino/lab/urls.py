from django.urls import path

from casino.lab import testtables, views

app_name = "lab"
urlpatterns = [
    path("", views.home, name="home"),
    path("test-tables/new/", testtables.new_test_table, name="new_test_table"),
]
