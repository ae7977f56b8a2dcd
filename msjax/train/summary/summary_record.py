"""`mindspore.train.summary.summary_record`."""
# ruff: noqa: F401
from msjax._src.train.summary import SummaryRecord as SummaryRecord
