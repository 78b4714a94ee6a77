from django.http import HttpResponse

from casino.lab.access import designer_required


@designer_required
def new_test_table(request):
    return HttpResponse("stub")
