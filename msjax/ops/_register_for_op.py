"""`mindspore.ops._register_for_op`: registries keyed by Primitive class."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.ops.registry import Primitive as Primitive
from msjax._src.ops.vm_impl_registry import PyFuncRegistry as PyFuncRegistry
from msjax._src.ops.vm_impl_registry import Registry as Registry

__getattr__ = _missing_names(__name__)
