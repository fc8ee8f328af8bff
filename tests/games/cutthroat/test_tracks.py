"""CutThroat!'s life track sheet at print size: every word and number on a strip reads at
6 pt or more, measured on the written PDF with pypdfium2, and a cell too narrow for the
word START leaves the tint to mark the start instead of shrinking it."""

import re

import pytest

from generator.games.cutthroat.rules import PUBLISHED
from generator.games.cutthroat.tracks import (
    LABEL_MM,
    MIN_CELL_MM,
    MIN_PT,
    TRACKS_HEADER,
    track_figures,
    tracks_part,
    tracks_svg,
)
from generator.render.document import TypeScale, column_size, fit_parts, write_document
from generator.render.layouts import LayoutBook
from generator.render.pdf import Footer
from generator.render.units import pt_to_mm
from tests.card_type import printed_sizes


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_every_word_on_the_track_sheet_prints_at_6_pt_or_more(paper_name, tmp_path):
    paper = LayoutBook().paper(paper_name)
    width = column_size(paper, TRACKS_HEADER)[0]
    footer = Footer("CutThroat!", "life tracks", 1)

    def parts(blocks):
        return [tracks_part(blocks, [svg for _, svg in track_figures(None, width)])]

    target = tmp_path / f"tracks-{paper_name}.pdf"
    write_document(target, paper, fit_parts(paper, parts, footer, (9.0, 8.5), 2), footer,
                   TypeScale())  # fmt: skip
    sizes = printed_sizes(target)
    small = sorted({(size, char) for size, char, _ in sizes if size < MIN_PT - 0.005})
    assert small == []
    words = "".join(char for _, char, _ in sizes)
    for label in ("STARTSAT8", "START", "TENS", "HEARTHELDBY"):
        assert label in words


def _font_sizes_pt(svg: str) -> list[float]:
    return [float(v) / pt_to_mm(1) for v in re.findall(r'font-size="([\d.]+)"', svg)]


def test_a_narrow_cell_drops_the_word_start_rather_than_shrink_it():
    ranks = ("A", "2")
    narrow = LABEL_MM + 30.0 + 0.6 + 10 * MIN_CELL_MM
    svg = tracks_svg(ranks, narrow, PUBLISHED, reach=34)
    assert ">START<" not in svg and "STARTS AT" in svg
    assert min(_font_sizes_pt(svg)) >= MIN_PT - 0.01
    wide = tracks_svg(ranks, 180.0, PUBLISHED, reach=34)
    assert wide.count(">START<") == 2 * len(ranks)
    assert min(_font_sizes_pt(wide)) >= MIN_PT - 0.01


def test_a_strip_turned_round_tells_its_6_from_its_9():
    """The ones' 6 and 9 and the ranks 6 and 9 are underlined, as on the cards; a 5 or a
    60 is not."""
    svg = tracks_svg(("5", "6", "9"), 180, PUBLISHED, reach=34)
    underlined = []
    for match in re.finditer(r"<text[^>]*>([^<]*)</text>\s*<rect class=\"underline\"", svg):
        underlined.append(match.group(1))
    strip_ones = ["6", "9"] * 3
    assert sorted(underlined) == sorted(strip_ones + ["6", "9"])
