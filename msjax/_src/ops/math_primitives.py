"""MindSpore 2.10's math and array Primitives without a functional form of the same inputs:
Histogram, UnravelIndex, NuclearNorm, DataFormatVecPermute, IdentityN, ComplexAbs, NthElement,
TridiagonalMatMul, LuSolve, Lstsq, MatrixSolveLs, MatrixLogarithm, CompareAndBitpack,
CheckNumerics and ScatterAddWithAxis (most are TensorFlow's ops, kept by MindSpore's CPU build).

Each is built by `primitive` over a jax-level function: MindSpore's constructor checks in
`check`, its input dtype rules in dtype_rules.RULES, its shape checks (and their messages) here,
its value checks (an index out of range, a NaN) in core/index_checks.py, eagerly and in compiled
programs (tests/goldens/scripts/miss17_math_primitives_probe.py records MindSpore's behaviour).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import checkparam as check
from msjax._src.core import index_checks
from msjax._src.ops import linalg_ops
from msjax._src.ops.input_rules import ms_name
from msjax._src.ops.registry import functional, primitive


def _prim(name: str) -> str:
    return f"For primitive[{name}],"


# -- Histogram ----------------------------------------------------------------------------------
def _check_histogram(attrs):
    """Histogram's constructor: an int `bins` > 0, float `min` <= float `max`."""
    check.check_value_type("bins", attrs["bins"], [int], "Histogram")
    check.check_positive_int(attrs["bins"], "bins", "Histogram")
    check.check_value_type("min", attrs["min"], [float], "Histogram")
    check.check_value_type("max", attrs["max"], [float], "Histogram")
    check.check("min", attrs["min"], "max", attrs["max"], check.LE, "Histogram")


def _histogram(x, bins, min, max):  # noqa: A002 - MindSpore's attribute names
    """Counts of `x` in `bins` equal bins of [min, max] (the data's range when both are 0;
    values outside it are not counted), as Float32 (Int32 for an Int32 input)."""
    data = x.reshape(-1).astype(np.float32)
    if min == 0.0 and max == 0.0:
        lo, hi = jnp.min(data), jnp.max(data)
    else:
        lo, hi = jnp.float32(min), jnp.float32(max)
    counts, _ = jnp.histogram(data, bins=bins, range=(lo, hi))
    return counts.astype(np.int32 if x.dtype == np.int32 else np.float32)


Histogram = primitive("Histogram", functional(_histogram), check=_check_histogram,
                      bins=100, min=0.0, max=0.0)


# -- UnravelIndex -------------------------------------------------------------------------------
def _unravel_index(indices, dims):
    """The coordinates of flat `indices` (a scalar or a vector) in an array of shape `dims`:
    one row per dimension."""
    for name, value in (("indices", indices), ("dims", dims)):
        if value.ndim > 1 or (name == "dims" and value.ndim != 1):
            raise ValueError(f"{_prim('UnravelIndex')} the {name} shape must be equal to 1, but "
                             f"got {value.ndim}.")
    index_checks.check_unravel(indices, dims)
    rows, rest = [], indices
    for axis in range(dims.shape[0] - 1, -1, -1):
        rows.append(rest % dims[axis])
        rest = rest // dims[axis]
    return jnp.stack(rows[::-1])


UnravelIndex = primitive("UnravelIndex", functional(_unravel_index))


# -- NuclearNorm --------------------------------------------------------------------------------
def _check_nuclear_norm(attrs):
    """NuclearNorm's constructor: a bool `keepdim`, `dim` None or two different axes."""
    check.check_value_type("keepdim", attrs["keepdim"], [bool], "NuclearNorm")
    dim = attrs["dim"]
    if dim is None:
        return
    check.check_value_type("dim", dim, [list, tuple], "NuclearNorm")
    check.check_int(len(dim), 2, check.EQ, "length of dim_size", "NuclearNorm")
    if dim[0] == dim[1]:
        raise ValueError("For 'NuclearNorm', the elements in attribute dim must be different.")


def _nuclear_norm_display(attrs):
    """MindSpore shows `dim=None` as its placeholder `[1000]`, a tuple as a list."""
    return dict(attrs, dim=[1000] if attrs["dim"] is None else list(attrs["dim"]))


def _nuclear_norm(x, dim, keepdim):
    """The sum of the singular values of the matrices spanned by the axes `dim` (the last two
    of a matrix when None)."""
    if x.ndim < 2:
        raise ValueError(f"{_prim('NuclearNorm')} the input_size must be greater than or equal "
                         f"to 2, but got {x.ndim}.")
    if dim is None:
        if x.ndim != 2:
            raise ValueError("For 'NuclearNorm', when dim is not set, or dim is None, the "
                             f"input_size must be equal to 2, but got {x.ndim}.")
        dim = (0, 1)
    for axis in dim:
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"{_prim('NuclearNorm')} the dim value must be in "
                             f"[{-x.ndim},{x.ndim}), but got {axis}.")
    axes = tuple(axis % x.ndim for axis in dim)
    matrices = jnp.moveaxis(x, axes, (-2, -1))
    norm = jnp.sum(jnp.linalg.svd(matrices, compute_uv=False), axis=-1).astype(x.dtype)
    return jnp.expand_dims(norm, tuple(sorted(axes))) if keepdim else norm


NuclearNorm = primitive("NuclearNorm", functional(_nuclear_norm), check=_check_nuclear_norm,
                        display=_nuclear_norm_display, dim=None, keepdim=False)


# -- DataFormatVecPermute -----------------------------------------------------------------------
_FORMATS = ["NHWC", "NCHW"]


def _check_formats(attrs):
    for name in ("src_format", "dst_format"):
        check.check_string(attrs[name], _FORMATS, name, "DataFormatVecPermute")


def _data_format_vec_permute(x, src_format, dst_format):
    """The 4 entries (dimension sizes, or (4, 2) rows of pairs) of `x`, given in `src_format`'s
    order, put in `dst_format`'s order."""
    if x.shape not in ((4,), (4, 2)):
        raise ValueError("For DataFormatVecPermute, input shape must be (4, ) or (4, 2), but "
                         f"got [const vector]{{{', '.join(str(d) for d in x.shape)}}}.")
    return x[np.array([src_format.index(axis) for axis in dst_format])]


DataFormatVecPermute = primitive("DataFormatVecPermute", functional(_data_format_vec_permute),
                                 check=_check_formats, src_format="NHWC", dst_format="NCHW")


# -- IdentityN ----------------------------------------------------------------------------------
def _identity_n(x):
    """The Tensors of the list or tuple `x`, as a tuple."""
    if not isinstance(x, (list, tuple)):
        raise TypeError("For [IdentityN] should have ListTensor or TupleTensor input but get "
                        f"Tensor[{ms_name(x.dtype)}]")
    if not x:
        raise ValueError("For [IdentityN] input list of length should be equal or greater than "
                         "1 but get 0 .")
    return tuple(x)


IdentityN = primitive("IdentityN", functional(_identity_n))

# -- ComplexAbs ---------------------------------------------------------------------------------
def _complex_only(name, x):
    """MindSpore's dtype check of a complex-only op (not in dtype_rules.RULES: its dtype probe
    casts inputs from a real dtype)."""
    if x.dtype not in (np.complex64, np.complex128):
        raise TypeError(f"{_prim(name)} the input argument[x] must be a type of "
                        "{Tensor[Complex128], Tensor[Complex64]}, but got "
                        f"Tensor[{ms_name(x.dtype)}].")


def _complex_abs(x):
    """The modulus of each complex value, in the matching float dtype."""
    _complex_only("ComplexAbs", x)
    return jnp.abs(x)


ComplexAbs = primitive("ComplexAbs", functional(_complex_abs))


# -- NthElement ---------------------------------------------------------------------------------
def _check_reverse(attrs):
    check.check_value_type("reverse", attrs["reverse"], [bool], "NthElement")


def _nth_element(input, n, reverse):  # noqa: A002 - MindSpore's input name
    """The n-th smallest (largest where `reverse`) value of each last-axis vector of `input`;
    `n` an int or a 0-D Int32 Tensor in [0, the last dimension)."""
    name = _prim("NthElement")
    if input.ndim < 1:
        raise ValueError(f"{name} the input shape must be greater than or equal to 1, but got 0.")
    if getattr(n, "ndim", 0) != 0:
        raise ValueError(f"{name} the n shape must be equal to 0, but got {n.ndim}.")
    if not isinstance(n, jax.core.Tracer):
        value = int(np.asarray(n))
        if value < 0:
            raise ValueError(f"{name} the n_value must be greater than or equal to 0, but got "
                             f"{value}.")
        if value >= input.shape[-1]:
            raise ValueError(f"{name} the n_value must be less than {input.shape[-1]}, but got "
                             f"{value}.")
    ordered = jnp.sort(input, axis=-1)
    ordered = jnp.flip(ordered, axis=-1) if reverse else ordered
    return jnp.take(ordered, jnp.asarray(n), axis=-1)


NthElement = primitive("NthElement", functional(_nth_element), check=_check_reverse,
                       reverse=False)


# -- TridiagonalMatMul --------------------------------------------------------------------------
def _tridiagonal_matmul(superdiag, maindiag, subdiag, rhs):
    """The product of the tridiagonal matrix with the given diagonals (each [..., 1, M]; the
    superdiagonal's last and the subdiagonal's first entry unused) and `rhs` [..., M, N]."""
    name = _prim("TridiagonalMatMul")
    if rhs.ndim < 2:
        raise ValueError(f"{name} the dimension of 'rhs' must be greater than or equal to 2 , "
                         f"but got {rhs.ndim}.")
    for label, diag in (("superdiag", superdiag), ("maindiag", maindiag),
                        ("subdiag", subdiag)):
        if diag.ndim < 2 or diag.shape[-2] != 1:
            raise ValueError(f"{name} the 1 in the shape of '{label}' [..., 1, M] must be equal "
                             f"to 1 , but got {diag.shape[-2] if diag.ndim >= 2 else diag.ndim}.")
        if diag.shape[-1] != rhs.shape[-2]:
            raise ValueError(f"{name} the M in the shape of '{label}' [..., 1, M] must be equal "
                             f"to M in the shape of 'rhs' [..., M, N] which is {rhs.shape[-2]} , "
                             f"but got {diag.shape[-1]}.")
    column = (lambda diag: jnp.swapaxes(diag, -1, -2))
    below = jnp.pad(rhs[..., 1:, :], [(0, 0)] * (rhs.ndim - 2) + [(0, 1), (0, 0)])
    above = jnp.pad(rhs[..., :-1, :], [(0, 0)] * (rhs.ndim - 2) + [(1, 0), (0, 0)])
    return column(maindiag) * rhs + column(superdiag) * below + column(subdiag) * above


TridiagonalMatMul = primitive("TridiagonalMatMul", functional(_tridiagonal_matmul))


# -- LuSolve ------------------------------------------------------------------------------------
def _lu_solve(x, lu_data, lu_pivots):
    """The solution of A X = x, A given by its LU factors and 1-based row pivots (ops.lu_solve),
    batches broadcast; float16 solved in float32."""
    if x.ndim < 2:
        raise ValueError(f"For 'LuSolve', x's dimension must be greater than or equal to 2, but "
                         f"got: {x.ndim}.")
    if lu_data.ndim < 2 or lu_data.shape[-1] != lu_data.shape[-2]:
        raise ValueError("For 'LuSolve', input lu_data must be a square matrix, but got row: "
                         f"{lu_data.shape[-2]}, col: {lu_data.shape[-1]}.")
    if lu_pivots.shape[-1] != lu_data.shape[-1]:
        raise ValueError("For 'LuSolve', the last dim of lu_pivots must be the same as lu_data's "
                         f"last dim, but got lu_pivots' last dim: {lu_pivots.shape[-1]}, "
                         f"lu_data's last dim: {lu_data.shape[-1]}.")
    if x.shape[-2] != lu_data.shape[-2]:
        raise ValueError("For 'LuSolve', x's col rank must be the same as lu_data's col rank, "
                         f"but got x's: {x.shape[-2]}, lu_data's: {lu_data.shape[-2]}.")
    wide = np.float32 if x.dtype == np.float16 else x.dtype
    solved = linalg_ops.lu_solve.impl(x.astype(wide), lu_data.astype(wide), lu_pivots)
    return solved.astype(x.dtype)


LuSolve = primitive("LuSolve", functional(_lu_solve))


# -- Lstsq --------------------------------------------------------------------------------------
def _check_lstsq(attrs):
    """Lstsq's constructor: MindSpore's kernel solves only with `fast` and no regulariser."""
    if attrs["l2_regularizer"] != 0.0:
        raise TypeError("For 'Lstsq', the 'l2_regularizer' should be 0.0, but got "
                        f"'{attrs['l2_regularizer']}'.")
    if attrs["fast"] != True:  # noqa: E712 - MindSpore compares, `fast=1` passes
        raise TypeError(f"For 'Lstsq', the 'fast' should be True, but got '{attrs['fast']}'.")


def _lstsq(x, a, fast, l2_regularizer):
    """The least-squares (minimum-norm) solution of x @ X = a; a vector `a` as one column;
    float16 solved in float32."""
    if x.ndim != 2:
        raise ValueError(f"For 'Lstsq', the dimension of x must be equal to 2, but got x_dim: "
                         f"{x.ndim}.")
    if x.shape[0] != a.shape[0]:
        raise ValueError("For 'Lstsq', the length of x_dim[0] must be equal to the length of "
                         f"a_dims[0]. But got x_dim[0]: {x.shape[0]},  a_dims[0]: {a.shape[0]}.")
    rhs = a.reshape(a.shape[0], -1) if a.ndim == 1 else a
    wide = np.float32 if x.dtype == np.float16 else x.dtype
    solution = jnp.linalg.lstsq(x.astype(wide), rhs.astype(wide))[0]
    return solution.astype(x.dtype)


Lstsq = primitive("Lstsq", functional(_lstsq), check=_check_lstsq, fast=True,
                  l2_regularizer=0.0)


# -- MatrixSolveLs -------------------------------------------------------------------------------
def _check_fast(attrs):
    check.check_value_type("fast", attrs["fast"], [bool], "MatrixSolveLs")


def _matrix_solve_ls(matrix, rhs, l2_regularizer, fast):
    """The regularised least-squares solution X of matrix @ X = rhs (batched): the normal
    equations (A^H A + l2·I) X = A^H rhs for a tall matrix, X = A^H (A A^H + l2·I)^-1 rhs for a
    wide one; without `fast`, the minimum-norm least-squares solution (l2 ignored, as
    TensorFlow's complete orthogonal decomposition)."""
    name = _prim("MatrixSolveLs")
    if matrix.ndim < 2:
        raise ValueError(f"{name} the input matrix rank must be greater than or equal to 2, but "
                         f"got {matrix.ndim}.")
    if l2_regularizer.ndim != 0:
        raise ValueError(f"{name} the input l2 rank must be equal to 0, but got "
                         f"{l2_regularizer.ndim}.")
    if matrix.shape[-2] != rhs.shape[-2]:
        raise ValueError(f"MatrixSolveLs shape error, got matrix_row: {matrix.shape[-2]}, "
                         f"rhs_row: {rhs.shape[-2]}. In MatrixSolveLs matrix_row and rhs_row "
                         "should be equal.")
    if not fast:
        return jnp.linalg.lstsq(matrix, rhs)[0] if matrix.ndim == 2 else \
            jax.vmap(lambda a, b: jnp.linalg.lstsq(a, b)[0])(
                matrix.reshape((-1,) + matrix.shape[-2:]), rhs.reshape((-1,) + rhs.shape[-2:])
            ).reshape(matrix.shape[:-2] + (matrix.shape[-1], rhs.shape[-1]))
    adjoint = jnp.conj(jnp.swapaxes(matrix, -1, -2))
    l2 = l2_regularizer.astype(matrix.real.dtype)
    rows, cols = matrix.shape[-2:]
    if rows >= cols:
        gram = adjoint @ matrix + l2 * jnp.eye(cols, dtype=matrix.dtype)
        return jnp.linalg.solve(gram, adjoint @ rhs)
    gram = matrix @ adjoint + l2 * jnp.eye(rows, dtype=matrix.dtype)
    return adjoint @ jnp.linalg.solve(gram, rhs)


MatrixSolveLs = primitive("MatrixSolveLs", functional(_matrix_solve_ls), check=_check_fast,
                          fast=True)


# -- MatrixLogarithm ----------------------------------------------------------------------------
def _matrix_logarithm(x):
    """The principal logarithm of each square complex matrix of `x` (Schur-Parlett, as
    MindSpore's Eigen kernel; JAX's Schur decomposition runs on the CPU)."""
    _complex_only("MatrixLogarithm", x)
    if x.ndim < 2:
        raise ValueError(f"{_prim('MatrixLogarithm')} the x rank must be greater than or equal "
                         f"to 2, but got {x.ndim}.")
    if x.shape[-1] != x.shape[-2]:
        raise ValueError("For MatrixLogarithm, the last two dimensions of input 'x' must be "
                         f"equal, but got x.shape = {tuple(x.shape)}.")
    matrices = x.reshape((-1,) + x.shape[-2:])
    logs = jax.vmap(lambda m: jax.scipy.linalg.funm(m, jnp.log))(matrices)
    return logs.astype(x.dtype).reshape(x.shape)


MatrixLogarithm = primitive("MatrixLogarithm", functional(_matrix_logarithm))


# -- CompareAndBitpack --------------------------------------------------------------------------
def _compare_and_bitpack(x, threshold):
    """Whether each value of `x` exceeds `threshold`, packed eight to a UInt8 along the last
    axis (the first value in the highest bit). A Bool `x` is packed as it is, whatever the
    threshold, the first value in the lowest bit (MindSpore's CPU kernel)."""
    name = _prim("CompareAndBitpack")
    if x.ndim == 0:
        raise ValueError(f"{name} the x's rank' must be not equal to 0, but got 0.")
    if threshold.ndim != 0:
        raise ValueError(f"{name} the threshold's rank' must be equal to 0, but got "
                         f"{threshold.ndim}.")
    if x.shape[-1] % 8:
        raise ValueError(f"{name} the attribute[x innermost dimension % 8] must be equal to 0, "
                         f"but got {x.shape[-1]}.")
    kept = x if x.dtype == np.bool_ else x > threshold
    bits = kept.reshape(x.shape[:-1] + (x.shape[-1] // 8, 8)).astype(np.uint8)
    weights = np.array([128, 64, 32, 16, 8, 4, 2, 1], np.uint8)
    weights = weights[::-1] if x.dtype == np.bool_ else weights
    return jnp.sum(bits * weights, axis=-1, dtype=np.uint8)


CompareAndBitpack = primitive("CompareAndBitpack", functional(_compare_and_bitpack))


# -- CheckNumerics ------------------------------------------------------------------------------
def _check_numerics(x):
    """`x` itself, once it holds no NaN and no infinite value (MindSpore's RuntimeError names
    the kind of the first one)."""
    index_checks.check_numerics(x)
    return x


CheckNumerics = primitive("CheckNumerics", functional(_check_numerics))


# -- ScatterAddWithAxis -------------------------------------------------------------------------
def _scatter_add_with_axis(input_x, indices, updates, axis):
    """A copy of `input_x` with `updates` added at `indices` along `axis` (the scatter of
    ops.tensor_scatter_elements with reduction "add"; negative indices count from the end).
    MindSpore's kernel fails to build for an axis or a rank out of range (a crash, msjax raises
    ValueError: docs/migration.md)."""
    if indices.shape != updates.shape:
        raise ValueError("For ScatterAddWithAxis, 'updates_shape' must be as same as "
                         "'indices_shape' but got indices_shape: [const vector]"
                         f"{{{', '.join(map(str, indices.shape))}}}, updates_shape: "
                         f"[const vector]{{{', '.join(map(str, updates.shape))}}}.")
    if indices.ndim != input_x.ndim or not -input_x.ndim <= axis < input_x.ndim:
        raise ValueError(f"For 'ScatterAddWithAxis', the axis {axis} and the indices' rank "
                         f"{indices.ndim} must fit input_x's rank {input_x.ndim}.")
    size = input_x.shape[axis]
    index_checks.check_axis_indices("ScatterAddWithAxis", indices, size)
    wrapped = jnp.where(indices < 0, indices + size, indices)
    positions = list(jnp.indices(indices.shape, sparse=True))
    positions[axis % input_x.ndim] = wrapped
    return input_x.at[tuple(positions)].add(updates.astype(input_x.dtype))


ScatterAddWithAxis = primitive("ScatterAddWithAxis", functional(_scatter_add_with_axis), axis=0)

__all__ = ["Histogram", "UnravelIndex", "NuclearNorm", "DataFormatVecPermute", "IdentityN",
           "ComplexAbs", "NthElement", "TridiagonalMatMul", "LuSolve", "Lstsq", "MatrixSolveLs",
           "MatrixLogarithm", "CompareAndBitpack", "CheckNumerics", "ScatterAddWithAxis"]
