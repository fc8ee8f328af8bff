"""The puzzle book's solution pages: every answer in puzzle order (a drawn mini map for the
arrows questions) and its numbered reasoning steps, flowed over two columns a page."""

from generator.games.hunt.art import COS18, _mini_map, _mini_map_size, _place_name
from generator.games.hunt.drawing import (
    GREY,
    MARGIN,
    _bottom,
    _finish,
    _header,
    _page,
    _para,
    _text,
    _text_height,
)
from generator.games.hunt.maps import LOCATIONS, RouteMap
from generator.render.layouts import Paper


def _answer_text(puzzle: dict) -> list[str]:
    answer = puzzle["answer"]
    if puzzle["question"] == "where":
        return [f"Answer: {_place_name(answer)}"]
    lines = []
    for kind in ("walk", "fly"):
        arrows = answer.get(kind) or {}
        if arrows:
            parts = sorted(
                (LOCATIONS.index(str(s).lower()), f"{_place_name(s)}>{_place_name(t)}")
                for s, t in arrows.items()
            )
            lines.append(f"{kind.capitalize()}: " + ", ".join(text for _, text in parts))
    return lines


def _reasoning(puzzle: dict) -> list[str]:
    for key in ("reasoning", "steps", "explanation"):
        steps = puzzle.get(key)
        if isinstance(steps, str):
            return [steps]
        if steps:
            return [str(step) for step in steps]
    return []


class _Flow:
    """Two columns of text on as many pages as it takes, set from the top down."""

    GUTTER = 7.0

    def __init__(self, paper: Paper, title: str, subtitle: str) -> None:
        self.paper, self.title, self.subtitle = paper, title, subtitle
        self.pages: list[str] = []
        self.bottom = _bottom(paper)
        self.width = (paper.width - 2 * MARGIN - self.GUTTER) / 2
        self._new_page(title)

    def _new_page(self, title: str) -> None:
        self.dwg = _page(self.paper)
        self.top = _header(self.dwg, self.paper, title, self.subtitle)
        self.column, self.y = 0, self.top

    @property
    def x(self) -> float:
        return MARGIN + self.column * (self.width + self.GUTTER)

    def fit(self, height: float) -> bool:
        """Move to the next column (or page) unless `height` mm still fit in this one;
        return True if it moved."""
        if self.y + height <= self.bottom or self.y <= self.top:
            return False
        if self.column == 0:
            self.column, self.y = 1, self.top
            return True
        self.pages.append(_finish(self.dwg))
        self._new_page(f"{self.title} (continued)")
        return True

    def done(self) -> list[str]:
        self.pages.append(_finish(self.dwg))
        return self.pages


def _step_parts(step: str) -> tuple[int, str]:
    """Return (nesting depth, text) of a reasoning step (nested steps start with 4 spaces)."""
    stripped = step.lstrip(" ")
    return (len(step) - len(stripped)) // 4, stripped


def _solution_pages(paper: Paper, puzzles: list[dict]) -> list[str]:
    """Lay out every answer and its reasoning in puzzle order, in two columns."""
    flow = _Flow(
        paper, "Solutions", "Answers in puzzle order, each with the reasoning that finds it."
    )
    size = 8.0
    for number, puzzle in enumerate(puzzles, 1):
        w = flow.width
        heading = f"Puzzle {number} · {puzzle.get('id', '')}"
        answer = _answer_text(puzzle)
        block = (
            _text_height(heading, w, 10, True)
            + 1
            + sum(_text_height(line, w, 9, True) + 0.5 for line in answer)
        )
        r, radius, stretch = 4.5, min(27.0, (w - 9 - 20) / (2 * COS18)), 0.6
        _, mh = _mini_map_size(radius, r, stretch)
        arrows = puzzle["question"] == "arrows"
        flow.fit(block + (mh + 3 if arrows else 12))
        flow.y = _para(flow.dwg, heading, flow.x, flow.y, w, 10, bold=True) + 1
        for line in answer:
            flow.y = _para(flow.dwg, line, flow.x, flow.y, w, 9, bold=True) + 0.5
        if arrows:
            route = RouteMap.from_json(_complete(puzzle["answer"]))
            _mini_map(flow.dwg, flow.x + w / 2, flow.y + 1, radius, r, route, stretch)
            flow.y += mh + 3
        count = 0
        for step in _reasoning(puzzle):
            depth, text = _step_parts(step)
            indent = 6 + depth * 5
            if flow.fit(_text_height(text, w - indent, size) + 0.5):
                more = f"Puzzle {number}, continued"
                flow.y = _para(flow.dwg, more, flow.x, flow.y, w, 8, bold=True, fill=GREY) + 1
            if depth == 0:
                count += 1
            label = f"{count}." if depth == 0 else "–"
            _text(
                flow.dwg,
                label,
                flow.x + indent - 6,
                flow.y,
                5.5,
                4,
                size,
                min_size=6.5,
                align="right",
                fill=GREY,
            )
            flow.y = _para(flow.dwg, text, flow.x + indent, flow.y, w - indent, size) + 0.5
        flow.y += 5
    return flow.done()


def _complete(answer: dict) -> dict:
    """Return an arrows answer with both tables present (partial answers draw partly)."""
    return {"walk": dict(answer.get("walk") or {}), "fly": dict(answer.get("fly") or {})}
