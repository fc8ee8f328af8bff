"""Shared fixtures: the repository root and a layout book."""

from pathlib import Path

import pytest

from generator.render.layouts import LayoutBook

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def book() -> LayoutBook:
    return LayoutBook()
