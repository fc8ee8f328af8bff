"""`quarry export ...`: a written kit as PNG images and as a Tabletop Simulator object."""

from pathlib import Path
from typing import Annotated

import typer

from generator import progress
from generator.cli.app import QuietOption, app, say

export_app = typer.Typer(
    help="Share a written kit: PNG images for print-on-demand services, Tabletop Simulator "
    "deck sheets and a saved object.\n\n"
    "Example: quarry export png output/fugitive",
    no_args_is_help=True,
)
app.add_typer(export_app, name="export")

KitArgument = Annotated[
    Path, typer.Argument(help="A kit folder written by quarry kit, cards or tile.")
]


@export_app.command("png")
def export_png(
    kit: KitArgument,
    dpi: Annotated[float, typer.Option(help="Resolution in dots per inch (72-1200).")] = 300.0,
    bleed: Annotated[
        float, typer.Option(help="Bleed round each card in mm (0-10), as print shops ask.")
    ] = 3.0,
    quiet: QuietOption = False,
) -> None:
    """Write KIT/png/: one PNG per card face and back, board and token sheet, listed in
    KIT/manifest.json.

    Example: quarry export png output/fugitive --dpi 300 --bleed 3
    """
    from generator.export.png import export_png as write_pngs

    with progress.bar(f"png {kit.name}", "files"):
        folder, summary = write_pngs(kit, dpi, bleed)
    say(quiet, [f"wrote {folder}: {summary}"])


@export_app.command("tts")
def export_tts(
    kit: KitArgument,
    base_url: Annotated[
        str | None,
        typer.Option(
            help="Where the files of KIT/tts/ will be served from (https://... or file:///...); "
            "default: this folder as a file:/// URL."
        ),
    ] = None,
    quiet: QuietOption = False,
) -> None:
    """Write KIT/tts/: a deck sheet per deck (at most 10 x 7 cards, 4096 px a side, the last
    slot the hidden-card face), boards and tokens as images, and a Tabletop Simulator saved
    object (<kit>.json) that loads them.

    Example: quarry export tts output/island --base-url https://example.org/island/tts/
    """
    from generator.export.tts import export_tts as write_tts

    with progress.bar(f"tts {kit.name}", "files"):
        folder, summary = write_tts(kit, base_url)
    say(quiet, [f"wrote {folder}: {summary}"])
