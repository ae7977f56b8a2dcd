"""The argument checks of MindSpore's optimizers and learning-rate schedules, with its messages:
MindSpore's `_checkparam` validators (core/checkparam.py), which those classes call, so a bad
argument raises the exception type and text MindSpore 2.10 raises (recorded in
tests/goldens/nn/optim_extra.json)."""
from __future__ import annotations

from msjax._src.core.checkparam import INC_NEITHER, check_float_range
from msjax._src.core.checkparam import check_bool as check_bool
from msjax._src.core.checkparam import check_is_float as check_is_float
from msjax._src.core.checkparam import check_non_negative_float as check_non_negative_float
from msjax._src.core.checkparam import check_positive_float as check_positive_float
from msjax._src.core.checkparam import check_positive_int as check_positive_int
from msjax._src.core.checkparam import check_value_type as check_value_type


def check_open_float_range(value, lower, upper, arg_name=None, prim_name=None):
    """`lower < value < upper` for a float (MindSpore's check_float_range with INC_NEITHER)."""
    return check_float_range(value, lower, upper, INC_NEITHER, arg_name, prim_name)
