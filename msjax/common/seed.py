"""`mindspore.common.seed`: the global seed."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.core.random import _get_graph_seed as _get_graph_seed
from msjax._src.core.random import get_seed as get_seed
from msjax._src.core.random import set_seed as set_seed

__getattr__ = _missing_names(__name__)
