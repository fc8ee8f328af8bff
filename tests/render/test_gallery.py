"""The kit gallery: index.html in every kit folder, and OUT/index.html for `kit all`.

A custom deck (with hostile card names) and a small hand-made kit stand in for the game
kits; tests/browser/ loads real game kits in Chromium.
"""

import io
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from generator.kit import KitWriter, write_deck_kit
from generator.render.gallery.inline import inline_svg
from generator.render.gallery.kits_index import write_kits_index
from generator.render.gallery.previews import PREVIEW_DPI, preview_pngs
from generator.render.raster import svg_png

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = '<script>alert("x")</script> & Co'
CARD = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 63 88">'
    '<rect width="63" height="88" fill="#c33"/></svg>'
)
BOARD = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="200mm" height="150mm" '
    'viewBox="0 0 200 150"><rect width="200" height="150" fill="#3a6"/></svg>'
)
CHART = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="160mm" height="90mm" viewBox="0 0 160 90">'
    '<rect width="160" height="90" fill="#ddd"/></svg>'
)
VOID = {"meta", "link", "br", "img", "input", "hr", "col", "area", "base", "source", "wbr"}


class Page(HTMLParser):
    """index.html read back: its links, images, inline <svg>s and figures, checking that
    every element is closed in order."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.links, self.images, self.figures, self.svgs = [], [], [], 0
        self.errors: list[str] = []
        self.text: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a":
            self.links.append(attrs.get("href"))
        if tag == "img":
            self.images.append(attrs.get("src"))
        if tag == "svg":
            self.svgs += 1
        if tag == "figure" and "component" in attrs.get("class", ""):
            self.figures.append(attrs["style"])
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()

    def handle_data(self, data):
        self.text.append(data)


def _manifest(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def _pdf(path: Path) -> None:
    canvas = Canvas(str(path), invariant=1)
    canvas.drawString(72, 72, "sheet")
    canvas.showPage()
    canvas.save()


def _small_kit(out: Path, name: str = "small", meta: dict | None = None) -> Path:
    """A kit with a card, a board, a balance chart and a PDF printing the first two."""
    with KitWriter(out, name, meta or {"kind": "test", "seed": 3}) as writer:
        writer.write_text("svg/card.svg", CARD, "card-front")
        writer.write_text("svg/board.svg", BOARD, "board")
        writer.write_text("balance.svg", CHART, "balance-chart")
        _pdf(writer.path("sheets.pdf"))
        writer.add("sheets.pdf", "card-sheets", pages=1, shows=["svg/card.svg", "svg/board.svg"])
    return writer.final_path


@pytest.fixture(scope="module")
def deck_kit(tmp_path_factory) -> Path:
    """`quarry cards` on the example deck, its name and a card's name made hostile."""
    folder = tmp_path_factory.mktemp("deck")
    shutil.copytree(ROOT / "examples" / "templates", folder / "templates")
    text = (ROOT / "examples" / "custom-deck.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Expedition Supplies"', "name = 'Supplies " + HOSTILE + "'")
    text = text.replace('name = "Lantern"', "name = '" + HOSTILE + "'")
    (folder / "deck.toml").write_text(text, encoding="utf-8")
    kit, _ = write_deck_kit(
        folder / "deck.toml", folder / "out", "a4", 1, [], None, "duplex", (0.0, 0.0)
    )
    return kit


@pytest.fixture(scope="module")
def small_kit(tmp_path_factory) -> Path:
    return _small_kit(tmp_path_factory.mktemp("small") / "out")


@pytest.fixture(params=["deck", "small"])
def kit(request, deck_kit, small_kit) -> Path:
    return {"deck": deck_kit, "small": small_kit}[request.param]


def _page(kit: Path) -> Page:
    return Page((kit / "index.html").read_text(encoding="utf-8"))


def test_the_index_is_in_the_kit_and_in_its_manifest(kit):
    kinds = {entry["path"]: entry["kind"] for entry in _manifest(kit)["files"]}
    assert kinds["index.html"] == "gallery"
    previews = sorted(path for path, kind in kinds.items() if kind == "gallery-preview")
    components = [p for p, k in kinds.items() if p.endswith(".svg") and k != "balance-chart"]
    assert len(previews) == len(components) > 0


def test_the_index_parses_with_every_element_closed_in_order(kit):
    page = _page(kit)
    assert page.errors == [] and page.open == []
    assert (kit / "index.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_the_index_shows_every_svg_of_the_manifest(kit):
    page = _page(kit)
    entries = [e for e in _manifest(kit)["files"] if e["path"].endswith(".svg")]
    charts = [e["path"] for e in entries if e["kind"].endswith("chart")]
    components = [e for e in entries if not e["kind"].endswith("chart")]
    assert page.svgs == len(components) == len(page.figures)
    for entry in components:
        png = "gallery/" + Path(entry["path"]).with_suffix(".png").name
        assert entry["path"] in page.links and png in page.links
    assert page.images == charts


def test_components_are_drawn_at_their_true_proportions(small_kit):
    styles = _page(small_kit).figures
    sizes = [tuple(map(float, re.findall(r"--[wh]: ([\d.]+)", style))) for style in styles]
    assert sizes == [(200.0, 150.0), (63.0, 88.0)], "the board first, then the card"
    css = (small_kit / "index.html").read_text(encoding="utf-8")
    assert "calc((100vw - 4rem) / 200)" in css, "one scale for all, set by the widest (200 mm)"
    assert "calc((100vh - 6rem) / 150)" in css, "and the tallest (150 mm)"


def test_each_component_links_the_pdfs_that_print_it(deck_kit):
    manifest = _manifest(deck_kit)
    cards = [e for e in manifest["files"] if e["kind"] in ("card-front", "card-back")]
    assert cards and all(entry["pdf"] == ["cards-a4.pdf"] for entry in cards)
    assert _page(deck_kit).links.count("cards-a4.pdf") >= len(cards)


def test_every_href_and_src_is_a_file_of_the_kit(kit):
    page = _page(kit)
    targets = [target.split("#")[0] for target in page.links + page.images]
    for target in filter(None, targets):
        assert (kit / target).is_file(), target
        assert (kit / target).resolve().is_relative_to(kit.resolve())


def test_nothing_comes_from_outside_the_folder(kit):
    text = (kit / "index.html").read_text(encoding="utf-8")
    assert "http:" not in text and "https:" not in text and "//" not in text.replace("<!--", "")
    assert "<script" not in text.lower() and "@import" not in text
    assert "<link" not in text, "the stylesheet is inline"


def test_print_instructions_come_from_the_guide(deck_kit):
    page = _page(deck_kit)
    words = " ".join(page.text)
    assert "00-guide-a4.pdf" in page.links and "print-all-a4.pdf" in page.links
    assert "The cards" in words and "two (flip on long edge)" in words


def test_user_text_is_escaped(deck_kit):
    text = (deck_kit / "index.html").read_text(encoding="utf-8")
    assert "<script" not in text
    assert "&lt;script&gt;" in text
    page = _page(deck_kit)
    assert any(HOSTILE in line for line in page.text), "the deck's name reads as written"


def test_the_gallery_is_byte_identical_when_written_again(small_kit, tmp_path):
    again = _small_kit(tmp_path / "out")
    for name in ("index.html", "gallery/card.png", "gallery/board.png", "manifest.json"):
        assert (again / name).read_bytes() == (small_kit / name).read_bytes(), name


def test_previews_are_the_print_pipeline_s_pixels_at_150_dpi():
    card, board = preview_pngs([CARD, BOARD])
    assert PREVIEW_DPI == 150
    image = Image.open(io.BytesIO(card))
    assert image.size == (round(63 / 25.4 * 150), round(88 / 25.4 * 150)) and image.mode == "RGB"
    alone = Image.open(io.BytesIO(svg_png(CARD, 150)))
    assert image.tobytes() == alone.tobytes()
    assert Image.open(io.BytesIO(board)).getpixel((10, 10)) == (0x33, 0xAA, 0x66)


def test_inline_svgs_keep_the_drawing_and_drop_what_could_run_or_fetch():
    hostile = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'xmlns:x="urn:editor" width="10mm" height="10mm" viewBox="0 0 10 10" onload="go()">'
        '<script>go()</script><x:meta x:a="1"/><foreignObject><p>hi</p></foreignObject>'
        '<defs><clipPath id="c"><rect width="5" height="5"/></clipPath></defs>'
        '<rect id="r" width="10" height="10" clip-path="url(#c)" onclick="go()"/>'
        '<use xlink:href="#r"/><image href="https://example.org/a.png"/>'
        '<rect style="fill: url(http://example.org/p)"/><text>A &amp; B</text></svg>'
    )
    text = inline_svg(hostile, "k1-")
    assert "script" not in text and "onload" not in text and "onclick" not in text
    assert "foreignObject" not in text and "urn:editor" not in text and "x:meta" not in text
    assert "example.org" not in text and "http" not in text
    assert 'id="k1-c"' in text and 'clip-path="url(#k1-c)"' in text and '"#k1-r"' in text
    root = text.split(">")[0]
    assert "A &amp; B" in text and 'viewBox="0 0 10 10"' in root and "width=" not in root


def test_inline_svg_without_a_viewbox_gets_one_in_css_pixels():
    text = inline_svg('<svg xmlns="http://www.w3.org/2000/svg" width="1in" height="2in"/>', "p")
    assert 'viewBox="0 0 96 192"' in text


def test_the_kits_index_links_every_kit_in_its_folder(tmp_path):
    out = tmp_path / "out"
    _small_kit(out, "one", {"kind": "deck", "deck": "One", "seed": 3})
    _small_kit(out, "two", {"kind": "deck", "deck": 'Two <i>"2"</i>', "seed": 3})
    _small_kit(out, "sample", {"kind": "board", "board": "sample.svg", "seed": 3})
    _small_kit(out, "hunt", {"kind": "game", "game": "hunt", "seed": 3})
    _small_kit(out, "isle", {"kind": "design", "game": "island", "seed": 3})
    design = {"file": "island.island", "sha256": "0" * 64}
    _small_kit(out, "isle-kit", {"kind": "game", "game": "island", "design": design, "seed": 3})
    _small_kit(out, "odd", {"kind": "test", "seed": 3})  # no kind an index lists
    (out / "notes").mkdir()  # no manifest
    (out / "broken").mkdir()
    (out / "broken" / "manifest.json").write_text("{", encoding="utf-8")
    target = write_kits_index(out)
    assert target == out / "index.html"
    text = target.read_text(encoding="utf-8")
    page = Page(text)
    assert page.errors == []
    folders = ["hunt", "isle-kit", "isle", "one", "two", "sample"]  # games, designs, decks, boards
    galleries = [link.split("/")[0] for link in page.links if link.endswith("/index.html")]
    assert list(dict.fromkeys(galleries)) == folders
    assert page.images == [f"{folder}/gallery/board.png" for folder in folders]
    for href in page.links + page.images:
        assert (out / href).is_file(), href
    assert "The Hunt" in text and "a designed island" in text and "Board: sample.svg" in text
    assert "The Most Dangerous Game: the kit of island.island" in text
    assert "<i>" not in text and "odd/" not in text and "broken/" not in text
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["index.html", "notes", "broken", "odd", *folders]
    ), "no leftovers"


def test_a_kit_written_later_joins_the_index_but_a_foreign_index_is_left_alone(tmp_path):
    out = tmp_path / "out"
    _small_kit(out, "one", {"kind": "deck", "deck": "One", "seed": 3})
    write_kits_index(out)
    _small_kit(out, "two", {"kind": "deck", "deck": "Two", "seed": 3})
    assert "two/index.html" in Page((out / "index.html").read_text(encoding="utf-8")).links
    (out / "index.html").write_text("<p>my own page</p>", encoding="utf-8")
    _small_kit(out, "three", {"kind": "deck", "deck": "Three", "seed": 3})
    assert (out / "index.html").read_text(encoding="utf-8") == "<p>my own page</p>"
    other = tmp_path / "other"
    _small_kit(other, "one", {"kind": "deck", "deck": "One", "seed": 3})
    assert not (other / "index.html").exists(), "only kit all starts an index"
