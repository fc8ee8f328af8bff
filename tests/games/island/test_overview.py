"""The island's overview page and small type: the one-page board is drawn at the size it
prints, so its coordinates, zone names, boat letters and legend read at 6 pt or more,
measured on the written PDF as pypdfium2 reads it."""

from xml.etree import ElementTree

import pytest

from generator.games.island import print as island_print
from generator.games.island.board import default_island
from generator.games.island.figures import (
    MIN_TEXT_PT,
    boat_letter_pt,
    coordinate_pt,
    island_svg,
    overview_svg,
    zone_name_pt,
)
from generator.render.document import TypeScale, column_size, fit_parts, write_document
from generator.render.layouts import LayoutBook
from generator.render.pdf import Footer
from generator.render.svg import svg_size_mm
from generator.render.units import pt_to_mm
from tests.card_type import printed_sizes

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", params=["a4", "letter"])
def overview_pdf(request, tmp_path_factory):
    paper = LayoutBook().paper(request.param)
    island = default_island()
    footer = Footer(island_print.TITLE, "board overview", 1)
    parts = fit_parts(
        paper, lambda b: [island_print.overview_part(b, island, paper)], footer, (9.0,), 1
    )
    target = tmp_path_factory.mktemp("overview") / f"overview-{paper.name}.pdf"
    assert write_document(target, paper, parts, footer, TypeScale()) == 1
    return paper, target


def test_the_overview_prints_no_text_under_6_pt(overview_pdf):
    _, path = overview_pdf
    sizes = printed_sizes(path)
    small = sorted({(size, char) for size, char, _ in sizes if size < MIN_TEXT_PT - 0.005})
    assert small == []
    assert {"N", "E", "S", "W"} <= {char for _, char, _ in sizes}  # the boats' letters


def test_the_overview_fills_the_page_width_at_print_size(overview_pdf):
    paper, _ = overview_pdf
    width, height = column_size(paper, island_print.OVERVIEW_HEADER)
    drawn_w, drawn_h = svg_size_mm(overview_svg(default_island(), width, height - 1.0))
    assert drawn_w <= width + 1e-6 and drawn_h <= height
    assert drawn_w > width - 12  # as large as the column allows, not scaled down after


def _font_sizes_pt(svg: str, group_class: str) -> list[float]:
    root = ElementTree.fromstring(svg)
    sizes = []
    for group in root.iter(f"{SVG}g"):
        if group_class in (group.get("class") or "").split():
            for inner in group.iter(f"{SVG}g"):
                if inner.get("font-size") and list(inner.iter(f"{SVG}text")):
                    sizes.append(float(inner.get("font-size")) / pt_to_mm(1))
    return sizes


@pytest.mark.parametrize("cell", [5.0, 6.0, 8.0, 15.0])
def test_coordinates_zone_names_and_boat_letters_are_6_pt_or_more(cell):
    svg = island_svg(default_island(), cell, legend=True)
    for kind in ("coordinates", "zone-names", "boats"):
        sizes = _font_sizes_pt(svg, kind)
        assert all(size >= MIN_TEXT_PT - 0.01 for size in sizes), (kind, min(sizes))
    if cell >= 6:  # the letters fit a square this size; smaller, the legend says it
        assert len(_font_sizes_pt(svg, "boats")) == 4
    assert min(coordinate_pt(cell), zone_name_pt(cell), boat_letter_pt(cell)) >= MIN_TEXT_PT
