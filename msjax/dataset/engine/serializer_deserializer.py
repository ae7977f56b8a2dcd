"""`mindspore.dataset.engine.serializer_deserializer`: pipelines as MindSpore's JSON."""
# ruff: noqa: F401
from msjax._src.dataset.serialization import compare as compare
from msjax._src.dataset.serialization import deserialize as deserialize
from msjax._src.dataset.serialization import serialize as serialize
from msjax._src.dataset.serialization import show as show

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
