"""Who designs games: staff, and registered accounts in the "designers" group
(an administrator puts them there: admin, Users). Designers use the lab and
play at test tables; guests are never designers."""

DESIGNERS = "designers"


def is_designer(user):
    if not user.is_authenticated:
        return False
    return user.is_staff or user.groups.filter(name=DESIGNERS).exists()
