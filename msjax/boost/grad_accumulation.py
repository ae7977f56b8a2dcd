"""`mindspore.boost.grad_accumulation`: GradientAccumulation and its two composites
(implementation in msjax/_src/train/grad_accumulation.py)."""
# ruff: noqa: F401
from msjax._src.train.grad_accumulation import GradientAccumulation as GradientAccumulation
from msjax._src.train.grad_accumulation import gradient_accumulation_op as gradient_accumulation_op
from msjax._src.train.grad_accumulation import gradient_clear_op as gradient_clear_op

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
