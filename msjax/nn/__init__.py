"""`mindspore.nn`."""
# ruff: noqa: F401
from msjax._src.nn.cell import Cell as Cell
from msjax._src.nn.containers import CellDict as CellDict
from msjax._src.nn.containers import CellList as CellList
from msjax._src.nn.containers import SequentialCell as SequentialCell
