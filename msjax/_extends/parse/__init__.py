"""`mindspore._extends.parse`: the graph compiler's parser; msjax answers its `compile_config`
module."""
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
