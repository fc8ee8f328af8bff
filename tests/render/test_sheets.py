"""Card sheets: n-up counts, duplex and fold alignment, crop marks, boxes, fonts, pixels."""

from dataclasses import replace

import pypdf
import pypdfium2
import pytest

from generator.render.back_reach import BACK_REACH, _drawable, back_reach
from generator.render.imposition import DUPLEX, FOLD, FRONTS, impose
from generator.render.pdf import Footer
from generator.render.sheets import CardFace, write_card_sheets
from generator.render.units import mm_to_pt

SOLID = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
    'viewBox="0 0 {w} {h}"><rect x="0" y="0" width="{w}" height="{h}" fill="{fill}"/>'
    '<text x="3" y="10" font-family="Vera" font-size="4">{label}</text></svg>'
)


def solid(w: float, h: float, fill: str, label: str = "") -> str:
    return SOLID.format(w=w, h=h, fill=fill, label=label)


def flip_long_edge(rect, page_width):
    """Where a rectangle on a back page lands when the sheet turns over its long edge."""
    x, y, w, h = rect
    return (page_width - x - w, y, w, h)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_fit_on_a4_and_letter(book, paper):
    imposition = impose(book.paper(paper), book.card("poker"), book.sheet("default"), DUPLEX)
    assert (imposition.cols, imposition.rows) == (3, 3)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("sheet", ["default", "bleed", "spaced"])
def test_every_card_stays_inside_the_margins(book, paper, sheet):
    layout = book.sheet(sheet)
    for mode in (DUPLEX, FOLD):
        imp = impose(book.paper(paper), book.card("poker"), layout, mode)
        for slot in range(imp.per_page):
            for x, y, w, h in (imp.cell(slot), imp.back_cell(slot)):
                assert x >= layout.margin - 1e-9 and y >= layout.margin - 1e-9
                assert x + w <= imp.page.width - layout.margin + 1e-9
                assert y + h <= imp.page.height - layout.margin + 1e-9


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", ["poker", "bridge", "mini"])
def test_duplex_backs_land_on_their_fronts_after_a_long_edge_flip(book, paper, card):
    imp = impose(book.paper(paper), book.card(card), book.sheet("bleed"), DUPLEX)
    for slot in range(imp.per_page):
        assert flip_long_edge(imp.back_cell(slot), imp.page.width) == pytest.approx(imp.cell(slot))
        assert flip_long_edge(imp.back_trim(slot), imp.page.width) == pytest.approx(imp.trim(slot))


def test_back_offset_shifts_every_back_by_the_offset(book):
    plain = impose(book.paper("a4"), book.card("poker"), book.sheet("default"), DUPLEX)
    shifted_sheet = replace(book.sheet("default"), back_offset_x=1.5, back_offset_y=-0.75)
    shifted = impose(book.paper("a4"), book.card("poker"), shifted_sheet, DUPLEX)
    for slot in range(plain.per_page):
        x0, y0, _, _ = plain.back_cell(slot)
        x1, y1, _, _ = shifted.back_cell(slot)
        assert (x1 - x0, y1 - y0) == pytest.approx((1.5, -0.75))


def test_fold_and_glue_backs_mirror_the_fronts_across_the_fold(book):
    imp = impose(book.paper("a4"), book.card("poker"), book.sheet("default"), FOLD)
    assert imp.page.width > imp.page.height  # landscape
    fold = imp.fold_line()
    for slot in range(imp.per_page):
        x, y, w, h = imp.cell(slot)
        bx, by, bw, bh = imp.back_cell(slot)
        assert x + w <= fold - imp.sheet.fold_gutter + 1e-9
        assert bx >= fold + imp.sheet.fold_gutter - 1e-9
        assert (fold - (x + w), y) == pytest.approx((bx - fold, by))


def test_crop_marks_sit_on_the_trim_lines_outside_the_grid(book):
    imp = impose(book.paper("a4"), book.card("poker"), book.sheet("bleed"), DUPLEX)
    trims = [imp.trim(slot) for slot in range(imp.per_page)]
    xs = {round(v, 6) for x, _, w, _ in trims for v in (x, x + w)}
    ys = {round(v, 6) for _, y, _, h in trims for v in (y, y + h)}
    grid_bottom = imp.top - imp.grid_height
    grid_right = imp.left + imp.grid_width
    vertical = [m for m in imp.crop_marks() if m[0] == m[2]]
    horizontal = [m for m in imp.crop_marks() if m[1] == m[3]]
    assert {round(m[0], 6) for m in vertical} == xs
    assert {round(m[1], 6) for m in horizontal} == ys
    for _, y1, _, y2 in vertical:
        assert min(y1, y2) >= imp.top or max(y1, y2) <= grid_bottom
    for x1, _, x2, _ in horizontal:
        assert min(x1, x2) >= grid_right or max(x1, x2) <= imp.left


def test_a_card_too_big_for_the_paper_is_refused(book):
    from generator.errors import QuarryError
    from generator.render.layouts import CardFormat

    huge = CardFormat("huge", 250, 100)
    with pytest.raises(QuarryError, match="does not fit"):
        impose(book.paper("a4"), huge, book.sheet("default"), DUPLEX)


def _write(tmp_path, book, paper="a4", sheet="default", mode=DUPLEX, count=11):
    card = book.card("poker")
    layout = book.sheet(sheet)
    w, h = card.width + 2 * layout.bleed, card.height + 2 * layout.bleed
    faces = [
        CardFace(solid(w, h, "#000000", f"card {i}"), solid(w, h, "#0000ff"), f"card {i}")
        for i in range(count)
    ]
    imp = impose(book.paper(paper), card, layout, mode)
    target = tmp_path / f"{paper}-{sheet}-{mode}.pdf"
    pages = write_card_sheets(target, faces, imp, Footer("Test deck", "cards", 3))
    return target, pages, imp


def test_letter_sheets_are_letter_pages_with_backs_after_fronts(tmp_path, book):
    target, pages, _ = _write(tmp_path, book, paper="letter", count=11)
    reader = pypdf.PdfReader(target)
    assert pages == len(reader.pages) == 4  # 2 sheets of fronts, each followed by backs
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            (612, 792)
        )
    assert "backs" in reader.pages[1].extract_text()
    assert "page 4/4" in reader.pages[3].extract_text()


def test_only_vera_fonts_are_used_and_embedded(tmp_path, book):
    target, _, _ = _write(tmp_path, book)
    reader = pypdf.PdfReader(target)
    fonts = set()
    for page in reader.pages:
        resources = page["/Resources"]
        for form in resources.get("/XObject", {}).values():
            fonts.update(
                f["/BaseFont"]
                for f in form.get_object().get("/Resources", {}).get("/Font", {}).values()
            )
        fonts.update(f["/BaseFont"] for f in resources.get("/Font", {}).values())
        for font in resources.get("/Font", {}).values():
            assert (
                "/FontFile2" in font.get_object()["/FontDescriptor"] or "/DescendantFonts" in font
            )
    assert fonts and all("Vera" in str(name) for name in fonts)


def test_bleed_sheets_carry_trim_and_bleed_boxes(tmp_path, book):
    target, _, imp = _write(tmp_path, book, sheet="bleed", count=6)
    page = pypdf.PdfReader(target).pages[0]
    x, y, w, h = imp.grid_trim()
    expected_trim = [mm_to_pt(v) for v in (x, y, x + w, y + h)]
    assert [float(v) for v in page.trimbox] == pytest.approx(expected_trim, abs=0.01)
    b = mm_to_pt(3)
    bleed = [float(v) for v in page.bleedbox]
    assert bleed == pytest.approx(
        [expected_trim[0] - b, expected_trim[1] - b, expected_trim[2] + b, expected_trim[3] + b],
        abs=0.01,
    )


def test_same_cards_give_byte_identical_pdfs(tmp_path, book):
    first, _, _ = _write(tmp_path, book)
    again = tmp_path / "again"
    again.mkdir()
    second, _, _ = _write(again, book)
    assert first.read_bytes() == second.read_bytes()


SCALE = 4  # pixels per point


def _pixels(path, index):
    pdf = pypdfium2.PdfDocument(str(path))
    image = pdf[index].render(scale=SCALE).to_pil().convert("RGB")
    height = image.size[1]

    def at(x_mm, y_mm, spread=0):
        """The darkest pixel within `spread` pixels of the point (x, y) in mm."""
        cx, cy = round(mm_to_pt(x_mm) * SCALE), height - round(mm_to_pt(y_mm) * SCALE)
        around = [
            image.getpixel((cx + dx, cy + dy))
            for dx in range(-spread, spread + 1)
            for dy in range(-spread, spread + 1)
        ]
        return min(around, key=sum)

    return at


def _dark(pixel):
    return sum(pixel) < 200


def test_rendered_cards_fill_exactly_their_trim_rectangles(tmp_path, book):
    target, _, imp = _write(tmp_path, book, sheet="spaced", count=9)
    at = _pixels(target, 0)
    for slot in range(imp.per_page):
        x, y, w, h = imp.trim(slot)
        inside = [(x + 0.6, y + 0.6), (x + w - 0.6, y + h - 0.6), (x + w / 2, y + h / 2)]
        outside = [(x - 0.6, y + h / 2), (x + w + 0.6, y + h / 2), (x + w / 2, y - 0.6)]
        assert all(_dark(at(px, py)) for px, py in inside)
        assert all(at(px, py) == (255, 255, 255) for px, py in outside)


def test_rendered_crop_marks_are_where_the_layout_puts_them(tmp_path, book):
    target, _, imp = _write(tmp_path, book, paper="a4", count=9)
    at = _pixels(target, 0)
    for x1, y1, x2, y2 in imp.crop_marks():
        mid = ((x1 + x2) / 2, (y1 + y2) / 2)
        assert sum(at(*mid, spread=2)) < 600  # a thin black line, anti-aliased
        if x1 == x2:  # vertical mark: white 1 mm to its side
            assert at(mid[0] + 1, mid[1]) == (255, 255, 255)


def test_rendered_backs_sit_under_their_fronts(tmp_path, book):
    target, _, imp = _write(tmp_path, book, paper="letter", count=9)
    back = _pixels(target, 1)
    for slot in range(imp.per_page):
        x, y, w, h = flip_long_edge(imp.trim(slot), imp.page.width)
        assert back(x + w / 2, y + h / 2)[2] > 200  # blue back here
        assert back(x + 0.6, y + 0.6) == back(x + w - 0.6, y + h - 0.6)


def test_fronts_only_sheets_have_no_back_pages(tmp_path, book):
    _, pages, _ = _write(tmp_path, book, mode=FRONTS, count=10)
    assert pages == 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_sheets_trim_and_bleed_boxes_cover_fronts_and_backs(tmp_path, book, paper):
    target, _, imp = _write(tmp_path, book, paper=paper, sheet="bleed", mode=FOLD, count=4)
    page = pypdf.PdfReader(target).pages[0]
    trims = [imp.trim(slot) for slot in range(imp.per_page)]
    trims += [imp.back_trim(slot) for slot in range(imp.per_page)]
    left = min(x for x, _, _, _ in trims)
    right = max(x + w for x, _, w, _ in trims)
    bottom = min(y for _, y, _, _ in trims)
    top = max(y + h for _, y, _, h in trims)
    assert left < imp.fold_line() < right  # both halves, across the fold
    expected = [mm_to_pt(v) for v in (left, bottom, right, top)]
    assert [float(v) for v in page.trimbox] == pytest.approx(expected, abs=0.01)
    b = mm_to_pt(imp.sheet.bleed)
    grown = [expected[0] - b, expected[1] - b, expected[2] + b, expected[3] + b]
    assert [float(v) for v in page.bleedbox] == pytest.approx(grown, abs=0.01)


ALL_PAPERS = ["a4", "letter", "a3", "tabloid"]


@pytest.mark.parametrize("paper", ALL_PAPERS)
@pytest.mark.parametrize("sheet", ["default", "bleed", "spaced"])
def test_crop_marks_stay_out_of_the_margin_printers_cannot_reach(book, paper, sheet):
    layout = book.sheet(sheet)
    for card in ("poker", "poker-in", "bridge", "mini"):
        for mode in (DUPLEX, FOLD, FRONTS):
            imp = impose(book.paper(paper), book.card(card), layout, mode)
            marks = imp.crop_marks()
            assert marks
            for x1, y1, x2, y2 in marks:
                for x, y in ((x1, y1), (x2, y2)):
                    assert layout.margin < x < imp.page.width - layout.margin
                    assert layout.margin < y < imp.page.height - layout.margin
                assert abs(x2 - x1) + abs(y2 - y1) >= 1.0


def test_the_footer_goes_below_the_cards_on_a4_and_beside_them_on_letter(book):
    sides = {
        paper: impose(book.paper(paper), book.card("poker"), book.sheet("default"), DUPLEX)
        for paper in ("a4", "letter")
    }
    assert sides["a4"].footer_side() == "bottom"
    assert sides["letter"].footer_side() == "left"
    x, y, w, h = sides["letter"].footer_band()
    assert (x, y, w) == (6.35, 6.35, book.sheet("default").footer_band)  # a quarter inch in
    assert x + w < sides["letter"].left - 1  # clear of the cards and their crop marks


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_footer_line_is_printed_inside_its_band_on_fronts_and_backs(tmp_path, book, paper):
    target, pages, imp = _write(tmp_path, book, paper=paper, count=9)
    x, y, w, h = imp.footer_band()
    pdf = pypdfium2.PdfDocument(str(target))
    for index in range(pages):
        text = pdf[index].get_textpage()
        inside = text.get_text_bounded(*(mm_to_pt(v) for v in (x, y, x + w, y + h)))
        assert f"page {index + 1}/{pages}" in inside.replace("\r\n", "")


@pytest.mark.parametrize("paper", ALL_PAPERS)
@pytest.mark.parametrize("sheet", ["default", "spaced"])
def test_backs_reach_past_the_grid_never_over_a_card_nor_into_the_margin(book, paper, sheet):
    imp = impose(book.paper(paper), book.card("poker"), book.sheet(sheet), DUPLEX)
    slots = list(range(imp.per_page))
    strips = back_reach(imp, slots)
    clips = [strip.placement[2] for strip in strips]
    cells = [imp.back_cell(slot) for slot in slots]
    margin = imp.sheet.margin
    for cx, cy, cw, ch in clips:
        assert cx >= margin and cy >= margin
        assert cx + cw <= imp.page.width - margin and cy + ch <= imp.page.height - margin
        for x, y, w, h in cells:  # a strip may touch a card, never overlap it
            assert (
                cx + cw <= x + 1e-9
                or x + w <= cx + 1e-9
                or cy + ch <= y + 1e-9
                or y + h <= cy + 1e-9
            )
    left = min(cx for cx, _, _, _ in clips)
    right = max(cx + cw for cx, _, cw, _ in clips)
    grid_left = min(x for x, _, _, _ in cells)
    grid_right = max(x + w for x, _, w, _ in cells)
    # At least 2 mm (BACK_REACH where the margin leaves room) on every side, less where the
    # margin and the footer band leave less: poker cards fill Letter's height to 7.7 mm of
    # its top and bottom, where the quarter inch leaves 1.15 mm.
    low_x, low_y, high_x, high_y = _drawable(imp)
    grid_bottom = min(y for _, y, _, _ in cells)
    grid_top = max(y + h for _, y, _, h in cells)
    bottom = min(cy for _, cy, _, _ in clips)
    top = max(cy + ch for _, cy, _, ch in clips)
    for reach, room in (
        (grid_left - left, grid_left - low_x),
        (right - grid_right, high_x - grid_right),
        (grid_bottom - bottom, grid_bottom - low_y),
        (top - grid_top, high_y - grid_top),
    ):
        assert min(2, room) - 1e-9 <= reach <= BACK_REACH + 1e-9


def test_backs_with_their_own_bleed_need_no_reach(book):
    imp = impose(book.paper("a4"), book.card("poker"), book.sheet("bleed"), DUPLEX)
    assert back_reach(imp, list(range(imp.per_page))) == []


def test_a_crop_mark_running_into_the_footer_stops_half_a_millimetre_before_it():
    from generator.render.pdf import FooterBox
    from generator.render.sheets import _stop_before

    box = FooterBox(left=50, bottom=5, right=150, top=8)
    # Down from the grid towards the footer: stops 0.5 mm above its text.
    assert _stop_before(box, 60, 14, 60, 6, clearance=0.5) == (60, 8.5)
    # Beside the footer's text: untouched.
    assert _stop_before(box, 40, 14, 40, 6, clearance=0.5) == (40, 6)
    # Too little left before the footer: left out.
    assert _stop_before(box, 60, 9, 60, 5.5, clearance=0.5) is None
    # Leftwards into an upright footer: stops 0.5 mm right of it.
    upright = FooterBox(left=5, bottom=100, right=8, top=180)
    assert _stop_before(upright, 12, 120, 6, 120, clearance=0.5) == (8.5, 120)


@pytest.mark.parametrize(("paper", "clear"), [("a4", 5.0), ("letter", 6.35)])
@pytest.mark.parametrize("sheet", ["default", "bleed", "spaced"])
@pytest.mark.parametrize("mode", [DUPLEX, FOLD])
def test_marks_footer_and_cards_keep_the_papers_clear_edge(
    tmp_path, book, paper, clear, sheet, mode
):
    """On the real imposition of poker cards, written to a PDF: every crop mark, label,
    footer and card stays 5 mm from an A4 edge and a quarter inch from a Letter edge, and
    every column and row of the grid still has its crop marks."""
    from generator.render.print_rules import check_pdf

    imp = impose(book.paper(paper), book.card("poker"), book.sheet(sheet), mode)
    assert imp.sheet.margin == clear
    trims = [imp.trim(slot) for slot in range(imp.per_page)]
    columns = {round(v, 6) for x, _, w, _ in trims for v in (x, x + w)}
    rows = {round(v, 6) for _, y, _, h in trims for v in (y, y + h)}
    marks = imp.crop_marks()
    assert {round(x1, 6) for x1, _, x2, _ in marks if x1 == x2} == columns
    assert {round(y1, 6) for _, y1, _, y2 in marks if y1 == y2} == rows
    dark = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{imp.cell_width}mm" '
        f'height="{imp.cell_height}mm" viewBox="0 0 {imp.cell_width} {imp.cell_height}">'
        f'<rect width="{imp.cell_width}" height="{imp.cell_height}" fill="#203040"/></svg>'
    )
    target = tmp_path / "cards.pdf"
    faces = [CardFace(dark, dark, "c")] * imp.per_page
    write_card_sheets(target, faces, imp, Footer("T", "cards", 1))
    edge = [v for v in check_pdf(target) if v.rule == "edge"]
    assert edge == []
