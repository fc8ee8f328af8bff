"""Parforcejagd's kit, built by print.build_kit as `quarry kit parforce` builds it: every
file listed, valid PDFs with nothing in the printer's clear edge, the board at true size,
tokens that fold onto themselves, the same bytes twice, and our own words on every page."""

import json
import math
import re
from xml.etree import ElementTree

import pikepdf
import pypdf
import pytest

from generator.games import registry
from generator.games.parforce.board import default_board
from generator.games.parforce.figures import (
    START_INK,
    board_layout,
    board_svg,
    draw_icon,
    icon_paths,
)
from generator.games.parforce.margins import TOP_MARGIN, bottom_margin
from generator.games.parforce.print import build_kit
from generator.games.parforce.reference import EXAMPLES, example
from generator.games.parforce.rules import PIECES
from generator.games.parforce.table import square_mm
from generator.games.parforce.tokens import TOKEN_MM, coin_counts, coins_for, coins_svg, pieces_svg
from generator.kit import KitWriter, PrintOptions
from generator.render.layouts import LayoutBook
from generator.render.svg import new_document, svg_size_mm
from tests.card_type import printed_sizes
from tests.test_pdf_validity import (
    ink_near_the_edges,
    missing_resources,
    pdf_fonts,
    structural_problems,
)

SVG = "{http://www.w3.org/2000/svg}"
SEED_RULES = "004_920482f477f7a463.txt"
OWN_PDFS = ("00-guide", "board-", "tokens-", "reference-", "rules-", "puzzles-")


def _build(out, **options):
    book = LayoutBook()
    request_options = PrintOptions(**{"paper": "both", **options})
    with KitWriter(out, "parforce", {"kind": "game", "game": "parforce", "seed": 5}) as writer:
        build_kit(request_options.request(writer, book, 5))
    return writer.final_path


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return _build(tmp_path_factory.mktemp("parforce-kit"))


@pytest.fixture(scope="module")
def manifest(kit):
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def test_parforce_is_registered_with_a_kit_puzzles_and_a_designer():
    game = registry()["parforce"]
    assert {"rules", "bots", "design", "puzzles", "print"} <= game.capabilities
    assert game.build_kit and game.make_puzzles and game.write_puzzle_book and game.simulate


def test_the_kit_holds_every_part_on_both_papers(kit, manifest):
    kinds = {record["path"]: record["kind"] for record in manifest["files"]}
    for paper in ("a4", "letter"):
        assert kinds[f"board-{paper}-tiled.pdf"] == "board-tiles"
        assert kinds[f"board-overview-{paper}.pdf"] == "board-overview"
        assert kinds[f"tokens-{paper}.pdf"] == "tokens"
        assert kinds[f"reference-{paper}.pdf"] == "reference-card"
        assert kinds[f"rules-{paper}.pdf"] == "rules"
        assert kinds[f"puzzles-{paper}.pdf"] == "puzzle-book"
        assert kinds[f"00-guide-{paper}.pdf"] == "guide"
    assert kinds["board-a3.pdf"] == kinds["board-tabloid.pdf"] == "board-page"
    for record in manifest["files"]:
        assert (kit / record["path"]).is_file()
    puzzles = json.loads((kit / "puzzles.json").read_text(encoding="utf-8"))
    assert [p["difficulty"] for p in puzzles] == ["easy"] * 2 + ["medium"] * 3


def test_one_page_parts_stay_on_one_page(manifest):
    pages = {record["path"]: record.get("pages") for record in manifest["files"]}
    for paper in ("a4", "letter"):
        for stem in ("reference", "rules", "board-overview"):
            assert pages[f"{stem}-{paper}.pdf"] == 1, stem
        assert pages[f"tokens-{paper}.pdf"] == 2  # the pieces, then the coins
        assert pages[f"board-{paper}-tiled.pdf"] >= 2
    assert pages["board-a3.pdf"] == pages["board-tabloid.pdf"] == 1


def test_the_board_svg_is_at_true_size_and_a_token_fits_a_square(kit):
    board = default_board()
    cell = square_mm(board.size)
    width, height = svg_size_mm((kit / "svg/board.svg").read_text(encoding="utf-8"))
    layout = board_layout(board.size, cell)
    framed = layout.width + TOP_MARGIN * cell + bottom_margin(cell)  # title above, legend below
    assert (width, height) == pytest.approx((layout.width, framed))
    assert square_mm(board.size) >= TOKEN_MM + 3


def test_every_pdf_is_valid_with_vera_and_nothing_in_the_outer_5_mm(kit):
    problems, checked = [], set()
    for path in sorted(kit.glob("*.pdf")):
        with pikepdf.open(path) as pdf:
            problems += [f"{path.name}: {p}" for p in missing_resources(pdf)]
            problems += [f"{path.name}: {p}" for p in structural_problems(pdf)]
    own = [p for p in sorted(kit.glob("*.pdf")) if p.name.startswith(OWN_PDFS)]
    for path in own:
        if not path.name.startswith("board-a3") and not path.name.startswith("board-tab"):
            problems += [f"{path.name} {line}" for line in ink_near_the_edges(path, checked)]
    assert problems == []
    fonts = pdf_fonts(own)
    assert fonts and all(embedded and "Vera" in name for name, embedded in fonts), fonts


def test_our_words_on_every_page_are_not_copied_from_the_rules_text(kit, copied_runs):
    for path in sorted(kit.glob("*.pdf")):
        if path.name.startswith(OWN_PDFS):
            for number, page in enumerate(pypdf.PdfReader(path).pages, 1):
                text = page.extract_text() or ""
                assert not copied_runs(SEED_RULES, text, f"{path.name} page {number}")


def test_the_same_seed_writes_the_same_pages(kit, tmp_path):
    again = _build(tmp_path, paper="a4")
    for file in sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file()):
        # The manifest and the gallery page describe the whole kit, which has Letter too.
        if file.name not in ("manifest.json", "index.html"):
            assert (kit / file).read_bytes() == (again / file).read_bytes(), file


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_tiles_share_the_board_evenly(kit, paper):
    """Two tiles, each holding the same share of the board, the glue strip on top of that:
    no second page with a sliver of board on it (the 9 x 9 board once left its second A4
    tile almost empty)."""
    from generator.render.tiling import plan_tiles

    book = LayoutBook()
    width, height = svg_size_mm((kit / "svg/board.svg").read_text(encoding="utf-8"))
    plan = plan_tiles(width, height, book.paper(paper), book.tiling("default"))
    assert len(plan.tiles) == 2
    shares = [w * h for _, _, w, h in (tile.board_rect for tile in plan.tiles)]
    assert max(shares) / min(shares) < 1.03
    # What is left once the upper (or left) tile's glue strip is covered: the two differ by
    # no more than that strip.
    overlap = plan.tiling.overlap
    strip = overlap * (width if plan.rows == 2 else height)
    own = [shares[0] - strip, shares[1]]
    assert sum(own) == pytest.approx(width * height)
    assert abs(own[1] - own[0]) <= strip + 1e-6


def test_each_piece_token_folds_onto_its_own_icon():
    svg = pieces_svg()
    cuts = re.findall(r'<rect class="cut" [^>]*height="([\d.]+)"[^>]*width="([\d.]+)"', svg)
    assert len(cuts) == len(PIECES)
    assert all(float(h) == pytest.approx(2 * TOKEN_MM) for h, _ in cuts)
    assert svg.count('class="fold"') == len(PIECES)
    for piece in PIECES:  # both faces of a token carry that piece, one upside down
        assert svg.count(f'class="piece piece-{piece}"') == 2, piece


def test_the_coins_hold_a_bet_of_24_for_each_player_and_one_pond_entrys_fees():
    for players in (2, 5, 10):
        drawn = coin_counts(coins_svg(coins_for(players), 180.0))
        assert drawn == dict(coins_for(players))
        assert sum(value * count for value, count in drawn.items()) == 24 * players + 4 * 3


def test_the_four_kinds_of_piece_have_distinct_icons_and_numbers_tell_them_apart():
    icons = {kind: icon_paths(kind) for kind in ("stag", "hound", "rider", "handler")}
    assert len({paths for paths in icons.values()}) == 4
    drawn = {}
    for piece in PIECES:
        dwg = new_document(10, 10)
        draw_icon(dwg, piece, 5, 5, 8)
        drawn[piece] = dwg.tostring()
    assert len(set(drawn.values())) == len(PIECES)


@pytest.mark.parametrize("kind", ["stag", "hound", "rider"])
def test_an_icon_stays_inside_its_tokens_ring(kind):
    """Every point of the icon's paths lies inside the token's ring (drawn at 0.74 of the
    radius, the ring's inner edge at 0.93 of it: its stroke is 0.14 of the
    radius), so nothing of the horse's ear or neck is
    cut by the ring."""
    filled, stroked = icon_paths(kind)
    for path in (*filled, *stroked):
        assert not re.search("[a-z]", path), path  # absolute coordinates only
        numbers = [float(n) for n in re.findall(r"-?[\d.]+", path)]
        points = list(zip(numbers[::2], numbers[1::2], strict=True))
        assert len(points) > 3
        assert max(math.hypot(x, y) for x, y in points) * 0.74 < 0.93 - 0.05, kind


def test_the_board_drawing_places_pieces_highlights_and_the_hunts_arrows():
    board = default_board()
    svg = board_svg(board, 10, pieces={"S": "e9", "H1": "d1"}, highlight=[board.parse("g8")])
    assert svg.count('class="piece piece-') == 2
    assert svg.count('class="highlight"') == 1
    assert svg.count('class="hunt-arrow"') == 3
    plain = board_svg(board, 10, arrow=False)
    assert 'class="hunt-arrow"' not in plain


EXPECTED = {  # worked out by hand from docs/rules/parforce.md
    "The stag": {"e9", "e7"},  # forward knight moves from c8: home to c, and e7
    "A hound": {"e3", "d3", "g4", "g5"},  # over rider 2 on f3 to the west; hound 2 stops it
    "A rider": {"b3", "b1"},  # the forward diagonals of c2; hound 3 on a4 blocks the rest
    "The handler": {"d1", "d2", "e2", "f1"},  # hound 4 holds f2
    "Into the pond": {"f6"},  # g9 and g7 held: forward into the pond (d6 runs back)
    "The crossing": {"e5", "f4", "f2", "e1", "c1", "b2", "b4", "c5"},  # any direction
}


@pytest.mark.parametrize("title, squares, turn, mode, caption", EXAMPLES)
def test_each_reference_diagram_marks_exactly_the_engines_moves(title, squares, turn, mode,
                                                                caption):  # fmt: skip
    svg, moves = example(squares, turn, mode)
    board = default_board()
    assert {board.name(m) for m in moves} == EXPECTED[title]
    assert svg.count('class="highlight"') == len(moves)
    assert svg.count('class="piece piece-') == len(squares)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("stem", ["rules", "reference", "board-overview"])
def test_piece_numbers_letters_and_coordinates_print_at_6_pt_or_more(kit, stem, paper):
    sizes = printed_sizes(kit / f"{stem}-{paper}.pdf")
    small = sorted({(size, char) for size, char, _ in sizes if size < 5.995})
    assert small == []
    numbers = [size for size, char, _ in sizes if char in "1234"]
    assert numbers and min(numbers) >= 5.995


def test_the_printed_board_has_a_title_the_order_of_play_a_legend_and_a_compass(kit):
    svg = (kit / "svg/board.svg").read_text(encoding="utf-8")
    assert ">Parforcejagd<" in svg
    order = svg.split('class="turn-order"')[1].split('class="start-legend"')[0]
    assert re.findall(r'class="piece piece-(\w+)"', order) == list(PIECES)
    legend = svg.split('class="start-legend"')[1].split('class="compass"')[0]
    assert re.findall(r">([cabk])<", legend) == ["c", "a", "b", "k"]
    compass = svg.split('class="compass"')[1]
    for letter in "NESW":
        assert f">{letter}<" in compass
    words = " ".join(re.findall(r">([^<>]+)</text>", compass))
    assert "The hunt runs clockwise round the pond" in words
    assert 'class="hunt-way"' in compass
    plain = board_svg(default_board(), 10)
    assert 'class="turn-order"' not in plain and ">Parforcejagd<" not in plain


def _letters_and_tokens(svg: str):
    """Return the start letters ((x, baseline, size mm)) and the tokens ((cx, cy, r)) of a
    board drawing."""
    root = ElementTree.fromstring(svg)
    letters, tokens = [], []
    for group in root.iter(f"{SVG}g"):
        if group.get("fill") == START_INK:
            size = float(group.get("font-size"))
            letters += [
                (float(t.get("x")), float(t.get("y")), size) for t in group.iter(f"{SVG}text")
            ]
        if (group.get("class") or "").startswith("piece "):
            ring = next(group.iter(f"{SVG}circle"))
            tokens.append(tuple(float(ring.get(k)) for k in ("cx", "cy", "r")))
    return letters, tokens


@pytest.mark.parametrize("cell", [7.5, 26.0])
def test_a_start_letter_reads_beside_the_piece_standing_on_it(cell):
    board = default_board()
    svg = board_svg(board, cell, pieces=dict(zip(PIECES, board.starts(), strict=True)))
    letters, tokens = _letters_and_tokens(svg)
    assert len(letters) == len(tokens) == len(PIECES)
    for x, baseline, size in letters:  # the letter's box: a glyph's width, cap height high
        box = (x, baseline - 0.75 * size, x + 0.65 * size, baseline)
        for cx, cy, r in tokens:
            nearest_x = min(max(cx, box[0]), box[2])
            nearest_y = min(max(cy, box[1]), box[3])
            assert (nearest_x - cx) ** 2 + (nearest_y - cy) ** 2 > r**2, (x, baseline)
