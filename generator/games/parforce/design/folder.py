"""Writing a designed hunting board's folder: the board file and the report."""

from __future__ import annotations

import json

from generator.games.parforce.board import format_board
from generator.games.parforce.design.balance import Report, report_text
from generator.kit import KitRequest

BOARD_FILE = "hunting.board"


def build_design_kit(request: KitRequest, report: Report) -> None:
    """Write `report` into request.writer: hunting.board (the board file, for `quarry
    simulate parforce --board`), report.json (the measurements) and report.txt (the same as
    the terminal shows)."""
    writer = request.writer
    writer.write_text(BOARD_FILE, board_file_text(report), "parforce-board")
    data = json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    writer.write_text("report.json", data, "design-report")
    writer.write_text("report.txt", report_text(report) + "\n", "design-report")


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
