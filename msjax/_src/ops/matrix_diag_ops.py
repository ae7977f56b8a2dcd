"""Batched diagonals of `mindspore.ops`: `MatrixDiagV3(align)(x, k, num_rows, num_cols,
padding_value)` (matrices from diagonals), `MatrixDiagPartV3(align)(x, k, padding_value)`
(diagonals of matrices), `MatrixSetDiagV3(align)(x, diagonal, k)` (diagonals replaced) and the
functional forms `ops.matrix_diag`, `matrix_diag_part`, `matrix_set_diag`.

`k` is one diagonal offset or a band `(low, high)` (> 0: above the main diagonal); a band's
diagonals are stacked from `high` down to `low`, each `max_diag_len` long. A diagonal shorter
than that is aligned by `align`: its first word for superdiagonals (offset >= 0), its second for
subdiagonals, 'RIGHT' padding on the left. The index maps are built with NumPy from the static
shapes and `k` (which must therefore be concrete, as MindSpore's graph mode requires), then one
gather: gradients flow to the diagonals and the matrix, none to `padding_value`, as in
MindSpore. Values, gradients and errors are MindSpore 2.10's
(tests/goldens/ops/new_ops_probe.out).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import integer_inputs
from msjax._src.core import log
from msjax._src.ops.adapters import concrete_array
from msjax._src.core.tensor import Tensor
from msjax._src.ops.registry import functional, primitive, tensor_op

_ALIGNS = ["LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT"]
_INT32 = np.dtype(np.int32)
_PYTHON_TYPES = {bool: "Bool", int: "Int64", float: "Float32"}


def _check_align(name):
    def check(attrs):
        align = attrs["align"]
        if not isinstance(align, str):
            raise TypeError(f"For '{name}', the type of 'align' should be 'str', but got type "
                            f"'{type(align).__name__}'.")
        if align not in _ALIGNS:
            raise ValueError(f"For '{name}', the 'align' must be str and must be in '{_ALIGNS}', "
                             f"but got '{align}'.")
        return attrs if name == "MatrixDiagV3" else {**attrs, "max_length": 200000000}
    return check


def _check_tensors(name, inputs):
    for position, value in enumerate(inputs):
        if not hasattr(value, "dtype") or isinstance(value, np.generic):
            kind = _PYTHON_TYPES.get(type(value), type(value).__name__)
            raise TypeError(f"For primitive[{name}], the input[{position}] should be a Tensor, "
                            f"but got {kind}.")


def _int32_values(name, arg_name, value):
    """The values of the int32 Tensor input `arg_name` (concrete: they decide shapes; a
    differentiated integer input's Float32 copy read as its integers)."""
    value = integer_inputs.as_index(value)
    if value.dtype != _INT32:
        raise TypeError(f"For primitive[{name}], the input argument[{arg_name}] must be a type of "
                        f"{{Tensor[Int32]}}, but got Tensor[{mstype.from_numpy(value.dtype)}].")
    return concrete_array(value).reshape(-1)


def _band(name, k, order_error):
    values = _int32_values(name, "k", k)
    if not 1 <= values.size <= 2:
        raise ValueError(f"For primitive[{name}], the size of 'k' must be in [1,2], but got "
                         f"{values.size}.")
    low, high = int(values[0]), int(values[-1])
    if low > high:
        raise ValueError(order_error(low, high))
    return low, high, values.size == 2 and low != high


def _same_dtype(name, first, second):
    if first.dtype != second.dtype:
        raise TypeError(f"For '{name}', the dtype of two args should be same, but the dtype of "
                        f"first arg Tensor[{mstype.from_numpy(first.dtype)}] is not consistent "
                        f"with the dtype of second arg Tensor[{mstype.from_numpy(second.dtype)}]")


def _offsets(align, diagonals, rows, cols, max_len):
    """Per diagonal offset d: (its length in a rows x cols matrix, its start in its row)."""
    super_right, sub_right = (part == "RIGHT" for part in align.split("_"))
    table = {}
    for d in diagonals:
        length = min(rows + min(0, d), cols - max(0, d))
        right = super_right if d >= 0 else sub_right
        table[d] = (length, max_len - length if right else 0)
    return table


def _band_map(align, low, high, rows, cols, max_len):
    """For each cell of a rows x cols matrix: the flat index of its entry in the (num_diags,
    max_len) band, and whether it has one."""
    i, j = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    d = j - i
    table = _offsets(align, range(low, high + 1), rows, cols, max_len)
    offset = np.vectorize(lambda v: table.get(int(v), (0, 0))[1])(d) if d.size else d
    n = np.where(d >= 0, i, j) + offset
    inside = (d >= low) & (d <= high) & (n < max_len)
    index = np.where(inside, (high - d) * max_len + n, 0)
    return index.astype(np.int32), inside


def _gather_last(values, index, shape):
    """`values` (..., m) read at the flat indices `index` (any shape) of its last axis."""
    flat = jnp.take(values, jnp.asarray(index.reshape(-1)), axis=-1)
    return flat.reshape(values.shape[:-1] + shape)


def _matrix_diag_v3(x, k, num_rows, num_cols, padding_value, *, align="RIGHT_LEFT"):
    name = "MatrixDiagV3"
    _check_tensors(name, (x, k, num_rows, num_cols, padding_value))
    low, high, is_band = _band(name, k, lambda lo, hi: (
        f"For {name}, k[0] must not be greater than k[1], but got k[0] is {lo}, k[1] is {hi}."))
    rows = int(_int32_values(name, "num_rows", num_rows)[0])
    cols = int(_int32_values(name, "num_cols", num_cols)[0])
    _same_dtype(name, x, padding_value)
    if padding_value.ndim != 0:
        raise ValueError(f"For primitive[{name}], the rank of 'padding_value' must be equal to 0, "
                         f"but got {padding_value.ndim}.")
    if is_band and (x.ndim < 2 or x.shape[-2] != high - low + 1):
        raise ValueError(f"For {name}, the input x_shape[-2] doesn't match with k value.")
    max_len = x.shape[-1]
    min_rows, min_cols = max_len - min(high, 0), max_len + max(low, 0)
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    if rows < min_rows:
        raise ValueError(f"For {name}, the number of rows is too small.")
    if cols < min_cols:
        raise ValueError(f"For {name}, the number of columns is too small.")
    band = x if is_band else x[..., None, :]
    index, inside = _band_map(align, low, high, rows, cols, max_len)
    values = _gather_last(band.reshape(band.shape[:-2] + (-1,)), index, (rows, cols))
    return jnp.where(jnp.asarray(inside), values, jax.lax.stop_gradient(padding_value))


def _order_error(name):
    return lambda lo, hi: f"For {name}, k[0] can not be greater than k[1]."


def _diag_positions(align, low, high, rows, cols):
    """(max_len, flat matrix index of each band entry, whether the entry is on the matrix)."""
    max_len = min(rows + min(high, 0), cols + min(-low, 0))
    table = _offsets(align, range(low, high + 1), rows, cols, max_len)
    index = np.zeros((high - low + 1, max_len), np.int32)
    inside = np.zeros((high - low + 1, max_len), bool)
    for d in range(low, high + 1):
        length, offset = table[d]
        for n in range(offset, offset + length):
            step = n - offset
            index[high - d, n] = (step + max(0, -d)) * cols + step + max(0, d)
            inside[high - d, n] = True
    return max_len, index, inside


def _check_k_range(name, low, high, rows, cols):
    for value in (low, high):
        if not -rows < value < cols:
            raise ValueError(f"For {name}, the value of k must be in (-x.shape[-2], x.shape[-1]), "
                             f"meaning the value of k must be in ({-rows}, {cols}) in this case, "
                             f"but got {value}.")


def _matrix_diag_part_v3(x, k, padding_value, *, align="RIGHT_LEFT"):
    name = "MatrixDiagPartV3"
    _check_tensors(name, (x, k, padding_value))
    if x.ndim < 2:
        raise ValueError(f"For primitive[{name}], the x rank must be greater than or equal to 2, "
                         f"but got {x.ndim}.")
    _same_dtype(name, x, padding_value)
    low, high, is_band = _band(name, k, _order_error(name))
    rows, cols = x.shape[-2:]
    _check_k_range(name, low, high, rows, cols)
    _, index, inside = _diag_positions(align, low, high, rows, cols)
    values = _gather_last(x.reshape(x.shape[:-2] + (-1,)), index, index.shape)
    out = jnp.where(jnp.asarray(inside), values, jax.lax.stop_gradient(padding_value))
    return out if is_band else out[..., 0, :]


def _matrix_set_diag_v3(x, diagonal, k, *, align="RIGHT_LEFT"):
    name = "MatrixSetDiagV3"
    _check_tensors(name, (x, diagonal, k))
    low, high, is_band = _band(name, k, _order_error(name))
    rows, cols = x.shape[-2:]
    if diagonal.ndim != (x.ndim if is_band else x.ndim - 1):
        raise ValueError(f"For {name}, diagonal rank size don't match with x rank size.")
    num_diags = high - low + 1
    if is_band and diagonal.shape[-2] != num_diags:
        raise ValueError(f"For {name}, diagonal.shape[-2] is not equal to num_diags calculated by "
                         f"k[1] - k[0] + 1, which value is {num_diags} in this case, but got "
                         f"diagonal.shape[-2]: {diagonal.shape[-2]} in this case.")
    max_len = min(rows + min(high, 0), cols + min(-low, 0))
    if diagonal.shape[-1] != max_len:
        raise ValueError(f"For {name}, diagonal.shape[-1] is not equal to max_diag_len calculated "
                         f"by min(x.shape[-2] + min(k[1], 0), x.shape[-1] + min(-k[0], 0)), which "
                         f"value is {max_len} in this case, but got diagonal.shape[-1]: "
                         f"{diagonal.shape[-1]} in this case.")
    dtype = jnp.result_type(x, diagonal)
    band = diagonal if is_band else diagonal[..., None, :]
    index, inside = _band_map(align, low, high, rows, cols, max_len)
    values = _gather_last(band.reshape(band.shape[:-2] + (-1,)).astype(dtype), index,
                          (rows, cols))
    return jnp.where(jnp.asarray(inside), values, x.astype(dtype))


def _by_align(impl):
    """`impl`'s Tensor-level function with `align` bound before the op table's boundary: a
    traced `k` then raises JAX's ConcretizationTypeError itself (a string among an op's
    arguments would turn it into MindSpore's "Failed calling"), which graph mode answers by
    folding constants (transforms/graph_fallback.py)."""
    table = {}
    for align in _ALIGNS:
        def bound(*inputs, _align=align):
            return impl(*inputs, align=_align)
        bound.__name__ = bound.__qualname__ = impl.__name__
        table[align] = functional(bound)

    def call(*inputs, align="RIGHT_LEFT"):
        return table[align](*inputs)
    call.__name__ = impl.__name__
    return call


_diag = _by_align(_matrix_diag_v3)
_diag_part = _by_align(_matrix_diag_part_v3)
_set_diag = _by_align(_matrix_set_diag_v3)
MatrixDiagV3 = primitive("MatrixDiagV3", _diag, align="RIGHT_LEFT",
                         display=_check_align("MatrixDiagV3"))
MatrixDiagPartV3 = primitive("MatrixDiagPartV3", _diag_part, align="RIGHT_LEFT",
                             display=_check_align("MatrixDiagPartV3"))
MatrixSetDiagV3 = primitive("MatrixSetDiagV3", _set_diag, align="RIGHT_LEFT",
                            display=_check_align("MatrixSetDiagV3"))


def _as_int32(value):
    """A Python int argument as the int32 Tensor MindSpore's functional forms cast it to."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Tensor(np.array(value, np.int32))
    return value


@tensor_op()
def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    """`ops.matrix_diag`: `MatrixDiagV3(align)` with Python ints taken as int32 Tensors and a
    Python number `padding_value` cast to `x`'s dtype."""
    _check_align("MatrixDiagV3")({"align": align})
    if isinstance(padding_value, (int, float)) and not isinstance(padding_value, bool):
        padding_value = Tensor(np.array(padding_value, mstype.dtype_to_nptype(x.dtype)))
    return _diag(x, _as_int32(k), _as_int32(num_rows), _as_int32(num_cols), padding_value,
                 align=align)


@tensor_op()
def matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    """`ops.matrix_diag_part`: `MatrixDiagPartV3(align)(x, k, padding_value)`."""
    _check_align("MatrixDiagPartV3")({"align": align})
    return _diag_part(x, k, padding_value, align=align)


_SET_DIAG_WARNED = []


@tensor_op()
def matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    """`ops.matrix_set_diag` (deprecated since MindSpore 2.9): `MatrixSetDiagV3(align)`, a
    Python int `k` taken as an int32 Tensor."""
    if not _SET_DIAG_WARNED:
        _SET_DIAG_WARNED.append(True)
        log.warning("'ops.matrix_set_diag' is deprecated from version 2.9.0 and will be removed "
                    "in a future version.")
    _check_align("MatrixSetDiagV3")({"align": align})
    return _set_diag(x, diagonal, _as_int32(k), align=align)
