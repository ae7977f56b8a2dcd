"""`mindspore.experimental`: msjax provides its `optim` package."""
# ruff: noqa: F401
from msjax.experimental import optim as optim
