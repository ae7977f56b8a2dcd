"""`mindspore.train.summary.summary_record`."""
# ruff: noqa: F401
from msjax._src.train.summary import DEFAULT_EXPORT_OPTIONS as _DEFAULT_EXPORT_OPTIONS
from msjax._src.train.summary import SummaryRecord as SummaryRecord
from msjax._src.train.summary import cache_summary_tensor_data as _cache_summary_tensor_data
from msjax._src.train.summary import get_summary_tensor_data as _get_summary_tensor_data
from msjax._src.train.summary import process_export_options as process_export_options
from msjax._src.train.summary import record_summary_tensor_data as _record_summary_tensor_data

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
