"""`mindspore.boost`: of MindSpore's Ascend training accelerations, msjax provides
GradientAccumulation (the others say they are not implemented yet)."""
# ruff: noqa: F401
from msjax._src.train.grad_accumulation import GradientAccumulation as GradientAccumulation

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
