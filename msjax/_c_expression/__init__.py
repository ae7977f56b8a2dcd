"""`mindspore._c_expression`: the names of MindSpore's C++ extension module that Python code
built on MindSpore uses, answered by msjax (`_random_normal`, `_random_uniform` and
`_truncated_normal`, the in-place fills of the initializers; `typing`, the dtype classes;
`TensorPy`, the Tensor class). Its other names are the C++ runtime's own and raise AttributeError naming what msjax
lacks (module_tree.missing_names)."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.core.init_streams import random_normal_fill as _random_normal
from msjax._src.core.init_streams import random_uniform_fill as _random_uniform
from msjax._src.core.init_streams import truncated_normal_fill as _truncated_normal
from msjax._src.core.monad import IOMonad as IOMonad
from msjax._src.core.monad import UMonad as UMonad
from msjax._src.core.tensor import Tensor as Tensor
from msjax._src.transforms.executors import CreationType as CreationType
from msjax._src.core.tensor import Tensor as TensorPy
from msjax._src.transforms.pijit import get_code_extra as get_code_extra
from msjax._c_expression import security as security
from msjax._c_expression import typing as typing

__getattr__ = _missing_names(__name__)
