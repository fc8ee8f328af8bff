"""Lengths with units: parse_length reads "63mm", "6.3cm", "2.5in", "12pt" or 0; fmt writes them."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import QuarryError
from generator.render.units import fmt, mm_to_pt, parse_length, pt_to_mm


@pytest.mark.parametrize(
    ("text", "mm"),
    [
        ("63mm", 63.0),
        ("6.3cm", 63.0),
        ("2.5in", 63.5),
        ("12pt", 12 * 25.4 / 72),
        ("0mm", 0.0),
        (" 88 mm ", 88.0),
        (".5mm", 0.5),
        ("-2mm", -2.0),
    ],
)
def test_parse_length_reads_each_unit_into_millimetres(text, mm):
    assert parse_length(text) == pytest.approx(mm, abs=1e-12)


@pytest.mark.parametrize("zero", [0, 0.0])
def test_parse_length_accepts_a_bare_zero(zero):
    assert parse_length(zero) == 0.0


@pytest.mark.parametrize(
    "value", ["63", "63 px", "63px", True, False, None, "abc", 63, 2.5, "", "mm"]
)
def test_parse_length_rejects_a_value_without_a_known_unit(value):
    with pytest.raises(QuarryError) as caught:
        parse_length(value)
    assert "63mm" in str(caught.value), "the message says what would be accepted"


def test_parse_length_error_names_where_the_value_came_from():
    with pytest.raises(QuarryError, match=r"^cards\.toml \[card\.x\] width: .*'63'"):
        parse_length("63", where="cards.toml [card.x] width")


_plain_floats = st.floats(min_value=-10_000, max_value=10_000, allow_nan=False).filter(
    # Python writes |x| < 1e-4 in scientific notation, which is not a length a user types.
    lambda x: x == 0 or abs(x) >= 1e-3
)


@settings(max_examples=200, deadline=None)
@given(_plain_floats)
def test_parse_length_of_x_mm_is_x(x):
    assert parse_length(f"{x}mm") == x


@settings(max_examples=200, deadline=None)
@given(_plain_floats)
def test_parse_length_converts_inches_by_25_4(x):
    assert parse_length(f"{x}in") == pytest.approx(x * 25.4, rel=1e-12, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(st.floats(min_value=-1000, max_value=1000, allow_nan=False))
def test_mm_and_pt_round_trip(x):
    assert pt_to_mm(mm_to_pt(x)) == pytest.approx(x, abs=1e-9)


def test_mm_to_pt_uses_72_points_per_inch():
    assert mm_to_pt(25.4) == pytest.approx(72.0)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (63.0, "63"),
        (10, "10"),
        (100.0, "100"),
        (0.1 + 0.2, "0.3"),
        (1 / 3, "0.333"),
        (-1.5, "-1.5"),
        (0.0, "0"),
        (-0.0, "0"),
        (-0.0001, "0"),
        (-1e-9, "0"),
        (2.5 * 25.4, "63.5"),
    ],
)
def test_fmt_gives_a_compact_stable_decimal(value, text):
    assert fmt(value) == text


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=-10_000, max_value=10_000, allow_nan=False))
def test_fmt_never_writes_minus_zero_or_float_noise(x):
    text = fmt(x)
    assert text != "-0"
    assert "e" not in text.lower()
    assert not text.endswith("."), "no trailing point"
    assert "." not in text or not text.endswith("0"), "no trailing zeros after the point"
    decimals = text.split(".")[1] if "." in text else ""
    assert len(decimals) <= 3
    assert math.isclose(float(text), x, abs_tol=0.0005 + 1e-9)
    if float(text) == 0:
        assert text == "0"
