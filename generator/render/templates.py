"""The Jinja2 environments that turn templates into SVG components (autoescape always on).

Quarry's own templates (templates/: the games' cards, the gallery) render in a plain
environment. A deck's templates are the user's code: they render in Jinja2's sandbox
(jinja2.sandbox.ImmutableSandboxedEnvironment: no private attributes, no changing lists or
dicts) with limits on what a template may spend, so that no template can run without end
or fill the memory. What exceeds a limit stops with TemplateLimit, naming the limit:

- `range()` gives at most MAX_RANGE items, and a number that sets a size in a filter or
  string method (center, indent, wordwrap, truncate, a format width, batch, slice) is at
  most MAX_RANGE too;
- one face takes at most MAX_STEPS steps (a turn of a loop, a call of a macro, function
  or filter; text_box counts the text measurements it may make), a whole deck MAX_DECK_STEPS;
- a face writes at most MAX_OUTPUT characters, a deck MAX_DECK_OUTPUT; no string or list
  a template builds is longer than MAX_OUTPUT, and those it builds come to at most MAX_MADE
  for one face (a block that gathers its text before writing it holds no more); whole
  numbers stay under MAX_INT_BITS bits;
- text_box takes at most MAX_TEXT_BOX characters, sizes from 1 to 200 pt and lengths
  within 10 m.

Template files are read through generator.userfiles (size and UTF-8 checked).
"""

import contextlib
import math
import posixpath
import re
import string
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, wraps
from pathlib import Path

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.loaders import split_template_path
from jinja2.runtime import LoopContext
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from jinja2.utils import generate_lorem_ipsum
from jinja2.visitor import NodeTransformer

from generator.errors import QuarryError
from generator.render.fonts import SVG_FAMILY
from generator.render.layouts import CardFormat
from generator.render.svg import svg_size_mm
from generator.render.text import SIZE_STEP_PT, text_box
from generator.render.units import fmt
from generator.resources import resource_dir

MAX_RANGE = 10_000
MAX_STEPS = 100_000
MAX_DECK_STEPS = 2_000_000
MAX_OUTPUT = 2_000_000
MAX_MADE = 10 * MAX_OUTPUT
MAX_DECK_OUTPUT = 64_000_000
MAX_INT_BITS = 10_000
MAX_TEXT_BOX = 10_000
TEXT_BOX_PT = (1.0, 200.0)
TEXT_BOX_MM = 10_000.0


def environment(extra_dirs: Sequence[Path] = ()) -> jinja2.Environment:
    """Return a Jinja2 environment over `extra_dirs` first, then Quarry's templates/ (for
    Quarry's own templates; a user's run in sandbox()).

    Undefined names are errors (a template that asks for a field a card lacks fails),
    and every value is XML-escaped unless it is already markup (text_box output).
    """
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([*map(str, extra_dirs), str(resource_dir("templates"))]),
        **_OPTIONS,
    )
    env.globals.update(text_box=text_box, font_family=SVG_FAMILY)
    env.filters["mm"] = fmt
    return env


_OPTIONS = {
    "autoescape": True,
    "undefined": jinja2.StrictUndefined,
    "keep_trailing_newline": True,
    "trim_blocks": True,
    "lstrip_blocks": True,
}


def sandbox(extra_dirs: Sequence[Path] = ()) -> jinja2.Environment:
    """Return the environment for a user's templates: as environment(), but sandboxed and
    limited (see the module's docstring), its files read through generator.userfiles."""
    env = _Sandbox(
        loader=_UserFileLoader([*map(str, extra_dirs), str(resource_dir("templates"))]),
        **_OPTIONS,
    )
    env.globals.update(
        text_box=_limited_text_box,
        font_family=SVG_FAMILY,
        range=_range,
        lipsum=_lipsum,
    )
    env.filters = {name: _limited_filter(name, f) for name, f in env.filters.items()}
    env.filters["mm"] = _limited_filter("mm", fmt)
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
    except (RecursionError, SyntaxError, MemoryError):
        # Python's compiler refuses what Jinja2 made of blocks nested too deep.
        raise QuarryError(
            "template too deeply nested for Python to compile (blocks inside blocks)",
            where=name,
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


# --- the sandbox ----------------------------------------------------------------------------


class TemplateLimit(SecurityError):
    """A template went past one of the sandbox's limits; the message names the limit."""


@dataclass
class _Budget:
    """What is left to spend: of one face, and (in `deck`) of the whole deck."""

    steps: int
    output: int
    deck: "_Budget | None" = None
    made: int = MAX_MADE

    def make(self, count: int) -> None:
        self.made -= count
        if self.made < 0:
            raise TemplateLimit(
                f"the template builds more than {MAX_MADE} characters or items of strings "
                "and lists for one face; that is the limit"
            )

    def step(self, count: int = 1) -> None:
        self.steps -= count
        if self.steps < 0:
            raise TemplateLimit(
                f"the template takes more than {MAX_STEPS} steps (loop turns and calls) for "
                "one face; that is the limit"
            )
        if self.deck is not None:
            self.deck.steps -= count
            if self.deck.steps < 0:
                raise TemplateLimit(
                    f"the deck's templates take more than {MAX_DECK_STEPS} steps (loop turns "
                    "and calls) in all; that is the limit"
                )

    def write(self, count: int) -> None:
        self.output -= count
        if self.output < 0:
            raise TemplateLimit(
                f"the template writes more than {MAX_OUTPUT} characters for one face; that "
                "is the limit"
            )
        if self.deck is not None:
            self.deck.output -= count
            if self.deck.output < 0:
                raise TemplateLimit(
                    f"the deck's templates write more than {MAX_DECK_OUTPUT} characters in "
                    "all; that is the limit"
                )


_BUDGET: ContextVar[_Budget | None] = ContextVar("quarry_template_budget", default=None)
_DECK: ContextVar[_Budget | None] = ContextVar("quarry_deck_budget", default=None)


@contextlib.contextmanager
def deck_budget() -> Iterator[None]:
    """Within this block, every sandboxed rendering also spends from one deck's budget
    (MAX_DECK_STEPS, MAX_DECK_OUTPUT)."""
    token = _DECK.set(_Budget(MAX_DECK_STEPS, MAX_DECK_OUTPUT))
    try:
        yield
    finally:
        _DECK.reset(token)


def _budget() -> _Budget:
    budget = _BUDGET.get()
    if budget is None:  # a sandboxed template used outside _SandboxTemplate.render
        raise TemplateLimit("a sandboxed template is only rendered through render()")
    return budget


class _SandboxTemplate(jinja2.Template):
    def render(self, *args, **kwargs) -> str:
        """Return the template rendered, every chunk counted against the face's budget."""
        budget = _Budget(MAX_STEPS, MAX_OUTPUT, _DECK.get())
        token = _BUDGET.set(budget)
        try:
            parts = []
            for chunk in self.root_render_func(self.new_context(dict(*args, **kwargs))):
                budget.write(len(chunk))
                parts.append(chunk)
            return "".join(parts)
        except Exception:
            self.environment.handle_exception()  # the traceback shows template lines
        finally:
            _BUDGET.reset(token)

    def generate(self, *args, **kwargs):
        raise TemplateLimit("sandboxed templates are rendered whole, with render()")


def _too_long(value: object) -> bool:
    sized = isinstance(value, str | list | tuple | dict | set | frozenset)
    return sized and len(value) > MAX_OUTPUT


def _check_size(value: object, what: str = "a value") -> object:
    """Return `value`, a value a template has just built, once it is known to be within
    MAX_OUTPUT long (or MAX_INT_BITS) and its length is spent from the face's MAX_MADE."""
    if _too_long(value):
        raise TemplateLimit(
            f"{what} of {len(value)} characters or items; a template's strings and lists "
            f"may be at most {MAX_OUTPUT} long"
        )
    if isinstance(value, str | list | tuple | dict | set | frozenset):
        _budget().make(len(value))
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise TemplateLimit(f"a whole number over {MAX_INT_BITS} bits; that is the limit")
    return value


def _check_count(value: object, what: str) -> None:
    if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > MAX_RANGE:
        raise TemplateLimit(f"{what} of {value:g}; a template's sizes may be at most {MAX_RANGE}")


_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
_DIGITS = re.compile(r"\d+")


def _check_format(text: object, style: str) -> None:
    """Refuse a format string (`style` "%" or "{}") that asks for widths or precisions over
    MAX_RANGE, or takes them from its arguments."""
    if not isinstance(text, str):
        return
    if style == "%":
        for match in _PERCENT_SPEC.finditer(text):
            for part in match.groups():
                if part == "*":
                    raise TemplateLimit("a format width taken from the arguments ('*')")
                if part is not None:
                    _check_count(int(part), "a format width")
        return
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return  # format() itself refuses it
    for _, _, spec, _ in parsed:
        if spec and "{" in spec:
            raise TemplateLimit("a format width taken from the arguments ('{}' in a spec)")
        for digits in _DIGITS.findall(spec or ""):
            _check_count(int(digits), "a format width")


def _range(*args: int) -> range:
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise TemplateLimit(
            f"range() of {len(numbers)} items; a template's range may have at most {MAX_RANGE}"
        )
    return numbers


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:  # noqa: A002
    for value in (n * max, min):
        _check_count(value, "lipsum() words")
    return generate_lorem_ipsum(n, html, min, max)


def _limited_text_box(*args, **kwargs):
    """text_box with its arguments kept where its work is small: the text at most
    MAX_TEXT_BOX characters, sizes from 1 to 200 pt, lengths finite and within 10 m; it
    spends a step for each measurement it may make."""
    names = ("text", "x", "y", "w", "h", "size", "min_size")
    given = dict(zip(names, args, strict=False)) | kwargs
    text = str(given.get("text", ""))
    if len(text) > MAX_TEXT_BOX:
        raise TemplateLimit(f"text_box got {len(text)} characters; it takes at most {MAX_TEXT_BOX}")
    low, high = TEXT_BOX_PT
    size = given.get("size", 9)
    min_size = given.get("min_size") or (size * 0.6 if isinstance(size, int | float) else size)
    for name in ("size", "min_size"):
        value = size if name == "size" else min_size
        if not isinstance(value, int | float) or not low <= value <= high:
            raise TemplateLimit(f"text_box {name}={value!r}; sizes are {low:g} to {high:g} pt")
    for name in ("x", "y", "w", "h"):
        value = given.get(name)
        if isinstance(value, int | float) and not (
            math.isfinite(value) and abs(value) <= TEXT_BOX_MM
        ):
            raise TemplateLimit(f"text_box {name}={value!r}; lengths are within 10000 mm")
    sizes = max(1, math.ceil((size - min(size, min_size)) / SIZE_STEP_PT) + 1)
    _budget().step(sizes * (len(text.split()) + 1))
    return text_box(*args, **kwargs)


# Filters whose numeric arguments set the size of what they make.
_SIZED_FILTERS = {"center", "indent", "truncate", "wordwrap", "batch", "slice", "tojson"}


def _limited_filter(name: str, function: Callable) -> Callable:
    """Return `function` (a filter) spending a step, with its size arguments checked
    before and its result's size after."""
    first = 1 if hasattr(function, "jinja_pass_arg") else 0  # the value's place in args

    @wraps(function)
    def limited(*args, **kwargs):
        _budget().step()
        if name in _SIZED_FILTERS:
            for value in (*args[first + 1 :], *kwargs.values()):
                _check_count(value, f"the {name} filter's argument")
        elif name == "format" and args:
            _check_format(args[0], "%")
        elif name == "join" and len(args) > first:
            items = _joined(args[first], args[first + 1] if len(args) > first + 1 else "")
            args = (*args[:first], items, *args[first + 1 :])
        elif name == "replace" and len(args) >= first + 3:
            _check_replace(*(str(a) for a in args[first : first + 3]))
        try:
            result = function(*args, **kwargs)
        except AssertionError:  # Jinja2's filters assert on some arguments (truncate(0))
            raise jinja2.TemplateRuntimeError(
                f"the {name} filter does not take these arguments"
            ) from None
        return _check_size(result, f"the {name} filter made a value")

    return limited


def _joined(items, separator: object) -> list | str:
    """Return `items` (to join with `separator`) as a list, once their joined length is
    known to be within MAX_OUTPUT."""
    if isinstance(items, str):
        items = list(items)
    items = list(items)
    total = sum(len(item) if isinstance(item, str) else 24 for item in items)
    total += len(str(separator)) * max(0, len(items) - 1)
    if total > MAX_OUTPUT:
        raise TemplateLimit(
            f"a join of {total} characters; a template's strings may be at most {MAX_OUTPUT}"
        )
    return items


def _check_replace(text: str, old: str, new: str) -> None:
    pieces = len(text) + 1 if old == "" else len(text) // max(1, len(old))
    if len(text) + pieces * len(new) > MAX_OUTPUT:
        raise TemplateLimit(
            f"a replace() could make {len(text) + pieces * len(new)} characters; a "
            f"template's strings may be at most {MAX_OUTPUT}"
        )


# String methods whose first argument is a width.
_WIDTH_METHODS = {"center", "ljust", "rjust", "zfill", "expandtabs"}


def _guarded(check: str, node: nodes.Expr) -> nodes.Call:
    """Return `node` passed through environment.<check> (a call, so it also spends a step)."""
    return nodes.Call(nodes.EnvironmentAttribute(check), [node], [], None, None, lineno=node.lineno)


class _Guards(NodeTransformer):
    """Every for loop's iterable through environment.loop_steps (a step an item), and every
    `~` through environment.size_checked."""

    def visit_For(self, node: nodes.For) -> nodes.For:
        node = self.generic_visit(node)
        node.iter = _guarded("loop_steps", node.iter)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Expr:
        return _guarded("size_checked", self.generic_visit(node))


class _GuardedCodeGenerator(CodeGenerator):
    """Jinja2's code generator, run on the template with its loops and `~` guarded."""

    def visit_Template(self, node: nodes.Template, frame=None) -> None:
        _Guards().visit(node)
        super().visit_Template(node, frame)


def _limited_concat(parts) -> str:
    parts = list(parts)
    total = sum(len(part) for part in parts)
    if total > MAX_OUTPUT:
        raise TemplateLimit(
            f"a block, macro or set of {total} characters; a template's strings may be at "
            f"most {MAX_OUTPUT} long"
        )
    return "".join(parts)


def _check_binop(operator: str, left, right) -> None:
    """Refuse `left operator right` before it is computed when its result would be over
    the limits: a string or list too long, a whole number of too many bits."""
    sequence = str | list | tuple
    if operator == "*":
        for one, other in ((left, right), (right, left)):
            if (
                isinstance(one, sequence)
                and isinstance(other, int)
                and len(one) * other > MAX_OUTPUT
            ):
                raise TemplateLimit(
                    f"a * of {len(one) * other} characters or items; a template's strings "
                    f"and lists may be at most {MAX_OUTPUT} long"
                )
        ints = isinstance(left, int) and isinstance(right, int)
        if ints and left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise TemplateLimit(f"a * of whole numbers over {MAX_INT_BITS} bits; that is the limit")
    elif operator == "**":
        ints = isinstance(left, int) and isinstance(right, int)
        if ints and right > 0 and abs(left) > 1 and right * left.bit_length() > MAX_INT_BITS:
            raise TemplateLimit(f"a ** of over {MAX_INT_BITS} bits; that is the limit")
    elif operator == "+":
        both = isinstance(left, sequence) and isinstance(right, sequence)
        if both and len(left) + len(right) > MAX_OUTPUT:
            raise TemplateLimit(
                f"a + of {len(left) + len(right)} characters or items; a template's strings "
                f"and lists may be at most {MAX_OUTPUT} long"
            )
    elif operator == "%":
        _check_format(left, "%")


class _Sandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox with Quarry's limits (see the module's docstring)."""

    code_generator_class = _GuardedCodeGenerator
    template_class = _SandboxTemplate
    concat = staticmethod(_limited_concat)
    intercepted_binops = frozenset({"+", "*", "**", "%"})

    @staticmethod
    def loop_steps(iterable) -> Iterator:
        budget = _budget()
        for item in iterable:
            budget.step()
            yield item

    @staticmethod
    def size_checked(value):
        return _check_size(value, "a ~ made a string")

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (as Jinja2's)
        _budget().step()
        bound = getattr(__obj, "__self__", None)
        method = getattr(__obj, "__name__", "")
        if isinstance(bound, str):
            if method in _WIDTH_METHODS:
                for value in (*args[:1], *kwargs.values()):
                    _check_count(value, f"the width given to {method}()")
            elif method == "replace" and len(args) >= 2:
                _check_replace(bound, str(args[0]), str(args[1]))
            elif method == "join" and args:
                args = (_joined(args[0], bound), *args[1:])
        elif isinstance(__obj, LoopContext) and args:  # a recursive loop's next level
            args = (__self.loop_steps(args[0]), *args[1:])
        result = super().call(__context, __obj, *args, **kwargs)
        return _check_size(result, f"{method or 'a call'}() made a value")

    def call_binop(self, context, operator: str, left, right):
        _check_binop(operator, left, right)
        return _check_size(super().call_binop(context, operator, left, right), "a value")

    def wrap_str_format(self, value):
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_format(value.__self__, "{}")
        return wrapped


class _UserFileLoader(jinja2.FileSystemLoader):
    """FileSystemLoader reading each template through generator.userfiles (size, UTF-8)."""

    def get_source(self, environment, template):
        from generator.userfiles import read_text

        pieces = split_template_path(template)
        for folder in self.searchpath:
            filename = posixpath.join(folder, *pieces)
            if Path(filename).is_file():
                break
        else:
            raise jinja2.TemplateNotFound(template)
        text = read_text(filename, "a Jinja2 template")
        # An environment lives for one deck: its templates do not change under it.
        return text, str(Path(filename)), lambda: True
