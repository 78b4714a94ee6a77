from django.urls import path

from casino.lab import testtables, views

app_name = "lab"
urlpatterns = [
    path("", views.home, name="home"),
    path("rows/<str:key>/", views.row, name="row"),
    path("rows/<str:key>/what-if/", views.what_if, name="what_if"),
    path("rows/<str:key>/simulate/", views.simulate, name="simulate"),
    path("runs/<int:pk>/", views.run_status, name="run"),
    path("test-tables/new/", testtables.new_test_table, name="new_test_table"),
]
