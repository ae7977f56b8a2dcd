"""The `mindspore._checkparam` validators `mindspore.train` calls (`Model`, the callbacks and the
loss-scale managers), with MindSpore's messages: core/checkparam.py's."""
from __future__ import annotations

from msjax._src.core.checkparam import check_bool as check_bool
from msjax._src.core.checkparam import check_is_int as check_is_int
from msjax._src.core.checkparam import check_non_negative_int as check_non_negative_int
from msjax._src.core.checkparam import check_positive_int as check_positive_int
from msjax._src.core.checkparam import check_value_type as check_value_type
