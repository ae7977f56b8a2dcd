"""`mindspore.common.parameter`: where MindSpore defines Parameter and ParameterTuple."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.parameter import Parameter as Parameter
from msjax._src.parameter import ParameterTuple as ParameterTuple
from msjax._src.tensor import Tensor as Tensor
from msjax._src.initializer import initializer as initializer

__getattr__ = _missing_names(__name__)
