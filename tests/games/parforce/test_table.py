"""Parforcejagd's table check (generator/games/parforce/table.py) against its kits: every
table of 2 to 10 gets its pieces and coins enough for the bets and a pond entry's fees; on
every board size the designer allows a piece token stands in a square with room; and the
kit of a designed board (generate hunting-board, then kit --design) shows that board in
every component that shows a board, and serves the table too."""

import json
import re
from pathlib import Path

import pikepdf
import pypdf
import pytest

from generator.engine.table import ROOM_MM, check_table, fits, table_of
from generator.games.parforce import table
from generator.games.parforce.board import MAX_SIZE, MIN_SIZE, format_board, read_board
from generator.games.parforce.design.solving import lay_out
from generator.games.parforce.design.spec import Spec
from generator.games.parforce.figures import LAND, POND, THICKET
from generator.games.parforce.print import true_size_svg
from generator.games.parforce.reference import example, examples_for
from generator.games.parforce.tokens import pieces_svg
from tests.games.table_check import assert_kit_serves_its_table
from tests.test_pdf_validity import ink_near_the_edges, missing_resources, structural_problems

FILLS = {LAND: "land", POND: "pond", THICKET: "thicket"}


def drawn_squares(svg: str) -> dict[str, list[float]]:
    """Return the side (mm) of every square a board drawing holds, by what it is (the
    legend's swatches in the margin are not squares of the board)."""
    squares: dict[str, list[float]] = {}
    for rect in re.findall(r"<rect [^>]*>", svg):
        if 'class="swatch"' in rect:
            continue
        fill = re.search(r'fill="([^"]+)"', rect)[1]
        if fill in FILLS:
            width = float(re.search(r' width="([\d.]+)"', rect)[1])
            assert float(re.search(r' height="([\d.]+)"', rect)[1]) == width
            squares.setdefault(FILLS[fill], []).append(width)
    return squares


def token_sides(svg: str) -> set[float]:
    """Return the widths of the piece tokens' cut outlines in a pieces drawing."""
    return {float(w) for w in re.findall(r'<rect class="cut" [^>]*width="([\d.]+)"', svg)}


def test_a_table_needs_the_board_ten_pieces_a_bet_each_and_a_pond_entrys_fees():
    needs = table.needs(2, None)
    counts = {piece.name: piece.count for piece in needs.pieces}
    assert counts == {
        "hunting board": 1,
        "stag": 1,
        "hound": 4,
        "dog handler": 1,
        "rider": 4,
        "coins (tokens)": 2 * 24 + 4 * 3,
        "reference card": 2,
    }
    assert table.needs(10, None).pieces[5].count == 10 * 24 + 12
    assert needs.bring == ()  # no dice, no cards
    standing = [piece for piece in needs.pieces if piece.square_mm is not None]
    assert [piece.name for piece in standing] == ["stag", "hound", "dog handler", "rider"]


@pytest.mark.parametrize("size", range(MIN_SIZE, MAX_SIZE + 1))
def test_a_piece_token_stands_in_a_square_of_every_board_size(size, tmp_path):
    board = lay_out(Spec.default(size), 1)
    design = tmp_path / "hunting.board"
    design.write_text(format_board(board), encoding="utf-8")
    needs = table.needs(4, design)
    squares = drawn_squares(true_size_svg(board))
    sides = {side for kind in squares.values() for side in kind}
    assert sum(len(kind) for kind in squares.values()) == size * size
    (side,) = sides  # every square the same, and the one the needs name
    assert all(piece.square_mm == side for piece in needs.pieces if piece.square_mm)
    (token,) = token_sides(pieces_svg())
    assert fits((token, token), side), f"{token} mm token in a {side} mm square"
    assert token + 2 * ROOM_MM <= side
    # the reference card of a kit of this board shows all six examples on it, each with a
    # move to mark
    shown = examples_for(board)
    assert len(shown) == 6
    for title, squares, turn, mode, _ in shown:
        assert example(squares, turn, mode, board)[1], title


def test_a_kit_one_coin_short_is_named():
    from generator.engine.table import Provided

    needs = table.needs(3, None)
    provided = [Provided(name, count) for name, count in table.PIECE_NAMES]
    provided = [Provided(p.name, p.count, 1, (22.0, 22.0)) for p in provided]
    provided += [Provided(table.BOARD, 1), Provided(table.REFERENCE, 2)]
    provided += [Provided(table.COINS, 13, 6)]  # 78 of 84
    assert check_table(needs, provided) == [
        "coins (tokens): the table needs 84, the kit gives 78 (3 bets of 24 and 4 pond fees of 3)"
    ]


@pytest.mark.parametrize("players", range(2, 11))
def test_the_kit_serves_every_table_from_2_to_10(players, tmp_path):
    manifest = assert_kit_serves_its_table("parforce", tmp_path, players)
    coins = [p for p in manifest["table"]["provided"] if p["name"] == table.COINS]
    drawn = (tmp_path / "parforce" / "svg" / "coins.svg").read_text(encoding="utf-8")
    assert sum(p["count"] for p in coins) == drawn.count('class="coin coin-')
    assert {p.get("worth", 1) for p in coins} == {1, 3, 6}  # change for fees and shares
    if players == 10:
        guide = pypdf.PdfReader(tmp_path / "parforce" / "00-guide-a4.pdf").pages[0]
        assert "Printed for 10 players" in guide.extract_text()


def test_the_largest_table_is_the_kit_without_players(tmp_path):
    manifest = assert_kit_serves_its_table("parforce", tmp_path, None)
    assert manifest["table"]["needs"]["players"] == 10


# --- a designed hunting board -----------------------------------------------------------------


@pytest.fixture(scope="module")
def designed(tmp_path_factory, quarry) -> Path:
    """A design folder from `generate hunting-board` (7 x 7, seed 4, few games)."""
    out = tmp_path_factory.mktemp("design")
    done = quarry(
        *("generate", "hunting-board", "--seed", "4", "--size", "7", "--games", "12"),
        *("--out", out, "--quiet"),
    )
    assert done.returncode == 0, done.stderr
    return out / "parforce-design"


@pytest.fixture(scope="module")
def designed_kit(designed, tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("kit")
    manifest = assert_kit_serves_its_table("parforce", out, 5, design=designed)
    return out / "parforce-design-kit", manifest


def test_the_design_folder_keeps_the_board_and_report_and_names_its_kit(designed):
    listed = {f["path"] for f in json.loads((designed / "manifest.json").read_text())["files"]}
    assert {"hunting.board", "report.json", "report.txt", "candidates.svg"} <= listed
    assert not [p for p in listed if p.endswith(".pdf")]  # the kit prints it


def test_every_component_of_the_designed_kit_is_of_the_design(designed, designed_kit):
    kit, manifest = designed_kit
    board = read_board(designed / "hunting.board")
    assert manifest["design"]["file"] == "hunting.board"
    squares = drawn_squares((kit / "svg" / "board.svg").read_text(encoding="utf-8"))
    assert len(squares["pond"]) == len(board.pond) and board.size == 7
    assert sum(len(kind) for kind in squares.values()) == 49
    (side,) = {s for kind in squares.values() for s in kind}
    needs, provided = table_of(manifest)
    assert {p.square_mm for p in needs.pieces if p.square_mm} == {side}
    assert all(fits(p.footprint_mm, side) for p in provided if p.footprint_mm)
    # the board pages, the overview, the reference card and the rules show this board:
    # its 7 rows and columns (coordinates a-g, 1-7), never the default's 9
    for name in ("board-overview-a4.pdf", "rules-a4.pdf", "board-a3.pdf"):
        text = pypdf.PdfReader(kit / name).pages[0].extract_text()
        assert "g" in text.split() and "h" not in text.split(), name
    guide = pypdf.PdfReader(kit / "00-guide-a4.pdf").pages[0].extract_text()
    assert "7 x 7" in guide and "Printed for 5 players" in guide
    rules = pypdf.PdfReader(kit / "rules-a4.pdf").pages[0].extract_text()
    assert "designed board at the start" in rules


def test_the_designed_kits_pdfs_are_valid_and_clear_of_the_outer_5_mm(designed_kit):
    kit, _ = designed_kit
    problems, checked = [], set()
    for path in sorted(kit.glob("*.pdf")):
        with pikepdf.open(path) as pdf:
            problems += [f"{path.name}: {p}" for p in missing_resources(pdf)]
            problems += [f"{path.name}: {p}" for p in structural_problems(pdf)]
        if not path.name.startswith("print-all"):
            problems += [f"{path.name} {line}" for line in ink_near_the_edges(path, checked)]
    assert problems == []


def test_the_designed_kit_is_the_same_bytes_again(designed, designed_kit, tmp_path):
    kit, _ = designed_kit
    again = assert_kit_serves_its_table("parforce", tmp_path, 5, design=designed)
    assert again["table"] == designed_kit[1]["table"]
    for path in sorted(kit.glob("*.pdf")) + sorted((kit / "svg").glob("*.svg")):
        other = tmp_path / "parforce-design-kit" / path.relative_to(kit)
        assert other.read_bytes() == path.read_bytes(), path.name
