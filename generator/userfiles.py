"""Reading the files a user gives Quarry, in one place.

Every file Quarry reads from the user (decks, layouts, templates, board files, records, deck
configurations, board SVGs, a kit's manifest and SVGs) comes through here. Before any parser
sees a byte, the file is checked to be a regular file no larger than its limit, UTF-8, and
nested no deeper than its limit; anything wrong is one QuarryError line naming the file,
what is wrong and what would be accepted. The limits are stated in docs/formats.md.
"""

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from generator.errors import QuarryError

MB = 1_000_000
# Decks, layouts, templates, board files, records, deck configurations and manifests. The
# largest Quarry writes or ships is about 40 kB (a kit's manifest): a hundred times that
# still parses in a fraction of a second.
MAX_TEXT_BYTES = 4 * MB
# Board SVGs and a kit's SVGs, which may carry embedded images.
MAX_SVG_BYTES = 16 * MB
# JSON and TOML: arrays and tables inside one another (TOML's dotted keys count too).
# Quarry's own files nest at most 5 deep; Python's parsers recurse, and TOML's dotted keys
# cost time squared in their length.
MAX_NESTING = 32
# SVG elements inside one another. libxml2 (under svglib) silently drops everything below
# depth 256, and Quarry's own SVGs nest at most 9 deep.
MAX_XML_DEPTH = 100
# Elements in one SVG: svglib and reportlab take about 0.6 ms an element to tile a board,
# so this is about half a minute; Quarry's largest SVG has 3,320.
MAX_SVG_ELEMENTS = 50_000

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def shown(path: Path | str) -> str:
    """Return `path` as an error message shows it: control characters (a newline in a file
    name) escaped, so that the message stays one line."""
    text = str(path)
    if _CONTROL.search(text):
        return text.encode("unicode_escape").decode("ascii")
    return text


def size_text(size: int) -> str:
    """Return a byte count for a message: "16 MB", "47.2 MB", "900 bytes"."""
    if size < 10_000:
        return f"{size} bytes"
    if size < MB:
        return f"{size / 1000:.1f} kB".replace(".0 kB", " kB")
    return f"{size / MB:.1f} MB".replace(".0 MB", " MB")


def read_bytes(path: Path | str, what: str, limit: int) -> bytes:
    """Return the bytes of the user's file `path`, described as `what` in messages ("a deck
    file (TOML)"). QuarryError for a missing file, a folder, anything but a regular file
    (a pipe or a device), one larger than `limit` bytes, or one that cannot be read."""
    where = shown(path)
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer; it is refused below.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise QuarryError(f"file not found; expected {what}", where=where) from None
    except IsADirectoryError:
        raise QuarryError(f"is a folder, expected {what}", where=where) from None
    except PermissionError:
        raise QuarryError(
            f"cannot be read (permission denied); expected {what}", where=where
        ) from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        reason = getattr(error, "strerror", None) or str(error)
        raise QuarryError(f"cannot be read ({reason}); expected {what}", where=where) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise QuarryError(f"is a folder, expected {what}", where=where)
        if not stat.S_ISREG(info.st_mode):
            raise QuarryError(
                f"is not a regular file (a device, pipe or socket); expected {what}", where=where
            )
        if info.st_size > limit:
            raise _too_large(info.st_size, what, limit, where)
        chunks, total = [], 0
        while total <= limit:  # the file may have grown since fstat
            chunk = os.read(fd, min(limit + 1 - total, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        raise QuarryError(
            f"cannot be read ({error.strerror}); expected {what}", where=where
        ) from None
    finally:
        os.close(fd)
    if total > limit:
        raise _too_large(total, what, limit, where)
    return b"".join(chunks)


def _too_large(size: int, what: str, limit: int, where: str) -> QuarryError:
    return QuarryError(
        f"is {size_text(size)}; {what} may be at most {size_text(limit)}", where=where
    )


def decode(data: bytes, what: str, where: str) -> str:
    """Return `data` as text: UTF-8, line ends made "\\n" (as Python's text files read them).
    QuarryError naming the first byte that is not UTF-8, by line and column."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise QuarryError(
            f"is not UTF-8 text (byte 0x{data[error.start]:02x} at line {line}, column "
            f"{column}); expected {what}, saved as UTF-8",
            where=where,
        ) from None
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_text(path: Path | str, what: str, limit: int = MAX_TEXT_BYTES) -> str:
    """Return the user's file `path` as text (see read_bytes and decode for what is refused)."""
    return decode(read_bytes(path, what, limit), what, shown(path))


# --- JSON and TOML -------------------------------------------------------------------------

# What matters to nesting, everything else skipped: strings (whose brackets do not count),
# brackets, and for TOML comments, dots and what ends a dotted key.
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)
_TOML_TOKENS = re.compile(
    r'"""(?:[^\\]|\\.)*?(?:"""|\\?\Z)|\'\'\'.*?(?:\'\'\'|\Z)|"(?:[^"\\\n]|\\.)*+"?|\'[^\'\n]*+\'?|#[^\n]*'
    r"|[\[\]{}.=,\n]",
    re.DOTALL,
)


def check_json_nesting(text: str, where: str, limit: int = MAX_NESTING) -> None:
    """Raise QuarryError if arrays and objects in the JSON `text` nest deeper than `limit`
    (counted before parsing: Python's parser recurses)."""
    depth = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                _too_deep(text, match.start(), "arrays and objects", limit, where)
        elif token in "]}":
            depth -= 1


def check_toml_nesting(text: str, where: str, limit: int = MAX_NESTING) -> None:
    """Raise QuarryError if arrays, inline tables and dotted keys in the TOML `text` nest
    deeper than `limit` (counted before parsing: tomllib recurses into arrays and inline
    tables, and a dotted key of n parts costs it time n squared)."""
    depth = dots = 0
    for match in _TOML_TOKENS.finditer(text):
        token = match.group()
        if token == ".":
            dots += 1
            if depth + dots > limit:
                _too_deep(text, match.start(), "tables, arrays and dotted keys", limit, where)
            continue
        if len(token) != 1:  # a string or a comment
            continue
        dots = 0
        if token in "[{":
            depth += 1
            if depth > limit:
                _too_deep(text, match.start(), "tables, arrays and dotted keys", limit, where)
        elif token in "]}":
            depth = max(0, depth - 1)


def _too_deep(text: str, at: int, what: str, limit: int, where: str) -> None:
    line = text.count("\n", 0, at) + 1
    raise QuarryError(
        f"{what} nest more than {limit} deep (line {line}); at most {limit} levels are accepted",
        where=where,
    )


def loads_json(text: str, where: str) -> Any:
    """Return the JSON value in `text`, its nesting checked first; QuarryError naming `where`
    and the line for anything that is not JSON."""
    check_json_nesting(text, where)
    return _parsed(json.loads, text, where, "JSON", "arrays and objects")


def loads_toml(text: str, where: str) -> dict:
    """Return the TOML table in `text`, its nesting checked first; QuarryError naming `where`
    and the line for anything that is not TOML."""
    import tomllib  # here, not at start-up: a replay or a simulation reads no TOML

    check_toml_nesting(text, where)
    return _parsed(tomllib.loads, text, where, "TOML", "tables and arrays")


def _parsed(loads, text: str, where: str, language: str, nests: str):
    """`loads(text)`, whatever it raises for a bad `text` made one QuarryError line."""
    try:
        return loads(text)
    except json.JSONDecodeError as error:
        raise QuarryError(
            f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}", where=where
        ) from None
    except ValueError as error:  # tomllib.TOMLDecodeError is one too
        if "integer string conversion" in str(error):
            raise QuarryError(
                f"invalid {language}: a number has more than 4300 digits", where=where
            ) from None
        raise QuarryError(f"invalid {language}: {error}", where=where) from None
    except RecursionError:  # the nesting check should have caught it
        raise QuarryError(
            f"{nests} nest too deep; at most {MAX_NESTING} levels are accepted", where=where
        ) from None


def read_json(path: Path | str, what: str = "a JSON file", limit: int = MAX_TEXT_BYTES) -> Any:
    """Return the JSON value in the user's file `path` (QuarryError naming the file for a
    file that is missing, too large, not UTF-8, nested too deep or not JSON)."""
    return loads_json(read_text(path, what, limit), shown(path))


def read_toml(path: Path | str, what: str = "a TOML file", limit: int = MAX_TEXT_BYTES) -> dict:
    """Return the TOML table in the user's file `path` (QuarryError naming the file for a
    file that is missing, too large, not UTF-8, nested too deep or not TOML)."""
    return loads_toml(read_text(path, what, limit), shown(path))


# --- SVG -----------------------------------------------------------------------------------


SVG_NAMESPACE = "http://www.w3.org/2000/svg"


class _Stop(Exception):
    """Raised from an expat handler to stop the parse with a message."""


def check_svg(
    text: str, where: str, depth: int = MAX_XML_DEPTH, elements: int = MAX_SVG_ELEMENTS
) -> None:
    """Raise QuarryError unless `text` is well-formed XML whose root is an SVG <svg> (in
    the SVG namespace), whose elements nest at most `depth` deep, with at most `elements`
    elements and no external or parameter entities. Read by expat as a stream, before any
    parser that recurses (svglib, the gallery) sees it."""
    from xml.parsers import expat  # here, not at start-up

    parser = expat.ParserCreate(namespace_separator=" ")
    level = count = 0

    def start(name, attributes) -> None:
        nonlocal level, count
        if count == 0 and name != f"{SVG_NAMESPACE} svg":
            tag = name.split(" ")[-1]
            raise _Stop(
                f'has <{tag}> as its root element, not an SVG <svg> (xmlns="{SVG_NAMESPACE}")'
            )
        level += 1
        count += 1
        if level > depth:
            raise _Stop(
                f"nests SVG elements more than {depth} deep (line {parser.CurrentLineNumber}); "
                f"at most {depth} levels are accepted"
            )
        if count > elements:
            raise _Stop(
                f"has more than {elements} SVG elements (line {parser.CurrentLineNumber}); at "
                f"most {elements} are accepted"
            )

    def end(name) -> None:
        nonlocal level
        level -= 1

    def entity(name, is_parameter, value, base, system_id, public_id, notation) -> None:
        if is_parameter or value is None:
            raise _Stop(
                f"declares the external or parameter entity {name!r} "
                f"(line {parser.CurrentLineNumber}); only internal entities are accepted"
            )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(text.encode("utf-8"), True)
    except _Stop as stop:
        raise QuarryError(str(stop), where=where) from None
    except expat.ExpatError as error:
        raise QuarryError(
            f"is not a well-formed SVG document ({expat.ErrorString(error.code)}: line "
            f"{error.lineno}, column {error.offset})",
            where=where,
        ) from None


def read_svg(path: Path | str, what: str = "an SVG file", limit: int = MAX_SVG_BYTES) -> str:
    """Return the text of the user's SVG file `path`, checked by read_text and check_svg."""
    text = read_text(path, what, limit)
    check_svg(text, shown(path))
    return text
