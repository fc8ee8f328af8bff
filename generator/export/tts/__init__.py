"""`quarry export tts KIT`: the kit's decks as Tabletop Simulator card sheets, its boards and
tokens as images, and a saved object (KIT/tts/<kit>.json) that loads them all.

A TTS deck is made from card sheets: a grid of at most 10 x 7 cards, at most 4096 px a side,
whose last slot is the face TTS shows for a hidden card (a card in someone's hand), and one
back image. A kit deck whose cards have two backs (Fugitive's role cards, the island's two
decks) becomes one TTS deck per back. A sheet holds each distinct face once; the deck lists
a card printed twice twice. Cards are drawn at their trimmed size (no bleed), by the print
pipeline (render/raster.py).
"""

import json
import math
from dataclasses import dataclass
from pathlib import Path

from generator.errors import QuarryError
from generator.export.kitfolder import BOARD_KINDS, TOKEN_KINDS, Kit, KitAddition, open_kit
from generator.export.tts import objects as tts

FOLDER = "tts"
MAX_COLUMNS, MAX_ROWS, MAX_SIDE = 10, 7, 4096
CARD_DPI = 300.0  # at most; a full 10 x 7 sheet of poker cards gets about 165
IMAGE_DPI = 150.0  # boards and tokens, at most (less when 4096 px would not hold them)
PNG_LEVEL = 1  # zlib level: sheets are uploaded once and read by TTS; speed over size
HIDDEN_GREY = (96, 96, 96)  # the hidden face and back of cards that have no back
URL_SCHEMES = ("http://", "https://", "file://")


@dataclass(frozen=True)
class TtsDeck:
    """A deck as TTS takes it: one back (an SVG path, or None), its cards' fronts in order."""

    name: str
    back: str | None
    cards: tuple[str, ...]

    @property
    def faces(self) -> list[str]:
        """Return the distinct fronts, in the order they first appear."""
        return list(dict.fromkeys(self.cards))


def tts_decks(kit: Kit) -> list[TtsDeck]:
    """Return the kit's decks split by back: a deck with one back keeps its name, else each
    part is named <deck>-<back's file stem>."""
    decks = []
    for name, cards in kit.decks().items():
        backs = list(dict.fromkeys(card.back for card in cards))
        for back in backs:
            fronts = tuple(card.front for card in cards if card.back == back)
            label = name if len(backs) == 1 else f"{name}-{Path(back or 'no-back').stem}"
            decks.append(TtsDeck(label, back, fronts))
    return decks


def grid(count: int, width_mm: float, height_mm: float) -> tuple[int, int]:
    """Return (columns, rows) of a sheet of `count` faces and the hidden face after them:
    at most MAX_COLUMNS x MAX_ROWS, the fewest empty slots, then the largest cards."""
    slots = count + 1
    best = None
    for columns in range(1, MAX_COLUMNS + 1):
        rows = math.ceil(slots / columns)
        if rows > MAX_ROWS:
            continue
        width, _ = cell_size(width_mm, height_mm, columns, rows)
        score = (columns * rows - slots, -width, columns)
        if best is None or score < best[0]:
            best = (score, (columns, rows))
    assert best is not None, "split decks into sheets of at most 69 faces first"
    return best[1]


def sheet_chunks(faces: list[str]) -> list[list[str]]:
    """Return `faces` split into sheets: at most 10 x 7 slots, the last for the hidden face."""
    size = MAX_COLUMNS * MAX_ROWS - 1
    return [faces[i : i + size] for i in range(0, len(faces), size)]


def cell_size(width_mm: float, height_mm: float, columns: int, rows: int) -> tuple[int, int]:
    """Return a card's (width, height) in px on a sheet of `columns` x `rows`: at CARD_DPI,
    or smaller so that the sheet stays within MAX_SIDE px a side."""
    dpi = min(
        CARD_DPI, MAX_SIDE * 25.4 / (columns * width_mm), MAX_SIDE * 25.4 / (rows * height_mm)
    )
    return max(1, math.floor(width_mm * dpi / 25.4)), max(1, math.floor(height_mm * dpi / 25.4))


def check_base_url(base_url: str) -> str:
    """Return `base_url` ending in "/", or QuarryError if it is not an http(s) or file URL."""
    if not base_url.startswith(URL_SCHEMES) or any(c.isspace() for c in base_url):
        raise QuarryError(
            f"--base-url must be an http://, https:// or file:/// URL, got {base_url!r}"
        )
    return base_url if base_url.endswith("/") else base_url + "/"


class _Cards:
    """Card images at a given cell size, each drawn once."""

    def __init__(self, kit: Kit) -> None:
        self.kit = kit
        self.bleed = kit.card_bleed()
        self._done: dict[tuple[str, int, int], object] = {}

    def size_mm(self, svg: str) -> tuple[float, float]:
        """Return the trimmed size (mm) of the card `svg` (QuarryError naming it if it has
        none: see Kit.svg_size)."""
        return self.kit.svg_size(svg, self.bleed)

    def image(self, svg: str | None, size: tuple[int, int]):
        """Return the PIL image of card `svg` trimmed, `size` px (None: a plain grey card)."""
        from PIL import Image

        if svg is None:
            return Image.new("RGB", size, HIDDEN_GREY)
        key = (svg, *size)
        if key not in self._done:
            width_mm, _ = self.size_mm(svg)
            dpi = size[0] / (width_mm / 25.4)
            picture = self.kit.picture(svg, dpi)
            cut = round(self.bleed * dpi / 25.4)
            picture = picture.crop((cut, cut, picture.width - cut, picture.height - cut))
            if picture.size != size:
                picture = picture.resize(size, Image.Resampling.LANCZOS)
            self._done[key] = picture
        return self._done[key]


def export_tts(path: Path, base_url: str | None = None) -> tuple[Path, str]:
    """Write KIT/tts/: card sheets (<deck>.png, or <deck>-<n>.png past 69 faces) and a back
    image per deck, boards and token sheets as images, and <kit>.json, a Tabletop Simulator
    saved object loading them from `base_url` (default: KIT/tts/ as a file:/// URL); list
    them in the kit's manifest. Returns the folder and a one-line summary."""
    kit = open_kit(path)
    base = check_base_url(base_url or (kit.root.resolve() / FOLDER).as_uri())
    decks = tts_decks(kit)
    boards = kit.svgs_of_kind(BOARD_KINDS)
    tokens = kit.svgs_of_kind(TOKEN_KINDS)
    if not (decks or boards or tokens):
        raise QuarryError("has no cards, boards or tokens to export", where=str(kit.root))
    cards = _Cards(kit)
    for deck in decks:  # every SVG read and measured before anything is drawn
        for svg in (*deck.faces, deck.back):
            if svg is not None:
                cards.size_mm(svg)
    for svg in (*boards, *tokens):
        kit.svg_size(svg)
    states: list[dict] = []
    with KitAddition(kit, FOLDER) as addition:
        for index, deck in enumerate(decks):
            states.append(_write_deck(addition, cards, deck, index, base))
        for index, svg in enumerate(boards):
            url = _write_image(addition, kit, svg, "tts-board", base)
            place = tts.transform(0.0, 6.0 + 20.0 * index, scale=_scale(kit, svg))
            states.append(tts.tile_object(Path(svg).stem, url, tts.guid(svg), place))
        for index, svg in enumerate(tokens):
            url = _write_image(addition, kit, svg, "tts-token", base)
            place = tts.transform(-20.0, 6.0 + 8.0 * index, scale=_scale(kit, svg))
            states.append(tts.token_object(Path(svg).stem, url, tts.guid(svg), place))
        name = f"{kit.name}.json"
        document = tts.saved_object(kit.name, states)
        text = json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        addition.path(name).write_text(text, encoding="utf-8")
        addition.add(name, "tts-object", base_url=base)
    summary = (
        f"{len(decks)} decks, {len(boards)} boards, {len(tokens)} token sheets, saved object {name}"
    )
    return kit.root / FOLDER, summary


def _write_deck(addition: KitAddition, cards: _Cards, deck: TtsDeck, index: int, base: str):
    """Write `deck`'s card sheets and back image; return its object state."""
    from PIL import Image

    from generator.render.raster import encode_png

    width_mm, height_mm = cards.size_mm(deck.cards[0])
    chunks = sheet_chunks(deck.faces)
    back_name = f"{deck.name}-back.png"
    sheets, slot_of = [], {}
    for number, chunk in enumerate(chunks, start=1):
        columns, rows = grid(len(chunk), width_mm, height_mm)
        cell = cell_size(width_mm, height_mm, columns, rows)
        sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
        for slot, front in enumerate([*chunk, *[None] * (columns * rows - len(chunk))]):
            if front is None and slot < columns * rows - 1:
                continue
            picture = cards.image(deck.back if front is None else front, cell)
            row, column = divmod(slot, columns)
            sheet.paste(picture, (column * cell[0], row * cell[1]))
        name = f"{deck.name}.png" if len(chunks) == 1 else f"{deck.name}-{number}.png"
        addition.path(name).write_bytes(encode_png(sheet, PNG_LEVEL))
        key = (index + 1) * 10 + number  # CustomDeck keys unique in the saved object
        addition.add(name, "tts-sheet", deck=deck.name, columns=columns, rows=rows,
                     faces=len(chunk), cell_px=list(cell), width_px=sheet.width,
                     height_px=sheet.height)  # fmt: skip
        ref = tts.SheetRef(key, base + name, base + back_name, columns, rows)
        sheets.append(ref)
        slot_of.update({front: key * 100 + slot for slot, front in enumerate(chunk)})
    back_cell = cell_size(width_mm, height_mm, 1, 1)
    addition.path(back_name).write_bytes(encode_png(cards.image(deck.back, back_cell), PNG_LEVEL))
    addition.add(back_name, "tts-back", deck=deck.name, source=deck.back)
    order = [(slot_of[front], Path(front).stem) for front in deck.cards]
    place = tts.transform(-12.0 + 4.0 * index, -8.0, face_down=True)
    return tts.deck_object(deck.name, order, sheets, tts.guid(f"deck/{deck.name}"), place)


def _write_image(addition: KitAddition, kit: Kit, svg: str, kind: str, base: str) -> str:
    """Write the board or token sheet `svg` as a PNG of at most MAX_SIDE px; return its URL."""
    from generator.render.raster import encode_png

    dpi = min(IMAGE_DPI, MAX_SIDE * 25.4 / max(kit.svg_size(svg)))
    name = f"{Path(svg).stem}.png"
    addition.path(name).write_bytes(encode_png(kit.picture(svg, dpi), PNG_LEVEL))
    addition.add(name, kind, source=svg, dpi=round(dpi, 3))
    return base + name


def _scale(kit: Kit, svg: str) -> float:
    """Return the TTS scale that shows `svg` at about its printed size (a tile of scale 1 is
    about 2 inches across)."""
    width, _ = kit.svg_size(svg)
    return max(0.5, width / 25.4 / 2)
