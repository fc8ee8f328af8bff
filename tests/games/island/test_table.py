"""The island's table check (issue 23): what a table of 4-7 needs, read by hand from the
rules text (seeds/000), and kits that give it: for every player count, for every island
size the generator allows, and for a designed island from `generate` to `kit --design`."""

import json
from pathlib import Path
from xml.etree import ElementTree

import pikepdf
import pytest

from generator.engine.table import ROOM_MM, check_table, fits, table_of
from generator.games.island.board import (
    DEFAULT_DAY,
    MAX_SIZE,
    MEADOW,
    MIN_SIZE,
    SEA,
    Island,
    default_island,
    format_island,
    parse_island,
)
from generator.games.island.figures import board_layout
from generator.games.island.minis import mini_board_svg, mini_cell, standee_footprint
from generator.games.island.print import BOARD_CELL_MM, board_svg
from generator.games.island.table import needs
from generator.games.island.track import track_svg
from generator.render.layouts import LayoutBook
from tests.games.table_check import assert_kit_serves_its_table
from tests.test_pdf_validity import missing_resources, print_rule_breaks, structural_problems

SVG = "{http://www.w3.org/2000/svg}"


def _pieces(players: int, design=None) -> dict[str, int]:
    return {piece.name: piece.count for piece in needs(players, design).pieces}


# --- the needs, from the rules text -------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_a_table_needs_a_mini_board_and_a_castaway_for_each_hunted_and_a_card_each(players):
    # "each player selects a unique character token ... The player with the highest roll is
    # the Hunter. All of the other players are the Hunted. They are each given a mini board"
    pieces = _pieces(players)
    assert pieces["mini board"] == players - 1
    assert pieces["castaway standee"] == players - 1 and pieces["Warden standee"] == 1
    assert pieces["player aid"] == players
    assert pieces["board of 24 x 24 squares"] == 1  # "1 board": the default island's
    assert pieces["score pad"] == 1
    # Three whole days of the default island's day, one box for each cycle.
    assert pieces[f"cycle track of {3 * DEFAULT_DAY} cycles"] == 1


def test_the_largest_table_needs_the_texts_six_mini_boards_and_six_hunted_tokens():
    pieces = _pieces(7)
    assert pieces["mini board"] == 6 and pieces["castaway standee"] == 6


def test_the_players_bring_the_d6_and_the_d8_and_a_marker_for_each_hunted_not_the_d10():
    # "The Hunter rolls a d8 ... The Hunted roll a d6"; "a mini board and a dry erase marker"
    # each; the d10 of the equipment list is used by no rule.
    bring = {item.name: item.count for item in needs(5, None).bring}
    assert bring["six-sided die (d6)"] == 1 and bring["eight-sided die (d8)"] == 1
    assert bring["dry-erase marker"] == 4 and bring["eraser"] == 1
    assert not any("d10" in name for name in bring)


def test_standing_pieces_stand_in_the_boards_square_and_no_other_piece_does():
    standing = {p.name: p.square_mm for p in needs(6, None).pieces if p.square_mm is not None}
    assert standing == {"Warden standee": BOARD_CELL_MM, "castaway standee": BOARD_CELL_MM}


def test_a_designs_needs_follow_its_island_size_and_day(tmp_path):
    island = parse_island((Path(__file__).parent / "data" / "small.island").read_text())
    design = tmp_path / "island.island"
    design.write_text(format_island(island), encoding="utf-8")
    pieces = _pieces(4, design)
    assert pieces[f"board of {island.size} x {island.size} squares"] == 1
    assert pieces[f"cycle track of {3 * island.day} cycles"] == 1


def test_a_table_outside_4_to_7_players_is_refused():
    for players in (3, 8):
        with pytest.raises(ValueError):
            needs(players, None)


# --- the standees and the squares --------------------------------------------------------------
def _plain_island(size: int) -> Island:
    """A square Meadow of `size` with a sea border, the camp at its middle and four boats."""
    zones = [
        SEA if r in (0, size - 1) or c in (0, size - 1) else MEADOW
        for r in range(size)
        for c in range(size)
    ]
    mid = size // 2
    camp = (
        mid * size + mid,
        mid * size + mid + 1,
        (mid + 1) * size + mid,
        (mid + 1) * size + mid + 1,
    )
    boats = (mid * size + 1, size + mid, mid * size + size - 2, (size - 2) * size + mid)
    return Island(size, tuple(zones), frozenset(), camp, frozenset(), frozenset(), boats)


def test_a_folded_standee_stands_in_a_square_with_room_on_every_side():
    width, depth = standee_footprint()
    assert fits((width, depth), BOARD_CELL_MM)
    assert max(width, depth) + 2 * ROOM_MM <= BOARD_CELL_MM


@pytest.mark.parametrize("size", range(MIN_SIZE, MAX_SIZE + 1))
def test_every_island_size_is_drawn_with_squares_a_standee_stands_in_and_a_camp_for_four(size):
    svg = board_svg(_plain_island(size))
    root = ElementTree.fromstring(svg)
    squares = [g for g in root.iter(f"{SVG}g") if g.get("class") == "squares"]
    cells = {(float(r.get("width")), float(r.get("height"))) for g in squares for r in g}
    assert cells == {(BOARD_CELL_MM, BOARD_CELL_MM)}
    layout = board_layout(size, BOARD_CELL_MM, coordinates=True, legend=True)
    assert layout.grid_size == pytest.approx(size * BOARD_CELL_MM)
    (camp,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "camp-block"]
    block = next(iter(camp))
    side = float(block.get("width"))
    assert side == float(block.get("height")) == pytest.approx(2 * BOARD_CELL_MM)
    # The camp's four squares hold a Hunter each, every standee with its room around it.
    width, depth = standee_footprint()
    per_row = int(side // (max(width, depth) + 2 * ROOM_MM))
    assert per_row * per_row >= 4


# --- the kits ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_the_kit_for_each_table_serves_it(tmp_path, players):
    manifest = assert_kit_serves_its_table("island", tmp_path, players)
    listed = {item["file"]: item for item in manifest["print"]["a4"]}
    assert listed["minis-a4.pdf"]["copies"] == players - 1
    assert listed["reference-a4.pdf"]["copies"] == (players + 1) // 2  # two aids a sheet
    assert {"track-a4.pdf", "score-pad-a4.pdf"} <= set(listed)


def test_the_kit_for_any_table_serves_the_largest(tmp_path):
    manifest = assert_kit_serves_its_table("island", tmp_path, None)
    assert manifest["table"]["needs"]["players"] == 7


def test_a_kit_of_the_wrong_island_falls_short(tmp_path):
    manifest = assert_kit_serves_its_table("island", tmp_path, 5)
    wanted, provided = table_of(manifest)
    other = needs(5, None).__class__(5, tuple(
        piece.__class__("board of 16 x 16 squares", 1) if piece.name.startswith("board")
        else piece for piece in wanted.pieces
    ))  # fmt: skip
    assert check_table(other, provided) == [
        "board of 16 x 16 squares: the table needs 1, the kit gives 0"
    ]


@pytest.fixture(scope="module")
def designed(tmp_path_factory, quarry):
    """A designed island from `quarry generate island`, and its kit for 5 players."""
    out = tmp_path_factory.mktemp("island-designed")
    args = ["generate", "island", "--size", "16", "--games", "40", "--seed", "3"]
    done = quarry(*args, "--out", out)
    assert done.returncode == 0, done.stderr
    folder = out / "island-design"
    assert f"its kit: quarry kit island --design {folder}" in done.stdout
    kit_args = ["kit", "island", "--design", folder, "--players", "5", "--paper", "a4"]
    done = quarry(*kit_args, "--no-gallery", "--out", out)
    assert done.returncode == 0, done.stderr
    return folder, out / "island-design-kit"


def test_the_design_folder_keeps_the_island_file_and_report_and_leaves_pieces_to_the_kit(designed):
    folder, _ = designed
    names = {path.name for path in folder.iterdir()}
    assert {"island.island", "report.json", "report.txt", "board-overview-a4.pdf"} <= names
    assert not [name for name in names if name.startswith(("board-a4-tiled", "board-a3"))]
    assert not (folder / "svg" / "board.svg").exists()


def test_every_component_of_the_designed_kit_shows_the_designed_island(designed):
    folder, kit = designed
    island = parse_island((folder / "island.island").read_text(encoding="utf-8"))
    assert island != default_island()
    book = LayoutBook()
    assert (kit / "svg/board.svg").read_text(encoding="utf-8") == board_svg(island)
    assert board_svg(island) != board_svg(default_island())
    mini = mini_board_svg(island, mini_cell(island, book.paper("a4")))
    assert (kit / "svg/mini-board.svg").read_text(encoding="utf-8") == mini
    from generator.games.island.print import TABLE_AID_WIDTH_MM

    track = (kit / "svg/track.svg").read_text(encoding="utf-8")
    assert track == track_svg(island, TABLE_AID_WIDTH_MM)
    assert track.count('class="cycle"') == 3 * island.day


def test_the_designed_kit_serves_its_table_of_five(designed):
    folder, kit = designed
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    wanted, provided = table_of(manifest)
    assert wanted == needs(5, folder / "island.island")
    assert check_table(wanted, provided) == []
    assert manifest["design"]["file"] == "island.island"


def test_the_designed_kits_pdfs_are_valid_and_keep_every_print_rule(designed):
    _, kit = designed
    problems, checked = [], set()
    pdfs = sorted(kit.glob("*.pdf"))
    assert {"track-a4.pdf", "score-pad-a4.pdf", "board-a4-tiled.pdf"} <= {p.name for p in pdfs}
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            problems += [f"{path.name}: {p}" for p in structural_problems(pdf)]
            problems += [f"{path.name}: {p}" for p in missing_resources(pdf)]
        problems += [f"{path.name} {line}" for line in print_rule_breaks(path, checked)]
    assert problems == []


def test_the_designed_kit_is_the_same_bytes_twice(designed, tmp_path):
    folder, kit = designed
    from tests.games.table_check import kit_manifest

    first = kit_manifest("island", tmp_path / "one", 5, folder)
    second = kit_manifest("island", tmp_path / "two", 5, folder)
    assert first == second
    files = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*"))
    assert files and all(
        (tmp_path / "one" / f).read_bytes() == (tmp_path / "two" / f).read_bytes()
        for f in files
        if (tmp_path / "one" / f).is_file()
    )
    # and `quarry kit --design` drew the same board.
    assert (kit / "svg/board.svg").read_bytes() == (
        tmp_path / "one" / "island-design-kit" / "svg/board.svg"
    ).read_bytes()
