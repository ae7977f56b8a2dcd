"""`mindspore.common.np_dtype`."""
from msjax._src.core.np_dtype import bfloat16 as bfloat16
from msjax._src.core.np_dtype import np_dtype_valid as np_dtype_valid

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
