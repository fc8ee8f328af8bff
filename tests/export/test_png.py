"""quarry export png: print-resolution PNGs of a kit's cards, with the bleed print shops ask
for, drawn as the kit's own sheets draw them."""

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import ImageChops, ImageStat

from generator.cli import main
from generator.export.png import export_png
from generator.kit import write_deck_kit
from generator.render.imposition import impose
from generator.render.raster import pdf_page_png, png_image

DPI = 300
BLEED = 3.0


@pytest.fixture(scope="module")
def kit(tmp_path_factory, root) -> Path:
    """The example custom deck's kit (A4, duplex), exported to PNG once."""
    out = tmp_path_factory.mktemp("kits")
    folder, _ = write_deck_kit(
        root / "examples" / "custom-deck.toml", out, "a4", 1, [], None, "duplex", (0.0, 0.0)
    )
    export_png(folder, DPI, BLEED)
    return folder


def manifest(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def pngs(kit: Path) -> list[dict]:
    return [entry for entry in manifest(kit)["files"] if entry["kind"] == "png"]


def test_one_png_per_distinct_face_and_back(kit):
    decks = manifest(kit)["decks"]["cards"]
    sides = {card["front"] for card in decks} | {card["back"] for card in decks}
    assert {entry["source"] for entry in pngs(kit)} == sides
    roles = {entry["source"]: entry["role"] for entry in pngs(kit)}
    assert {roles[card["front"]] for card in decks} == {"face"}
    assert {roles[card["back"]] for card in decks} == {"back"}


def test_card_png_is_trim_plus_twice_the_bleed_at_the_dpi(kit, book):
    card = book.card("poker")
    expected = (
        round((card.width + 2 * BLEED) * DPI / 25.4),
        round((card.height + 2 * BLEED) * DPI / 25.4),
    )
    for entry in pngs(kit):
        image = png_image((kit / entry["path"]).read_bytes())
        assert image.size == expected == (entry["width_px"], entry["height_px"])
        assert image.mode == "RGB"
        assert entry["bleed_mm"] == BLEED and entry["dpi"] == DPI


def test_face_png_matches_the_card_on_the_kit_sheet_pdf(kit, book):
    """The first card, cut from the first page of the kit's sheets rendered at the same dpi,
    is the face PNG inside its bleed, up to antialiasing and half a pixel of alignment; the
    next different card on the page is not."""
    cards = manifest(kit)["decks"]["cards"]
    sources = {e["source"]: e["path"] for e in pngs(kit)}
    face = png_image((kit / sources[cards[0]["front"]]).read_bytes())
    exact = BLEED * DPI / 25.4
    inset = round(exact)
    face = face.crop((inset, inset, face.width - inset, face.height - inset))
    paper = book.paper("a4")
    imposition = impose(paper, book.card("poker"), book.sheet("default"), "duplex")
    page = png_image(pdf_page_png(kit / "cards-a4.pdf", 0, DPI))

    def difference(slot: int) -> float:
        x, y, w, h = imposition.cell(slot)
        left = round(x * DPI / 25.4 - (exact - inset))
        top = round((paper.height - y - h) * DPI / 25.4 - (exact - inset))
        cut = page.crop((left, top, left + face.width, top + face.height))
        return max(ImageStat.Stat(ImageChops.difference(face, cut)).mean)

    other = next(i for i, card in enumerate(cards) if card["front"] != cards[0]["front"])
    assert difference(0) < 2.0
    assert difference(other) > 4.0


def test_the_bleed_repeats_the_card_edge_outward(kit):
    """Every pixel of the bleed is the trim's outermost pixel of its row or column: no
    mirrored frame line and no white paper where a cut may wander."""
    inset = round(BLEED * DPI / 25.4)
    for entry in pngs(kit)[:6]:
        pixels = np.asarray(png_image((kit / entry["path"]).read_bytes()))
        edge = pixels[inset:-inset, inset]  # the trim's left column
        assert (pixels[inset:-inset, :inset] == edge[:, None]).all()
        edge = pixels[-inset - 1, inset:-inset]  # the trim's bottom row
        assert (pixels[-inset:, inset:-inset] == edge[None, :]).all()


def test_bleed_carries_the_card_edge_colour(kit):
    """The bleed continues the card: just outside the trim the colour is the one just
    inside it, not white paper."""
    for entry in pngs(kit):
        image = png_image((kit / entry["path"]).read_bytes())
        inset = round(BLEED * DPI / 25.4)
        middle = image.height // 2
        inside = image.getpixel((inset + 1, middle))
        outside = image.getpixel((inset - 2, middle))
        assert max(abs(a - b) for a, b in zip(inside, outside, strict=True)) < 16


def test_manifest_lists_each_png_with_its_sha256(kit):
    for entry in pngs(kit):
        data = (kit / entry["path"]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
        assert entry["bytes"] == len(data)
    assert sorted(p.name for p in (kit / "png").iterdir()) == sorted(
        Path(e["path"]).name for e in pngs(kit)
    )


def test_export_again_writes_the_same_bytes(kit):
    before = {e["path"]: e["sha256"] for e in pngs(kit)}
    export_png(kit, DPI, BLEED)
    assert {e["path"]: e["sha256"] for e in pngs(kit)} == before
    assert not [p for p in kit.iterdir() if p.name.startswith(".")]  # no staging left


def run_quarry(monkeypatch, capsys, *args) -> tuple[int, str]:
    """Run `quarry ARGS` in this process (main(), as the console script does); return its
    exit code and stderr."""
    monkeypatch.setattr(sys, "argv", ["quarry", *map(str, args)])
    with pytest.raises(SystemExit) as exit_:
        main()
    return exit_.value.code, capsys.readouterr().err


def test_bad_kit_folders_exit_2_and_write_nothing(monkeypatch, capsys, tmp_path, kit):
    puzzles = tmp_path / "puzzles"
    puzzles.mkdir()
    (puzzles / "manifest.json").write_text('{"quarry": "0.1.0", "kind": "puzzles", "files": []}')
    (tmp_path / "a-file").write_text("not a folder")
    for target in (tmp_path / "missing", tmp_path / "a-file", tmp_path, puzzles):
        before = sorted(tmp_path.rglob("*"))
        for verb in ("png", "tts"):
            code, err = run_quarry(monkeypatch, capsys, "export", verb, target)
            assert code == 2
            assert err.startswith("quarry: error: ") and err.count("\n") == 1, err
            assert sorted(tmp_path.rglob("*")) == before
    code, err = run_quarry(monkeypatch, capsys, "export", "png", kit, "--dpi", "100000")
    assert code == 2 and "--dpi" in err
