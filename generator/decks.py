"""Custom decks: a TOML file of card rows rendered through Jinja2 SVG templates.

See docs/decks.md for the format. Loading checks everything a user can get wrong (keys,
counts, card format, templates) before any card is drawn.
"""

import re
from dataclasses import dataclass
from pathlib import Path

import jinja2

from generator.errors import QuarryError
from generator.render.layouts import CardFormat, LayoutBook
from generator.render.svg import svg_size_mm
from generator.render.templates import TemplateLimit, deck_budget, load_template, sandbox
from generator.render.text import TextOverflow
from generator.render.units import fmt
from generator.userfiles import check_svg, read_toml, shown

MAX_CARDS = 5000
MAX_COUNT = MAX_CARDS
DECK_KEYS = {"name", "card", "front", "back", "sheet", "description"}
DECK_LAYOUT_KINDS = ("paper", "card", "sheet")  # what `quarry cards` reads from --layout files
_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class CardRow:
    """One row of the deck: its fields, how many copies, and its place in the file."""

    number: int
    fields: dict
    count: int

    @property
    def label(self) -> str:
        name = self.fields.get("name", self.fields.get("title"))
        return f"card {str(name)!r} (row {self.number})" if name else f"card row {self.number}"

    @property
    def slug(self) -> str:
        name = str(self.fields.get("name", self.fields.get("title", "card")))
        return f"{self.number:02d}-{slugify(name)}"


@dataclass(frozen=True)
class Deck:
    path: Path
    name: str
    card: CardFormat
    front: str
    back: str | None
    sheet: str
    rows: tuple[CardRow, ...]

    @property
    def total(self) -> int:
        return sum(row.count for row in self.rows)

    @property
    def slug(self) -> str:
        return slugify(self.name)


@dataclass(frozen=True)
class RenderedCard:
    """A distinct card drawn: its SVG front and back and how many copies to print."""

    row: CardRow
    front: str
    back: str | None


MAX_NAME = 200  # a deck's name: the guide page sets it as a title, a footer on one line
MAX_SLUG = 60  # a file or folder name made from a name: well under any file system's limit


def slugify(text: str) -> str:
    """Return `text` as a lowercase file name made of letters, digits and dashes, at most
    MAX_SLUG long (a long name is cut, not refused)."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:MAX_SLUG].rstrip("-")
    return slug or "deck"


def load_deck(path: Path, book: LayoutBook) -> Deck:
    """Return the deck described in the TOML file `path`, fully checked (with the layouts
    of `book`, whose user files may hold only what a deck uses: papers, cards, sheets)."""
    book.check_user_kinds(DECK_LAYOUT_KINDS, "quarry cards")
    data = read_toml(path, "a deck file (TOML)")
    where = shown(path)
    for key in data:
        if key not in ("deck", "card"):
            raise QuarryError(f"unknown table [{key}]; a deck has [deck] and [[card]]", where=where)
    head = data.get("deck")
    if not isinstance(head, dict):
        raise QuarryError("missing the [deck] table (name, card, front, back)", where=where)
    for key in head:
        if key not in DECK_KEYS:
            raise QuarryError(
                f"[deck] has unknown key {key!r}; accepted: {', '.join(sorted(DECK_KEYS))}",
                where=where,
            )
    for key in ("name", "front"):
        if not isinstance(head.get(key), str) or not head[key].strip():
            raise QuarryError(f'[deck] needs {key} = "..."', where=where)
    if len(head["name"].strip()) > MAX_NAME:
        raise QuarryError(
            f"[deck] name is {len(head['name'].strip())} characters; a deck's name (its title "
            f"on the guide page and every footer) may be at most {MAX_NAME}",
            where=where,
        )
    try:
        card = book.card(str(head.get("card", "poker")))
        sheet = str(head.get("sheet", "default"))
        book.sheet(sheet)
    except QuarryError as error:
        raise QuarryError(f"[deck] {error}", where=where) from None
    rows_data = data.get("card")
    if not isinstance(rows_data, list) or not rows_data:
        raise QuarryError("no cards: add at least one [[card]] table", where=where)
    rows = tuple(_row(number, raw, where) for number, raw in enumerate(rows_data, start=1))
    total = sum(row.count for row in rows)
    if total > MAX_CARDS:
        raise QuarryError(f"{total} cards in all; a deck may have at most {MAX_CARDS}", where=where)
    back = head.get("back")
    if back is not None and not isinstance(back, str):
        raise QuarryError("[deck] back must be a template file name", where=where)
    return Deck(path, head["name"].strip(), card, head["front"], back, sheet, rows)


def _row(number: int, raw: object, where: str) -> CardRow:
    if not isinstance(raw, dict):
        raise QuarryError(f"card row {number} must be a [[card]] table", where=where)
    fields = dict(raw)
    count = fields.pop("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise QuarryError(
            f"card row {number}: count must be a whole number from 1 to {MAX_COUNT}, got {count!r}",
            where=where,
        )
    for key in fields:
        if not _FIELD.match(key):
            raise QuarryError(
                f"card row {number}: field name {key!r} must be letters, digits and _",
                where=where,
            )
    return CardRow(number, fields, count)


def render_deck(deck: Deck, bleed: float) -> list[RenderedCard]:
    """Return every distinct card of `deck` drawn as SVG with `bleed` mm around it."""
    env = sandbox([deck.path.parent])
    where = shown(deck.path)
    front = load_template(env, deck.front, where)
    back = load_template(env, deck.back, where) if deck.back else None
    card = {
        "width": deck.card.width,
        "height": deck.card.height,
        "corner_radius": deck.card.corner_radius,
        "bleed": bleed,
        "format": deck.card.name,
    }
    info = {"name": deck.name, "total": deck.total}
    size = (deck.card.width + 2 * bleed, deck.card.height + 2 * bleed)
    rendered = []
    with deck_budget():
        for row in deck.rows:
            context = {"card": card, "fields": row.fields, "deck": info}
            front_svg = _render(front, context, row, deck.front, size)
            back_svg = _render(back, context, row, deck.back, size) if back else None
            rendered.append(RenderedCard(row, front_svg, back_svg))
    return rendered


def _render(
    template: jinja2.Template, context: dict, row: CardRow, name: str, size: tuple[float, float]
) -> str:
    """Render one face and check it is an SVG of the card's size (bleed included)."""
    svg = _run_template(template, context, row, name)
    try:
        check_svg(svg, where="")
    except QuarryError as error:  # the message alone: `where` is empty
        raise QuarryError(f"{row.label}: the template's output {error}", where=name) from None
    try:
        width, height = svg_size_mm(svg)
    except ValueError as error:
        raise QuarryError(
            f"{row.label}: the template's output is not usable: {error}", where=name
        ) from None
    if abs(width - size[0]) > 0.01 or abs(height - size[1]) > 0.01:
        raise QuarryError(
            f"{row.label}: the template draws {fmt(width)} x {fmt(height)} mm, but the card with "
            f"its bleed is {fmt(size[0])} x {fmt(size[1])} mm (extend base/card.svg.j2)",
            where=name,
        )
    return svg


def _run_template(template: jinja2.Template, context: dict, row: CardRow, name: str) -> str:
    try:
        return template.render(context)
    except jinja2.UndefinedError as error:
        missing = re.search(r"has no attribute '([^']+)'|'([^']+)' is undefined", str(error))
        field = next((g for g in missing.groups() if g), None) if missing else None
        known = ", ".join(sorted(row.fields)) or "none"
        what = f"uses {field!r}" if field else f"fails: {error}"
        raise QuarryError(
            f"{what}, which {row.label} does not have (its fields: {known})",
            where=_template_where(error, name),
        ) from None
    except TextOverflow as error:
        field = next((k for k, v in row.fields.items() if _words(v) == _words(error.text)), None)
        named = f", field {field!r}" if field else ""
        raise QuarryError(f"{row.label}{named}: {error}", where=name) from None
    except jinja2.TemplateSyntaxError as error:
        where = f"{error.filename or name}:{error.lineno}"
        raise QuarryError(f"template syntax error: {error.message}", where=where) from None
    except jinja2.TemplateNotFound as error:
        raise QuarryError(f"template {error.name!r} not found", where=name) from None
    except TemplateLimit as error:
        raise QuarryError(f"{row.label}: {error}", where=_template_where(error, name)) from None
    except RecursionError as error:
        raise QuarryError(
            f"{row.label}: the template recurses without end (it includes, extends or calls "
            "itself, or nests deeper than Python allows)",
            where=_template_where(error, name),
        ) from None
    except SyntaxError:  # Python's compiler, on blocks nested too deep
        raise QuarryError(
            f"{row.label}: a template is too deeply nested for Python to compile", where=name
        ) from None
    except MemoryError:
        raise QuarryError(f"{row.label}: the template ran out of memory", where=name) from None
    # A template is the user's code: whatever it raises is a mistake in the deck, not in Quarry.
    except (
        jinja2.TemplateError,
        TypeError,
        ValueError,
        ArithmeticError,
        LookupError,
        NameError,  # Jinja2 compiles the literal 1e999 to `inf`, an unknown name
        AttributeError,
        RuntimeError,
    ) as error:
        raise QuarryError(
            f"{row.label}: {type(error).__name__}: {error}", where=_template_where(error, name)
        ) from None


def _words(value: object) -> list[str]:
    return str(value).split()


def _template_where(error: BaseException, name: str) -> str:
    """Return 'file:line' of the template frame that raised, as Jinja2 rewrites tracebacks."""
    tb = error.__traceback__
    where = name
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            where = f"{filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where
