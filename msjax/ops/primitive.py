"""`mindspore.ops.primitive`: the Primitive base classes and the compile-time function markers."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.ops.host_ops import _primexpr as _primexpr
from msjax._src.ops.host_ops import constexpr as constexpr
from msjax._src.ops.registry import Primitive as Primitive
from msjax._src.ops.registry import PrimitiveWithCheck as PrimitiveWithCheck
from msjax._src.ops.registry import PrimitiveWithInfer as PrimitiveWithInfer
from msjax._src.ops.registry import prim_attr_register as prim_attr_register

__getattr__ = _missing_names(__name__)
