"""Where the shipped layouts/ and templates/ folders are, installed or in a checkout."""

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def resource_dir(name: str) -> Path:
    """Return the folder `name` ("layouts" or "templates").

    In a wheel it sits inside the package (generator/<name>); in a checkout or an
    editable install it is the folder at the top of the repository.
    """
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"Quarry's {name}/ folder is missing from the installation")
