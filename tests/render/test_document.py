"""The document layer: flowing pages, their footers, fitting, figures, the kit guide."""

import hashlib

import numpy as np
import pypdf
import pypdfium2
import pytest
from reportlab.platypus import Flowable, PageBreak

from generator.render.document import (
    Blocks,
    DoesNotFit,
    Header,
    Part,
    TypeScale,
    column_size,
    fit_document,
    fit_parts,
    write_document,
)
from generator.render.document.guide import (
    SCALE_BAR_MM,
    KitGuide,
    PrintItem,
    write_guide,
    write_print_all,
)
from generator.render.pdf import Footer
from generator.render.print_rules import check_pdf

WORDS = "The Knight listens for wings over the Hills while the Dragon circles the Sea. "


def page_texts(path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def long_story(blocks: Blocks, paragraphs: int) -> list:
    return [blocks.para(f"{index}. " + WORDS * 6) for index in range(paragraphs)]


def test_every_page_carries_its_footer_with_the_page_count(book, tmp_path):
    blocks = Blocks(TypeScale())
    parts = [
        Part(Header("First part", "a subtitle"), long_story(blocks, 30), "first"),
        Part(Header("Second part"), long_story(blocks, 3), "second", columns=2),
    ]
    target = tmp_path / "doc.pdf"
    pages = write_document(target, book.paper("a4"), parts, Footer("Game", "x", 4), TypeScale())
    texts = page_texts(target)
    assert pages == len(texts) >= 3
    for number, text in enumerate(texts, 1):
        assert f"page {number}/{pages}" in text
        assert "seed 4" in text
    assert "Game · first" in texts[0] and "Game · second" in texts[-1]


def test_later_pages_of_a_part_say_continued(book, tmp_path):
    blocks = Blocks()
    parts = [Part(Header("Solutions"), long_story(blocks, 30), "solutions")]
    target = tmp_path / "doc.pdf"
    write_document(target, book.paper("letter"), parts, Footer("G", "s", None), TypeScale())
    texts = page_texts(target)
    assert "Solutions (continued)" not in texts[0]
    assert all("Solutions (continued)" in text for text in texts[1:])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_continued_title_keeps_the_title_s_room_clear_of_the_paper_s_edge(book, tmp_path, paper):
    # "... the rules (continued)" takes a second line; it was drawn upwards from the first
    # line's place, 5.9 mm from the top of the page (Letter keeps 6.35 mm clear)
    title = "The Knight and the Dragon: all the rules"
    parts = [Part(Header(title, "a subtitle"), long_story(Blocks(), 30), "rules", columns=2)]
    target = tmp_path / "doc.pdf"
    write_document(target, book.paper(paper), parts, Footer("G", "r", None), TypeScale())
    texts = [" ".join(text.split()) for text in page_texts(target)]
    assert len(texts) >= 2 and all(f"{title} (continued)" in t for t in texts[1:])
    assert not [v for v in check_pdf(target) if v.rule == "edge"]
    document = pypdfium2.PdfDocument(str(target))
    tops = []
    for page in document:  # the title's first word sits at the same height on every page
        text = page.get_textpage()
        box = text.get_charbox(text.get_text_range().index("The"))
        tops.append(round(box[3], 1))
    assert len(set(tops)) == 1


def test_text_is_plain_never_markup(book, tmp_path):
    blocks = Blocks()
    story = [blocks.para("lair-return<=2 & <b>not bold</b>"), blocks.lead("A < B:", "x > y")]
    target = tmp_path / "doc.pdf"
    write_document(
        target, book.paper("a4"), [Part(Header("T"), story, "t")], Footer("G", "t", 1), TypeScale()
    )
    text = page_texts(target)[0]
    assert "lair-return<=2 & <b>not bold</b>" in text
    assert "A < B: x > y" in text


def test_fit_document_takes_the_largest_size_that_fits(book, tmp_path):
    paper = book.paper("a4")
    sizes_tried = []

    def make(blocks: Blocks):
        sizes_tried.append(blocks.scale.body)
        return [Part(Header("Card"), long_story(blocks, 9), "card", columns=2)]

    target = tmp_path / "card.pdf"
    pages = fit_document(target, paper, make, Footer("G", "card", 1), (14.0, 11.0, 8.0, 6.0), 1)
    assert pages == 1 and len(page_texts(target)) == 1
    # 14 pt runs over one page; a smaller size was needed, and no size below the first fit.
    assert sizes_tried[0] == 14.0 and len(sizes_tried) >= 2
    assert sizes_tried[-1] in (11.0, 8.0)


def test_fit_document_refuses_what_never_fits(book, tmp_path):
    def make(blocks: Blocks):
        return [Part(Header("Too much"), long_story(blocks, 80), "x")]

    with pytest.raises(DoesNotFit, match="more than 1 page"):
        fit_document(tmp_path / "x.pdf", book.paper("a4"), make, Footer("G", "x", 1), (9.0,), 1)
    assert not (tmp_path / "x.pdf").exists()


def test_fit_parts_sets_each_part_at_its_own_size_and_they_join_one_document(book, tmp_path):
    paper = book.paper("a4")

    def card(blocks: Blocks):
        return [Part(Header("Card"), long_story(blocks, 9), "card", columns=2)]

    def note(blocks: Blocks):
        return [Part(Header("Note"), long_story(blocks, 2), "note")]

    footer = Footer("G", "sheets", 1)
    card_parts = fit_parts(paper, card, footer, (14.0, 11.0, 8.0, 6.0), 1)
    note_parts = fit_parts(paper, note, footer, (14.0, 8.0), 1)
    assert card_parts[0].story[0].style.fontSize < 14.0  # the card had to shrink
    assert note_parts[0].story[0].style.fontSize == 14.0  # the note did not
    target = tmp_path / "both.pdf"
    assert write_document(target, paper, card_parts + note_parts, footer, TypeScale()) == 2
    texts = page_texts(target)
    assert "Card" in texts[0] and "Note" in texts[1]


SQUARE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{w}mm" viewBox="0 0 10 10">'
    '<rect width="10" height="10" fill="#000000"/></svg>'
)


def test_a_trial_setting_counts_the_pages_a_written_one_has(book, tmp_path):
    # fit_parts counts pages on a canvas that draws no figure and writes nothing: the
    # count must be the written document's, for figures, tables and two columns alike.
    from generator.render.document.pages import _build

    def parts(blocks: Blocks, figures: int) -> list[Part]:
        story = []
        for index in range(figures):
            story += [blocks.figure(SQUARE.format(w=30 + 7 * index)), *long_story(blocks, 2)]
            story.append(blocks.table([["a", "b"], *[[WORDS, index]] * 3], (0.7, 0.3)))
        return [
            Part(Header("Figures"), story, "figures"),
            Part(Header("Columns"), long_story(blocks, 12), "columns", columns=2),
        ]

    footer = Footer("G", "trial", 1)
    for paper in (book.paper("a4"), book.paper("letter")):
        for figures in (1, 6, 11):
            target = tmp_path / f"{paper.name}-{figures}.pdf"
            written = write_document(target, paper, parts(Blocks(), figures), footer, TypeScale())
            counted = _build(None, paper, parts(Blocks(), figures), footer, TypeScale(), trial=True)
            assert counted == written == len(page_texts(target))
            assert not (tmp_path / "None").exists()


def dark_run(path, dpi: int = 254) -> int:
    """Return the widest run of dark pixels in any row of page 1 (dpi 254: 10 px a mm)
    from 30 mm down, below the header's rule."""
    page = pypdfium2.PdfDocument(str(path))[0]
    pixels = np.asarray(page.render(scale=dpi / 72).to_pil().convert("L"))
    dark = pixels[300:] < 100
    best = 0
    for row in dark[::4]:
        padded = np.concatenate(([0], row.astype(int), [0]))
        edges = np.flatnonzero(np.diff(padded))
        if len(edges):
            best = max(best, int((edges[1::2] - edges[::2]).max()))
    return best


def test_a_figure_keeps_its_true_size_and_shrinks_only_to_fit(book, tmp_path):
    blocks = Blocks()
    paper = book.paper("a4")
    small, large = tmp_path / "small.pdf", tmp_path / "large.pdf"
    for target, width in ((small, 40), (large, 400)):
        story = [blocks.figure(SQUARE.format(w=width))]
        write_document(
            target, paper, [Part(Header(""), story, "f")], Footer("G", "f", 1), TypeScale()
        )
    assert abs(dark_run(small) - 400) <= 3  # 40 mm at 10 px a mm
    column = paper.width - 24  # the 12 mm margins
    assert abs(dark_run(large) - column * 10) <= 3


def test_the_guide_scale_bar_measures_fifty_millimetres(book, tmp_path):
    guide = KitGuide("Game", "About it.")
    guide.add(book.paper("a4"), PrintItem("x.pdf", "things"))
    target = tmp_path / "guide.pdf"
    assert write_guide(target, book.paper("a4"), guide, 1) == 1
    page = pypdfium2.PdfDocument(str(target))[0]
    pixels = np.asarray(page.render(scale=254 / 72).to_pil().convert("L")) < 100
    runs = []
    for row in pixels:
        padded = np.concatenate(([0], row.astype(int), [0]))
        edges = np.flatnonzero(np.diff(padded))
        runs += list(edges[1::2] - edges[::2])
    # The bar is the one dark line between 45 and 55 mm long, at 10 px a mm.
    bars = [run for run in runs if 450 <= run <= 550]
    assert bars and all(abs(run - SCALE_BAR_MM * 10) <= 3 for run in bars)


def one_page_pdf(book, path, title: str) -> None:
    blocks = Blocks()
    write_document(
        path,
        book.paper("a4"),
        [Part(Header(title), [blocks.para(title)], "p")],
        Footer("G", "p", 1),
        TypeScale(),
    )


def test_print_all_holds_every_copy_and_blank_backs_when_two_sided(book, tmp_path):
    one_page_pdf(book, tmp_path / "map.pdf", "Map")
    one_page_pdf(book, tmp_path / "cards.pdf", "Cards")
    guide = KitGuide("Game", "About it.", ["Cut the cards."])
    guide.add(book.paper("a4"), PrintItem("map.pdf", "the map", copies=2))
    guide.add(book.paper("a4"), PrintItem("cards.pdf", "cards", two_sided=True))
    write_guide(tmp_path / "guide.pdf", book.paper("a4"), guide, 1)
    pages = write_print_all(tmp_path / "all.pdf", tmp_path, "guide.pdf", guide, "a4")
    texts = page_texts(tmp_path / "all.pdf")
    # guide + blank, map + blank twice, then the two-sided file, its odd page count made
    # even so that a file after it would start on a new sheet.
    assert pages == len(texts) == 8
    assert "your kit" in texts[0] and texts[1] == ""
    assert "Map" in texts[2] and texts[3] == "" and "Map" in texts[4] and texts[5] == ""
    assert "Cards" in texts[6] and texts[7] == ""
    guide_text = texts[0]
    assert "map.pdf" in guide_text and "flip on long edge" in guide_text


def test_print_all_is_one_sided_when_nothing_is_two_sided(book, tmp_path):
    one_page_pdf(book, tmp_path / "map.pdf", "Map")
    guide = KitGuide("Game", "About it.")
    guide.add(book.paper("a4"), PrintItem("map.pdf", "the map", copies=3))
    write_guide(tmp_path / "guide.pdf", book.paper("a4"), guide, 1)
    first = write_print_all(tmp_path / "all.pdf", tmp_path, "guide.pdf", guide, "a4")
    assert first == 4
    digest = hashlib.sha256((tmp_path / "all.pdf").read_bytes()).hexdigest()
    write_print_all(tmp_path / "again.pdf", tmp_path, "guide.pdf", guide, "a4")
    assert hashlib.sha256((tmp_path / "again.pdf").read_bytes()).hexdigest() == digest


def test_column_size_is_the_room_a_story_has_under_its_header(book):
    paper = book.paper("a4")
    one = column_size(paper, Header("Title"))
    two = column_size(paper, Header("Title", "and a subtitle"), columns=2)
    assert one[0] == pytest.approx(210 - 24)
    assert two[0] == pytest.approx((210 - 24 - 7) / 2)
    assert two[1] < one[1] < 297 - 12 - 13


def test_steps_number_the_top_level_and_keep_ends_holds_no_step_alone(book, tmp_path):
    blocks = Blocks()
    steps = blocks.steps([(0, "First."), (1, "Inside."), (0, "Second."), (0, "Third.")])
    assert [step.bulletText for step in steps] == ["1.", "–", "2.", "3."]
    assert steps[1].style.leftIndent > steps[0].style.leftIndent
    assert [step.getKeepWithNext() for step in steps] == [True, False, False, False]
    story = blocks.keep_ends([blocks.heading("Worked")], [blocks.para(str(n)) for n in range(7)])
    assert len(story) == 1 + 3 + 1  # heading and two, three alone, the last two together
    assert len(blocks.keep_ends([], [blocks.para("a")] * 4)) == 1


def test_a_continued_step_says_so_only_at_the_top_of_a_column(book, tmp_path):
    blocks = Blocks()
    story = [
        blocks.continued(blocks.para(f"Step {n}. " + WORDS * 2), "Worked, continued")
        for n in range(90)
    ]
    target = tmp_path / "doc.pdf"
    pages = write_document(
        target,
        book.paper("a4"),
        [Part(Header("S"), [blocks.heading("Worked"), *story], "s", columns=2)],
        Footer("G", "s", 1),
        TypeScale(),
    )
    texts = page_texts(target)
    assert pages >= 2
    assert texts[0].count("Worked, continued") == 1  # the second column only
    assert texts[1].count("Worked, continued") == 2


def test_page_numbers_are_true_while_the_pages_are_held(book, tmp_path):
    """The footer canvas holds pages back until the end; getPageNumber() still counts 1, 2, 3."""
    seen = []

    class Mark(Flowable):
        def wrap(self, avail_width, avail_height):
            return 1, 1

        def draw(self):
            seen.append(self.canv.getPageNumber())

    blocks = Blocks()
    story = []
    for _ in range(3):
        story += [Mark(), *long_story(blocks, 2), PageBreak()]
    parts = [Part(Header("Numbers"), story, "n")]
    pages = write_document(
        tmp_path / "n.pdf", book.paper("a4"), parts, Footer("G", "n", 1), TypeScale()
    )
    assert seen == [1, 2, 3] and pages == 3


def test_a_document_can_be_written_to_a_file_object(book, tmp_path, monkeypatch):
    import io

    monkeypatch.chdir(tmp_path)
    blocks = Blocks()
    buffer = io.BytesIO()
    parts = [Part(Header("In memory"), [blocks.para("held")], "m")]
    assert write_document(buffer, book.paper("a4"), parts, Footer("G", "m", 1), TypeScale()) == 1
    assert buffer.getvalue().startswith(b"%PDF")
    assert list(tmp_path.iterdir()) == []  # nothing written beside it
