"""Fitting text into boxes: shrink a little, then wrap, and fail loudly if it still overflows."""

from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import QuarryError
from generator.render.fonts import ascent_descent, text_width
from generator.render.text import (
    LINE_SPACING,
    TextOverflow,
    fit_text,
    needs_underline,
    reads_turned,
    text_box,
)
from generator.render.units import pt_to_mm

SVG = "{http://www.w3.org/2000/svg}"
SENTENCE = "Search one location after dark"


def _width_at(text: str, size_pt: float, bold: bool = False) -> float:
    return text_width(text, pt_to_mm(size_pt), bold)


def _parse(markup: str) -> ElementTree.Element:
    """Parse text_box output the way it ends up in a card: inside an <svg> root."""
    return ElementTree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')


def _assert_fits(fitted, width: float, height: float, bold: bool = False) -> None:
    for line in fitted.lines:
        assert text_width(line, fitted.size_mm, bold) <= width + 1e-9, line
    assert len(fitted.lines) * fitted.size_mm * LINE_SPACING <= height + 1e-9


# --- fit_text -----------------------------------------------------------------------------


def test_short_text_stays_one_line_at_full_size():
    fitted = fit_text("Lantern", width=50, height=10, size=12, min_size=6)
    assert fitted.lines == ("Lantern",)
    assert fitted.size_pt == 12


def test_text_exactly_as_wide_as_the_box_stays_at_full_size():
    width = _width_at(SENTENCE, 12)
    fitted = fit_text(SENTENCE, width=width, height=20, size=12, min_size=6)
    assert fitted == fit_text(SENTENCE, width, 20, 12, 6)
    assert fitted.lines == (SENTENCE,) and fitted.size_pt == 12


def test_slightly_long_text_shrinks_on_one_line():
    width = _width_at(SENTENCE, 12) * 0.92
    fitted = fit_text(SENTENCE, width=width, height=20, size=12, min_size=6)
    assert fitted.lines == (SENTENCE,)
    assert 12 * 0.85 <= fitted.size_pt < 12
    _assert_fits(fitted, width, 20)


def test_long_text_shrinks_no_further_than_85_percent_before_wrapping():
    # At 80% of the width, one line would need about 80% of the size: wrap instead.
    width = _width_at(SENTENCE, 12) * 0.8
    fitted = fit_text(SENTENCE, width=width, height=20, size=12, min_size=6)
    assert len(fitted.lines) > 1
    assert " ".join(fitted.lines) == SENTENCE
    _assert_fits(fitted, width, 20)


@settings(max_examples=60, deadline=None)
@given(share=st.floats(min_value=0.3, max_value=1.5))
def test_a_single_line_result_is_never_below_85_percent_when_wrapping_fits(share):
    width = _width_at(SENTENCE, 12) * share
    fitted = fit_text(SENTENCE, width=width, height=40, size=12, min_size=4)
    if len(fitted.lines) == 1:
        assert fitted.size_pt >= 12 * 0.85
    _assert_fits(fitted, width, 40)


def test_wrapped_lines_each_measure_at_most_the_box_width():
    text = (
        "Lay one trail marker up to two squares away from where you really are. "
        "Nobody may look beneath it until the next round ends."
    )
    fitted = fit_text(text, width=52, height=27, size=9, min_size=6)
    assert len(fitted.lines) > 1
    for line in fitted.lines:
        assert text_width(line, fitted.size_mm) <= 52
    assert " ".join(fitted.lines) == text


def test_wrapped_text_total_height_fits_the_box():
    text = "word " * 60
    fitted = fit_text(text, width=40, height=30, size=10, min_size=5)
    assert len(fitted.lines) * fitted.size_mm * LINE_SPACING <= 30 + 1e-9
    assert 5 <= fitted.size_pt <= 10


def test_wrapping_prefers_the_largest_size_that_fits():
    text = "word " * 60
    fitted = fit_text(text, width=40, height=30, size=10, min_size=5)
    bigger = fitted.size_pt + 0.25
    if bigger <= 10:
        with pytest.raises(TextOverflow):
            fit_text(text, width=40, height=30, size=10, min_size=bigger)


def test_line_breaks_in_the_text_are_kept():
    fitted = fit_text("first\nsecond", width=50, height=20, size=9, min_size=6)
    assert fitted.lines == ("first", "second")


def test_extra_spaces_are_collapsed():
    fitted = fit_text("  a   b \t c  ", width=50, height=20, size=9, min_size=6)
    assert fitted.lines == ("a b c",)


def test_bold_text_is_measured_bold():
    width = _width_at(SENTENCE, 12, bold=False)
    assert _width_at(SENTENCE, 12, bold=True) > width
    fitted = fit_text(SENTENCE, width=width, height=20, size=12, min_size=6, bold=True)
    _assert_fits(fitted, width, 20, bold=True)
    assert fitted != fit_text(SENTENCE, width=width, height=20, size=12, min_size=6)


def test_text_that_cannot_fit_raises_text_overflow():
    with pytest.raises(TextOverflow) as caught:
        fit_text("word " * 500, width=40, height=20, size=9, min_size=6)
    assert "40 x 20 mm" in str(caught.value)
    assert "6 pt" in str(caught.value)


def test_a_word_wider_than_the_box_at_the_smallest_size_raises_text_overflow():
    with pytest.raises(TextOverflow):
        fit_text("Supercalifragilistic", width=5, height=30, size=9, min_size=6)


def test_a_box_lower_than_one_line_raises_text_overflow():
    with pytest.raises(TextOverflow):
        fit_text("a", width=50, height=1, size=9, min_size=6)


def test_text_overflow_keeps_the_fitted_text_for_error_messages():
    with pytest.raises(TextOverflow) as caught:
        fit_text("  too   long " * 100, width=10, height=5, size=9, min_size=6)
    assert caught.value.text.startswith("too long too long")


_words = st.lists(
    st.text(
        alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJ&<>'\"0123456789", min_size=1, max_size=12
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(
    words=_words,
    width=st.floats(min_value=5, max_value=80),
    height=st.floats(min_value=2, max_value=60),
    size=st.floats(min_value=6, max_value=16),
    bold=st.booleans(),
)
def test_fit_text_either_fits_or_raises(words, width, height, size, bold):
    text = " ".join(words)
    min_size = size * 0.6
    try:
        fitted = fit_text(text, width, height, size, min_size, bold)
    except TextOverflow:
        return
    _assert_fits(fitted, width, height, bold)
    # Sizes are rounded to 4 decimals (stable output), hence the tolerance.
    assert min_size - 1e-4 <= fitted.size_pt <= size + 1e-4
    assert " ".join(fitted.lines).split() == text.split(), "no word lost or reordered"


# --- text_box -----------------------------------------------------------------------------


def test_text_box_escapes_markup_characters():
    markup = text_box("<&>", x=0, y=0, w=50, h=10)
    assert "<&>" not in markup
    assert "&lt;&amp;&gt;" in markup
    root = _parse(markup)
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert texts == ["<&>"]


def test_text_box_escapes_quotes_and_a_fill_value():
    markup = text_box("say \"hi\" 'there'", x=0, y=0, w=60, h=10, fill='red" onload="x')
    root = _parse(markup)
    group = root.find(f"{SVG}g")
    assert group is not None
    assert group.get("fill") == 'red" onload="x'
    assert group.get("onload") is None
    assert [t.text for t in root.iter(f"{SVG}text")] == ["say \"hi\" 'there'"]


def test_text_box_output_is_well_formed_even_with_control_characters():
    # User text can never break the XML: a control character (legal in TOML as \u0007)
    # must be dropped, replaced, or refused with a clear error, never written raw.
    try:
        markup = text_box("bell\x07 ring", x=0, y=0, w=50, h=10)
    except (ValueError, QuarryError):
        return
    _parse(markup)


@pytest.mark.parametrize(
    ("align", "anchor", "x"),
    [("left", "start", 10), ("center", "middle", 35), ("right", "end", 60)],
)
def test_text_box_honours_align(align, anchor, x):
    root = _parse(text_box("Lantern", x=10, y=5, w=50, h=10, align=align))
    group = root.find(f"{SVG}g")
    assert group.get("text-anchor") == anchor
    assert [float(t.get("x")) for t in root.iter(f"{SVG}text")] == [x]


@pytest.mark.parametrize("valign", ["top", "middle", "bottom"])
def test_text_box_lines_stay_inside_the_box_vertically(valign):
    text = "Move back to the square you left last turn. Your trail there is not extended."
    x, y, w, h = 5.5, 53, 52, 28
    root = _parse(text_box(text, x=x, y=y, w=w, h=h, size=9, min_size=6, valign=valign))
    group = root.find(f"{SVG}g")
    size_mm = float(group.get("font-size"))
    ascent, descent = ascent_descent(size_mm)
    baselines = [float(t.get("y")) for t in root.iter(f"{SVG}text")]
    assert len(baselines) > 1
    assert baselines == sorted(baselines)
    assert baselines[0] - ascent >= y - 1e-3
    assert baselines[-1] - descent <= y + h + 1e-3
    for line in (t.text for t in root.iter(f"{SVG}text")):
        assert text_width(line, size_mm) <= w + 1e-3


def test_text_box_valign_moves_the_block():
    tops = {
        valign: float(
            _parse(text_box("Lantern", 0, 0, 50, 30, valign=valign))
            .find(f"{SVG}g/{SVG}text")
            .get("y")
        )
        for valign in ("top", "middle", "bottom")
    }
    assert tops["top"] < tops["middle"] < tops["bottom"]


def test_text_box_bold_sets_font_weight():
    assert 'font-weight="bold"' in text_box("Lantern", 0, 0, 50, 10, bold=True)
    assert "font-weight" not in text_box("Lantern", 0, 0, 50, 10)


@pytest.mark.parametrize(("align", "valign"), [("centre", "top"), ("left", "center")])
def test_text_box_rejects_an_unknown_alignment(align, valign):
    with pytest.raises(ValueError, match="align"):
        text_box("x", 0, 0, 10, 10, align=align, valign=valign)


def test_text_box_raises_text_overflow_when_the_text_cannot_fit():
    with pytest.raises(TextOverflow):
        text_box("word " * 300, x=0, y=0, w=20, h=10, size=9)


def test_digits_turned_round_read_as_vera_draws_them():
    assert reads_turned("6") == "9" and reads_turned("9") == "6"
    assert reads_turned("68") == "89" and reads_turned("806") == "908"
    assert reads_turned("16") is None  # Vera's 1 has a foot and a flag: no 1 turned round
    assert reads_turned("Q") is None and reads_turned("") is None


def test_only_a_number_that_reads_as_another_of_its_set_is_underlined():
    up_to_99 = {str(n) for n in range(100)}
    marked = [n for n in range(100) if needs_underline(str(n), up_to_99)]
    assert marked == [6, 9, 66, 68, 86, 89, 98, 99]  # 69, 88, 96: the same turned round
    assert not needs_underline("6", {str(n) for n in range(1, 9)})  # no 9 to mistake it for


def test_an_underlined_box_puts_a_bar_under_each_line_as_wide_as_its_words():
    svg = str(text_box("6", 0, 0, 20, 10, 20, bold=True, align="center", underline=True))
    root = ElementTree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>')
    (bar,) = [e for e in root.iter() if e.get("class") == "underline"]
    (line,) = [e for e in root.iter() if e.tag.endswith("text")]
    width = text_width("6", pt_to_mm(20), True)
    assert float(bar.get("width")) == pytest.approx(width, abs=1e-3)
    assert float(bar.get("x")) == pytest.approx(10 - width / 2, abs=1e-3)
    assert float(bar.get("y")) > float(line.get("y"))  # below the baseline
    assert "underline" not in str(text_box("6", 0, 0, 20, 10, 20))
