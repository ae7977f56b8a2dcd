"""`mindspore.ops.vm_impl_registry`."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.ops.registry import Primitive as Primitive
from msjax._src.ops.vm_impl_registry import Registry as Registry
from msjax._src.ops.vm_impl_registry import VmImplRegistry as VmImplRegistry
from msjax._src.ops.vm_impl_registry import get_vm_impl_fn as get_vm_impl_fn
from msjax._src.ops.vm_impl_registry import vm_impl_registry as vm_impl_registry

__getattr__ = _missing_names(__name__)
