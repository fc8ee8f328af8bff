"""Every kit starts with its guide page and holds one print-all file: what to print, how
many copies, which side, and every page of the kit in one PDF that prints as the kit."""

import json
from pathlib import Path

import pypdf
import pytest

A4 = (595.28, 841.89)


@pytest.fixture(scope="module")
def kits(tmp_path_factory, quarry) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("guided")

    def run(*args):
        done = quarry(*args, "--quiet")
        assert done.returncode == 0, done.stderr

    run("kit", "all", "--paper", "a4", "--out", out, "--seed", "3")
    run("cards", "examples/custom-deck.toml", "--out", out)
    run("tile", "examples/sample-board.svg", "--out", out)
    run("puzzle", "hunt", "--count", "2", "--out", out)
    for design in ("routes", "deck"):
        run("generate", design, "--candidates", "2", "--games", "20", "--out", out)
    folders = (
        *("hunt", "fugitive", "expedition-supplies", "sample-board", "hunt-puzzles"),
        *("hunt-routes", "fugitive-deck", "cutthroat"),
    )
    return {name: out / name for name in folders}


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text())


def guide_rows(folder: Path) -> dict[str, tuple[int, bool]]:
    """Return {file: (copies, two-sided)} for A4 as the manifest records the guide's table,
    after checking that the guide page names each file."""
    text = pypdf.PdfReader(folder / "00-guide-a4.pdf").pages[0].extract_text()
    rows = {}
    for item in manifest(folder)["print"]["a4"]:
        assert item["file"] in text
        rows[item["file"]] = (item["copies"], item["two_sided"])
    return rows


@pytest.mark.parametrize(
    "name",
    [
        *("hunt", "fugitive", "expedition-supplies", "sample-board", "hunt-puzzles"),
        *("hunt-routes", "fugitive-deck", "cutthroat"),
    ],
)
def test_every_kit_starts_with_its_guide_and_has_a_print_all(kits, name):
    files = {entry["path"]: entry for entry in manifest(kits[name])["files"]}
    first = sorted(path for path in files if "/" not in path)[0]
    assert first == "00-guide-a4.pdf"
    assert files[first]["kind"] == "guide" and files[first]["pages"] == 1
    assert files["print-all-a4.pdf"]["kind"] == "print-all"
    text = pypdf.PdfReader(kits[name] / first).pages[0].extract_text()
    assert "100 %" in text and "50 mm" in text  # the scale check
    assert "print-all-a4.pdf" in text


def printed_pdfs(folder: Path) -> list[str]:
    """Return the kit's PDFs a player prints on A4 (not the guide, print-all, or big paper)."""
    skip = ("00-guide-", "print-all-", "board-one-page")
    return [
        entry["path"]
        for entry in manifest(folder)["files"]
        if entry["path"].endswith("a4.pdf") or entry["path"].endswith("a4-tiled.pdf")
        if not entry["path"].startswith(skip)
    ]


@pytest.mark.parametrize(
    "name",
    [
        *("hunt", "fugitive", "expedition-supplies", "sample-board", "fugitive-deck"),
        *("hunt-routes", "cutthroat"),
    ],
)
def test_the_guide_lists_every_pdf_to_print(kits, name):
    text = pypdf.PdfReader(kits[name] / "00-guide-a4.pdf").pages[0].extract_text()
    wanted = printed_pdfs(kits[name])
    assert wanted
    assert [path for path in wanted if path not in text] == []


def test_the_hunt_guide_asks_for_two_copies_of_the_sheets(kits):
    rows = guide_rows(kits["hunt"])
    assert rows["hunt-a4.pdf"][0] == 2


def test_print_all_holds_every_copy_with_blank_backs_for_one_sided_pages(kits):
    folder = kits["fugitive"]
    files = {entry["path"]: entry for entry in manifest(folder)["files"]}
    reader = pypdf.PdfReader(folder / "print-all-a4.pdf")
    rows = guide_rows(folder)
    # Fugitive's cards are two-sided, so every one-sided page is followed by a blank back.
    expected = 2  # the guide and its blank back
    for path, (copies, two_sided) in rows.items():
        if path in ("00-guide-a4.pdf", "print-all-a4.pdf"):
            continue
        pages = files[path]["pages"]
        expected += copies * (pages + (pages % 2) if two_sided else 2 * pages)
    assert len(reader.pages) == expected == files["print-all-a4.pdf"]["pages"]
    for page in reader.pages:
        assert tuple(round(float(v), 2) for v in page.mediabox[2:]) == A4


def test_print_all_of_a_one_sided_kit_has_no_blank_pages(kits):
    folder = kits["hunt"]
    files = {entry["path"]: entry for entry in manifest(folder)["files"]}
    reader = pypdf.PdfReader(folder / "print-all-a4.pdf")
    assert (
        len(reader.pages)
        == 1
        + files["rulebook-a4.pdf"]["pages"]
        + 2 * files["hunt-a4.pdf"]["pages"]
        + files["puzzles-a4.pdf"]["pages"]
    )
    assert all(page.extract_text().strip() for page in reader.pages)


def test_the_guide_suggests_back_options_only_where_the_verb_takes_them(kits):
    def guide_text(name: str) -> str:
        return pypdf.PdfReader(kits[name] / "00-guide-a4.pdf").pages[0].extract_text()

    # quarry kit and quarry cards take --back-offset-x and --backs; generate deck does not.
    for name in ("fugitive", "expedition-supplies"):
        assert "--back-offset-x" in guide_text(name) and "--backs fold" in guide_text(name)
    # A design folder prints its report, one-sided; its cards come from kit --design.
    designed = guide_text("fugitive-deck")
    assert "--back-offset" not in designed and "--backs" not in designed
    assert "quarry kit fugitive --design" in " ".join(designed.split())


def test_a_default_kit_states_its_measured_balance_and_a_design_folder_does_not(kits):
    from generator.engine.balance import figure

    def guide_text(name: str) -> str:
        text = pypdf.PdfReader(kits[name] / "00-guide-a4.pdf").pages[0].extract_text()
        return " ".join(text.split())

    measured = figure("fugitive", "bots", None)
    text = guide_text("fugitive")
    assert "Is it a fair game?" in text and f"{measured['value']:.2f} ±" in text
    manifest = json.loads((kits["fugitive"] / "manifest.json").read_text())
    row = manifest["balance"]["rows"]["bots"]
    assert row["by_players"]["any"]["value"] == measured["value"] and not row["holds"]
    assert "Is it a fair game?" not in guide_text("fugitive-deck")
