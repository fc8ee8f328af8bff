"""The island's kit, built by print.build_kit as `quarry kit island` builds it: every file
listed, valid PDFs with nothing in the printer's clear edge, the board at true size, the
same bytes twice, and our own words on every page."""

import json
import math
from pathlib import Path

import pikepdf
import pypdf
import pytest

from generator.games.island.board import default_island, parse_island
from generator.games.island.cards import HUNTED_CARDS, HUNTER_CARDS
from generator.games.island.figures import board_layout
from generator.games.island.print import BOARD_CELL_MM, build_kit, write_board_pages
from generator.kit import KitWriter, PrintOptions
from generator.render.layouts import LayoutBook
from generator.render.svg import svg_size_mm
from tests.card_type import words_under
from tests.test_pdf_validity import (
    missing_resources,
    pdf_fonts,
    print_rule_breaks,
    structural_problems,
)

DATA = Path(__file__).parent / "data"
SEED_RULES = "000_2ce89763b4751047.txt"


# The PDFs this module's code lays out itself (the cards, reference, rules and puzzle book
# pages are checked by the tests of faces.py, reference.py and book.py).
OWN_PDFS = ("00-guide", "board-", "minis-", "tokens-")


def _build(out: Path, **options) -> Path:
    """Build the kit of the default island with `quarry kit`'s print options; return it."""
    book = LayoutBook()
    request_options = PrintOptions(**{"paper": "both", **options})
    with KitWriter(out, "island", {"kind": "game", "game": "island", "seed": 5}) as writer:
        build_kit(request_options.request(writer, book, 5))
    return writer.final_path


def _manifest(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def _own(kit: Path) -> list[Path]:
    return [p for p in sorted(kit.glob("*.pdf")) if p.name.startswith(OWN_PDFS)]


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("island-kit"))


@pytest.fixture(scope="module")
def manifest(kit) -> dict:
    return _manifest(kit)


@pytest.fixture(scope="module")
def light_folded(tmp_path_factory) -> Path:
    """The kit on A4 with --backs fold and --ink low."""
    return _build(tmp_path_factory.mktemp("island-fold"), paper="a4", backs="fold", ink="low")


def test_every_word_on_the_cards_and_the_standees_is_at_least_6_pt_as_printed(kit):
    for paper in ("a4", "letter"):
        for stem in ("cards", "tokens"):
            assert words_under(kit / f"{stem}-{paper}.pdf", 6.0) == [], (stem, paper)


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


def test_the_kit_holds_both_decks_the_reference_cards_the_rules_and_a_puzzle_book(kit, manifest):
    kinds = {record["path"]: record["kind"] for record in manifest["files"]}
    for paper in ("a4", "letter"):
        assert kinds[f"cards-{paper}.pdf"] == "card-sheets"
        assert kinds[f"reference-{paper}.pdf"] == "reference-card"
        assert kinds[f"rules-{paper}.pdf"] == "rules"
        assert kinds[f"puzzles-{paper}.pdf"] == "puzzle-book"
    puzzles = json.loads((kit / "puzzles.json").read_text(encoding="utf-8"))
    assert [p["difficulty"] for p in puzzles] == ["easy"] * 2 + ["medium"] * 2 + ["hard"] * 2
    fronts = [r for r in manifest["files"] if r["kind"] == "card-front"]
    assert len(fronts) == len(HUNTER_CARDS) + len(HUNTED_CARDS)


def test_the_card_sheets_hold_every_card_of_both_decks_each_sheet_followed_by_its_backs(manifest):
    cards = sum(kind.count for kind in HUNTER_CARDS + HUNTED_CARDS)
    pages = {record["path"]: record.get("pages") for record in manifest["files"]}
    assert pages["cards-a4.pdf"] == pages["cards-letter.pdf"] == 2 * math.ceil(cards / 9)


def test_the_guide_asks_for_a_mini_board_for_each_hunted_and_a_player_aid_each(manifest):
    for paper in ("a4", "letter"):
        listed = {item["file"]: item for item in manifest["print"][paper]}
        assert listed[f"minis-{paper}.pdf"]["copies"] == 6
        assert listed[f"reference-{paper}.pdf"]["copies"] == 4  # two aids a sheet, 7 players
        assert listed[f"reference-{paper}.pdf"]["two_sided"]  # Hunter's side behind Hunted's
        assert listed[f"cards-{paper}.pdf"]["two_sided"]
        assert f"board-{paper}-tiled.pdf" in listed and f"tokens-{paper}.pdf" in listed


def test_the_board_svg_is_at_true_size_with_its_square_size(kit):
    island = default_island()
    width, height = svg_size_mm((kit / "svg/board.svg").read_text(encoding="utf-8"))
    layout = board_layout(island.size, BOARD_CELL_MM, coordinates=True, legend=True)
    assert (width, height) == pytest.approx((layout.width, layout.height))
    assert layout.grid_size == island.size * 15.0  # a standee stands in a square


def test_every_pdf_is_valid_and_keeps_every_print_rule(kit):
    # type, edge (the paper's own clear band), dash (the boats' ring is a wavy lane) and bleed
    problems, checked = [], set()
    pdfs = sorted(kit.glob("*.pdf"))
    assert len(pdfs) >= 20
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            problems += [f"{path.name}: {p}" for p in missing_resources(pdf)]
            problems += [f"{path.name}: {p}" for p in structural_problems(pdf)]
    for path in _own(kit):
        problems += [f"{path.name} {line}" for line in print_rule_breaks(path, checked)]
    assert problems == []
    assert len(checked) >= 12


def test_every_font_of_the_kit_is_vera_embedded(kit):
    fonts = pdf_fonts(_own(kit))
    assert fonts
    assert all(embedded and "Vera" in name for name, embedded in fonts), fonts


def test_every_page_is_one_page_where_it_must_be(manifest):
    pages = {record["path"]: record.get("pages") for record in manifest["files"]}
    for paper in ("a4", "letter"):
        assert pages[f"minis-{paper}.pdf"] == 1
        assert pages[f"tokens-{paper}.pdf"] == 1
        assert pages[f"board-overview-{paper}.pdf"] == 1
    assert pages["board-a3.pdf"] == 1


def test_our_words_on_every_page_are_not_copied_from_the_rules_text(kit, copied_runs):
    for path in _own(kit):
        for number, page in enumerate(pypdf.PdfReader(path).pages, 1):
            text = page.extract_text() or ""
            assert not copied_runs(SEED_RULES, text, f"{path.name} page {number}")


def test_the_same_seed_writes_the_same_pages(kit, tmp_path):
    again = _build(tmp_path, paper="a4")
    files = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert len(files) > 30
    for file in files:
        if file.name not in ("manifest.json", "index.html"):  # they name the papers asked for
            assert (kit / file).read_bytes() == (again / file).read_bytes(), file


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
    assert 9 <= tiles <= 16  # 600 mm of 15 mm squares, and the coordinates
    (whole,) = pypdf.PdfReader(kit / "board-a3.pdf").pages
    assert float(whole.mediabox.width) > 297 / 25.4 * 72  # wider than A3: its own size


def test_low_ink_lightens_the_tokens_and_the_card_backs_and_leaves_the_board(kit, light_folded):
    differ = {
        p.name
        for p in light_folded.glob("*-a4.pdf")
        if p.read_bytes() != (kit / p.name).read_bytes()
    }
    assert {"tokens-a4.pdf", "cards-a4.pdf"} <= differ
    assert not differ & {"minis-a4.pdf", "rules-a4.pdf", "board-overview-a4.pdf"}
    tiles = "board-a4-tiled.pdf"
    assert (kit / tiles).read_bytes() == (light_folded / tiles).read_bytes()
    for svg in ("svg/back-hunter.svg", "svg/tokens.svg"):
        assert (kit / svg).read_text() != (light_folded / svg).read_text()


def test_fold_backs_print_everything_on_one_side(kit, light_folded):
    listed = {item["file"]: item for item in _manifest(light_folded)["print"]["a4"]}
    assert listed and not any(item["two_sided"] for item in listed.values())
    pages = {r["path"]: r.get("pages") for r in _manifest(light_folded)["files"]}
    duplex = {r["path"]: r.get("pages") for r in _manifest(kit)["files"]}
    assert pages["cards-a4.pdf"] > duplex["cards-a4.pdf"] / 2  # fewer fronts to a page


def _flat(text: str) -> str:
    """`text` without its white space: a guide wraps its lines where a tile's footer does not."""
    return "".join(text.split())


def test_the_guide_and_every_tile_give_the_same_words_to_assemble_the_board(kit):
    """The tile assembly is written once (render/tiling.py) and printed by both; each tile
    prints it at 6 pt or more, as the print rules read it from the PDF."""
    from generator.render.print_rules import check_pdf
    from generator.render.tiling import TILE_ASSEMBLY

    words = _flat(TILE_ASSEMBLY)
    for paper in ("a4", "letter"):
        guide = pypdf.PdfReader(kit / f"00-guide-{paper}.pdf")
        assert words in _flat("".join(page.extract_text() for page in guide.pages)), paper
        tiles = kit / f"board-{paper}-tiled.pdf"
        for page in pypdf.PdfReader(tiles).pages:
            assert words in _flat(page.extract_text()), paper
        assert [v for v in check_pdf(tiles) if v.rule == "type"] == [], paper
