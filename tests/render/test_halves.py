"""Half sheets (render/document/halves.py): half pages set by the one skeleton, two to a
sheet of the whole paper, one above the other, with a dashed cut line between them."""

import hashlib

import pypdfium2
import pytest

from generator.render.document import Blocks, Header, Part, TypeScale, half_sheet
from generator.render.document.halves import cut_y, write_half_sheets
from generator.render.pdf import Footer
from generator.render.print_rules import check_pdf
from generator.render.units import pt_to_mm

PAPERS = ("a4", "letter")


def _parts(words: tuple[str, ...]) -> list[Part]:
    blocks = Blocks(TypeScale(body=8))
    return [Part(Header(word.title()), [blocks.para(f"The {word} side.")], word) for word in words]


def _write(tmp_path, paper, sheets, name="halves.pdf"):
    target = tmp_path / name
    pages = write_half_sheets(target, paper, _parts(("front", "back")), Footer("T", "aid", 3),
                              TypeScale(), sheets)  # fmt: skip
    return target, pages


def _words_by_half(path, paper) -> list[tuple[str, str]]:
    """Return, for each page, the words printed above the cut and those below it."""
    found = []
    for page in pypdfium2.PdfDocument(str(path)):
        text = page.get_textpage()
        above, below = [], []
        for index in range(text.count_rects()):
            left, bottom, right, top = text.get_rect(index)
            words = " ".join(text.get_text_bounded(left, bottom, right, top).split())
            middle = pt_to_mm((bottom + top) / 2)
            if words != "cut":
                (above if middle > cut_y(paper) else below).append(words)
        found.append((" ".join(above), " ".join(below)))
    return found


@pytest.mark.parametrize("name", PAPERS)
def test_a_half_sheet_is_the_paper_s_width_and_half_its_height_with_its_clear_edge(book, name):
    paper = book.paper(name)
    half = half_sheet(paper)
    assert (half.width, half.height) == (paper.width, paper.height / 2)
    assert half.clear_edge == paper.clear_edge and half.name == paper.name


@pytest.mark.parametrize("name", PAPERS)
def test_each_sheet_holds_the_half_pages_it_names_above_and_below_the_cut(book, tmp_path, name):
    paper = book.paper(name)
    target, pages = _write(tmp_path, paper, [(0, 1), (1, 1)])
    assert pages == 2
    pdf = pypdfium2.PdfDocument(str(target))
    for page in pdf:
        width, height = page.get_size()
        assert (pt_to_mm(width), pt_to_mm(height)) == pytest.approx((paper.width, paper.height))
    (top, bottom), (top_2, bottom_2) = _words_by_half(target, paper)
    assert top.startswith("Front The front side.") and "page 1/2" in top
    assert bottom.startswith("Back The back side.") and "page 2/2" in bottom
    assert top_2 == bottom_2 == bottom
    assert not check_pdf(target)


def test_the_same_half_pages_give_the_same_bytes(book, tmp_path):
    paper = book.paper("a4")
    first, _ = _write(tmp_path, paper, [(0, 0), (1, 1)], "one.pdf")
    second, _ = _write(tmp_path, paper, [(0, 0), (1, 1)], "two.pdf")
    assert (
        hashlib.sha256(first.read_bytes()).digest() == hashlib.sha256(second.read_bytes()).digest()
    )
