"""Every PDF Quarry writes is valid: every resource a page or form uses is defined, qpdf's
structural checks find nothing, and every page keeps the print rules (type, edges, dashes
and bleeds: generator/render/print_rules/).

The PDFs are written once per test session (kit_pdfs): every game's kit, custom decks with
every --backs and --sheet on both papers, a tiled board, every game's puzzle verb and every
designer's folder. To cover a
new option or verb, add a run to RUNS (or to kit_runs, which follows `quarry kit --help`).
"""

import hashlib
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2
import pytest

from generator.render.imposition import MARK_CLEAR

ROOT = Path(__file__).resolve().parent.parent
PAPERS = ("a4", "letter")

# Every --backs with every --sheet, the papers in turn: each pair of the three options
# (backs and sheet, backs and paper, sheet and paper) is printed at least once.
CARD_OPTIONS = [
    (backs, sheet, PAPERS[index % 2])
    for index, (backs, sheet) in enumerate(
        (backs, sheet)
        for backs in ("duplex", "fold", "none")
        for sheet in ("default", "bleed", "spaced")
    )
]
# The games whose kits the print options change (The Hunt and Parforcejagd print no cards,
# and their pages are the same with --ink low: docs/cli.md).
CARD_GAMES = ("fugitive", "island", "cutthroat")

# (folder, arguments): each run writes into its own folder under the session's tmp dir.
RUNS = [
    *(
        (
            f"cards-{paper}-{backs}-{sheet}",
            ["cards", "examples/custom-deck.toml", "--paper", paper, "--backs", backs]
            + ["--sheet", sheet],
        )
        for backs, sheet, paper in CARD_OPTIONS
    ),
    *(
        (f"tile-{paper}", ["tile", "examples/sample-board.svg", "--paper", paper])
        for paper in PAPERS
    ),
    ("puzzle-hunt", ["puzzle", "hunt", "--count", "2", "--difficulty", "hard"]),
    ("puzzle-hunt-letter", ["puzzle", "hunt", "--count", "2", "--paper", "letter"]),
    ("puzzle-fugitive", ["puzzle", "fugitive", "--count", "2", "--difficulty", "medium"]),
    ("puzzle-fugitive-letter", ["puzzle", "fugitive", "--count", "1", "--paper", "letter"]),
    ("puzzle-island", ["puzzle", "island", "--count", "2", "--difficulty", "hard"]),
    ("puzzle-island-letter", ["puzzle", "island", "--count", "2", "--paper", "letter"]),
    ("puzzle-parforce", ["puzzle", "parforce", "--count", "2", "--difficulty", "medium"]),
    ("puzzle-parforce-letter", ["puzzle", "parforce", "--count", "2", "--paper", "letter"]),
    ("puzzle-cutthroat", ["puzzle", "cutthroat", "--count", "2", "--difficulty", "hard"]),
    ("puzzle-cutthroat-letter", ["puzzle", "cutthroat", "--count", "2", "--paper", "letter"]),
    # every designer, small: its folder's report and guide (Parforcejagd's folder holds no
    # PDF: its board prints through `quarry kit parforce --design`, which kit tests cover)
    ("generate-routes", ["generate", "routes", "--candidates", "2", "--games", "20"]),
    (
        "generate-deck",
        ["generate", "deck", "--candidates", "2", "--games", "20", "--paper", "letter"],
    ),
    ("generate-variant", ["generate", "variant", "--candidates", "2", "--games", "20"]),
    (
        "generate-island",
        ["generate", "island", "--size", "16", "--games", "40", "--paper", "letter"],
    ),
]


def kit_runs() -> list[tuple[str, list[str]]]:
    """Return the `quarry kit` runs: `kit all` (both papers), and for each value of each
    print option `quarry kit` has (as its --help lists them) the kits of CARD_GAMES, each
    on one paper, A4 and Letter in turn, without the gallery, to keep the session short."""
    helptext = _quarry("kit", "--help").stdout
    both = "both" in helptext
    runs = [("kit", ["kit", "all"])]
    if not both:
        runs.append(("kit-letter", ["kit", "all", "--paper", "letter"]))
    for option, values in (
        ("--backs", ("fold", "none")),
        ("--sheet", ("bleed", "spaced")),
        ("--ink", ("low",)),
    ):
        if option in helptext:
            for value in values:
                paper = ["--paper", PAPERS[len(runs) % 2]] if both else []
                # --no-gallery: the variants change what prints, not the gallery, which the
                # default run covers (and it costs a balance simulation per game)
                quiet = ["--no-gallery"] if "--no-gallery" in helptext else []
                for game in CARD_GAMES:
                    args = ["kit", game, option, value, *paper, *quiet]
                    runs.append((f"kit{option[1:]}-{value}-{game}", args))
    return runs


def _quarry(*args, out: Path | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "generator", *args]
    if out is not None:
        command += ["--out", str(out), "--quiet"]
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL
    )


@pytest.fixture(scope="session")
def kit_pdfs(tmp_path_factory) -> list[Path]:
    """Every PDF of every run, written once for the session (two runs at a time)."""
    base = tmp_path_factory.mktemp("kits")
    runs = RUNS + kit_runs()

    def run(item):
        folder, args = item
        return folder, _quarry(*args, out=base / folder)

    with ThreadPoolExecutor(max_workers=2) as pool:
        for folder, result in pool.map(run, runs):
            assert result.returncode == 0, f"{folder}: {result.stderr}"
    pdfs = sorted(base.rglob("*.pdf"))
    for folder, _ in runs:
        assert any(folder in pdf.parts for pdf in pdfs), f"{folder} wrote no PDF"
    return pdfs


def _pdf_id(pdf: Path) -> str:
    return "/".join(pdf.parts[-3:])


# --- resources --------------------------------------------------------------------------

# Operator -> (resource category, index of the operand naming the resource).
NAMED_RESOURCE = {
    "Tf": ("/Font", 0),
    "Do": ("/XObject", 0),
    "gs": ("/ExtGState", 0),
    "sh": ("/Shading", 0),
    "cs": ("/ColorSpace", 0),
    "CS": ("/ColorSpace", 0),
}
DEVICE_SPACES = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/Pattern"}


def missing_resources(pdf: pikepdf.Pdf) -> list[str]:
    """Return every resource a page's or a form's content names and its resources do not
    define, as 'page N: /Category /Name (in form ...)' lines."""
    problems: list[str] = []
    seen_forms: set[tuple[int, int]] = set()

    def walk(content_owner, resources, where: str) -> None:
        for operands, operator in pikepdf.parse_content_stream(content_owner):
            op = str(operator)
            if op in ("scn", "SCN") and operands and isinstance(operands[-1], pikepdf.Name):
                category, name = "/Pattern", str(operands[-1])
            elif op in NAMED_RESOURCE:
                category, index = NAMED_RESOURCE[op]
                name = str(operands[index])
                if category == "/ColorSpace" and name in DEVICE_SPACES:
                    continue
            else:
                continue
            table = resources.get(category) if resources is not None else None
            if table is None or name not in table:
                problems.append(f"{where}: {category} {name} is not defined")
                continue
            target = table[name]
            if category == "/XObject" and target.get("/Subtype") == "/Form":
                key = target.objgen
                if key in seen_forms:
                    continue
                seen_forms.add(key)
                # A form without resources of its own uses the page's (an old PDF habit).
                walk(target, target.get("/Resources", resources), f"{where} in form {name}")

    for number, page in enumerate(pdf.pages, 1):
        walk(page, page.obj.get("/Resources"), f"page {number}")
    return problems


def structural_problems(pdf: pikepdf.Pdf) -> list[str]:
    """Return what qpdf's own check (`qpdf --check`) reports about `pdf`."""
    check = getattr(pdf, "check_pdf_syntax", None) or pdf.check
    return list(check())


def test_every_resource_is_defined_and_qpdf_finds_no_problem_in_any_pdf(kit_pdfs):
    problems = []
    for path in kit_pdfs:
        with pikepdf.open(path) as pdf:
            found = [*missing_resources(pdf), *structural_problems(pdf)]
        problems += [f"{_pdf_id(path)}: {line}" for line in found]
    assert problems == []


def test_the_runs_cover_both_papers_cards_tiles_puzzles_and_every_game(kit_pdfs):
    names = {path.name for path in kit_pdfs}
    folders = {path.parts[-3] for path in kit_pdfs}
    assert any(name.startswith("cards-letter-fold") for name in names)
    assert {"board-a4-tiled.pdf", "board-letter-tiled.pdf"} <= names
    games = {"hunt", "fugitive", "island", "parforce", "cutthroat"}
    assert games | {f"{game}-puzzles" for game in games} <= {path.parent.name for path in kit_pdfs}
    assert "kit" in folders
    for paper in PAPERS:
        assert any(name.endswith(f"-{paper}.pdf") for name in names)


def test_the_resource_check_finds_an_undefined_graphics_state(tmp_path):
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.pages[0].Contents = pdf.make_stream(b"q /gRLs0 gs 0 0 10 10 re f Q")
    assert missing_resources(pdf) == ["page 1: /ExtGState /gRLs0 is not defined"]


# --- the print rules ------------------------------------------------------------------

DPI = 100


def render(page, dpi: int = DPI) -> np.ndarray:
    """Return a page rendered at `dpi` as an RGB array (rows from the top)."""
    return np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB"))


def page_fingerprint(page: pikepdf.Page) -> str:
    """Return a digest of everything that decides what a page prints: its size, its
    content stream, and (recursively) the forms and images it draws, the graphics states
    and the fonts it names.
    Pages with the same fingerprint render the same (print-all repeats the kit's pages)."""
    digest = hashlib.sha256(repr(list(page.mediabox)).encode())

    def add(owner, resources, seen) -> None:
        digest.update(owner.read_bytes() if isinstance(owner, pikepdf.Stream) else b"")
        if resources is None:
            return
        digest.update(repr(resources.get("/ExtGState")).encode())  # opacities
        for name, font in sorted(resources.get("/Font", {}).items()):
            digest.update(f"{name}={font.get('/BaseFont')}".encode())
        for name, xobject in sorted(resources.get("/XObject", {}).items()):
            digest.update(name.encode())
            if xobject.objgen not in seen:
                seen.add(xobject.objgen)
                add(xobject, xobject.get("/Resources"), seen)

    for stream in _contents(page):
        digest.update(stream.read_bytes())
    add(None, page.obj.get("/Resources"), set())
    return digest.hexdigest()


def _contents(page: pikepdf.Page) -> list[pikepdf.Stream]:
    contents = page.obj.get("/Contents")
    if contents is None:
        return []
    return list(contents) if isinstance(contents, pikepdf.Array) else [contents]


def print_rule_breaks(path: Path, skip: set[str] | None = None) -> list[str]:
    """Return every break of the print rules (generator/render/print_rules/: type, edge on
    the paper's own clear edge, dash, bleed) on the pages of `path`, each with its page.
    Pages whose fingerprint is in `skip` were already checked and are not read again; the
    others' fingerprints are added to it (a page of backs is fingerprinted with the fronts
    before it, whose crop marks cut it)."""
    from generator.render.print_rules import check_page

    problems = []
    skip = set() if skip is None else skip
    with pikepdf.open(path) as source:
        prints = [page_fingerprint(page) for page in source.pages]
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        for index in range(len(pdf)):
            key = prints[index] + (prints[index - 1] if index else "")
            if key in skip:
                continue
            skip.add(key)
            before = pdf[index - 1] if index else None
            problems += [str(found) for found in check_page(pdf[index], index + 1, None, before)]
    finally:
        pdf.close()
    return problems


def ink_near_the_edges(path: Path, skip: set[str] | None = None) -> list[str]:
    """The edge rule alone, held to 5 mm on every paper: Parforcejagd's kit and design tests
    call it until its kits keep every rule (print_rule_breaks), as the island's now do."""
    from generator.render.print_rules import check_page

    problems = []
    skip = set() if skip is None else skip
    with pikepdf.open(path) as source:
        prints = [page_fingerprint(page) for page in source.pages]
    pdf = pypdfium2.PdfDocument(str(path))
    for index in range(len(pdf)):
        if prints[index] in skip:
            continue
        skip.add(prints[index])
        for found in check_page(pdf[index], index + 1, clear_mm=5.0):
            if found.rule == "edge":
                problems.append(f"page {found.page}: ink {found.distance:.1f} mm from {found.edge}")
    pdf.close()
    return problems


def test_every_page_of_every_pdf_keeps_the_print_rules(kit_pdfs):
    """Every kit on both papers and with every print option, every puzzle book, every
    design folder's PDFs, custom decks and tiles: type, edges, dashes and bleeds."""
    problems, checked = [], set()
    for path in kit_pdfs:
        problems += [f"{_pdf_id(path)} {line}" for line in print_rule_breaks(path, checked)]
    assert problems == []
    assert len(checked) > 100  # distinct pages read


def test_the_print_rule_check_sees_a_mark_4_mm_from_the_edge(tmp_path):
    from generator.render.pdf import PdfDocument

    path = tmp_path / "near.pdf"
    doc = PdfDocument(path, title="edge", subject="test")
    doc.begin_page(100, 100)
    doc.line(50, 96, 50, 90)  # reaches to 4 mm from the top
    doc.end_page()
    doc.save()
    (problem,) = print_rule_breaks(path)
    assert problem.startswith("page 1: edge: path (") and "4.0 mm from top" in problem


# --- duplex drift -----------------------------------------------------------------------

DRIFT_MM = 1.5


def white(pixels: np.ndarray) -> np.ndarray:
    """Where an RGB array is paper white (every channel above 240)."""
    return pixels.min(axis=-1) > 240


DRIFT_DPI = 200  # a 0.2 mm sliver is more than a pixel


def white_after_drift(page, imp, pixels_per_mm: float = DRIFT_DPI / 25.4) -> list[str]:
    """Return the cards of a backs page that would show white inside their trim if the back
    landed up to DRIFT_MM off its front, in any direction: what the card's trim then shows
    near its edge is what is printed up to DRIFT_MM outside it (less where the paper's
    clear edge comes nearer), so that ring must hold no white. A back whose own edge is
    white (a light design) has nothing to show and is not counted; neither is an empty
    slot."""
    image = render(page, DRIFT_DPI)
    height = image.shape[0]

    # The ring stops where the paper's clear edge begins: nothing is printed there, so on
    # Letter, whose quarter inch leaves 1.15 mm above and below a grid of poker cards, the
    # drift the backs cover up and down is that much.
    edge = imp.sheet.margin + MARK_CLEAR

    def box(x, y, w, h):
        x, y = max(x, edge), max(y, edge)
        w = min(x + w, imp.page.width - edge) - x
        h = min(y + h, imp.page.height - edge) - y
        top = round(height - (y + h) * pixels_per_mm)
        left = round(x * pixels_per_mm)
        return image[top : top + round(h * pixels_per_mm), left : left + round(w * pixels_per_mm)]

    def ring(x, y, w, h, d):
        """The four strips d mm wide just outside the rectangle (corners included)."""
        return [
            box(x - d, y - d, w + 2 * d, d),
            box(x - d, y + h, w + 2 * d, d),
            box(x - d, y, d, h),
            box(x + w, y, d, h),
        ]

    found, dark = [], 0
    for slot in range(imp.per_page):
        x, y, w, h = imp.back_trim(slot)
        inside = 0.4
        own_edge = ring(x + inside, y + inside, w - 2 * inside, h - 2 * inside, inside)
        if any(white(strip).any() for strip in own_edge):
            continue
        dark += 1
        if any(white(strip).any() for strip in ring(x, y, w, h, DRIFT_MM)):
            found.append(f"slot {slot}: white within {DRIFT_MM} mm outside its trim")
    return found if dark else ["no dark-edged back on the page"]


def _duplex_sheets(kit_pdfs, book):
    """(path, imposition) of every duplex card sheet with dark backs among the kit PDFs:
    the custom deck's duplex runs, Fugitive's cards and events, and the island's decks."""
    from generator.render.imposition import DUPLEX, impose

    sheets = []
    for path in kit_pdfs:
        folder = path.parts[-3]
        if folder.startswith("cards-") and "-duplex-" in folder and path.stem.startswith("cards-"):
            _, paper, _, sheet = folder.split("-")
            card = "poker"
        elif (folder == "kit" or folder.startswith("kit-sheet-")) and path.parent.name in (
            "fugitive",
            "island",
        ):
            stem, _, paper = path.stem.rpartition("-")
            if stem not in ("cards", "events"):
                continue
            card, sheet = "poker", "default" if folder == "kit" else folder.split("-")[2]
        else:
            continue
        imp = impose(book.paper(paper), book.card(card), book.sheet(sheet), DUPLEX)
        sheets.append((path, imp))
    return sheets


def test_dark_backs_show_no_white_in_a_card_when_the_back_drifts_1_5_mm(kit_pdfs, book):
    sheets = _duplex_sheets(kit_pdfs, book)
    assert len(sheets) >= 10  # the deck's 3 sheet layouts, Fugitive's cards and events
    assert any(path.parent.name == "island" for path, _ in sheets)
    problems = []
    for path, imp in sheets:
        pdf = pypdfium2.PdfDocument(str(path))
        for index in range(1, len(pdf), 2):  # every second page holds backs
            found = white_after_drift(pdf[index], imp)
            problems += [f"{_pdf_id(path)} page {index + 1}: {line}" for line in found]
        pdf.close()
    assert problems == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("sheet", ["default", "spaced", "bleed"])
def test_a_plain_dark_back_reaches_past_the_grid_on_every_sheet_layout(
    tmp_path, book, paper, sheet
):
    from generator.render.imposition import DUPLEX, impose
    from generator.render.pdf import Footer
    from generator.render.sheets import CardFace, write_card_sheets

    card, layout = book.card("poker"), book.sheet(sheet)
    w, h = card.width + 2 * layout.bleed, card.height + 2 * layout.bleed
    back = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
        f'viewBox="0 0 {w} {h}"><rect width="{w}" height="{h}" fill="#203040"/></svg>'
    )
    front = back.replace("#203040", "#ffffff")
    imp = impose(book.paper(paper), card, layout, DUPLEX)
    target = tmp_path / "dark.pdf"
    write_card_sheets(target, [CardFace(front, back, "c")] * 7, imp, Footer("T", "cards", 1))
    pdf = pypdfium2.PdfDocument(str(target))
    assert white_after_drift(pdf[1], imp) == []


def pdf_fonts(paths) -> set[tuple[str, bool]]:
    """Return (base font name, embedded?) of every simple font in the PDFs at `paths`."""
    fonts = set()
    for path in paths:
        with pikepdf.open(path) as pdf:
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                    if obj.get("/Subtype") == "/Type0":
                        continue  # its descendant font is checked
                    descriptor = obj.get("/FontDescriptor")
                    embedded = descriptor is not None and "/FontFile2" in descriptor
                    fonts.add((str(obj.get("/BaseFont")), embedded))
    return fonts


def test_every_font_in_every_pdf_is_embedded_vera(kit_pdfs):
    fonts = pdf_fonts(kit_pdfs)
    assert fonts
    assert all(embedded and "Vera" in name for name, embedded in fonts), fonts
