"""The Hunt's table check (generator/games/hunt/table.py) against its kits: the default kit
serves a match of two hunts, and the kit of a designed route map (generate routes, then
kit --design) prints that map on the Dragon's map sheet and serves the table too."""

import json
import re
from pathlib import Path

import pikepdf
import pypdf
import pytest

from generator.engine.table import check_table, table_of
from generator.errors import QuarryError
from generator.games.hunt import table
from generator.games.hunt.art import NAMES
from generator.games.hunt.figures import map_figure
from generator.games.hunt.maps import LAIR, NO_ARROW, MapDesign, load_map_design
from generator.games.hunt.print import MAP_FIGURE_MM
from tests.games.table_check import assert_kit_serves_its_table
from tests.test_pdf_validity import missing_resources, print_rule_breaks, structural_problems


def test_a_match_needs_a_map_and_both_logs_each_hunt_a_reference_and_a_pencil_each():
    needs = table.needs(2, None)
    assert {piece.name: piece.count for piece in needs.pieces} == {
        table.MAP_SHEET: 2,
        table.KNIGHT_LOG: 2,
        table.DRAGON_LOG: 2,
        table.REFERENCE: 2,
    }
    assert all(piece.square_mm is None for piece in needs.pieces)  # nothing stands on a board
    assert [(item.name, item.count) for item in needs.bring] == [("pencil", 2)]


def test_the_kit_serves_a_match(tmp_path):
    manifest = assert_kit_serves_its_table("hunt", tmp_path, 2)
    provided = {piece["name"]: piece["count"] for piece in manifest["table"]["provided"]}
    # hunt-a4.pdf lays out one page of each sheet, printed twice
    assert provided == {name: 2 for name in (table.MAP_SHEET, table.KNIGHT_LOG)} | {
        table.DRAGON_LOG: 2,
        table.REFERENCE: 2,
    }
    guide = pypdf.PdfReader(tmp_path / "hunt" / "00-guide-a4.pdf").pages[0].extract_text()
    assert "Printed for 2 players" in guide and "2 x pencil" in guide


def test_a_kit_short_of_a_sheet_is_named(tmp_path):
    needs = table.needs(2, None)
    from generator.engine.table import Provided

    provided = [Provided(table.MAP_SHEET, 2), Provided(table.KNIGHT_LOG, 1)]
    provided += [Provided(table.DRAGON_LOG, 2), Provided(table.REFERENCE, 2)]
    assert check_table(needs, provided) == [
        "Knight's log: the table needs 2, the kit gives 1 (one for each hunt: the Knight's "
        "record and deductions)"
    ]


# --- a designed route map ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def designed(tmp_path_factory, quarry) -> Path:
    """A route design folder from `generate routes` (seed 7, 2 candidates, 4 games each)."""
    out = tmp_path_factory.mktemp("routes")
    done = quarry(
        *("generate", "routes", "--seed", "7", "--candidates", "2", "--games", "4"),
        *("--constraint", "town-reachable", "--out", out, "--quiet"),
    )
    assert done.returncode == 0, done.stderr
    return out / "hunt-routes"


@pytest.fixture(scope="module")
def designed_kit(designed, tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("kit")
    manifest = assert_kit_serves_its_table("hunt", out, 2, design=designed)
    return out / "hunt-routes-kit", manifest


def test_generate_routes_writes_the_best_map_as_the_design_file(designed):
    routes = json.loads((designed / "routes.json").read_text())
    design = json.loads((designed / "map.json").read_text())
    assert design == {"loops": routes["loops"], "map": routes["ranked"][0]["map"]}
    assert load_map_design(designed / "map.json") == load_map_design(designed / "routes.json")
    # the folder keeps the design and its report; the map sheet to play on is the kit's
    names = {path.name for path in designed.rglob("*")}
    assert {"map.json", "routes.json", "report.txt", "report-a4.pdf"} <= names
    assert not [name for name in names if name.startswith("best-map")]
    pages = pypdf.PdfReader(designed / "report-a4.pdf").pages
    assert "The Hunt: designed route maps" in pages[0].extract_text() and len(pages) == 1
    guide = pypdf.PdfReader(designed / "00-guide-a4.pdf").pages[0].extract_text()
    assert "report-a4.pdf" in guide and "quarry kit hunt --design" in guide
    for pdf in sorted(designed.glob("*.pdf")):
        with pikepdf.open(pdf) as opened:
            assert missing_resources(opened) == [] and structural_problems(opened) == [], pdf
        assert print_rule_breaks(pdf) == [], pdf.name


def test_the_designed_kit_draws_the_designed_map_on_the_dragons_map_sheet(designed, designed_kit):
    folder, manifest = designed_kit
    design = load_map_design(designed / "map.json")
    assert manifest["design"]["file"] == "map.json"
    files = {entry["path"]: entry for entry in manifest["files"]}
    assert files["map-a4.pdf"]["kind"] == "map-sheet" and files["map-a4.pdf"]["pages"] == 1
    assert files["svg/route-map.svg"]["pdf"] == ["map-a4.pdf"]
    # the drawing is the designed map's: nine arrows, the map's own
    svg = (folder / "svg" / "route-map.svg").read_text()
    assert svg == map_figure(*MAP_FIGURE_MM, design.route_map)
    assert len(re.findall(r'class="arrow (walk|fly)', svg)) == 9
    # the sheet writes the designed arrows in its table, a row a place: From, Walk to, Fly to
    (page,) = pypdf.PdfReader(folder / "map-a4.pdf").pages
    text = page.extract_text()
    assert "The Dragon's map (drawn)" in text and "No loops this round." in text
    rows = " ".join(text.split("Your arrows, in words")[1].split())
    for place, name in enumerate(NAMES):
        walk = design.route_map.walk[place]
        walk_to = "no Walk" if place == LAIR else NAMES[walk]
        assert walk != NO_ARROW or place == LAIR
        assert f"{name} {walk_to} {NAMES[design.route_map.fly[place]]}" in rows, name
    # the blank sheets are still there for the other hunt
    hunt = pypdf.PdfReader(folder / "hunt-a4.pdf").pages[0].extract_text()
    assert "Draw your nine arrows" in hunt
    provided = {piece["name"]: piece["count"] for piece in manifest["table"]["provided"]}
    assert provided[table.DRAWN_MAP] == 1 and provided[table.MAP_SHEET] == 2


def test_the_designed_kits_pdfs_are_valid_and_clear_of_the_outer_5_mm(designed_kit):
    folder, manifest = designed_kit
    pdfs = sorted(folder.glob("*.pdf"))
    assert {"map-a4.pdf", "hunt-a4.pdf", "00-guide-a4.pdf"} <= {pdf.name for pdf in pdfs}
    for pdf in pdfs:
        with pikepdf.open(pdf) as opened:
            assert missing_resources(opened) == [] and structural_problems(opened) == [], pdf
        assert print_rule_breaks(pdf) == [], pdf.name
    guide = pypdf.PdfReader(folder / "00-guide-a4.pdf").pages[0].extract_text()
    assert "a designed route map" in guide and "map-a4.pdf" in guide


def test_the_designed_kit_is_the_same_bytes_when_written_again(designed, designed_kit, tmp_path):
    _, manifest = designed_kit
    again = assert_kit_serves_its_table("hunt", tmp_path, 2, design=designed / "map.json")
    assert again["files"] == manifest["files"]


def test_kit_takes_the_map_file_and_routes_json_and_names_a_bad_one(designed, quarry, tmp_path):
    done = quarry("kit", "hunt", "--map", designed / "routes.json", "--out", tmp_path, "--quiet")
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / "routes-kit" / "manifest.json").read_text())
    assert check_table(*table_of(manifest)) == []
    bad = tmp_path / "bad.json"
    data = MapDesign(load_map_design(designed / "map.json").route_map, False).to_json()
    data["map"]["walk"]["town"] = "lair"
    bad.write_text(json.dumps(data))
    with pytest.raises(QuarryError, match="cannot Walk into the Lair"):
        load_map_design(bad)
    done = quarry("kit", "hunt", "--map", bad, "--out", tmp_path / "out")
    assert done.returncode == 2 and "bad.json: the Dragon cannot Walk into the Lair" in done.stderr
    assert not (tmp_path / "out" / "bad-kit").exists()
