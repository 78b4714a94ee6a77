from django.urls import path

from casino.tables import views

app_name = "tables"
urlpatterns = [path("<int:table_id>/", views.table_page, name="table")]
