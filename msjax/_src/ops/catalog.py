"""Importing this module fills the op table: every module that registers ops is listed here."""
# ruff: noqa: F401
from msjax._src.ops import array_ops, math_ops, nn_ops, primitives, reduce_ops, state_ops
