from django.urls import path

from casino.tables import views

app_name = "tables"
urlpatterns = [
    path("<int:table_id>/", views.table_page, name="table"),
    path("<int:table_id>/rounds/", views.latest_round, name="rounds"),
    path("<int:table_id>/rounds/<int:number>/", views.round_page, name="round"),
]
