"""Every PDF Quarry writes is valid: every resource a page or form uses is defined, qpdf's
structural checks find nothing, and nothing is printed in the outer 5 mm of the paper.

The PDFs are written once per test session (kit_pdfs): every game's kit, custom decks with
every --backs and --sheet on both papers, a tiled board, and both puzzle verbs. To cover a
new option or verb, add a run to RUNS (or to kit_runs, which follows `quarry kit --help`).
"""

import math
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2
import pytest

ROOT = Path(__file__).resolve().parent.parent
PAPERS = ("a4", "letter")

# (folder, arguments): each run writes into its own folder under the session's tmp dir.
RUNS = [
    *(
        (
            f"cards-{paper}-{backs}-{sheet}",
            ["cards", "examples/custom-deck.toml", "--paper", paper, "--backs", backs]
            + ["--sheet", sheet],
        )
        for paper in PAPERS
        for backs in ("duplex", "fold", "none")
        for sheet in ("default", "bleed", "spaced")
    ),
    *(
        (f"tile-{paper}", ["tile", "examples/sample-board.svg", "--paper", paper])
        for paper in PAPERS
    ),
    ("puzzle-hunt", ["puzzle", "hunt", "--count", "2", "--difficulty", "hard"]),
    ("puzzle-hunt-letter", ["puzzle", "hunt", "--count", "2", "--paper", "letter"]),
    ("puzzle-fugitive", ["puzzle", "fugitive", "--count", "2", "--difficulty", "medium"]),
    ("puzzle-fugitive-letter", ["puzzle", "fugitive", "--count", "1", "--paper", "letter"]),
]


def kit_runs() -> list[tuple[str, list[str]]]:
    """Return the `quarry kit all` runs: the default one, and one for each print option
    `quarry kit` has (read from its --help, so options added later are covered too)."""
    helptext = _quarry("kit", "--help").stdout
    runs = [("kit", ["kit", "all"])]
    if "--paper" in helptext and "both" not in helptext:
        runs.append(("kit-letter", ["kit", "all", "--paper", "letter"]))
    for option, values in (
        ("--backs", ("fold", "none")),
        ("--sheet", ("bleed",)),
        ("--ink", ("low",)),
    ):
        if option in helptext:
            for value in values:
                runs.append((f"kit{option[1:]}-{value}", ["kit", "all", option, value]))
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


def test_every_resource_a_page_or_form_uses_is_defined(kit_pdfs):
    problems = []
    for path in kit_pdfs:
        with pikepdf.open(path) as pdf:
            problems += [f"{_pdf_id(path)} {line}" for line in missing_resources(pdf)]
    assert problems == []


def test_qpdf_finds_no_problem_in_any_pdf(kit_pdfs):
    problems = []
    for path in kit_pdfs:
        with pikepdf.open(path) as pdf:
            problems += [f"{_pdf_id(path)}: {line}" for line in structural_problems(pdf)]
    assert problems == []


def test_the_runs_cover_both_papers_cards_tiles_puzzles_and_every_game(kit_pdfs):
    names = {path.name for path in kit_pdfs}
    folders = {path.parts[-3] for path in kit_pdfs}
    assert any(name.startswith("cards-letter-fold") for name in names)
    assert {"board-a4-tiled.pdf", "board-letter-tiled.pdf"} <= names
    assert {"hunt", "fugitive", "hunt-puzzles", "fugitive-puzzles"} <= {
        path.parent.name for path in kit_pdfs
    }
    assert "kit" in folders
    for paper in PAPERS:
        assert any(name.endswith(f"-{paper}.pdf") for name in names)


def test_the_resource_check_finds_an_undefined_graphics_state(tmp_path):
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.pages[0].Contents = pdf.make_stream(b"q /gRLs0 gs 0 0 10 10 re f Q")
    assert missing_resources(pdf) == ["page 1: /ExtGState /gRLs0 is not defined"]


# --- the outer 5 mm ---------------------------------------------------------------------

DPI = 100
CLEAR_MM = 5.0
# Pixels lying wholly inside the outer 5 mm (19 at 100 dpi: 4.83 mm).
CLEAR_PIXELS = math.floor(CLEAR_MM * DPI / 25.4)


def render(page, dpi: int = DPI) -> np.ndarray:
    """Return a page rendered at `dpi` as an RGB array (rows from the top)."""
    return np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB"))


def ink_near_the_edges(path: Path) -> list[str]:
    """Return, for each page of `path` with anything printed in the outer 5 mm, which
    edges and how near the ink comes."""
    problems = []
    pdf = pypdfium2.PdfDocument(str(path))
    for index in range(len(pdf)):
        grey = render(pdf[index]).min(axis=2)
        n = CLEAR_PIXELS
        bands = {
            "top": grey[:n, :],
            "bottom": grey[::-1][:n, :],
            "left": grey[:, :n].T,
            "right": grey[:, ::-1][:, :n].T,
        }
        for edge, band in bands.items():
            inked = np.where((band < 255).any(axis=1))[0]
            if len(inked):
                problems.append(f"page {index + 1}: ink {inked[0] * 25.4 / DPI:.1f} mm from {edge}")
    pdf.close()
    return problems


def test_nothing_is_printed_in_the_outer_5_mm_of_any_page(kit_pdfs):
    problems = []
    for path in kit_pdfs:
        problems += [f"{_pdf_id(path)} {line}" for line in ink_near_the_edges(path)]
    assert problems == []


def test_the_edge_check_sees_a_mark_4_mm_from_the_edge(tmp_path):
    from generator.render.pdf import PdfDocument

    path = tmp_path / "near.pdf"
    doc = PdfDocument(path, title="edge", subject="test")
    doc.begin_page(100, 100)
    doc.line(50, 96, 50, 90)  # reaches to 4 mm from the top
    doc.end_page()
    doc.save()
    (problem,) = ink_near_the_edges(path)
    distance = float(problem.split()[3])  # "page 1: ink D mm from top"
    assert problem.endswith("from top") and 3.7 <= distance <= 4.0
