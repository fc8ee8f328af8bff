"""Writing a designed island's folder: the board file, the report and the board's pages."""

from __future__ import annotations

import json

from generator.games.island.board import format_island
from generator.games.island.design.balance import IslandReport, report_text
from generator.kit import KitRequest

BOARD_FILE = "island.island"


def build_design_kit(request: KitRequest, report: IslandReport) -> None:
    """Write `report` into request.writer: island.island (the board file, for `quarry
    simulate island --board`), report.json (the measurements), report.txt (the same as the
    terminal shows) and the board's pages on request.paper (tiled at true size, one-page
    overview, whole on A3 or Tabloid), with a guide page listing them."""
    from generator.games.island.print import TITLE, write_board_pages

    writer = request.writer
    writer.write_text(BOARD_FILE, format_island(report.island), "island-board")
    data = json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    writer.write_text("report.json", data, "design-report")
    writer.write_text("report.txt", report_text(report) + "\n", "design-report")
    survival = report.survival
    writer.describe(
        f"{TITLE}: a designed island",
        f"A {report.size} x {report.size} island laid out from seed {report.seed}, a day of "
        f"{report.island.day} cycles; the Hunted's survival with {report.players} players "
        f"measured {survival['value']:.2f} (target {report.target:.2f}).",
        [
            "Cut the tiles along their edges and glue each onto the strip of the next, "
            "matching the marks; the tile map in each footer shows where it goes.",
            f"{BOARD_FILE} plays this island in simulations: quarry simulate island "
            f"--board {BOARD_FILE}; report.json holds every measurement.",
        ],
        back_options=False,
    )
    write_board_pages(writer, request.paper, report.island, request.seed, request.book)
