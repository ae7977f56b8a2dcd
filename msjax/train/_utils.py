"""`mindspore.train._utils`: the helpers of Model, summary and checkpoint code that libraries import."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.train.checkpoint import make_directory as _make_directory
from msjax._src.train.data import construct_input_tensors as _construct_input_tensors
from msjax._src.train.data import construct_tensor_list as _construct_tensor_list

__getattr__ = _missing_names(__name__)
