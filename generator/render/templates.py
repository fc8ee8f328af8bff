"""The Jinja2 environment that turns templates into SVG components (autoescape always on)."""

from collections.abc import Sequence
from functools import cache
from pathlib import Path

import jinja2

from generator.errors import QuarryError
from generator.render.fonts import SVG_FAMILY
from generator.render.layouts import CardFormat
from generator.render.svg import svg_size_mm
from generator.render.text import text_box
from generator.render.units import fmt
from generator.resources import resource_dir


def environment(extra_dirs: Sequence[Path] = ()) -> jinja2.Environment:
    """Return a Jinja2 environment over `extra_dirs` first, then Quarry's templates/.

    Undefined names are errors (a template that asks for a field a card lacks fails),
    and every value is XML-escaped unless it is already markup (text_box output).
    """
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([*map(str, extra_dirs), str(resource_dir("templates"))]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(text_box=text_box, font_family=SVG_FAMILY)
    env.filters["mm"] = fmt
    return env


def load_template(env: jinja2.Environment, name: str, where: str) -> jinja2.Template:
    """Return the template `name`; a missing or broken one is a QuarryError at `where`."""
    try:
        return env.get_template(name)
    except jinja2.TemplateNotFound:
        raise QuarryError(f"template {name!r} not found", where=where) from None
    except jinja2.TemplateSyntaxError as error:
        raise QuarryError(
            f"template syntax error: {error.message}", where=f"{error.filename}:{error.lineno}"
        ) from None


@cache
def shared_environment() -> jinja2.Environment:
    """Return one environment over Quarry's templates/, made once per process."""
    return environment()


def render_card(
    template: str, card: CardFormat, bleed: float, fields: dict, ink: str = "normal"
) -> str:
    """Return templates/<template> rendered for one card of format `card` with `bleed` mm
    round it (the context holds "card", "fields" and "ink": normal or low, for templates
    that have a light version), checked to be an SVG of exactly the card's size with its
    bleed (ValueError otherwise)."""
    context = {
        "ink": ink,
        "card": {
            "width": card.width,
            "height": card.height,
            "corner_radius": card.corner_radius,
            "bleed": bleed,
            "format": card.name,
        },
        "fields": fields,
    }
    svg = shared_environment().get_template(template).render(context)
    width, height = svg_size_mm(svg)
    expected = (card.width + 2 * bleed, card.height + 2 * bleed)
    if abs(width - expected[0]) > 1e-6 or abs(height - expected[1]) > 1e-6:
        raise ValueError(f"{template} drew {width} x {height} mm, not {expected}")
    return svg
