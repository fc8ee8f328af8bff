"""Writing a designed island's folder: the board file, the report and the board's overview.

The pieces to play the island (the board at true size, mini boards, tokens, track) are its
kit's: `quarry kit island --design FOLDER` (print.build_kit), which `generate` names."""

from __future__ import annotations

import json

from generator.games.island.board import format_island
from generator.games.island.design.balance import IslandReport, report_text
from generator.kit import KitRequest

BOARD_FILE = "island.island"


def build_design_kit(request: KitRequest, report: IslandReport) -> None:
    """Write `report` into request.writer: island.island (the board file, for `quarry
    simulate island --board`), report.json (the measurements), report.txt (the same as the
    terminal shows) and the board's one-page overview on request.paper, with a guide page
    listing it and naming the kit that prints the island to play."""
    from generator.games.island.print import TITLE, write_overview

    writer = request.writer
    writer.write_text(BOARD_FILE, format_island(report.island), "island-board")
    data = json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    writer.write_text("report.json", data, "design-report")
    writer.write_text("report.txt", report_text(report) + "\n", "design-report")
    survival = report.survival
    day = f"{report.island.day} cycle{'' if report.island.day == 1 else 's'}"
    writer.describe(
        f"{TITLE}, a designed island",
        f"A {report.size} x {report.size} island laid out from seed {report.seed}, a day of "
        f"{day}; the Hunted's survival with {report.players} players "
        f"measured {survival['value']:.2f} (target {report.target:.2f}).",
        [
            "To play this island, print its kit: quarry kit island --design <this folder> "
            "(the board at true size, mini boards, tokens, cards, the cycle track for its "
            "day and the score pad; --players N sizes it for your table).",
            f"{BOARD_FILE} plays this island in simulations: quarry simulate island "
            f"--board {BOARD_FILE}; report.json holds every measurement.",
        ],
        back_options=False,
    )
    overview = write_overview(writer, request.paper, report.island, request.seed)
    writer.to_print(request.paper, overview, "The designed island on one page, smaller")
