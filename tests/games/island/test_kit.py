"""The island's kit, built by print.build_kit as `quarry kit island` builds it: every file
listed, valid PDFs with nothing in the printer's clear edge, the board at true size, the
same bytes twice, and our own words on every page."""

import json
from pathlib import Path

import pikepdf
import pypdf
import pytest

from generator.games.island.board import default_island, parse_island
from generator.games.island.figures import board_layout
from generator.games.island.print import BOARD_CELL_MM, build_kit, write_board_pages
from generator.kit import KitWriter, PrintOptions
from generator.render.layouts import LayoutBook
from generator.render.svg import svg_size_mm
from tests.test_pdf_validity import ink_near_the_edges, missing_resources, structural_problems

DATA = Path(__file__).parent / "data"
SEED_RULES = "000_2ce89763b4751047.txt"


def _build(out: Path, paper: str = "both", ink: str = "normal", island=None) -> Path:
    book = LayoutBook()
    options = PrintOptions(paper=paper, ink=ink)
    with KitWriter(out, "island", {"kind": "game", "game": "island", "seed": 5}) as writer:
        build_kit(options.request(writer, book, 5), island)
    return writer.final_path


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("island-kit"))


@pytest.fixture(scope="module")
def manifest(kit) -> dict:
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def test_the_kit_holds_the_board_minis_and_tokens_on_both_papers(kit, manifest):
    kinds = {record["path"]: record["kind"] for record in manifest["files"]}
    for paper in ("a4", "letter"):
        assert kinds[f"board-{paper}-tiled.pdf"] == "board-tiles"
        assert kinds[f"board-overview-{paper}.pdf"] == "board-overview"
        assert kinds[f"minis-{paper}.pdf"] == "mini-board"
        assert kinds[f"tokens-{paper}.pdf"] == "tokens"
        assert kinds[f"00-guide-{paper}.pdf"] == "guide"
    assert kinds["board-a3.pdf"] == kinds["board-tabloid.pdf"] == "board-page"
    assert kinds["svg/board.svg"] == "board"
    for record in manifest["files"]:
        assert (kit / record["path"]).is_file()


def test_the_guide_asks_for_a_mini_board_for_each_of_six_hunted(manifest):
    for paper in ("a4", "letter"):
        listed = {item["file"]: item for item in manifest["print"][paper]}
        assert listed[f"minis-{paper}.pdf"]["copies"] == 6
        assert f"board-{paper}-tiled.pdf" in listed and f"tokens-{paper}.pdf" in listed


def test_the_board_svg_is_at_true_size_with_its_square_size(kit):
    island = default_island()
    width, height = svg_size_mm((kit / "svg/board.svg").read_text(encoding="utf-8"))
    layout = board_layout(island.size, BOARD_CELL_MM, coordinates=True, legend=True)
    assert (width, height) == pytest.approx((layout.width, layout.height))
    assert layout.grid_size == island.size * 10.0


def test_every_pdf_is_valid_and_nothing_is_printed_in_the_outer_5_mm(kit):
    problems, checked = [], set()
    pdfs = sorted(kit.glob("*.pdf"))
    assert len(pdfs) >= 12
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            problems += [f"{path.name}: {p}" for p in missing_resources(pdf)]
            problems += [f"{path.name}: {p}" for p in structural_problems(pdf)]
        if not path.name.startswith("print-all"):
            problems += [f"{path.name} {line}" for line in ink_near_the_edges(path, checked)]
    assert problems == []


def test_every_page_is_one_page_where_it_must_be(manifest):
    pages = {record["path"]: record.get("pages") for record in manifest["files"]}
    for paper in ("a4", "letter"):
        assert pages[f"minis-{paper}.pdf"] == 1
        assert pages[f"tokens-{paper}.pdf"] == 1
        assert pages[f"board-overview-{paper}.pdf"] == 1
    assert pages["board-a3.pdf"] == 1


def test_our_words_on_every_page_are_not_copied_from_the_rules_text(kit, copied_runs):
    for path in sorted(kit.glob("*.pdf")):
        if path.name.startswith("print-all"):
            continue
        for number, page in enumerate(pypdf.PdfReader(path).pages, 1):
            text = page.extract_text() or ""
            assert not copied_runs(SEED_RULES, text, f"{path.name} page {number}")


def test_the_same_seed_writes_the_same_bytes(tmp_path):
    first = _build(tmp_path / "one", paper="a4")
    second = _build(tmp_path / "two", paper="a4")
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    for file in files:
        assert (first / file).read_bytes() == (second / file).read_bytes(), file


def test_a_40_square_board_is_tiled_and_printed_whole_on_a_page_of_its_own_size(tmp_path):
    island = parse_island((DATA / "bands-40.island").read_text(encoding="utf-8"))
    book = LayoutBook()
    with KitWriter(tmp_path, "board", {"kind": "design", "seed": 3}) as writer:
        written = write_board_pages(writer, book.paper("a4"), island, 3, book)
    kit = writer.final_path
    assert set(written) == {
        "svg/board.svg",
        "board-a3.pdf",
        "board-a4-tiled.pdf",
        "board-overview-a4.pdf",
    }
    tiles = len(pypdf.PdfReader(kit / "board-a4-tiled.pdf").pages)
    assert 4 <= tiles <= 9
    (whole,) = pypdf.PdfReader(kit / "board-a3.pdf").pages
    assert float(whole.mediabox.width) > 297 / 25.4 * 72  # wider than A3: its own size


def test_low_ink_is_accepted_and_changes_only_the_tokens(tmp_path):
    normal = _build(tmp_path / "normal", paper="letter")
    low = _build(tmp_path / "low", paper="letter", ink="low")
    differ = {p.name for p in normal.glob("*.pdf") if p.read_bytes() != (low / p.name).read_bytes()}
    assert "tokens-letter.pdf" in differ
    assert "board-letter-tiled.pdf" not in differ
