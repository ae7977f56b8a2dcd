"""`mindspore.ops._primitive_cache`."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.ops.primitive_cache import _get_cache_prim as _get_cache_prim
from msjax._src.ops.host_ops import constexpr as constexpr
from msjax._src.ops.registry import Primitive as Primitive

__getattr__ = _missing_names(__name__)
