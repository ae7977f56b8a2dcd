"""`mindspore.ops.auto_generate.gen_ops_prim`: MindSpore's generated operators, built from msjax's own on first use
(msjax._src.generated_ops)."""
from msjax._src.generated_ops import module_getattr as _module_getattr

__getattr__ = _module_getattr(__name__)
