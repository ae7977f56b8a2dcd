"""`mindspore.context` (the MindSpore 1.x home of set_context)."""
# ruff: noqa: F401
from msjax._src.context import COMPATIBLE as COMPATIBLE
from msjax._src.context import GRAPH_MODE as GRAPH_MODE
from msjax._src.context import LAX as LAX
from msjax._src.context import STRICT as STRICT
from msjax._src.context import PYNATIVE_MODE as PYNATIVE_MODE
from msjax._src.context import get_context as get_context
from msjax._src.context import set_context as set_context
from msjax._src.context import set_device as set_device
