"""`mindspore._extends`: the graph compiler's helpers that code built on MindSpore imports; msjax
answers `cell_attr_register` and `parse.compile_config` (the rest is MindSpore's parser and
kernel-build internals: AttributeError naming what msjax lacks)."""
from msjax._src.transforms.lazy_inline import cell_attr_register as cell_attr_register
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
