"""What every designer's conflict tests share: reading back the constraints a conflict
message names, and a stand-in for work that a conflict must stop before."""

import re


def named(message: str, subject: str, note: str = "") -> list[str]:
    """Return the constraints the conflict `message` names, in its order. `subject` is the
    regex of what could not be designed ('16 x 16 island'), `note` the regex of what may
    follow 'together' before the colon (a default in force, the loops setting)."""
    match = re.fullmatch(
        rf"no {subject} meets these constraints together{note}: (.*); "
        "drop or loosen one of them",
        message,
    )
    assert match, message
    return match.group(1).split(", ")


def never(*args, **kwargs):
    raise AssertionError("reached work that a conflict should have stopped before")
