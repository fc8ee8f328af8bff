"""The charts' house style and writer: matplotlib on the Agg canvas (no display), DejaVu
Sans (shipped with matplotlib) drawn as paths in SVG (no font needed to view it), and fixed
metadata and id salt, so the same chart gives the same bytes on every run."""

from __future__ import annotations

import io
import re
from contextlib import contextmanager
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # before pyplot could be imported anywhere: never a display

from matplotlib import rc_context  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

WIDTH_IN = 6.3  # 160 mm: fits an A4 or Letter page and a gallery column
PNG_DPI = 150
CREATOR = "Quarry (matplotlib)"

STYLE = {
    "font.family": "DejaVu Sans",
    "font.size": 8.5,
    "axes.titlesize": 9,
    "axes.titleweight": "bold",
    "axes.titlelocation": "left",
    "axes.labelsize": 8,
    "xtick.labelsize": 7.5,
    "ytick.labelsize": 8,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.grid.axis": "x",
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "svg.fonttype": "path",  # glyphs as outlines: the SVG needs no installed font
    "svg.hashsalt": "quarry",  # clip-path and glyph ids the same on every run
    "svg.image_inline": True,
    "figure.dpi": PNG_DPI,
    "savefig.dpi": PNG_DPI,
    "savefig.facecolor": "white",
    "path.simplify": False,
}

# Roles of a row: what a mark looks like.
COLOURS = {
    "metric": "#1f5a96",
    "candidate": "#1f5a96",
    "probe": "#7a9cc6",
    "chosen": "#c0392b",
    "reference": "#555555",
    "target": "#2e8b57",
}

METADATA = {
    "svg": {"Creator": CREATOR, "Date": None, "Format": None, "Type": None},
    "png": {"Software": CREATOR},
}


@contextmanager
def house_style():
    """Yield inside the house rcParams (restored afterwards)."""
    with rc_context(STYLE):
        yield


def new_figure(height_in: float) -> Figure:
    """Return an empty Figure WIDTH_IN wide and `height_in` tall on an Agg canvas, laid out
    by the constrained layout engine (labels never cut off)."""
    figure = Figure(figsize=(WIDTH_IN, height_in), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def figure_bytes(figure: Figure, fmt: str) -> bytes:
    """Return `figure` as SVG or PNG bytes ("svg" or "png"), the same bytes every run."""
    buffer = io.BytesIO()
    with house_style():
        figure.savefig(buffer, format=fmt, metadata=METADATA[fmt])
    return _stable_clip_ids(buffer.getvalue()) if fmt == "svg" else buffer.getvalue()


def _stable_clip_ids(svg: bytes) -> bytes:
    """Return `svg` with its clip-path ids renamed clip1, clip2, ... in order of first use.
    matplotlib hashes a clip path's id() into its id, so with the hash salt fixed the ids
    still change with whatever the process drew before."""
    names: dict[bytes, bytes] = {}

    def rename(match: re.Match) -> bytes:
        return names.setdefault(match[0], b"clip%d" % (len(names) + 1))

    return re.sub(rb"\bp[0-9a-f]{10}\b", rename, svg)


def write_figure(figure: Figure, path: Path) -> Path:
    """Write `figure` to `path` as SVG or PNG by its suffix (folders made as needed; the
    file appears whole or not at all); return the path."""
    from generator.output import write_whole
    from generator.render.charts import check_plot_path

    path = Path(path)
    return write_whole(path, figure_bytes(figure, check_plot_path(path)))
