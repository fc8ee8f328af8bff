"""Every back a duplex sheet carries keeps the band its reach mirrors plain.

On a duplex backs page each back is continued past its trim as its own mirror image,
BACK_REACH mm wide (generator/render/back_reach.py): whatever lies in the outer BACK_REACH
mm of a back shows in the bleed by the cut. So that band of every back (and of the aid's
back, a page of text) must be the card's ground alone: no frame, no band, no words.
"""

import pytest

from generator.games.cutthroat.aid import aid_svg
from generator.games.cutthroat.cards import back_svg as cutthroat_back
from generator.games.fugitive.print import deck_back_svg, role_back_svg
from generator.games.island.faces import DECK_ORDER
from generator.games.island.faces import back_svg as island_back
from generator.render.back_reach import BACK_REACH
from generator.render.raster import svg_image

DPI = 300
BACKS = {
    "cutthroat back": lambda ink: cutthroat_back(ink=ink),
    "cutthroat aid (wounds)": lambda ink: aid_svg("wounds"),
    "fugitive deck back": lambda ink: deck_back_svg(ink=ink),
    "fugitive role back": lambda ink: role_back_svg(ink=ink),
    **{f"island {deck} back": (lambda ink, d=deck: island_back(d, ink=ink)) for deck in DECK_ORDER},
}


@pytest.mark.parametrize("ink", ["normal", "low"])
@pytest.mark.parametrize("name", list(BACKS))
def test_the_band_a_duplex_back_mirrors_past_its_trim_is_its_ground_alone(name, ink):
    image = svg_image(BACKS[name](ink), DPI).convert("RGB")
    width, height = image.size
    band = int(BACK_REACH * DPI / 25.4)  # pixels: the band the reach mirrors
    ground = image.getpixel((0, height // 2))
    worst = 0
    for y in range(height):
        xs = (
            range(width)
            if y < band or y >= height - band
            else [*range(band), *range(width - band, width)]
        )
        for x in xs:
            pixel = image.getpixel((x, y))
            worst = max(worst, *(abs(a - b) for a, b in zip(pixel, ground, strict=True)))
    assert worst <= 6, f"{name} ({ink} ink): the outer {BACK_REACH} mm is not one colour"
