"""`mindspore.common.parameter`: where MindSpore defines Parameter and ParameterTuple."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.core.parameter import Parameter as Parameter
from msjax._src.core.parameter import ParameterTuple as ParameterTuple
from msjax._src.core.parameter import _Buffer as _Buffer
from msjax._src.core.parameter import is_generated_name as _is_parameter_generated
from msjax._src.core.tensor import Tensor as Tensor
from msjax._src.core.initializer import initializer as initializer

__getattr__ = _missing_names(__name__)
