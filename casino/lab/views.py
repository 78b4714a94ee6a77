from django.shortcuts import render

from casino.lab.access import designer_required


@designer_required
def home(request):
    return render(request, "lab/home.html", {})
