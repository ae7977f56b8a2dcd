"""`mindspore.hal`: the devices of a target, answered by JAX (see msjax._src.core.hal)."""
# ruff: noqa: F401
from msjax._src.core.hal import device_count as device_count
from msjax._src.core.hal import get_arch_list as get_arch_list
from msjax._src.core.hal import get_device_capability as get_device_capability
from msjax._src.core.hal import get_device_name as get_device_name
from msjax._src.core.hal import get_device_properties as get_device_properties
from msjax._src.core.hal import is_available as is_available
from msjax._src.core.hal import is_initialized as is_initialized
from msjax._src.core.runtime import synchronize as synchronize

from msjax._src.module_tree import missing_names as _missing_names

__path__ = []  # a package in MindSpore: its submodules come from msjax._src.module_tree
__getattr__ = _missing_names(__name__)
