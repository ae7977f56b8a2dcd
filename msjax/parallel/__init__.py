"""`mindspore.parallel`: the parallel-context helpers msjax provides (the rest of MindSpore's
package, recorded in msjax/_src/reference/, resolves through msjax._src.module_tree)."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
