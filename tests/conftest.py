"""pytest configuration: a fresh global seed and default context for every test."""
import pathlib

import pytest

import msjax
from msjax._src import context

GOLDENS = pathlib.Path(__file__).resolve().parent / "goldens"


@pytest.fixture(autouse=True)
def _fresh_state():
    saved = dict(context._context)
    msjax.set_seed(0)
    yield
    context._context.clear()
    context._context.update(saved)
