"""`mindspore.scipy.ops_wrapper`: `matrix_set_diag`, the batched diagonals of a matrix replaced.

MindSpore 2.10 runs the primitive `MatrixSetDiagV3(alignment)` with `k` as an int32 Tensor: an
int `k` is the one diagonal `(k, k)`, a list or tuple is passed as it is (`(low, high)` or
`(k,)`), anything else is its ValueError.
"""
from __future__ import annotations

import numpy as np

from msjax._src.core.tensor import Tensor
from msjax._src.ops.matrix_diag_ops import MatrixSetDiagV3


def matrix_set_diag(input_x, diagonal, k=0, alignment="RIGHT_LEFT"):
    """`mindspore.scipy.ops_wrapper.matrix_set_diag(input_x, diagonal, k=0, alignment="RIGHT_LEFT")`:
    `input_x` (`(..., M, N)`) with the diagonals `k` (an int, or `(low, high)`) replaced by
    `diagonal` (`(..., max_diag_len)`, or `(..., num_diags, max_diag_len)` for a band), shorter
    diagonals padded as `alignment` says ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT",
    "RIGHT_RIGHT": superdiagonals first, subdiagonals second).

    Example:
        >>> matrix_set_diag(Tensor(np.full((2, 3), 7)), Tensor(np.array([1, 2])))
        Tensor(shape=[2, 3], dtype=Int64, value=
        [[1, 7, 7],
         [7, 2, 7]])
    """
    set_diag = MatrixSetDiagV3(alignment)
    if isinstance(k, int):
        k_vec = np.full((2,), k, np.int32)
    elif isinstance(k, (list, tuple)):
        k_vec = np.asarray(k, np.int32)
    else:
        raise ValueError("input k to indicate diagonal region is invalid.")
    return set_diag(input_x, diagonal, Tensor(k_vec))
