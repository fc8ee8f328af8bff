"""What every game's rulebook test checks of the written PDF: it keeps to the print rules
(type, edge, dash and bleed: every rule), and its parts come in order:
cover (the title, what is in the kit), setting up, the rules, the worked example."""

import pypdf

from generator.render.document.rulebook import write_rulebook
from generator.render.layouts import LayoutBook
from generator.render.print_rules import check_pdf

PARTS = ("Setting up", "The rules", "A worked example")


def rulebook_pages(book, target, paper: str) -> list[str]:
    """Write `book` to `target` on `paper`, check it, and return each page's text (white
    space folded) with the example's pages joined into the last item."""
    pages = write_rulebook(target, LayoutBook().paper(paper), book, 1)
    assert check_pdf(target) == []
    texts = [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(target).pages]
    assert pages == len(texts)
    assert texts[0].startswith(book.title) and "In this kit" in texts[0]
    heads = [next(h for h in PARTS if text.startswith(h)) for text in texts[1:]]
    assert heads == sorted(heads, key=PARTS.index) and set(heads) == set(PARTS)
    first_example = 1 + heads.index("A worked example")
    return [*texts[:first_example], " ".join(texts[first_example:])]
