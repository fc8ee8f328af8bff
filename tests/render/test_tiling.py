"""Board tiling: the tile grid covers the board exactly, overlaps repeat the board, PDFs."""

import numpy as np
import pypdf
import pypdfium2
import pytest

from generator.errors import QuarryError
from generator.render.layouts import LayoutBook
from generator.render.pdf import Footer
from generator.render.tiling import (
    plan_tiles,
    row_letters,
    write_board_page,
    write_tiled_board,
)
from generator.render.units import PT_PER_MM

BOOK = LayoutBook()
A4 = BOOK.paper("a4")
TILING = BOOK.tiling("default")
FOOTER = Footer("Test board", "board", 7)
PX_PER_MM = 4  # rendering scale used by the pixel tests: whole pixels per millimetre


def squares_svg(width: float, height: float, cell: float = 10) -> str:
    """A board of coloured squares, each (column, row) a different colour."""
    rects = []
    for j in range(int(height // cell)):
        for i in range(int(width // cell)):
            colour = f"rgb({(i * 37) % 256},{(j * 53) % 256},{((i + 2 * j) * 91) % 256})"
            rects.append(
                f'<rect x="{i * cell}" y="{j * cell}" width="{cell}" height="{cell}" '
                f'fill="{colour}"/>'
            )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">'
        + "".join(rects)
        + "</svg>"
    )


def plain_svg(width: str, height: str | None) -> str:
    size = f'width="{width}"' + (f' height="{height}"' if height else "")
    return f'<svg xmlns="http://www.w3.org/2000/svg" {size}><rect width="10" height="10"/></svg>'


@pytest.fixture(scope="module")
def board_500(tmp_path_factory):
    """The 500 x 500 mm board of squares, tiled on A4: (plan, pdf path)."""
    path = tmp_path_factory.mktemp("tiles") / "board.pdf"
    pages = write_tiled_board(path, squares_svg(500, 500), A4, TILING, FOOTER)
    plan = plan_tiles(500, 500, A4, TILING)
    assert pages == len(plan.tiles)
    return plan, path


def test_500mm_board_tiles_cover_it_exactly_once(board_500):
    plan, _ = board_500
    assert plan.rows * plan.cols == len(plan.tiles) > 1
    overlap = TILING.overlap
    own = []
    for tile in plan.tiles:
        x, y, w, h = tile.board_rect
        right = overlap if tile.col < plan.cols - 1 else 0
        below = overlap if tile.row < plan.rows - 1 else 0
        own.append((x, y, x + w - right, y + h - below))
        assert 0 <= x < x + w <= 500 and 0 <= y < y + h <= 500
        # Drawn at 100%, inside the printable area.
        _, _, pw, ph = tile.page_rect
        assert (pw, ph) == pytest.approx((w, h))
        left, bottom, width, height = plan.printable
        px, py, _, _ = tile.page_rect
        assert left <= px and px + pw <= left + width + 1e-9
        assert bottom <= py and py + ph <= bottom + height + 1e-9
    # The non-overlapping parts: no double coverage, and together exactly the board's area.
    for i, a in enumerate(own):
        for b in own[i + 1 :]:
            wide = min(a[2], b[2]) - max(a[0], b[0])
            tall = min(a[3], b[3]) - max(a[1], b[1])
            assert wide <= 1e-9 or tall <= 1e-9, (a, b)
    assert sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in own) == pytest.approx(500 * 500)
    # No gaps: the columns' own parts run edge to edge from 0 to 500, and so do the rows'.
    xs = sorted({(round(a[0], 9), round(a[2], 9)) for a in own})
    ys = sorted({(round(a[1], 9), round(a[3], 9)) for a in own})
    for spans, count in ((xs, plan.cols), (ys, plan.rows)):
        assert len(spans) == count
        assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(500)
        assert all(a[1] == pytest.approx(b[0]) for a, b in zip(spans, spans[1:], strict=False))
    # Neighbours repeat exactly `overlap` mm of the board.
    for tile in plan.tiles:
        x, y, w, h = tile.board_rect
        if tile.col + 1 < plan.cols:
            nx, ny, _, nh = plan.tile(tile.row, tile.col + 1).board_rect
            assert x + w - nx == pytest.approx(overlap) and (ny, nh) == (y, h)
        if tile.row + 1 < plan.rows:
            nx, ny, nw, _ = plan.tile(tile.row + 1, tile.col).board_rect
            assert y + h - ny == pytest.approx(overlap) and (nx, nw) == (x, w)


def test_500mm_board_pdf_has_one_a4_page_per_tile(board_500):
    plan, path = board_500
    pages = pypdf.PdfReader(path).pages
    assert len(pages) == plan.rows * plan.cols
    for page in pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx([595.28, 841.89], abs=0.01)


def test_tile_labels_and_orientation():
    # 420 x 300 mm takes 6 portrait A4 pages but 4 landscape ones.
    plan = plan_tiles(420, 300, A4, TILING)
    assert plan.page.width > plan.page.height
    assert [t.label for t in plan.tiles] == ["A1", "A2", "B1", "B2"]
    assert [row_letters(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def test_small_board_is_one_tile(tmp_path):
    plan = plan_tiles(150, 200, A4, TILING)
    assert (plan.rows, plan.cols, len(plan.tiles)) == (1, 1, 1)
    assert plan.tiles[0].board_rect == (0, 0, 150, 200)
    path = tmp_path / "small.pdf"
    assert write_tiled_board(path, squares_svg(150, 200), A4, TILING, FOOTER) == 1
    assert len(pypdf.PdfReader(path).pages) == 1


def render(path, index):
    pdf = pypdfium2.PdfDocument(path)
    image = pdf[index].render(scale=PX_PER_MM / PT_PER_MM).to_pil().convert("RGB")
    return np.asarray(image).astype(int)


def crop(image, left_mm, top_mm, width_mm, height_mm):
    """Pixels of a page region given in mm from the page's top-left corner."""
    x0, y0 = round(left_mm * PX_PER_MM), round(top_mm * PX_PER_MM)
    return image[y0 : y0 + round(height_mm * PX_PER_MM), x0 : x0 + round(width_mm * PX_PER_MM)]


def matching(a, b, tolerance=24):
    """The share of pixels of `a` within `tolerance` (every channel) of the same pixel of `b`
    or one of its 8 neighbours: anti-aliasing may put a thin line one pixel off."""
    assert a.shape == b.shape and a.size > 0
    padded = np.pad(b, ((1, 1), (1, 1), (0, 0)), mode="edge")
    height, width, _ = a.shape
    close = np.zeros(a.shape[:2], dtype=bool)
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            near = padded[dy : dy + height, dx : dx + width]
            close |= np.all(np.abs(a - near) <= tolerance, axis=-1)
    return float(np.mean(close))


@pytest.mark.parametrize("direction", ["right", "below"])
def test_overlap_strip_is_printed_on_both_neighbours(board_500, direction):
    plan, path = board_500
    first = plan.tile(0, 0)
    second = plan.tile(0, 1) if direction == "right" else plan.tile(1, 0)
    m, overlap = TILING.margin, TILING.overlap
    _, _, fw, fh = first.board_rect
    page_a, page_b = render(path, 0), render(path, plan.tiles.index(second))
    # Leave out 1 mm at each edge of the strip (the cut line, the dashed line) and a 60 mm
    # stretch around the strip's middle, where tile A1 carries its "glue" label.
    if direction == "right":
        length = fh - overlap
        parts = [(1, length / 2 - 30), (length / 2 + 30, length - 1)]
        regions = [
            ((m + fw - overlap + 1, m + a, overlap - 2, b - a), (m + 1, m + a, overlap - 2, b - a))
            for a, b in parts
        ]
    else:
        length = fw - overlap
        parts = [(1, length / 2 - 30), (length / 2 + 30, length - 1)]
        regions = [
            ((m + a, m + fh - overlap + 1, b - a, overlap - 2), (m + a, m + 1, b - a, overlap - 2))
            for a, b in parts
        ]
    for on_a, on_b in regions:
        strip_a, strip_b = crop(page_a, *on_a), crop(page_b, *on_b)
        assert len(np.unique(strip_a.reshape(-1, 3), axis=0)) > 10  # really coloured squares
        assert matching(strip_a, strip_b) > 0.99
        # A 2 mm misplacement would not pass: the check can see one.
        for shift in ((2, 0), (0, 2)):
            moved = (on_b[0] + shift[0], on_b[1] + shift[1], *on_b[2:])
            assert matching(strip_a, crop(page_b, *moved)) < 0.95


def test_same_input_gives_identical_pdfs(tmp_path):
    svg = squares_svg(300, 260, cell=20)
    first, second = tmp_path / "one.pdf", tmp_path / "two.pdf"
    write_tiled_board(first, svg, A4, TILING, FOOTER)
    write_tiled_board(second, svg, A4, TILING, FOOTER)
    assert first.read_bytes() == second.read_bytes()
    write_board_page(first, svg, BOOK.paper("a3"), FOOTER)
    write_board_page(second, svg, BOOK.paper("a3"), FOOTER)
    assert first.read_bytes() == second.read_bytes()


def page_size_mm(path):
    (page,) = pypdf.PdfReader(path).pages
    return float(page.mediabox.width) / PT_PER_MM, float(page.mediabox.height) / PT_PER_MM


def test_board_page_on_a3_when_it_fits(tmp_path):
    path = tmp_path / "a3.pdf"
    assert write_board_page(path, squares_svg(250, 380, cell=50), BOOK.paper("a3"), FOOTER) == 1
    assert page_size_mm(path) == pytest.approx((297, 420), abs=0.01)
    # Turned on its side when only landscape fits.
    assert write_board_page(path, squares_svg(380, 250, cell=50), BOOK.paper("a3"), FOOTER) == 1
    assert page_size_mm(path) == pytest.approx((420, 297), abs=0.01)


def test_board_page_true_size_when_too_big_for_a3(tmp_path):
    path = tmp_path / "big.pdf"
    assert write_board_page(path, squares_svg(500, 500, cell=50), BOOK.paper("a3"), FOOTER) == 1
    assert page_size_mm(path) == pytest.approx((520, 520), abs=0.01)


@pytest.mark.parametrize(
    "svg",
    [
        plain_svg("500mm", None),
        plain_svg("100%", "100%"),
        plain_svg("100000mm", "300mm"),
        plain_svg("0mm", "300mm"),
        "<svg><unclosed",
    ],
    ids=["no-height", "relative", "100-metres", "zero", "not-xml"],
)
def test_bad_board_svg_is_a_user_error(tmp_path, svg):
    target = tmp_path / "bad.pdf"
    with pytest.raises(QuarryError):
        write_tiled_board(target, svg, A4, TILING, FOOTER)
    assert not target.exists()


def test_bad_board_page_is_a_user_error(tmp_path):
    target = tmp_path / "bad.pdf"
    with pytest.raises(QuarryError, match="height"):
        write_board_page(target, plain_svg("500mm", None), BOOK.paper("a3"), FOOTER)
    with pytest.raises(QuarryError, match="at most"):
        write_board_page(target, plain_svg("100000mm", "300mm"), BOOK.paper("a3"), FOOTER)
    assert not target.exists()


def test_plan_refuses_degenerate_and_huge_boards():
    with pytest.raises(QuarryError, match="width is under 10 mm"):
        plan_tiles(0, 300, A4, TILING)
    with pytest.raises(QuarryError, match=r"0\.0001 x 0\.0001 mm: its width is under 10 mm"):
        plan_tiles(0.0001, 0.0001, A4, TILING)
    with pytest.raises(QuarryError, match="height is under 10 mm"):
        plan_tiles(300, 9.99, A4, TILING)
    with pytest.raises(QuarryError, match="more than 100"):
        plan_tiles(100_000, 300, A4, TILING)
    # 100 tiles is still fine: a 10 x 10 grid of A4 pages.
    _, _, pw, ph = plan_tiles(100, 100, A4, TILING).printable
    step_w, step_h = pw - TILING.overlap, ph - TILING.overlap
    plan = plan_tiles(9 * step_w + pw, 9 * step_h + ph, A4, TILING)
    assert (plan.rows, plan.cols) == (10, 10)


@pytest.mark.parametrize(("paper", "clear"), [("a4", 6.0), ("letter", 6.35)])
def test_tiles_keep_the_papers_clear_edge_and_print_their_note_at_6_pt(tmp_path, paper, clear):
    """Tiles keep the tiling's 6 mm margin, or Letter's quarter inch where its printers clip
    more; the print rules, reading the PDF, find nothing too near an edge nor too small."""
    from generator.render.print_rules import check_pdf

    plan = plan_tiles(384, 420, BOOK.paper(paper), TILING)
    assert plan.tiling.margin == clear and plan.printable[0] == clear
    target = tmp_path / f"tiles-{paper}.pdf"
    write_tiled_board(target, squares_svg(384, 420), BOOK.paper(paper), TILING, FOOTER)
    assert check_pdf(target) == []


@pytest.mark.parametrize(
    ("width", "height", "paper"),
    [
        (260, 260, "a4"),
        (260, 371, "a4"),
        (260, 371, "letter"),
        (312, 423, "letter"),
        (384, 420, "a4"),
        (500, 500, "a4"),
    ],
)
def test_tiles_share_the_board_evenly(width, height, paper):
    """Every tile covers the same part of the board: no last row or column holding a sliver
    (a 260 mm board on A4 was a 198 mm tile and a 74 mm one)."""
    plan = plan_tiles(width, height, BOOK.paper(paper), TILING)
    assert len(plan.tiles) > 1
    _, _, pw, ph = plan.printable
    widths = {round(t.board_rect[2], 6) for t in plan.tiles}
    heights = {round(t.board_rect[3], 6) for t in plan.tiles}
    assert len(widths) == len(heights) == 1
    assert widths.pop() <= pw + 1e-9 and heights.pop() <= ph + 1e-9
    # Still the fewest pages: one tile fewer across or down would not hold the board.
    for count, length, room in ((plan.cols, width, pw), (plan.rows, height, ph)):
        if count > 1:
            assert (count - 1) * room - (count - 2) * TILING.overlap < length
