"""`mindspore.train._utils`: the helpers of Model, summary and checkpoint code that libraries import."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.train.checkpoint import make_directory as _make_directory
from msjax._src.train.data import construct_input_tensors as _construct_input_tensors
from msjax._src.train.data import construct_tensor_list as _construct_tensor_list
from msjax._src.train.checks import check_argument_type as check_value_type

__getattr__ = _missing_names(__name__)
