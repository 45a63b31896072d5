"""`splendor-league bench`: the load benchmark (filled in below)."""


def register(sub) -> None:
    pass
