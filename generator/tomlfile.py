"""Reading TOML files with errors a user can act on."""

import tomllib
from pathlib import Path

from generator.errors import QuarryError


def read_toml(path: Path) -> dict:
    """Return the parsed TOML table in `path`; a missing or malformed file is a QuarryError."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise QuarryError("file not found", where=str(path)) from None
    except IsADirectoryError:
        raise QuarryError("is a folder, expected a TOML file", where=str(path)) from None
    except UnicodeDecodeError:
        raise QuarryError("is not UTF-8 text", where=str(path)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise QuarryError(f"invalid TOML: {error}", where=str(path)) from None
