"""Charts for designers, drawn with matplotlib: a simulation's metrics with their 95 %
intervals, and every candidate a `quarry generate` balance loop measured against its target.

- `metrics`: `summary_figure(summary)`, the metrics of a simulate summary (rates on one
  0-to-1 axis, each mean on an axis of its own).
- `candidates`: `candidates_figure(chart)`, a CandidateChart (rows of intervals against a
  target line or band); `reports`: the CandidateChart of each game's generate report.
- `figure`: the house style and the writer (SVG or PNG, byte-identical from run to run).
- `balance`: a game kit's balance.svg.

This module imports no matplotlib (it is slow to import): `check_plot_path` is what a
verb calls before any work; the drawing modules import matplotlib when they are used.
"""

from pathlib import Path

from generator.errors import QuarryError
from generator.output import check_writable

PLOT_FORMATS = {".svg": "svg", ".png": "png"}


def check_plot_path(path: Path | None) -> str | None:
    """Return the format ("svg" or "png") of a --plot file by its suffix, or None when no
    file is given; QuarryError (one line) for another suffix, a path that names a folder
    or a place that cannot be written, so that a verb refuses it before any work."""
    if path is None:
        return None
    path = Path(path)
    fmt = PLOT_FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise QuarryError(f"--plot must name a .svg or .png file, got {str(path)!r}")
    if path.is_dir():
        raise QuarryError(f"--plot names a folder, not a file: {str(path)!r}")
    if path.parent.exists() and not path.parent.is_dir():
        raise QuarryError(f"--plot: {str(path.parent)!r} is not a folder")
    check_writable(path.parent)  # a read-only place is refused before the games, not after
    return fmt


def write_summary_chart(summary: dict, path: Path, title: str | None = None) -> Path:
    """Write the chart of a simulate `summary` to `path` (SVG or PNG by its suffix);
    return the path."""
    from generator.render.charts.figure import write_figure
    from generator.render.charts.metrics import summary_figure

    return write_figure(summary_figure(summary, title), path)


def write_report_chart(game: str, report: dict, path: Path) -> Path:
    """Write the candidates chart of `game`'s generate report (its to_json()) to `path`
    (SVG or PNG by its suffix); return the path."""
    from generator.render.charts.candidates import candidates_figure
    from generator.render.charts.figure import write_figure
    from generator.render.charts.reports import report_chart

    return write_figure(candidates_figure(report_chart(game, report)), path)


def report_chart_svg(game: str, report: dict) -> str:
    """Return the SVG text of the candidates chart of `game`'s generate report (its
    to_json()): the chart a design folder keeps as candidates.svg for its gallery."""
    from generator.render.charts.candidates import candidates_figure
    from generator.render.charts.figure import figure_bytes
    from generator.render.charts.reports import report_chart

    return figure_bytes(candidates_figure(report_chart(game, report)), "svg").decode("utf-8")
