"""Writing a designed hunting board's folder: the board file and the report (generate adds
the chart of its probes). The folder prints nothing: `quarry kit parforce --design FOLDER`
makes the kit of the board, with pieces that fit its squares (print.py)."""

from __future__ import annotations

import json

from generator.games.parforce.board import format_board
from generator.games.parforce.design.balance import Report, report_text
from generator.kit import KitRequest

BOARD_FILE = "hunting.board"
TITLE = "Parforcejagd"


def build_design_kit(request: KitRequest, report: Report) -> None:
    """Write `report` into request.writer: hunting.board (the board file, for `quarry
    simulate parforce --board`), report.json (the measurements), report.txt (the same as
    the terminal shows) and a guide page naming the kit's command."""
    writer = request.writer
    writer.write_text(BOARD_FILE, board_file_text(report), "parforce-board")
    data = json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    writer.write_text("report.json", data, "design-report")
    writer.write_text("report.txt", report_text(report) + "\n", "design-report")
    rate = report.rate["value"]
    writer.describe(
        f"{TITLE}, a designed hunting board",
        f"A {report.size} x {report.size} hunting board laid out from seed {report.seed}; "
        f"the stag won {rate:.0%} of {report.games} simulated games (target "
        f"{report.target:.0%}).",
        [
            "To play it, make its kit: quarry kit parforce --design FOLDER (this folder) "
            "prints the board in tiles at true size, the ten pieces, the coins, the "
            "reference card and the rules, all of this board.",
            f"{BOARD_FILE} plays this board in simulations: quarry simulate parforce "
            f"--board {BOARD_FILE}; report.json holds every measurement.",
        ],
        back_options=False,
    )


def board_file_text(report: Report) -> str:
    """Return the board file of the report's board, with a comment line saying where it
    comes from and what it measured (parse_board skips comments)."""
    text = format_board(report.board)
    mean = report.rate["value"]
    note = (
        f"% designed by quarry generate hunting-board, seed {report.seed}: the stag won "
        f"{mean:.1%} of {report.games} simulated games (target {report.target:.0%})"
    )
    head, grid, rest = text.partition("grid\n")
    return f"{head}{note}\n{grid}{rest}"
