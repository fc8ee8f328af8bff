"""The kit folder: all or nothing, a manifest of every file, nothing outside, same bytes twice."""

import hashlib
import json
import stat
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.errors import QuarryError
from generator.kit import KitWriter

ROOT = Path(__file__).resolve().parent.parent

CARD_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 63 88">'
    '<rect width="63" height="88" fill="#fff"/></svg>'
)
BOARD_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="2.5in" height="12cm" viewBox="0 0 63.5 120">'
    "</svg>"
)


def _pdf(path: Path, pages: int) -> None:
    canvas = Canvas(str(path), invariant=1)
    for page in range(pages):
        canvas.drawString(72, 72, f"page {page + 1}")
        canvas.showPage()
    canvas.save()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def _write_sample_kit(out: Path, name: str = "sample") -> Path:
    with KitWriter(out, name, {"kind": "test", "seed": 7}) as writer:
        writer.write_text("README.txt", "Cut, fold, play.\n", "readme")
        writer.write_text("svg/card.svg", CARD_SVG, "card-front")
        writer.write_text("svg/board.svg", BOARD_SVG, "board")
        _pdf(writer.path("sheets.pdf"), pages=3)
        writer.add("sheets.pdf", "card-sheets", pages=3)
    return writer.final_path


# --- all or nothing ----------------------------------------------------------------------


def test_a_failure_inside_the_block_leaves_nothing_in_the_out_folder(tmp_path):
    out = tmp_path / "out"
    failing = pytest.raises(RuntimeError, match="drawing failed")
    with failing, KitWriter(out, "kit", {}) as writer:
        writer.write_text("a.txt", "half", "text")
        _pdf(writer.path("sheets.pdf"), pages=1)
        raise RuntimeError("drawing failed")
    assert list(out.iterdir()) == [], "no kit, and no hidden temporary folder either"


def test_a_quarry_error_inside_the_block_also_leaves_nothing(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(QuarryError), KitWriter(out, "kit", {}) as writer:
        writer.write_text("a.txt", "half", "text")
        raise QuarryError("text does not fit")
    assert list(out.iterdir()) == []


def test_files_are_not_in_the_kit_folder_until_the_block_ends(tmp_path):
    out = tmp_path / "out"
    with KitWriter(out, "kit", {}) as writer:
        writer.write_text("a.txt", "x", "text")
        assert not (out / "kit").exists()
    assert (out / "kit" / "a.txt").read_text() == "x"


def test_a_second_successful_run_replaces_the_previous_kit(tmp_path):
    out = tmp_path / "out"
    with KitWriter(out, "kit", {"run": 1}) as writer:
        writer.write_text("old.txt", "first run", "text")
        writer.write_text("same.txt", "first", "text")
    with KitWriter(out, "kit", {"run": 2}) as writer:
        writer.write_text("same.txt", "second", "text")
    kit = out / "kit"
    assert sorted(_files(kit)) == ["index.html", "manifest.json", "same.txt"], (
        "nothing of the old kit is left"
    )
    assert (kit / "same.txt").read_text() == "second"
    assert json.loads((kit / "manifest.json").read_text())["run"] == 2
    assert [p.name for p in out.iterdir()] == ["kit"], "no leftover old or temporary folder"


def test_a_failed_run_leaves_the_previous_kit_as_it_was(tmp_path):
    out = tmp_path / "out"
    before = _files(_write_sample_kit(out, "kit"))
    with pytest.raises(RuntimeError), KitWriter(out, "kit", {}) as writer:
        writer.write_text("README.txt", "overwritten?", "readme")
        raise RuntimeError("boom")
    assert _files(out / "kit") == before
    assert [p.name for p in out.iterdir()] == ["kit"]


def test_other_kits_in_the_out_folder_are_left_alone(tmp_path):
    out = tmp_path / "out"
    other = _files(_write_sample_kit(out, "other"))
    _write_sample_kit(out, "mine")
    assert _files(out / "other") == other
    assert sorted(p.name for p in out.iterdir()) == ["mine", "other"]


def test_the_published_kit_folder_has_normal_permissions(tmp_path):
    # The kit is renamed from a temporary folder: it must not keep mkdtemp's private 0700.
    out = tmp_path / "out"
    kit = _write_sample_kit(out)
    plain = tmp_path / "plain"
    plain.mkdir()
    assert stat.S_IMODE(kit.stat().st_mode) == stat.S_IMODE(plain.stat().st_mode)


# --- the manifest ------------------------------------------------------------------------


@pytest.fixture()
def sample_kit(tmp_path) -> Path:
    return _write_sample_kit(tmp_path / "out")


def _manifest(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def test_manifest_lists_every_file_of_the_kit(sample_kit):
    listed = [entry["path"] for entry in _manifest(sample_kit)["files"]]
    on_disk = sorted(set(_files(sample_kit)) - {"manifest.json"})
    assert sorted(listed) == on_disk
    assert listed == sorted(listed), "listed in a stable order"
    assert len(listed) == len(set(listed))


def test_manifest_sha256_and_bytes_match_each_file(sample_kit):
    for entry in _manifest(sample_kit)["files"]:
        data = (sample_kit / entry["path"]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest(), entry["path"]
        assert entry["bytes"] == len(data)


def test_manifest_gives_each_file_its_kind(sample_kit):
    kinds = {entry["path"]: entry["kind"] for entry in _manifest(sample_kit)["files"]}
    assert kinds == {
        "README.txt": "readme",
        "sheets.pdf": "card-sheets",
        "svg/board.svg": "board",
        "svg/card.svg": "card-front",
        "index.html": "gallery",
        "gallery/board.png": "gallery-preview",
        "gallery/card.png": "gallery-preview",
    }


def test_manifest_gives_pdf_page_counts(sample_kit):
    for entry in _manifest(sample_kit)["files"]:
        if entry["path"].endswith(".pdf"):
            reader = pypdf.PdfReader(sample_kit / entry["path"])
            assert entry["pages"] == len(reader.pages) == 3
        else:
            assert "pages" not in entry


def test_manifest_gives_svg_sizes_in_mm(sample_kit):
    sizes = {
        entry["path"]: (entry.get("width_mm"), entry.get("height_mm"))
        for entry in _manifest(sample_kit)["files"]
    }
    assert sizes["svg/card.svg"] == (63.0, 88.0)
    assert sizes["svg/board.svg"] == (63.5, 120.0)
    assert sizes["README.txt"] == (None, None)
    assert sizes["sheets.pdf"] == (None, None)


def test_manifest_carries_the_name_version_and_meta(sample_kit):
    manifest = _manifest(sample_kit)
    assert manifest["name"] == "sample"
    assert manifest["kind"] == "test" and manifest["seed"] == 7
    assert isinstance(manifest["quarry"], str) and manifest["quarry"]


def test_manifest_json_has_sorted_keys_and_no_timestamps(sample_kit):
    text = (sample_kit / "manifest.json").read_text(encoding="utf-8")
    manifest = json.loads(text)
    assert text == json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert not {"time", "date", "created", "timestamp"} & set(manifest)


# --- nothing outside the kit -------------------------------------------------------------


@pytest.mark.parametrize(
    "relative", ["../escape.txt", "svg/../../escape.txt", "../../escape.txt", "/tmp/escape.txt"]
)
def test_a_path_leaving_the_kit_is_refused(tmp_path, relative):
    out = tmp_path / "out"
    with pytest.raises(QuarryError, match="leave the kit"), KitWriter(out, "kit", {}) as writer:
        writer.path(relative)
    assert not (out / "escape.txt").exists()
    assert not (tmp_path / "escape.txt").exists()
    assert list(out.iterdir()) == []


def test_a_nested_relative_path_inside_the_kit_is_fine(tmp_path):
    with KitWriter(tmp_path / "out", "kit", {}) as writer:
        target = writer.path("a/b/c.txt")
        assert target.parent.is_dir()
        writer.write_text("a/b/c.txt", "deep", "text")
    assert (tmp_path / "out" / "kit" / "a" / "b" / "c.txt").read_text() == "deep"


@pytest.mark.parametrize("name", ["", ".", "..", "../up", "a/b", "a\\b", ".hidden"])
def test_a_kit_name_must_be_a_plain_folder_name(tmp_path, name):
    with pytest.raises(QuarryError, match="plain folder name"):
        KitWriter(tmp_path / "out", name, {})
    assert not (tmp_path / "out").exists()


# --- byte-identical reruns ---------------------------------------------------------------


def _cards(out: Path) -> Path:
    result = subprocess.run(
        [sys.executable, "-m", "generator", "cards", "examples/custom-deck.toml", "--out", out],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return out / "expedition-supplies"


def test_the_same_command_twice_writes_byte_identical_files(tmp_path):
    out = tmp_path / "out"
    kit = _cards(out)
    first_manifest = (kit / "manifest.json").read_bytes()
    first = _files(kit)
    kit = _cards(out)
    second = _files(kit)
    assert (kit / "manifest.json").read_bytes() == first_manifest
    assert first == second
    for entry in json.loads(first_manifest)["files"]:
        assert entry["sha256"] == _sha256(kit / entry["path"])
    assert any(path.endswith(".pdf") for path in second)
    assert sum(path.endswith(".svg") for path in second) == 9  # 8 fronts and the shared back


def test_the_files_do_not_depend_on_the_out_folder(tmp_path):
    first = _files(_cards(tmp_path / "one"))
    second = _files(_cards(tmp_path / "elsewhere" / "two"))
    assert first == second


# --- game kits: side by side, and the print options --------------------------------------


def test_kit_all_in_two_processes_writes_the_same_bytes_as_in_one(tmp_path, quarry):
    manifests = {}
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}"
        done = quarry("kit", "all", "--paper", "a4", "--seed", "4", "--jobs", jobs, "--out", out)
        assert done.returncode == 0, done.stderr
        assert sorted(p.name for p in out.iterdir()) == [
            *("cutthroat", "fugitive", "hunt", "index.html", "island", "parforce")
        ]
        kits = [path for path in out.iterdir() if path.is_dir()]
        manifests[jobs] = {kit.name: (kit / "manifest.json").read_bytes() for kit in kits}
        manifests[jobs]["index.html"] = (out / "index.html").read_bytes()
        for kit in kits:
            manifest = json.loads(manifests[jobs][kit.name])
            assert (manifest["papers"], manifest["backs"], manifest["ink"]) == (
                ["a4"],
                "duplex",
                "normal",
            )
            for entry in manifest["files"]:
                assert entry["sha256"] == _sha256(kit / entry["path"])
                assert "letter" not in entry["path"]  # --paper a4: no Letter files
            charts = [e["path"] for e in manifest["files"] if e["kind"] == "balance-chart"]
            assert charts == ["balance.svg"], "every game kit has its balance chart"
    assert manifests[2] == manifests[1]


def _dark_share(svg: str) -> float:
    """Return the share of a card SVG's area printed darker than mid grey."""
    import pypdfium2
    from reportlab.graphics import renderPDF

    from generator.render.svg import to_drawing

    # to_drawing registers Vera first: svglib on its own would register a system font under
    # the name "Vera", and reportlab keeps the first font of a name for the whole session.
    data = renderPDF.drawToString(to_drawing(svg))
    page = pypdfium2.PdfDocument(data)[0]
    image = page.render(scale=1).to_pil().convert("L")
    counts = image.histogram()  # 256 grey levels
    return sum(counts[:128]) / sum(counts)


@pytest.fixture(scope="module")
def printed_kit(tmp_path_factory, quarry):
    """Fugitive's kit on Letter only, fold-and-glue card sheets with bleed, low ink, and
    no gallery."""
    out = tmp_path_factory.mktemp("printed")
    options = ("--paper", "letter", "--backs", "fold", "--sheet", "bleed", "--ink", "low")
    options += ("--no-gallery",)
    done = quarry(
        "kit", "fugitive", "--out", out, *options, "--back-offset-x", "1.5", "--seed", "2"
    )
    assert done.returncode == 0, done.stderr
    return out / "fugitive"


def test_paper_letter_writes_only_letter_files(printed_kit):
    manifest = json.loads((printed_kit / "manifest.json").read_text())
    paths = [entry["path"] for entry in manifest["files"]]
    pdfs = sorted(path for path in paths if path.endswith(".pdf"))
    stems = ("00-guide", "cards", "events", "notepad", "print-all", "puzzles", "rulebook", "rules")
    assert pdfs == [f"{stem}-letter.pdf" for stem in stems]
    assert not [path for path in paths if "a4" in path]
    on_disk = {p.relative_to(printed_kit).as_posix() for p in printed_kit.rglob("*.pdf")}
    assert on_disk == set(pdfs)


def test_no_gallery_writes_only_what_prints(printed_kit):
    manifest = json.loads((printed_kit / "manifest.json").read_text())
    kinds = {entry["kind"] for entry in manifest["files"]}
    assert "card-sheets" in kinds and "balance-chart" not in kinds
    assert not (printed_kit / "index.html").exists()
    assert not (printed_kit / "gallery").exists()
    assert not (printed_kit.parent / "index.html").exists()


def test_the_manifest_records_the_print_options(printed_kit):
    manifest = json.loads((printed_kit / "manifest.json").read_text())
    assert manifest["kind"] == "game" and manifest["seed"] == 2
    assert (manifest["paper"], manifest["papers"]) == ("letter", ["letter"])
    assert (manifest["backs"], manifest["sheet"], manifest["ink"]) == ("fold", "bleed", "low")
    assert manifest["back_offset"] == [1.5, 0.0]


def test_backs_fold_gives_fold_and_glue_sheets_with_the_sheet_layout(printed_kit):
    from generator.render.imposition import FOLD, impose
    from generator.render.layouts import LayoutBook

    book = LayoutBook()
    fold = impose(book.paper("letter"), book.card("poker"), book.sheet("bleed"), FOLD)
    manifest = json.loads((printed_kit / "manifest.json").read_text())
    pages = {entry["path"]: entry.get("pages") for entry in manifest["files"]}
    # 43 Hideouts and 2 role cards; 10 Events and 6 Placeholders: no separate back pages.
    assert pages["cards-letter.pdf"] == -(-45 // fold.per_page)
    assert pages["events-letter.pdf"] == -(-16 // fold.per_page)
    assert pages["cards-letter.pdf"] != 10  # the duplex count on the default sheet
    back = next(e for e in manifest["files"] if e["path"] == "svg/back-deck.svg")
    assert (back["width_mm"], back["height_mm"]) == (69, 94)  # 3 mm of bleed each side


def test_ink_low_gives_light_card_backs(printed_kit):
    from generator.games.fugitive.print import deck_back_svg, role_back_svg

    for name in ("back-deck", "back-role"):
        svg = (printed_kit / "svg" / f"{name}.svg").read_text()
        assert _dark_share(svg) < 0.1, name
    assert _dark_share(deck_back_svg()) > 0.5  # the normal back is a dark solid card
    assert _dark_share(deck_back_svg(ink="low")) < 0.1
    assert _dark_share(role_back_svg(ink="low")) < 0.1


def test_a_kit_request_defaults_to_its_one_paper_and_duplex():
    from generator.kit import KitRequest
    from generator.render.layouts import LayoutBook

    book = LayoutBook()
    request = KitRequest(None, book, book.paper("a4"), 1)
    assert [paper.name for paper in request.papers] == ["a4"]
    assert (request.back_mode, request.sheet, request.ink) == ("duplex", "default", "normal")
    shifted = KitRequest(None, book, book.paper("a4"), 1, backs="none", back_offset=(2, -1))
    assert shifted.back_mode == "fronts"
    layout = shifted.sheet_layout()
    assert (layout.back_offset_x, layout.back_offset_y, layout.name) == (2, -1, "default")


def test_a_kit_collects_garbage_less_often_and_restores_the_collector():
    import gc

    from generator.kit import fewer_collections

    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold()[0] > before[0]
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("a kit that fails")
    assert gc.get_threshold() == before
