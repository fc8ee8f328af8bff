"""Progress bars for the verbs a user waits on.

A verb that can take more than a second opens a bar around its work (`with bar(label,
unit=...)`), and the library moves it on from wherever the work is done (`advance(unit)`,
`note(text)`) without knowing whether anyone watches: with no bar of that unit open,
nothing happens. The bar is drawn by Rich on stderr, and only when stderr is a terminal:
piped or redirected output gets none, and stdout (JSON, reports) is never touched. Rich
honours NO_COLOR and TERM=dumb.

A bar opened inside another adds a row to it (the games of each candidate a design run
tries). Work done in worker processes does not move the bar; the verb advances it as the
results come back.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class _Row:
    progress: Any  # a rich.progress.Progress (Rich is imported only when a bar is drawn)
    task: Any  # its TaskID
    label: str
    unit: str


_rows: ContextVar[tuple[_Row, ...]] = ContextVar("quarry_progress_rows", default=())


def showing(stream=None) -> bool:
    """Return True when a bar would be drawn on `stream` (stderr): it is a terminal."""
    stream = stream or sys.stderr
    return bool(getattr(stream, "isatty", lambda: False)())


@contextmanager
def bar(
    label: str, unit: str, total: int | None = None, show: bool | None = None
) -> Iterator[None]:
    """Show a bar labelled `label` that counts `unit`s (to `total`, or open-ended) while the
    block runs, if stderr is a terminal (or `show`). Inside an open bar it becomes another
    row of that bar."""
    rows = _rows.get()
    if rows:
        progress = rows[-1].progress
    elif showing() if show is None else show:
        progress = _new_progress()
        progress.start()
    else:
        yield
        return
    task = progress.add_task(label, total=total, unit=unit)
    token = _rows.set((*rows, _Row(progress, task, label, unit)))
    try:
        yield
    finally:
        _rows.reset(token)
        if rows:
            progress.remove_task(task)
        else:
            progress.stop()


def _new_progress():
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    return Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[unit]}"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def advance(unit: str, count: int = 1) -> None:
    """Move the innermost open row that counts `unit` on by `count` (if there is one)."""
    for row in reversed(_rows.get()):
        if row.unit == unit:
            row.progress.advance(row.task, count)
            return


def note(text: str) -> None:
    """Show `text` after the innermost row's label: what is being done now."""
    rows = _rows.get()
    if rows:
        rows[-1].progress.update(rows[-1].task, description=f"{rows[-1].label}: {text}")


def counted(items: Iterable[T], unit: str) -> Iterator[T]:
    """Yield `items`, advancing the row that counts `unit` as each one is done with."""
    for item in items:
        yield item
        advance(unit)
