"""The solution pages of Fugitive's puzzle book: every answer at a glance, then each
puzzle's answer and its numbered reasoning steps, flowed down two columns a page over as
many pages as it takes."""

from generator.games.fugitive.print import (
    GREY,
    MARGIN,
    SHADE,
    draw_para,
    draw_rect,
    draw_text,
    finish_page,
    lines_height,
    new_page,
    page_bottom,
    page_header,
)
from generator.games.fugitive.puzzles import format_answer, table_facts
from generator.render.layouts import Paper

STEP_PT = 8.0
HEAD_PT = 9.5
NUMBER_W = 6.0  # the step numbers' column
NEST = 5.0  # the indent of a step inside a supposition


class Flow:
    """Two columns of text on as many pages as it takes, set from the top down."""

    GUTTER = 7.0

    def __init__(self, paper: Paper, title: str, subtitle: str) -> None:
        self.paper, self.title, self.subtitle = paper, title, subtitle
        self.pages: list[str] = []
        self.bottom = page_bottom(paper)
        self.width = (paper.width - 2 * MARGIN - self.GUTTER) / 2
        self._new_page(title)

    def _new_page(self, title: str) -> None:
        self.dwg = new_page(self.paper)
        self.top = page_header(self.dwg, self.paper, title, self.subtitle)
        self.column, self.y = 0, self.top

    @property
    def x(self) -> float:
        """Return the left edge of the current column."""
        return MARGIN + self.column * (self.width + self.GUTTER)

    def fit(self, height: float) -> bool:
        """Move to the next column (or page) unless `height` mm still fit in this one (or
        the column is empty); return True if it moved."""
        if self.y + height <= self.bottom or self.y <= self.top:
            return False
        if self.column == 0:
            self.column, self.y = 1, self.top
            return True
        self.pages.append(finish_page(self.dwg))
        self._new_page(f"{self.title} (continued)")
        return True

    def done(self) -> list[str]:
        """Return every page, the last one finished too."""
        self.pages.append(finish_page(self.dwg))
        return self.pages


def answer_text(puzzle: dict) -> str:
    """Return a puzzle's answer as "H2 = 13, H3 = 17"."""
    return format_answer(table_facts(puzzle["table"]), puzzle["answer"])


def steps(puzzle: dict) -> list[tuple[int, str]]:
    """Return the reasoning as (depth, text): steps inside a supposition (4 spaces each)
    are one deeper. The closing "Answer: ..." step is left out: the answer heads the list."""
    out = []
    for step in puzzle.get("reasoning") or []:
        text = step.lstrip(" ")
        if text.startswith("Answer:") and step == text:
            continue
        out.append(((len(step) - len(text)) // 4, text))
    return out


def _heading(flow: Flow, text: str) -> None:
    h = lines_height(text, flow.width - 3, HEAD_PT, True) + 1.2
    draw_rect(flow.dwg, flow.x, flow.y - 0.6, flow.width, h, fill=SHADE, stroke="none", rx=1, ry=1)
    flow.y = draw_para(flow.dwg, text, flow.x + 1.5, flow.y, flow.width - 3, HEAD_PT, bold=True)
    flow.y += 2.0


def _answers(flow: Flow, puzzles: list[dict]) -> None:
    """Every answer in one list, before the reasoning."""
    flow.fit(12)
    _heading(flow, "All the answers")
    for number, puzzle in enumerate(puzzles, 1):
        text = answer_text(puzzle)
        w = flow.width - 18
        flow.fit(lines_height(text, w, 8.5) + 0.8)
        draw_text(flow.dwg, f"Puzzle {number}", flow.x, flow.y, 17, 4, 8.5, bold=True)
        flow.y = draw_para(flow.dwg, text, flow.x + 18, flow.y, w, 8.5) + 0.8
    flow.y += 5


def _worked(flow: Flow, number: int, puzzle: dict) -> None:
    """One puzzle's answer and its numbered steps."""
    w = flow.width
    heading = f"Puzzle {number} · {puzzle['difficulty']} · {puzzle['id']}"
    answer = f"Answer: {answer_text(puzzle)}"
    first = steps(puzzle)[:1]
    block = lines_height(heading, w - 3, HEAD_PT, True) + 3.2 + lines_height(answer, w, 9, True)
    if first:
        block += 1.5 + lines_height(first[0][1], w - NUMBER_W, STEP_PT)
    flow.fit(block)
    _heading(flow, heading)
    flow.y = draw_para(flow.dwg, answer, flow.x, flow.y, w, 9, bold=True) + 1.5
    count = 0
    for depth, text in steps(puzzle):
        indent = NUMBER_W + depth * NEST
        if flow.fit(lines_height(text, w - indent, STEP_PT) + 0.6):
            more = f"Puzzle {number}, continued"
            flow.y = draw_para(flow.dwg, more, flow.x, flow.y, w, 8, bold=True, fill=GREY) + 1
        if depth == 0:
            count += 1
        label = f"{count}." if depth == 0 else "–"
        lx = flow.x + indent - NUMBER_W
        draw_text(
            flow.dwg,
            label,
            lx,
            flow.y,
            NUMBER_W - 1,
            3.5,
            STEP_PT,
            min_size=6,
            align="right",
            fill=GREY,
        )
        flow.y = draw_para(flow.dwg, text, flow.x + indent, flow.y, w - indent, STEP_PT) + 0.6
    flow.y += 5


def solution_pages(paper: Paper, puzzles: list[dict]) -> list[str]:
    """Return the solution pages (SVG): the answers at a glance, then each puzzle's answer
    with its reasoning steps, in puzzle order, in two columns."""
    flow = Flow(
        paper, "Solutions", "Every answer first, then how each puzzle is solved, step by step."
    )
    _answers(flow, puzzles)
    for number, puzzle in enumerate(puzzles, 1):
        _worked(flow, number, puzzle)
    return flow.done()
