"""`mindspore._extends`: the graph compiler's helpers that code built on MindSpore imports; msjax
answers `parse.compile_config` (the rest is MindSpore's parser and
kernel-build internals: AttributeError naming what msjax lacks)."""
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
