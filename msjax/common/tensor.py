"""`mindspore.common.tensor`: where MindSpore defines Tensor."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.core.tensor import Tensor as Tensor
from msjax._src.core.tensor import tensor as tensor
from msjax._src.core.random import get_seed as get_seed

__getattr__ = _missing_names(__name__)
