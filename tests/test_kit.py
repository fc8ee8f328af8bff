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
    assert sorted(_files(kit)) == ["manifest.json", "same.txt"], "nothing of the old kit is left"
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
        assert sorted(p.name for p in out.iterdir()) == ["fugitive", "hunt"]
        manifests[jobs] = {kit.name: (kit / "manifest.json").read_bytes() for kit in out.iterdir()}
        for kit in out.iterdir():
            for entry in json.loads(manifests[jobs][kit.name])["files"]:
                assert entry["sha256"] == _sha256(kit / entry["path"])
    assert manifests[2] == manifests[1]
