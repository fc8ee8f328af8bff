"""The solutions of Fugitive's puzzle book: every answer at a glance, then each puzzle's
answer and its numbered reasoning steps (those inside a supposition indented under it),
flowed down two columns over as many pages as it takes.

No step stands alone at the foot or the top of a column: a puzzle's heading and answer stay
with its first two steps, and its last two steps stay together (Blocks.keep_ends).
"""

from collections.abc import Sequence

from reportlab.platypus import Table

from generator.games.fugitive.puzzles import format_answer, table_facts
from generator.render.document import Blocks, Header, Part
from generator.render.layouts import Paper

TITLE = "Solutions"
SUBTITLE = "Every answer first, then how each puzzle is solved, step by step."
KEEP_FIRST = KEEP_LAST = 2  # steps kept with a puzzle's heading, and together at its end


def label_table(
    blocks: Blocks, rows: Sequence[Sequence[object]], widths: Sequence[float], *extra: tuple
) -> Table:
    """Return `rows` (a label, then what it labels) as an unruled table with no header
    row, every cell set at its top with no left padding; `extra` adds TableStyle commands
    after those. The book's answers at a glance, its example's notes and each puzzle's
    row, answer and hand are such tables."""
    top_left = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]
    return blocks.table(rows, widths, header_rows=0, grid=None, extra=[*top_left, *extra])


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


def worked_heading(number: int, puzzle: dict) -> str:
    """Return the heading of a puzzle's worked solution."""
    return f"Puzzle {number} · {puzzle['difficulty']} · {puzzle['id']}"


def solutions_part(blocks: Blocks, puzzles: list[dict], paper: Paper) -> Part:
    """Return the solutions as a two-column Part: the answers at a glance, then each
    puzzle's answer and worked steps, in puzzle order. `paper` is unused: the columns flow
    over as many pages as they need."""
    answers = label_table(
        blocks,
        [
            [blocks.cell(f"Puzzle {n}", "cell-head"), blocks.cell(answer_text(p))]
            for n, p in enumerate(puzzles, 1)
        ],
        [0.24, 0.76],
        ("TOPPADDING", (0, 0), (-1, -1), 0.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    )
    story = [blocks.heading("All the answers"), answers, blocks.gap(5)]
    for number, puzzle in enumerate(puzzles, 1):
        head = [
            blocks.heading(worked_heading(number, puzzle)),
            blocks.para(f"Answer: {answer_text(puzzle)}", "cell-head"),
            blocks.gap(1.2),
        ]
        more = f"Puzzle {number}, continued"
        body = [blocks.continued(step, more) for step in blocks.steps(steps(puzzle))]
        story += [*blocks.keep_ends(head, body, KEEP_FIRST, KEEP_LAST), blocks.gap(4)]
    return Part(Header(TITLE, SUBTITLE), story, "solutions", columns=2)
