"""The print-rule checker, on small PDFs drawn here with reportlab: sizes and positions are
read from the PDF as printed (scales, forms and clips included)."""

from reportlab.pdfgen.canvas import Canvas

from generator.render.print_rules import check_pdf, paper_of
from generator.render.units import mm_to_pt

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


def _pdf(tmp_path, paper, draw, name="page.pdf"):
    """Write a one-page PDF of `paper` (mm), drawn by `draw(canvas)`, and return its path."""
    path = tmp_path / name
    canvas = Canvas(str(path), pagesize=tuple(mm_to_pt(v) for v in paper), invariant=1)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return path


def _word(size_pt, x_mm=50, y_mm=100, word="Hideout"):
    def draw(canvas):
        canvas.setFont("Helvetica", size_pt)
        canvas.drawString(mm_to_pt(x_mm), mm_to_pt(y_mm), word)

    return draw


def _rules(path):
    return [(v.page, v.rule) for v in check_pdf(path)]


def test_a_word_at_5_5_pt_fails_and_says_what_and_where(tmp_path):
    (violation,) = check_pdf(_pdf(tmp_path, A4, _word(5.5)))
    assert (violation.page, violation.rule) == (1, "type")
    assert "'Hideout' at 5.5 pt" in violation.what
    assert "from left" in violation.where and "from top" in violation.where


def test_a_word_at_6_pt_passes(tmp_path):
    assert check_pdf(_pdf(tmp_path, A4, _word(6))) == []


def test_the_size_is_the_size_as_printed_with_the_scale_of_the_text_matrix(tmp_path):
    def halved(canvas):  # 11 pt set, drawn at half scale: 5.5 pt on paper
        canvas.translate(mm_to_pt(50), mm_to_pt(100))
        canvas.scale(0.5, 0.5)
        canvas.setFont("Helvetica", 11)
        canvas.drawString(0, 0, "small")

    (violation,) = check_pdf(_pdf(tmp_path, A4, halved))
    assert "'small' at 5.5 pt" in violation.what


def test_a_word_inside_a_scaled_form_is_measured_as_printed(tmp_path):
    def form(canvas):
        canvas.beginForm("card", 0, 0, 200, 200)
        canvas.setFont("Helvetica", 10)
        canvas.drawString(10, 10, "tiny")
        canvas.endForm()
        canvas.translate(mm_to_pt(50), mm_to_pt(100))
        canvas.scale(0.4, 0.4)
        canvas.doForm("card")

    (violation,) = check_pdf(_pdf(tmp_path, A4, form))
    assert "'tiny' at 4 pt" in violation.what


def test_a_5_pt_footer_passes_and_a_4_5_pt_footer_fails(tmp_path):
    assert check_pdf(_pdf(tmp_path, A4, _word(5, x_mm=60, y_mm=7, word="page"))) == []
    (violation,) = check_pdf(_pdf(tmp_path, A4, _word(4.5, x_mm=60, y_mm=7, word="page")))
    assert "at least 5" in violation.what


def test_an_upright_footer_along_the_left_edge_may_be_5_pt(tmp_path):
    def upright(canvas):  # as render/sheets.py turns the footer on Letter
        canvas.translate(mm_to_pt(9), mm_to_pt(100))
        canvas.rotate(90)
        canvas.setFont("Helvetica", 5)
        canvas.drawString(0, 0, "page 1/2")

    assert check_pdf(_pdf(tmp_path, LETTER, upright)) == []


def test_5_pt_text_above_the_footer_band_fails(tmp_path):
    assert _rules(_pdf(tmp_path, A4, _word(5, y_mm=30))) == [(1, "type")]


def _line(x1, y1, x2, y2):
    def draw(canvas):
        canvas.setLineWidth(0.25)
        canvas.line(*(mm_to_pt(v) for v in (x1, y1, x2, y2)))

    return draw


def test_a_mark_4_mm_from_an_a4_edge_fails(tmp_path):
    (violation,) = check_pdf(_pdf(tmp_path, A4, _line(100, 293, 100, 287)))
    assert (violation.rule, violation.what) == ("edge", "path")
    assert "from top" in violation.where and "keep 5 mm clear" in violation.where


def test_a_mark_6_mm_from_an_a4_edge_passes(tmp_path):
    assert check_pdf(_pdf(tmp_path, A4, _line(100, 291, 100, 285))) == []


def test_a_mark_6_mm_from_a_letter_edge_fails(tmp_path):
    (violation,) = check_pdf(_pdf(tmp_path, LETTER, _line(100, 6, 100, 12)))
    assert violation.rule == "edge" and "keep 6.35 mm clear" in violation.where


def test_a_mark_7_mm_from_a_letter_edge_passes(tmp_path):
    assert check_pdf(_pdf(tmp_path, LETTER, _line(100, 7, 100, 12))) == []


def test_text_near_the_edge_fails(tmp_path):
    rules = _rules(_pdf(tmp_path, A4, _word(8, x_mm=3, y_mm=150)))
    assert rules == [(1, "edge")]


def test_an_image_near_the_edge_fails(tmp_path):
    from PIL import Image

    picture = tmp_path / "dot.png"
    Image.new("RGB", (4, 4), (200, 0, 0)).save(picture)

    def image(canvas):
        canvas.drawImage(str(picture), mm_to_pt(200), mm_to_pt(100), mm_to_pt(8), mm_to_pt(8))

    (violation,) = check_pdf(_pdf(tmp_path, A4, image))
    assert violation.what == "image" and "from right" in violation.where


def test_artwork_clipped_away_from_the_edge_passes(tmp_path):
    def clipped(canvas):  # a card-sized form reaching the edge, clipped well inside it
        canvas.beginForm("art", 0, 0, 300, 300)
        canvas.rect(0, 0, 300, 300, fill=1)
        canvas.endForm()
        path = canvas.beginPath()
        path.rect(*(mm_to_pt(v) for v in (20, 20, 50, 50)))
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.doForm("art")

    assert check_pdf(_pdf(tmp_path, A4, clipped)) == []


def test_paper_white_at_the_edge_passes(tmp_path):
    def white(canvas):  # a page-wide white ground prints no ink
        canvas.setFillGray(1)
        canvas.rect(0, 0, mm_to_pt(210), mm_to_pt(297), fill=1, stroke=0)

    assert check_pdf(_pdf(tmp_path, A4, white)) == []


def test_the_paper_is_read_from_the_page_size_either_way_round():
    assert paper_of(210, 297) == "a4" and paper_of(297, 210) == "a4"
    assert paper_of(215.9, 279.4) == "letter" and paper_of(100, 100) == "other"


def test_a_dashed_circle_fails_and_a_dashed_straight_fold_line_passes(tmp_path):
    def circle(canvas):
        canvas.setDash(3, 3)
        canvas.circle(mm_to_pt(100), mm_to_pt(150), mm_to_pt(10))

    (violation,) = check_pdf(_pdf(tmp_path, A4, circle, "circle.pdf"))
    assert violation.rule == "dash"

    def fold(canvas):
        canvas.setDash(3, 3)
        canvas.line(mm_to_pt(105), mm_to_pt(20), mm_to_pt(105), mm_to_pt(270))

    assert check_pdf(_pdf(tmp_path, A4, fold, "fold.pdf")) == []


def test_a_solid_circle_passes(tmp_path):
    def circle(canvas):
        canvas.circle(mm_to_pt(100), mm_to_pt(150), mm_to_pt(10))

    assert check_pdf(_pdf(tmp_path, A4, circle)) == []


# --- bleed: sheets written as the kits write them ------------------------------------------


def _card_svg(w, h, ground, stripe=None):
    """A card drawing w x h mm of one ground colour; `stripe` = (inset mm, width mm): a red
    band that far inside the drawing's edge, all round."""
    body = f'<rect width="{w}" height="{h}" fill="{ground}"/>'
    if stripe is not None:
        inset, width = stripe
        body += (
            f'<rect x="{inset + width / 2}" y="{inset + width / 2}" width="{w - 2 * inset - width}"'
            f' height="{h - 2 * inset - width}" fill="none" stroke="#e02020"'
            f' stroke-width="{width}"/>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
        f'viewBox="0 0 {w} {h}">{body}</svg>'
    )


def _bleed_sheet(
    tmp_path,
    book,
    front_stripe=None,
    back_stripe=None,
    paper="a4",
    fold=False,
    sheet="bleed",
    ground="#203040",
):
    """Seven poker cards on the 3 mm bleed layout, duplex (or fold and glue): dark fronts
    and backs whose drawings run over the whole bleed, with a red band in the bleed where
    asked."""
    from generator.render.imposition import DUPLEX, FOLD, impose
    from generator.render.pdf import Footer
    from generator.render.sheets import CardFace, write_card_sheets

    card, layout = book.card("poker"), book.sheet(sheet)
    w, h = card.width + 2 * layout.bleed, card.height + 2 * layout.bleed
    front = _card_svg(w, h, ground, front_stripe)
    back = _card_svg(w, h, "#402030", back_stripe)
    imp = impose(book.paper(paper), card, layout, FOLD if fold else DUPLEX)
    target = tmp_path / "sheet.pdf"
    write_card_sheets(target, [CardFace(front, back, "c")] * 7, imp, Footer("T", "cards", 1))
    return target


def test_a_fold_sheets_fold_line_is_no_fault_beside_a_card_edge_to_edge(tmp_path, book):
    # the default sheet: no bleed, the dark fold line 3 mm from the light cards beside it
    light = _bleed_sheet(tmp_path, book, fold=True, sheet="default", ground="#f4efe6")
    assert check_pdf(light) == []
    found = check_pdf(_bleed_sheet(tmp_path, book, front_stripe=(2.3, 0.6), fold=True))
    assert {v.rule for v in found} == {"bleed"}


def test_a_bleed_of_the_cards_own_ground_passes_on_fronts_and_backs(tmp_path, book):
    for paper in ("a4", "letter"):
        assert [v for v in check_pdf(_bleed_sheet(tmp_path, book, paper=paper))] == []


def test_a_red_sliver_in_the_millimetre_past_a_fronts_cut_fails(tmp_path, book):
    # the band runs 2.3-2.9 mm inside the 3 mm bleed: 0.1-0.7 mm outside the cut
    found = check_pdf(_bleed_sheet(tmp_path, book, front_stripe=(2.3, 0.6)))
    assert {v.rule for v in found} == {"bleed"}
    assert {v.page for v in found} == {1, 3}  # the fronts' pages (6 cards a sheet, then 1)
    assert len(found) == 7 * 4  # every side of every card


def test_a_sliver_on_the_backs_is_found_through_the_fronts_crop_marks_turned_over(tmp_path, book):
    found = check_pdf(_bleed_sheet(tmp_path, book, back_stripe=(2.3, 0.6), paper="letter"))
    assert {(v.rule, v.page) for v in found} == {("bleed", 2), ("bleed", 4)}  # the backs
    assert len(found) == 7 * 4


def test_a_frame_just_inside_the_cut_is_the_cards_own_and_passes(tmp_path, book):
    # 0.5-1.1 mm inside the cut: the card's art, which a cut off true may show or not
    assert check_pdf(_bleed_sheet(tmp_path, book, front_stripe=(3.5, 0.6))) == []


def test_a_sliver_at_the_bleeds_outer_edge_fails_too(tmp_path, book):
    # 0.1-0.6 mm inside the drawing's edge: 2.4-2.9 mm past the cut, still the bleed
    found = check_pdf(_bleed_sheet(tmp_path, book, front_stripe=(0.1, 0.5)))
    assert {v.rule for v in found} == {"bleed"} and len(found) == 7 * 4


def test_a_dashed_square_fails_and_dashed_straight_lines_in_one_path_pass(tmp_path):
    def square(canvas):
        canvas.setDash(3, 3)
        canvas.rect(mm_to_pt(50), mm_to_pt(50), mm_to_pt(40), mm_to_pt(40))

    (violation,) = check_pdf(_pdf(tmp_path, A4, square, "square.pdf"))
    assert violation.rule == "dash"

    def corner(canvas):  # two strokes meeting at a corner, one path
        canvas.setDash(3, 3)
        path = canvas.beginPath()
        path.moveTo(mm_to_pt(50), mm_to_pt(50))
        path.lineTo(mm_to_pt(90), mm_to_pt(50))
        path.lineTo(mm_to_pt(90), mm_to_pt(90))
        canvas.drawPath(path)

    assert _rules(_pdf(tmp_path, A4, corner, "corner.pdf")) == [(1, "dash")]

    def guides(canvas):  # two separate straight cut lines in one path
        canvas.setDash(3, 3)
        path = canvas.beginPath()
        for x in (60, 150):
            path.moveTo(mm_to_pt(x), mm_to_pt(20))
            path.lineTo(mm_to_pt(x), mm_to_pt(270))
        canvas.drawPath(path)

    assert check_pdf(_pdf(tmp_path, A4, guides, "guides.pdf")) == []
