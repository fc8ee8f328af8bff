"""A deck's templates run in Jinja2's sandbox within limits (render/templates.py): whatever a
template asks for, it renders or stops with TemplateLimit (or Jinja2's SecurityError)
naming what it went past, at once, and Quarry's own templates are not sandboxed."""

import jinja2
import pytest
from jinja2.sandbox import SecurityError

from generator.render.templates import TemplateLimit, deck_budget, environment, sandbox


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    folder = tmp_path_factory.mktemp("templates")
    (folder / "self.j2").write_text("{% include 'self.j2' %}", encoding="utf-8")
    return sandbox([folder])


def render(env, source: str) -> str:
    with deck_budget():
        return env.from_string(source).render(card={"width": 63}, fields={"text": "x"})


LIMITS = {
    "range": ("{% for i in range(10**8) %}x{% endfor %}", "range() of 100000000 items"),
    "loops in loops": (
        "{% for i in range(9999) %}{% for j in range(9999) %}{% endfor %}{% endfor %}",
        "more than 100000 steps",
    ),
    "a long string": ("{{ 'x' * 10**9 }}", "a * of 1000000000"),
    "a long list": ("{{ ([1] * 10**9)|length }}", "a * of 1000000000"),
    "a big power": ("{{ 2 ** 100000 }}", "a ** of over 10000 bits"),
    "squaring": (
        "{% set ns = namespace(x=3) %}{% for i in range(40) %}{% set ns.x = ns.x * ns.x %}"
        "{% endfor %}",
        "a * of whole numbers over 10000 bits",
    ),
    "doubling with ~": (
        "{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}"
        "{% endfor %}",
        "a ~ made a string of 2097152",
    ),
    "doubling with +": (
        "{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s + ns.s %}"
        "{% endfor %}",
        "a + of 2097152",
    ),
    "center": ("{{ 'x'|center(10**9) }}", "the center filter's argument of 1e+09"),
    "ljust": ("{{ 'x'.ljust(10**9) }}", "the width given to ljust() of 1e+09"),
    "expandtabs": ("{{ ('\t' * 9).expandtabs(10**7) }}", "expandtabs()"),
    "% width": ("{{ '%999999999d' % 1 }}", "a format width of 1e+09"),
    "format filter": ("{{ '%999999999d'|format(1) }}", "a format width of 1e+09"),
    "str.format": ("{{ '{:999999999}'.format(1) }}", "a format width of 1e+09"),
    "format width from arguments": ("{{ '{:{}}'.format(1, 10**9) }}", "taken from the arguments"),
    "join": ("{{ ([('x' * 1000000)] * 1000)|join }}", "a join of 1000000000"),
    "str.join": ("{{ ''.join([('x' * 1000000)] * 1000) }}", "a join of 1000000000"),
    "replace": ("{{ ('x' * 1000000).replace('', 'yyy') }}", "a replace() could make"),
    "exponential macro": (
        "{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(40) }}",
        "more than 100000 steps",
    ),
    "a gathering block": (
        "{% set x %}{% for i in range(10000) %}{{ 'y' * 1000000 }}{% endfor %}{% endset %}",
        "builds more than 20000000",
    ),
    "output": (
        "{% for i in range(10000) %}{{ 'y' * 1000000 }}{% endfor %}",
        "writes more than 2000000",
    ),
    "lipsum": ("{{ lipsum(10**6) }}", "lipsum() words"),
    "slice": ("{{ [1]|slice(10**9) }}", "the slice filter's argument"),
    "tojson indent": ("{{ 1|tojson(indent=10**9) }}", "the tojson filter's argument"),
    "text_box size": ("{{ text_box('x', 0, 0, 10, 10, size=1e300) }}", "text_box size=1e+300"),
    "text_box length": (
        "{{ text_box('w ' * 10000, 0, 0, 10, 10) }}",
        "text_box got 20000 characters",
    ),
    "a big int from text": ("{{ ('9' * 4000)|int }}", "a whole number over 10000 bits"),
    "a string's characters": (
        "{% for a in 'x' * 1000000 %}{% endfor %}",
        "more than 100000 steps",
    ),
    "a recursive loop": (
        "{% for x in [1] recursive %}{% if x == 1 %}{{ loop([2] * 200000) }}{% endif %}"
        "{% endfor %}",
        "more than 100000 steps",
    ),
}


@pytest.mark.parametrize(("source", "message"), LIMITS.values(), ids=LIMITS.keys())
def test_a_template_past_a_limit_stops_naming_it(env, source, message):
    with pytest.raises(TemplateLimit) as caught:
        render(env, source)
    assert message in str(caught.value)


def test_the_deck_budget_is_shared_by_its_faces(env):
    template = env.from_string("{% for i in range(9000) %}{% endfor %}")
    with (
        deck_budget(),
        pytest.raises(TemplateLimit, match="the deck's templates take more than 2000000"),
    ):
        for _ in range(300):  # 9,000 steps a face, well within a face's 100,000
            template.render()


@pytest.mark.parametrize(
    "source",
    ["{{ ''.__class__.__mro__ }}", "{% set l = [] %}{{ l.append(1) }}", "{{ fields.update(a=1) }}"],
    ids=["private attribute", "list.append", "dict.update"],
)
def test_the_sandbox_refuses_private_attributes_and_changing_values(env, source):
    with pytest.raises(SecurityError):
        render(env, source)


def test_a_template_including_itself_is_a_recursion_error(env):
    with pytest.raises(RecursionError):
        render(env, "{% include 'self.j2' %}")


def test_what_stays_within_the_limits_renders_as_jinja2_renders_it(env):
    source = (
        "{% for i in range(3) %}{{ i }}{% endfor %}|{{ 'ab' * 2 }}|{{ 2 ** 10 }}|"
        "{{ '%05.1f' % 3.14159 }}|{{ '{:>6}'.format('r') }}|{{ [1, 2]|join(',') }}|"
        "{{ 'x'|center(5) }}|{{ card.width + 2 * 3 }}|{{ fields.text ~ '!' }}"
    )
    plain = jinja2.Environment().from_string(source)
    assert render(env, source) == plain.render(card={"width": 63}, fields={"text": "x"})


def test_quarrys_own_templates_are_not_sandboxed():
    assert not environment().sandboxed
    assert sandbox().sandboxed
