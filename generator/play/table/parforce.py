"""Parforcejagd at the table: nothing is hidden, so the game is played open. The person
moves their pieces on the printed board and types each move (`H1 a1`); Quarry says its own,
and the person moves its pieces as it says."""


def hides(session) -> bool:
    """Nothing is hidden in Parforcejagd."""
    return False
