from django.urls import path

from casino.tables import views

app_name = "tables"
urlpatterns = [
    path("<int:table_id>/", views.table_page, name="table"),
    path("<int:table_id>/rules/", views.rules_page, name="rules"),
    path("<int:table_id>/invite/", views.invite, name="invite"),
    path("<int:table_id>/test-chips/", views.reset_test_chips, name="reset_test_chips"),
    path("<int:table_id>/rounds/", views.latest_round, name="rounds"),
    path("<int:table_id>/rounds/<int:number>/", views.round_page, name="round"),
    path("<int:table_id>/ledger/", views.ledger_page, name="ledger"),
    path("<int:table_id>/admit/", views.admit, name="admit"),
    path("<int:table_id>/waiting/", views.waiting, name="waiting"),
    path("<int:table_id>/waiting/ban/", views.ban_waiting, name="ban_waiting"),
    path("<int:table_id>/new-link/", views.new_link, name="new_link"),
    path("private/<str:link_key>/", views.private_link, name="private_link"),
]
