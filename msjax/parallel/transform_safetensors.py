"""`mindspore.parallel.transform_safetensors`: reading safetensors files (the distributed
checkpoint transforms are `mindspore.parallel`'s)."""
# ruff: noqa: F401
from msjax._src.safetensors_format import fast_load_file as _fast_load_file

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
