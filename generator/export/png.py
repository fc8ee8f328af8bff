"""`quarry export png KIT`: one PNG per card face, card back, board and token sheet of a kit,
at print resolution with the bleed print-on-demand services ask for.

Each PNG is the kit's SVG drawn by the print pipeline (render/raster.py), so it matches the
PDF sheets. Card SVGs already carry the bleed of the sheet layout the kit was written with;
the rest, up to `bleed` mm, is the card's edge carried outward (raster.py), so a cut that
wanders finds the card's own edge colour. Boards and token sheets are drawn at their own
size: they have a white margin of their own.
"""

from dataclasses import dataclass
from pathlib import Path

from generator.errors import QuarryError
from generator.export.kitfolder import BOARD_KINDS, TOKEN_KINDS, Kit, KitAddition, open_kit

FOLDER = "png"
DPI = 300.0
DPI_RANGE = (72.0, 1200.0)
BLEED_MM = 3.0
MAX_BLEED_MM = 10.0


@dataclass(frozen=True)
class Component:
    """One SVG to draw: its kit path, its role (face, back, board or tokens) and the bleed
    (mm) it already carries."""

    svg: str
    role: str
    own_bleed: float = 0.0
    takes_bleed: bool = True

    @property
    def name(self) -> str:
        """Return the PNG's file name: the SVG's, with .png."""
        return Path(self.svg).with_suffix(".png").name


def components(kit: Kit) -> list[Component]:
    """Return what the PNG export draws from `kit`: every distinct card face and back of its
    decks (in deck order), then its boards and token sheets."""
    bleed = kit.card_bleed()
    found: dict[str, Component] = {}
    for cards in kit.decks().values():
        for card in cards:
            found.setdefault(card.front, Component(card.front, "face", bleed))
            if card.back is not None:
                found.setdefault(card.back, Component(card.back, "back", bleed))
    for role, kinds in (("board", BOARD_KINDS), ("tokens", TOKEN_KINDS)):
        for svg in kit.svgs_of_kind(kinds):
            found.setdefault(svg, Component(svg, role, takes_bleed=False))
    return list(found.values())


def check_options(dpi: float, bleed: float) -> None:
    """Raise QuarryError (one line, naming the option) for a dpi or bleed Quarry refuses."""
    low, high = DPI_RANGE
    if not low <= dpi <= high:
        raise QuarryError(f"--dpi must be from {low:g} to {high:g}, got {dpi:g}")
    if not 0 <= bleed <= MAX_BLEED_MM:
        raise QuarryError(f"--bleed must be from 0 to {MAX_BLEED_MM:g} mm, got {bleed:g}")


def export_png(path: Path, dpi: float = DPI, bleed: float = BLEED_MM) -> tuple[Path, str]:
    """Write KIT/png/: a PNG of every card face, card back, board and token sheet of the kit
    at `path`, at `dpi`, the cards with `bleed` mm round them, and list them in its manifest (kind
    "png", with role, source SVG, dpi, bleed_mm, width_px, height_px). Returns the folder and
    a one-line summary. Options and image sizes are checked before anything is drawn."""
    from generator.render.raster import MAX_PIXELS, encode_png, pixels

    check_options(dpi, bleed)
    kit = open_kit(path)
    chosen = components(kit)
    if not chosen:
        raise QuarryError("has no cards, boards or tokens to export", where=str(kit.root))
    plans = []
    for component in chosen:
        extra = max(0.0, bleed - component.own_bleed) if component.takes_bleed else 0.0
        width, height = kit.svg_size(component.svg)
        size = (pixels(width + 2 * extra, dpi), pixels(height + 2 * extra, dpi))
        if max(size) > MAX_PIXELS:
            raise QuarryError(
                f"{component.svg} would be {size[0]} x {size[1]} px at {dpi:g} dpi, over "
                f"{MAX_PIXELS} px a side; use a lower --dpi"
            )
        plans.append((component, extra, size))
    with KitAddition(kit, FOLDER) as addition:
        for component, extra, size in plans:
            picture = kit.picture(component.svg, dpi, extra)
            addition.path(component.name).write_bytes(encode_png(picture))
            addition.add(
                component.name,
                "png",
                role=component.role,
                source=component.svg,
                dpi=dpi,
                bleed_mm=round(component.own_bleed + extra, 3),
                width_px=size[0],
                height_px=size[1],
            )
    summary = f"{len(plans)} PNGs at {dpi:g} dpi with {bleed:g} mm bleed"
    return kit.root / FOLDER, summary


def export_pngs(kits: list[Path]) -> list[tuple[Path, str]]:
    """Export the PNGs of each kit in `kits` that has cards, boards or tokens (`quarry kit
    --png`); return (folder, summary) for each one exported."""
    done = []
    for path in kits:
        if components(open_kit(path)):
            done.append(export_png(path))
    return done
