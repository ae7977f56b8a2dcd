"""`mindspore.ops.auto_generate`: MindSpore's generated operators, built from msjax's own on first use
(msjax._src.ops.generated)."""
from msjax._src.ops.generated import module_getattr as _module_getattr

__getattr__ = _module_getattr(__name__)
