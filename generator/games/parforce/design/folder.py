"""Writing a designed hunting board's folder: the board file, the report and the board
drawn on one page."""

from __future__ import annotations

import json

from generator.games.parforce.board import format_board
from generator.games.parforce.design.balance import Report, report_text
from generator.kit import KitRequest

BOARD_FILE = "hunting.board"
TITLE = "Parforcejagd"
PAGE_MARGIN = 12.0  # mm round the board on its page


def build_design_kit(request: KitRequest, report: Report) -> None:
    """Write `report` into request.writer: hunting.board (the board file, for `quarry
    simulate parforce --board`), report.json (the measurements), report.txt (the same as
    the terminal shows), svg/board.svg and board-<paper>.pdf (the board drawn as large as
    request.paper allows, for play) with a guide page listing it."""
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
            "Print the board at 100 % and play with ten tokens: a stag, four hounds, four "
            "riders and a dog handler, set on their letters c, a, b and k.",
            f"{BOARD_FILE} plays this board in simulations: quarry simulate parforce "
            f"--board {BOARD_FILE}; report.json holds every measurement.",
        ],
        back_options=False,
    )
    write_board_page_pdf(request, report)


def write_board_page_pdf(request: KitRequest, report: Report) -> str:
    """Write svg/board.svg and board-<paper>.pdf (the board on one page of request.paper,
    squares as large as fit, at most 40 mm) and list the PDF on the guide; return its name."""
    from generator.games.parforce.figures import board_svg, cell_to_fit
    from generator.render.pdf import Footer
    from generator.render.tiling import write_board_page

    writer, paper = request.writer, request.paper
    cell = cell_to_fit(report.size, paper.width - 2 * PAGE_MARGIN, paper.height - 60)
    svg = board_svg(report.board, cell)
    writer.write_text("svg/board.svg", svg, "board")
    name = f"board-{paper.name}.pdf"
    footer = Footer(TITLE, "designed hunting board", report.seed)
    pages = write_board_page(writer.path(name), svg, paper, footer, PAGE_MARGIN)
    writer.add(name, "board", pages=pages, shows=["svg/board.svg"])
    writer.to_print(paper, name, "the hunting board, one page at 100 %")
    return name


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
