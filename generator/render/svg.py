"""SVG components: true size in millimetres, converted to reportlab drawings for PDFs."""

import hashlib
import io
import logging
import math
import re
from collections.abc import Callable, Mapping, Set
from functools import lru_cache, wraps
from xml.etree import ElementTree

import svgwrite
from reportlab.graphics.shapes import Drawing
from svglib.svglib import Svg2RlgAttributeConverter, SvgRenderer, load_svg_file

from generator.render.fonts import ensure_fonts
from generator.render.units import fmt

# svglib logs every SVG attribute it does not use; Quarry's own SVGs are checked by tests.
logging.getLogger("svglib").setLevel(logging.ERROR)
# svgwrite checks every attribute of an element made outside a Drawing (Group(), Text()
# and Path() called directly) as it is set and again as it is written: a tenth of the CPU
# of `kit all`, for checks the tests make. Elements made from here on are unchecked, as
# new_document's are (debug=False); no written byte changes.
svgwrite.params.Parameter.__init__.__defaults__ = (False, "full")

_LENGTH = re.compile(r"^\s*([\d.]+(?:e[-+]?\d+)?)\s*(mm|cm|in|pt|px)?\s*$", re.ASCII)
_LONG_FLOAT = re.compile(r"-?\d+\.\d{4,}")
_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "px": 25.4 / 96, None: 25.4 / 96}


def new_document(width: float, height: float, origin: tuple[float, float] = (0, 0)):
    """Return an svgwrite Drawing `width` x `height` mm whose user unit is 1 mm."""
    x, y = origin
    return svgwrite.Drawing(
        size=(f"{fmt(width)}mm", f"{fmt(height)}mm"),
        viewBox=f"{fmt(x)} {fmt(y)} {fmt(width)} {fmt(height)}",
        profile="full",
        debug=False,
    )


def document_text(dwg: svgwrite.Drawing) -> str:
    """Return the SVG document `dwg` as text, every long decimal rounded to 0.001 mm (fmt):
    files stay small, and a drawing's bytes do not hang on float noise."""
    return _LONG_FLOAT.sub(lambda m: fmt(float(m.group())), dwg.tostring()) + "\n"


def document_of(width: float, height: float, body: list[str], cls: str = "") -> str:
    """Return an SVG document `width` x `height` mm (user unit 1 mm) holding the SVG text
    fragments `body` in order (for figures built as text rather than with svgwrite)."""
    klass = f' class="{cls}"' if cls else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(width)}mm" '
        f'height="{fmt(height)}mm" viewBox="0 0 {fmt(width)} {fmt(height)}"{klass}>'
        + "".join(body)
        + "</svg>\n"
    )


def svg_size_mm(svg_text: str) -> tuple[float, float]:
    """Return (width, height) in mm declared on the root <svg> element.

    The whole document must parse (a cut-off file is refused). Units mm, cm, in, pt and px
    (1/96 in, also the meaning of a bare number) are read; anything else raises ValueError.
    """
    try:
        root = ElementTree.fromstring(svg_text.encode("utf-8"))
    except ElementTree.ParseError as error:
        raise ValueError(f"not a well-formed SVG document ({error})") from None
    if not root.tag.endswith("svg"):
        raise ValueError("the root element is not <svg>")
    sizes = []
    for name in ("width", "height"):
        value = root.get(name, "").strip()
        match = _LENGTH.match(value)
        if not match:
            raise ValueError(
                f"the <svg> element's {name} is {value or 'missing'!r}; it needs a positive "
                "absolute length such as 500mm, 50cm or 20in"
            )
        try:
            number = float(match.group(1))
        except ValueError:
            raise ValueError(f"the <svg> element's {name} {value!r} is not a number") from None
        if not math.isfinite(number):
            raise ValueError(f"the <svg> element's {name} {value!r} is not a finite length")
        sizes.append(number * _MM[match.group(2)])
    return sizes[0], sizes[1]


class _QuickAttributes(Svg2RlgAttributeConverter):
    """svglib's attribute converter giving the same answers with less work: an attribute
    is looked up the element's ancestors in a loop rather than by recursion, and the lists
    svglib splits from attribute text (font families, dash arrays) are split once for each
    distinct text. svglib spent a third of its time in these (a kit reads 240 figures)."""

    def findAttr(self, svgNode, name: str) -> str:  # noqa: N802, N803 (svglib's names)
        node = svgNode
        while True:
            attrib = node.etree_element.attrib
            if not attrib.get("__rules_applied", False):  # as svglib: CSS, then style=""
                if self.css_rules is not None:
                    node.apply_rules(self.css_rules)
                style = attrib.get("style")
                if style:
                    for key, value in self.parseMultiAttributes(style).items():
                        if not key.startswith("-"):  # lxml refuses such names
                            attrib[key] = value
                    attrib["__rules_applied"] = "1"
            value = attrib.get(name, "").strip()
            if value and value != "inherit":
                return value
            node = node.parent
            if node is None:
                return ""

    @staticmethod
    def split_attr_list(attr: str) -> list[str]:
        return list(_split_attr_list(attr))

    @staticmethod
    def split_font_family_list(attr: str) -> list[str]:
        return list(_split_font_family_list(attr))


@lru_cache(maxsize=256)
def _split_attr_list(attr: str) -> tuple[str, ...]:
    return tuple(Svg2RlgAttributeConverter.split_attr_list(attr))


@lru_cache(maxsize=256)
def _split_font_family_list(attr: str) -> tuple[str, ...]:
    return tuple(Svg2RlgAttributeConverter.split_font_family_list(attr))


@lru_cache(maxsize=128)
def to_drawing(svg_text: str) -> Drawing:
    """Return the reportlab Drawing of an SVG document (fonts registered first).

    The same text gives the same Drawing object (the same figure is set again each time a
    page is fitted): callers draw it and never change it. svglib reads it (svg2rlg's
    steps), with _QuickAttributes for its attribute converter."""
    ensure_fonts()
    source = io.BytesIO(svg_text.encode("utf-8"))
    root = load_svg_file(source)
    if root is None:
        raise ValueError("svglib could not read an SVG component")
    renderer = SvgRenderer(source)
    renderer.attrConverter.__class__ = _QuickAttributes  # the shape converter's, too
    drawing = renderer.render(root)
    if drawing is None:
        raise ValueError("svglib could not read an SVG component")
    return drawing


FIGURES_KEPT = 256  # drawings remembered by each once_per_arguments function


def once_per_arguments(draw: Callable[..., str]) -> Callable[..., str]:
    """Return `draw` (a pure function giving SVG text) drawing each distinct set of
    arguments once: a kit sets the same board for A4 and for Letter, and again each time
    a page is fitted. Arguments are compared by value and type (a dict by its items in
    order, a list or tuple by its items); with an argument that cannot be compared so (an
    iterator, say), `draw` simply draws."""
    drawn: dict = {}

    @wraps(draw)
    def drawing(*args, **kwargs) -> str:
        try:
            key = _by_value((args, kwargs))
            hash(key)
        except TypeError:
            return draw(*args, **kwargs)
        if key not in drawn:
            if len(drawn) >= FIGURES_KEPT:
                drawn.clear()
            drawn[key] = draw(*args, **kwargs)
        return drawn[key]

    return drawing


def _by_value(value):
    """Return a hashable stand-in for `value` that is equal only for an equal value of the
    same type; TypeError for what has none (an iterator, a mutable object of its own)."""
    if isinstance(value, Mapping):
        return (type(value), tuple((_by_value(k), _by_value(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return (type(value), tuple(_by_value(item) for item in value))
    if isinstance(value, Set):
        return (type(value), frozenset(_by_value(item) for item in value))
    if isinstance(value, str | int | float | bool | None):
        return (type(value), value)
    if (
        getattr(value, "__dataclass_params__", None) is not None
        and value.__dataclass_params__.frozen
    ):
        return (type(value), value)
    raise TypeError(f"no value to compare for a {type(value).__name__}")


def digest(svg_text: str) -> str:
    """Return a short stable id for an SVG document's content."""
    return hashlib.sha256(svg_text.encode("utf-8")).hexdigest()[:16]
