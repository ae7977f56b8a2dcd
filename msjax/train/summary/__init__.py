"""`mindspore.train.summary` (TensorBoard event files; see msjax._src.train.summary)."""
# ruff: noqa: F401
from msjax.train.summary import enums as enums
from msjax.train.summary import summary_record as summary_record
from msjax._src.train.summary import SummaryRecord as SummaryRecord

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
