"""The island's drawings: the board at any size, its overlay for puzzles, the mini board and
the character tokens."""

import dataclasses
import os
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from generator.games.island import minis
from generator.games.island.board import (
    SEA,
    ZONES,
    column_name,
    default_island,
    parse_island,
)
from generator.games.island.figures import (
    BOAT_FILL,
    ELEVATION_FILL,
    HIDING_FILL,
    WATER_FILL,
    board_layout,
    cell_to_fit,
    island_svg,
    legend_entries,
    way_out,
)
from generator.render.document import fit_parts
from generator.render.pdf import Footer
from generator.render.svg import svg_size_mm
from tests.pdf_page import dash_breaks
from tests.test_golden import GOLDEN, normalise

SVG = "{http://www.w3.org/2000/svg}"
DATA = Path(__file__).parent / "data"
SEED_RULES = "000_2ce89763b4751047.txt"


def bands(size: int):
    """A plain island of `size` (24 or 40): six zones in bands, sea all round."""
    return _read(f"bands-{size}.island")


def _read(name: str):
    path = DATA / name
    return parse_island(path.read_text(encoding="utf-8"), path.name)


@pytest.fixture(scope="module", params=["small.island", "default", "bands-40.island"])
def island(request):
    """A hand-drawn 16 x 16 island, the default one and a plain 40 x 40 one."""
    return default_island() if request.param == "default" else _read(request.param)


def _root(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg.encode("utf-8"))


def _classed(svg: str, name: str) -> list[ElementTree.Element]:
    return [e for e in _root(svg).iter() if name in (e.get("class") or "").split()]


def _texts(element: ElementTree.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def _square_rects(svg: str) -> dict[tuple[float, float], ElementTree.Element]:
    """The island's squares by their top-left corner."""
    (group,) = _classed(svg, "squares")
    return {(float(r.get("x")), float(r.get("y"))): r for r in group.iter(f"{SVG}rect")}


# --- the board --------------------------------------------------------------------------------


def test_the_island_is_drawn_at_true_size_with_one_square_for_each_square_not_sea(island):
    svg = island_svg(island, 10.0)
    layout = board_layout(island.size, 10.0)
    assert svg_size_mm(svg) == pytest.approx((layout.width, layout.height))
    assert layout.width == pytest.approx(island.size * 10 + 2 * layout.band)
    rects = _square_rects(svg)
    land = [s for s, z in enumerate(island.zones) if z != SEA]
    assert len(rects) == len(land)
    for square in land:
        x, y = layout.square_origin(square)
        assert float(rects[(x, y)].get("width")) == pytest.approx(10.0)


def test_each_special_square_has_its_colour_and_plain_land_its_zone_tint(island):
    svg = island_svg(island, 6.0)
    layout = board_layout(island.size, 6.0)
    rects = _square_rects(svg)
    expected = {
        HIDING_FILL: island.hiding,
        ELEVATION_FILL: island.elevation,
        BOAT_FILL: set(island.boats),
        WATER_FILL: island.water,
    }
    for fill, squares in expected.items():
        found = {s for s in range(island.size**2) if island.zones[s] != SEA
                 and rects[layout.square_origin(s)].get("fill") == fill}  # fmt: skip
        assert found == set(squares), fill
    tints = {}
    for square, zone in enumerate(island.zones):
        if zone != SEA and rects[layout.square_origin(square)].get("class") == f"zone-{zone}":
            tints.setdefault(zone, set()).add(rects[layout.square_origin(square)].get("fill"))
    assert len(tints) == 6 and all(len(fills) == 1 for fills in tints.values())
    assert len({next(iter(fills)) for fills in tints.values()}) == 6  # six different tints


def test_the_coordinates_name_every_column_above_and_below_and_every_row_at_both_sides(island):
    (group,) = _classed(island_svg(island, 7.0), "coordinates")
    texts = _texts(group)
    for i in range(island.size):
        assert texts.count(column_name(i)) == 2
        assert texts.count(str(i + 1)) == 2
    assert len(texts) == 4 * island.size
    assert not _classed(island_svg(island, 7.0, coordinates=False), "coordinates")


def test_every_zone_is_named_on_the_board_at_true_size(island):
    (group,) = _classed(island_svg(island, 10.0), "zone-names")
    assert sorted(_texts(group)) == sorted(name.upper() for name in ZONES)


def test_square_names_are_written_in_each_square_when_asked():
    island = default_island()
    svg = island_svg(island, 10.0, square_names=True)
    names = [t for g in _classed(svg, "square-names") for t in _texts(g)]
    assert sorted(names) == sorted(island.name(s) for s, z in enumerate(island.zones) if z != SEA)
    assert not _classed(island_svg(island, 10.0), "square-names")


def test_the_camp_is_one_outlined_block_of_its_four_squares_with_a_fire(island):
    svg = island_svg(island, 8.0)
    layout = board_layout(island.size, 8.0)
    (camp,) = _classed(svg, "camp-block")
    outline = camp.find(f"{SVG}rect")
    assert (float(outline.get("x")), float(outline.get("y"))) == layout.square_origin(
        min(island.camp)
    )
    assert float(outline.get("width")) == pytest.approx(16.0)
    assert len(camp.findall(f"{SVG}path")) == 2  # the flame and its heart


def test_each_boat_is_linked_to_its_two_neighbours_in_the_ring_and_never_across(island):
    svg = island_svg(island, 5.0)
    layout = board_layout(island.size, 5.0)
    (links,) = _classed(svg, "boat-links")
    paths = links.findall(f"{SVG}path")
    ends = set()
    for path in paths:
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path.get("d"))]
        start, end = tuple(numbers[:2]), tuple(numbers[-2:])
        ends.add(frozenset((start, end)))
    centres = [tuple(layout.square_centre(b)) for b in island.boats]
    ring = {frozenset((centres[i], centres[(i + 1) % 4])) for i in range(4)}
    assert ends == ring  # W-N, N-E, E-S, S-W; never W-E or N-S


def test_a_boat_with_land_beyond_its_cove_is_linked_over_the_sea_not_across_the_land():
    small = _read("small.island")
    cove = [small.parse(name) for name in ("C10", "C11", "C12", "C13")]  # B10-B12 stay land
    zones = tuple(SEA if s in cove else z for s, z in enumerate(small.zones))
    boats = (small.parse("D10"), *small.boats[1:])
    island = dataclasses.replace(small, zones=zones, water=small.water - set(cove), boats=boats)
    path = way_out(island, 0)
    assert path[0] == boats[0] and path[-1] % island.size == 0  # from the boat to column A
    assert all(island.zones[s] == SEA for s in path[1:])
    assert all(abs(a - b) in (1, island.size) for a, b in zip(path, path[1:], strict=False))
    assert way_out(small, 0) == [small.parse("B10"), small.parse("A10")]  # straight out


def test_the_legend_says_what_each_sign_means_and_the_length_of_a_day():
    island = default_island()
    (group,) = _classed(island_svg(island, 10.0, legend=True), "legend")
    text = " ".join(" ".join(_texts(group)).split())
    for words in ("Elevation", "8", "Hiding place", "2 squares", "Boat", "Water", "Camp"):
        assert words in text
    assert f"A day is {island.day} cycles" in text
    assert len(legend_entries(island)) == 13
    assert not _classed(island_svg(island, 10.0), "legend")


def test_marks_are_written_in_the_middle_of_their_squares_and_zone_names_keep_off_them():
    island = default_island()
    meadow = [s for s in range(island.size**2) if island.zones[s] == 1 and island.is_land(s)]
    marks = {square: str(index + 1) for index, square in enumerate(meadow)}
    svg = island_svg(island, 7.0, marks=marks)
    layout = board_layout(island.size, 7.0)
    drawn = _classed(svg, "mark")
    assert len(drawn) == len(marks)
    for group, square in zip(drawn, sorted(marks), strict=True):
        circle = group.find(f"{SVG}circle")
        centre = (float(circle.get("cx")), float(circle.get("cy")))
        assert centre == pytest.approx(layout.square_centre(square))
        assert _texts(group) == [marks[square]]
    (names,) = _classed(svg, "zone-names")
    assert "MEADOW" not in _texts(names)  # every square of the Meadow is marked


def test_highlighted_squares_are_outlined_in_their_own_colour():
    island = default_island()
    land = [s for s, zone in enumerate(island.zones) if zone != SEA]
    picked = {land[0]: "#0000ff", land[-1]: "#00ff00"}
    svg = island_svg(island, 7.0, highlight=picked)
    layout = board_layout(island.size, 7.0)
    rects = _classed(svg, "highlight")
    assert [r.get("stroke") for r in rects] == ["#0000ff", "#00ff00"]
    for rect, square in zip(rects, sorted(picked), strict=True):
        x, y = layout.square_origin(square)
        assert x < float(rect.get("x")) < x + 1 and y < float(rect.get("y")) < y + 1
    assert len(_classed(island_svg(island, 7.0, highlight=[land[5]]), "highlight")) == 1


def test_cell_to_fit_gives_the_largest_square_size_that_fits_the_box():
    cell = cell_to_fit(24, 150.0, 180.0, legend=True)
    fits = board_layout(24, cell, legend=True)
    assert fits.width <= 150 and fits.height <= 180
    bigger = board_layout(24, cell + 0.1, legend=True)
    assert bigger.width > 150 or bigger.height > 180
    with pytest.raises(ValueError):
        cell_to_fit(40, 20.0, 20.0)


# --- the mini board and the tokens ----------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_mini_board_fits_one_page_for_every_board_size(book, paper):
    page = book.paper(paper)
    for island in (_read("small.island"), default_island(), bands(40)):
        cell = minis.mini_cell(island, page)
        assert 4.0 <= cell <= minis.MAX_MINI_CELL
        footer = Footer("T", "mini board", 1)
        parts = fit_parts(page, lambda b, i=island: [minis.mini_board_part(b, i, page)], footer,
                          (9.0, 8.0), 1)  # fmt: skip
        assert len(parts) == 1


def test_there_are_seven_standees_with_different_names_and_colours():
    assert len(minis.CHARACTERS) == 7 and minis.CHARACTERS[0] is minis.WARDEN
    assert len({c.name for c in minis.CHARACTERS}) == 7
    assert len({c.colour for c in minis.CHARACTERS}) == 7
    svg = minis.tokens_svg()
    standees = _classed(svg, "standee")
    assert len(standees) == 7
    width, height = minis.standee_size()
    for standee, character in zip(standees, minis.CHARACTERS, strict=True):
        (cut,) = [e for e in standee.iter() if e.get("class") == "cut"]
        assert (float(cut.get("width")), float(cut.get("height"))) == (width, height)
        assert len([e for e in standee.iter() if e.get("class") == "fold"]) == 3
        # both sides, the name on two lines where 12 mm holds no more at 6 pt
        assert " ".join(_texts(standee)).count(character.name) == 2
    total_w, _ = svg_size_mm(svg)
    assert total_w <= 186  # the column of an A4 page


def _sides(svg: str) -> list[ElementTree.Element]:
    """The rectangles of the standees' sides, two per standee."""
    return _classed(svg, "side")


def test_low_ink_tokens_have_white_sides_framed_in_their_colour():
    colours = [c.colour for c in minis.CHARACTERS for _ in range(2)]
    solid, light = _sides(minis.tokens_svg()), _sides(minis.tokens_svg(ink="low"))
    assert [r.get("fill") for r in solid] == colours
    assert [r.get("fill") for r in light] == ["#ffffff"] * 14
    assert [r.get("stroke") for r in light] == colours


def test_our_words_on_the_pieces_are_not_copied_from_the_rules_text(copied_runs):
    from generator.games.island import print as island_print

    texts = {
        "mini board": " ".join(minis.MINI_STEPS),
        "tokens": " ".join(minis.TOKEN_STEPS + minis.TOKEN_USE),
        "legend": " ".join(words for _, words in legend_entries(default_island())),
        "guide": " ".join((island_print.GUIDE_ABOUT, *island_print.ASSEMBLY)),
        "overview": island_print.OVERVIEW_HEADER.subtitle,
    }
    for page, text in texts.items():
        assert not copied_runs(SEED_RULES, text, page)


# --- golden files -------------------------------------------------------------------------


@pytest.mark.parametrize("component", ["small-board", "standee"])
def test_the_drawings_match_their_golden_files(component):
    """To accept a deliberate change: QUARRY_UPDATE_GOLDEN=1 pytest tests/games/island."""
    if component == "small-board":
        island = _read("small.island")
        marks = {island.parse("D2"): "1", island.parse("E2"): "2"}
        svg = island_svg(island, 6.0, legend=True, marks=marks, highlight=[island.parse("F2")])
    else:
        svg = minis.standee_svg(minis.WARDEN)
    actual = normalise(svg)
    golden = GOLDEN / f"island-{component}.svg"
    if os.environ.get("QUARRY_UPDATE_GOLDEN"):
        golden.write_text(actual, encoding="utf-8")
    assert golden.exists(), f"missing golden file {golden.name}; run with QUARRY_UPDATE_GOLDEN=1"
    assert actual == golden.read_text(encoding="utf-8")


# --- the print rules ------------------------------------------------------------------------


@pytest.mark.parametrize("cell", [3.5, 6.0])
def test_the_boat_links_draw_no_dashed_curve(tmp_path, cell):
    # dashes mean cut or fold: the links are solid wavy sea lanes, each a curve
    svg = island_svg(_read("small.island"), cell, legend=True)
    (links,) = _classed(svg, "boat-links")
    assert len(links.findall(f"{SVG}path")) == 4
    assert "stroke-dasharray" not in svg  # the camp's outline is solid too: nothing here is cut
    assert dash_breaks(tmp_path / "board.pdf", [svg]) == []
    # the check sees the links: dashed, as they were, they break the rule
    dashed = svg.replace('class="boat-links"', 'class="boat-links" stroke-dasharray="1,0.6"')
    assert len(dash_breaks(tmp_path / "board.pdf", [dashed])) >= 4
