"""The `mindspore._checkparam` validators `mindspore.train` calls (`Model`, the callbacks and the
loss-scale managers), with MindSpore's messages: core/checkparam.py's."""
from __future__ import annotations

from msjax._src.core.checkparam import check_bool as check_bool
from msjax._src.core.checkparam import check_is_int as check_is_int
from msjax._src.core.checkparam import check_non_negative_int as check_non_negative_int
from msjax._src.core.checkparam import check_positive_int as check_positive_int
from msjax._src.core.checkparam import check_value_type as check_value_type


def check_argument_type(arg_name, arg_value, valid_types):
    """MindSpore's `mindspore.train._utils.check_value_type` (the summary code's type check): a
    bool is not an int unless bool is listed. Message: For `name` the type should be a valid
    type of ['int'], but got float."""
    valid_types = tuple(valid_types) if isinstance(valid_types, (list, tuple, set)) else (valid_types,)
    if (isinstance(arg_value, bool) and bool not in valid_types) or not isinstance(arg_value, valid_types):
        raise TypeError(f"For `{arg_name}` the type should be a valid type of "
                        f"{[kind.__name__ for kind in valid_types]}, but got {type(arg_value).__name__}.")
