"""Records MindSpore 2.10 goldens for `mindspore.numpy` (tests/goldens/numpy_functions.json).

Regenerate from the repository root with:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/numpy_goldens.py \
        | python tests/goldens/scripts/numpy_goldens.py --write tests/goldens/numpy_functions.json

Each case is a call `mindspore.numpy.<fn>(*args, **kwargs)` whose arguments are encoded as JSON:
a Tensor is `{"T": values, "dtype": name}`, a MindSpore dtype `{"D": name}`, a tuple
`{"tuple": [...]}`, a Python function of the small set in `FUNCTIONS` `{"F": name}`; other values
are themselves (non-finite floats as the strings "nan", "inf", "-inf" inside Tensor values).
Under MindSpore (the oracle) the script prints one line `GOLDENS_JSON {...}` holding every case
with its result (`{"T": values, "dtype", "shape"}`, `{"tuple"|"list": [...]}`, `{"D": name}`, or
`{"py": value, "type": name}`) or, for the cases listed as errors, `{"error": {"type", "message"}}`.
With `--write FILE` under plain Python it reads that output on stdin and writes FILE.
"""
import json
import math
import sys

MARKER = "GOLDENS_JSON "
NAN, INF = "nan", "inf"


def T(values, dtype="float32"):
    return {"T": values, "dtype": dtype}


def D(name):
    return {"D": name}


def TUP(*items):
    return {"tuple": list(items)}


def F(name):
    return {"F": name}


# Python functions passed to apply_along_axis, apply_over_axes, piecewise and pad, written
# against the module under test (`np` is mindspore.numpy or msjax.numpy).
FUNCTIONS = {
    "sum": lambda np: (lambda x: np.sum(x)),
    "sum_axis": lambda np: (lambda x, axis: np.sum(x, axis=axis)),
    "cumsum": lambda np: (lambda x: np.cumsum(x)),
    "negate": lambda np: (lambda x: np.negative(x)),
    "square": lambda np: (lambda x: np.square(x)),
    "pad_with_7": lambda np: (lambda vector, width, axis, kwargs: np.concatenate((
        np.full((width[0],), 7, vector.dtype), vector[width[0]:vector.shape[0] - width[1]],
        np.full((width[1],), 7, vector.dtype)))),
}

F23 = T([[1.5, -2.0, 3.25], [0.5, 4.0, -1.0]])
P23 = T([[1.5, 2.0, 3.25], [0.5, 4.0, 1.0]])
U23 = T([[0.1, -0.5, 0.9], [0.3, 0.0, -0.7]])
G23 = T([[1.5, 2.0, 3.25], [1.25, 4.0, 1.75]])  # >= 1, for arccosh
I23 = T([[2, -3, 4], [5, 0, -1]], "int32")
J23 = T([[1, 2, 3], [4, 5, 6]], "int32")
F3 = T([0.5, -1.0, 2.0])
I3 = T([1, 2, 3], "int32")
I8 = T([1, -2, 3], "int8")
U8 = T([1, 2, 3], "uint8")
B3 = T([True, False, True], "bool")
F64 = T([1.5, -2.25, 3.0], "float64")
F16 = T([1.5, -2.25, 3.0], "float16")
F234 = T([[[(i * 4 + j) / 4 - 3 + 0.1 * k for j in range(4)] for i in range(3)]
          for k in range(2)])
NANS = T([1.0, NAN, -2.0, INF, "-inf", 0.5])
NAN23 = T([[1.0, NAN, -2.0], [NAN, 4.0, 0.5]])
SQ = T([[2.0, 1.0], [0.5, 3.0]])
I33 = T([[1, 2, 3], [4, 5, 6], [7, 8, 10]], "int32")
F33 = T([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]])


def cases():
    """Every (fn, args, kwargs) recorded; the ids are `fn-<index among that fn's cases>`."""
    out = []

    def c(fn, *args, **kwargs):
        out.append((fn, list(args), kwargs))

    # -- unary math over float, int and narrow inputs
    for fn in ["absolute", "abs", "fabs", "negative", "positive", "square", "sign", "floor",
               "ceil", "trunc", "fix", "rint", "invert", "bitwise_not", "deg2rad", "radians",
               "rad2deg", "cbrt"]:
        if fn not in ("invert", "bitwise_not"):
            c(fn, F23)
        if fn not in ("floor", "rint"):
            c(fn, I23)
        if fn in ("absolute", "square", "negative", "invert", "ceil", "trunc", "sign", "cbrt"):
            c(fn, I8)
        if fn in ("absolute", "ceil", "trunc", "fix", "cbrt", "sign"):
            c(fn, F64)
            c(fn, F16)
    for fn in ["sqrt", "reciprocal", "log", "log1p", "log2", "log10", "exp", "expm1", "exp2"]:
        c(fn, P23)
        if fn not in ("exp",):
            c(fn, J23)
        c(fn, F64)
    for fn in ["sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
               "arcsinh", "arctanh"]:
        c(fn, U23)
        c(fn, I8 if fn not in ("arcsin", "arccos", "arctanh") else T([0, 1, 0], "int8"))
        c(fn, T([0, 1, 0], "int32"))
        c(fn, T([True, False], "bool"))
        c(fn, F64 if fn not in ("arcsin", "arccos", "arctanh") else T([0.25, -0.5], "float64"))
    c("arccosh", G23)
    c("arccosh", T([1, 2, 3], "int32"))
    c("sqrt", F23, dtype=D("float64"))
    c("exp", P23, dtype=D("float16"))
    c("around", T([[0.5, 1.5, 2.5], [-0.5, 2.675, -1.26]]))
    c("around", T([[0.5, 1.5, 2.5], [-0.5, 2.675, -1.26]]), 1)
    c("around", I3)
    c("round", T([1.25, 2.5, -3.5]), 2)

    # -- binary math
    for fn in ["add", "subtract", "multiply", "divide", "true_divide", "power", "float_power",
               "maximum", "minimum", "floor_divide", "remainder", "mod", "fmod", "hypot",
               "logaddexp", "logaddexp2", "copysign", "arctan2", "heaviside"]:
        c(fn, F23, F3 if fn not in ("power",) else T([0.5, 2.0, 3.0]))
        c(fn, I23, T([3, -2, 5] if fn != "power" else [3, 2, 5], "int32"))
        if fn not in ("logaddexp2", "arctan2", "copysign"):
            c(fn, I23, T([0.5, 2.0, 3.0]))
        if fn in ("add", "multiply", "divide", "power", "maximum", "remainder", "floor_divide",
                  "subtract"):
            c(fn, I8, 1)
            c(fn, F16, 2.5)
            c(fn, U8, I8)
            c(fn, F64, F64)
        if fn in ("maximum", "minimum"):
            c(fn, NANS, T([0.0] * 6))
            c(fn, T(2.0), T(3.0))
            c(fn, F16, T(1.0))
            c(fn, T(5, "int32"), F3)
    c("add", F23, F3, dtype=D("float64"))
    c("divide", T([1, 2, 3], "int64"), T([2, 2, 2], "int64"))
    c("divide", F64, 2.0)
    c("remainder", T([5, -5, 7], "int32"), T([0, 3, -2], "int32"))
    c("fmod", T([5, -5, 7], "int32"), T([0, 3, -2], "int32"))
    c("divmod", F23, F3)
    c("divmod", I23, T([3, -2, 5], "int32"))
    c("gcd", T([12, -18, 0, 7], "int32"), T([8, 12, 5, 0], "int32"))
    c("lcm", T([12, -18, 0, 7], "int32"), T([8, 12, 5, 3], "int32"))
    for fn in ["bitwise_and", "bitwise_or", "bitwise_xor"]:
        c(fn, T([12, 10, -3], "int32"), T([10, 6, 5], "int32"))
        c(fn, B3, T([True, True, False], "bool"))
        c(fn, T([12, 10, 3], "uint8"), T([10, 6, 5], "uint8"))
    c("clip", F23, -1.0, 2.0)
    c("clip", I23, 0, 3)
    c("clip", F23, None, 1.0)
    c("clip", F23, T([0.0, 0.0, 0.0]), 2.0)

    # -- comparisons and logic
    for fn in ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]:
        c(fn, F23, F3)
        c(fn, I23, T([2, 0, 3], "int32"))
    for fn in ["logical_and", "logical_or", "logical_xor"]:
        c(fn, B3, T([True, True, False], "bool"))
    c("logical_not", B3)
    for fn in ["isfinite", "isnan", "isinf", "isposinf", "isneginf", "signbit"]:
        c(fn, NANS)
    c("signbit", T([-0.0, 0.0, -1.0, 2.0]))
    c("isclose", T([1.0, 1e-9, NAN, 2.0]), T([1.0 + 1e-7, 0.0, NAN, 2.1]))
    c("isclose", T([1.0, NAN]), T([1.0, NAN]), equal_nan=True)
    c("isclose", T([1.0, 2.0]), T([1.05, 2.0]), 0.1)
    c("in1d", T([1, 2, 3, 4, 2], "int32"), T([2, 4], "int32"))
    c("in1d", T([1, 2, 3, 4, 2], "int32"), T([2, 4], "int32"), invert=True)
    c("isin", T([[1, 2], [3, 4]], "int32"), T([2, 3], "int32"))
    c("array_equal", F23, F23)
    c("array_equal", F23, F3)
    c("array_equal", NANS, NANS)
    c("array_equal", NANS, NANS, equal_nan=True)
    c("array_equiv", T([1.0, 2.0]), T([[1.0, 2.0], [1.0, 2.0]]))
    c("array_equiv", T([1.0, 2.0]), T([[1.0, 2.0], [1.0, 3.0]]))
    c("array_equiv", T([1.0, 2.0]), T([1.0, 2.0, 3.0]))
    c("sometrue", T([[0, 0], [0, 2]], "int32"))
    c("sometrue", T([[0, 0], [0, 2]], "int32"), 0)
    c("sometrue", T([[0.0, 0.0], [0.0, 2.0]]), 1, True)
    c("isscalar", 3)
    c("isscalar", 3.5)
    c("isscalar", F3)
    c("isscalar", [1, 2])

    # -- reductions
    for fn in ["sum", "mean", "amax", "amin", "max", "min", "ptp", "std", "var", "argmax",
               "argmin", "count_nonzero", "nansum", "nanmean", "nanmax", "nanmin", "nanvar",
               "nanstd"]:
        c(fn, F234)
        if fn in ("nanvar", "nanstd"):
            c(fn, F234, 1, None, 1)
        else:
            c(fn, F234, 1)
        c(fn, I23)
        if fn not in ("argmax", "argmin"):
            c(fn, F234, TUP(0, 2))
    for fn in ["sum", "mean", "amax", "amin", "ptp", "std", "var", "count_nonzero"]:
        c(fn, F234, -1, keepdims=True)
    for fn in ["sum", "mean", "amax", "nanmax", "argmax"]:
        c(fn, T([[1, 2], [3, 4]], "int8"))
        c(fn, T([[True, False], [True, True]], "bool"))
        c(fn, F64)
    for fn in ["nansum", "nanmean", "nanmax", "nanmin", "nanvar", "nanstd"]:
        c(fn, NAN23)
        c(fn, NAN23, 0)
        c(fn, NAN23, 1, keepdims=True)
    c("nanmean", F64)
    c("sum", F23, 1, D("float64"))
    c("sum", F23, None, None, False, 10)
    c("sum", I23, initial=5)
    c("mean", F23, 0, dtype=D("float64"))
    c("amax", F23, 0, False, 3.0)
    c("amax", F23, None, False, -10.0, T([[True, False, True], [False, True, False]], "bool"))
    c("amin", F23, 1, True, 0.0)
    c("std", F23, 1, 1)
    c("var", F23, 0, 1, True)
    c("argmax", F23, 0)
    c("argmin", F23, -1)
    c("argmax", B3)
    c("average", F23)
    c("average", F23, 1)
    c("average", F23, 0, T([1.0, 3.0]))
    c("average", F23, None, T([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), True)
    c("average", I23, 1, None, True)
    c("average", I23, 1, T([1, 2, 3], "int32"))
    for fn in ["cumsum", "cumprod", "nancumsum"]:
        c(fn, F23)
        c(fn, F23, 1)
        c(fn, I23, 0)
        c(fn, I8)
        c(fn, B3)
        c(fn, U8)
        c(fn, T([1, 2, 3], "int16"))
        c(fn, F23, 0, D("float64"))
    c("nancumsum", NAN23, 1)
    c("cumprod", F64)
    c("diff", F23)
    c("diff", F234, 2, 1)
    c("diff", I23, 1, 0)
    c("diff", F23, 1, -1, 0.0, T([[1.0], [2.0]]))
    c("diff", I23, 0)
    c("diff", I3, 1, -1, 0, 10)
    c("ediff1d", F23)
    c("ediff1d", I3, T([9], "int32"), T([-1, -2], "int32"))
    c("ediff1d", F3, 5.5, 1)
    c("trapz", F23)
    c("trapz", F23, None, 0.5, 0)
    c("trapz", F23, T([0.0, 1.0, 3.0]))
    c("trapz", I23)
    c("gradient", F3)
    c("gradient", F23)
    c("gradient", F23, 2.0)
    c("gradient", F234, axis=2)
    c("gradient", T([1, 4, 9, 16], "int32"))
    c("gradient", F23, axis=TUP(0, 1))
    c("unwrap", T([0.0, 3.0, 6.5, 0.2, -3.0]))
    c("unwrap", T([[0.0, 4.0, 8.0], [1.0, -3.0, 2.0]]), 1.0, 0)
    c("unwrap", T([0, 3, 7, 1], "int32"))

    # -- creation
    c("array", [1, 2, 3])
    c("array", [1.0, 2.0])
    c("array", [[1, 2], [3, 4]], D("float32"))
    c("array", [True, False])
    c("array", 3)
    c("array", 3.5)
    c("array", True)
    c("array", F3)
    c("array", [1, 2], ndmin=3)
    c("array", [1.5, 2.7], "int32")
    c("array", [[1, 2.5], [3, 4]])
    c("array", TUP(1, 2))
    c("array", [], )
    c("asarray", [1, 2, 3])
    c("asarray", [1.5, 2.0], D("float16"))
    c("asarray", I3, D("float32"))
    c("asarray", 7)
    c("asfarray", [1, 2, 3])
    c("asfarray", I3)
    c("asfarray", [1, 2], D("int32"))
    c("asfarray", [1, 2], D("float16"))
    c("copy", F23)
    c("copy", [1, 2])
    c("ones", TUP(2, 3))
    c("ones", 3, D("int32"))
    c("ones", [2, 2], "int")
    c("ones", TUP(2,), "float")
    c("ones", TUP(0, 2))
    c("zeros", TUP(2, 3))
    c("zeros", 2, D("bool"))
    c("zeros", TUP(2, 1), D("float16"))
    c("empty", TUP(2, 3))
    c("empty", 2, D("int32"))
    c("full", TUP(2, 3), 7)
    c("full", TUP(2,), 2.5)
    c("full", TUP(2,), True)
    c("full", TUP(2, 3), 7, D("float32"))
    c("full", TUP(2, 3), [1, 2, 3])
    c("full", TUP(2, 3), F3)
    for fn in ["ones_like", "zeros_like", "empty_like"]:
        c(fn, F23)
        c(fn, I23, D("float32"))
        c(fn, [1, 2])
        c(fn, F23, None, TUP(3,))
    c("full_like", F23, 5)
    c("full_like", I23, 2.5)
    c("full_like", [1, 2], 3, D("float32"))
    c("full_like", F23, 1, None, TUP(2,))
    c("arange", 5)
    c("arange", 5.0)
    c("arange", 1, 7, 2)
    c("arange", 0, 1, 0.25)
    c("arange", -3, 3)
    c("arange", 10, 0, -3)
    c("arange", 0, 5, dtype=D("float32"))
    c("arange", 0, 2, 0.3)
    c("arange", 3, step=2)
    c("linspace", 0, 1, 5)
    c("linspace", 0, 1, 5, False)
    c("linspace", 2, 3, 4, True, True)
    c("linspace", 0, 10, 6, dtype=D("int32"))
    c("linspace", T([0.0, 1.0]), T([1.0, 3.0]), 3)
    c("linspace", T([0.0, 1.0]), T([1.0, 3.0]), 3, axis=1)
    c("linspace", 1, 5, 1)
    c("linspace", -1.5, 2.5, 7)
    c("logspace", 0, 2, 3)
    c("logspace", 0, 3, 4, base=2.0)
    c("logspace", 0, 1, 4, False)
    c("geomspace", 1, 1000, 4)
    c("geomspace", 1, 16, 4, False)
    c("geomspace", T([1.0, 2.0]), T([8.0, 32.0]), 4)
    c("eye", 3)
    c("eye", 2, 3, 1)
    c("eye", 3, 2, -1, D("int32"))
    c("eye", 2, dtype="bool")
    c("identity", 3)
    c("identity", 2, D("int32"))
    c("tri", 3)
    c("tri", 2, 4, 1)
    c("tri", 3, 3, -1, D("int32"))
    c("tril", F33)
    c("tril", F33, 1)
    c("tril", I33, -1)
    c("tril", F3)
    c("tril", F234)
    c("triu", F33)
    c("triu", I33, 1)
    c("triu", F3, -1)
    c("triu", T([[True, True], [True, True]], "bool"))
    c("diag", F3)
    c("diag", F3, 1)
    c("diag", F33)
    c("diag", F33, -1)
    c("diag", I33, 2)
    c("diagflat", SQ)
    c("diagflat", I3, -1)
    c("diagonal", F33)
    c("diagonal", F33, 1)
    c("diagonal", F234, 0, 1, 2)
    c("trace", F33)
    c("trace", I33)
    c("trace", F33, 1)
    c("trace", F234, 0, 1, 2)
    c("trace", F33, dtype=D("float64"))
    c("diag_indices", 3)
    c("diag_indices", 2, 3)
    c("meshgrid", I3, F3)
    c("meshgrid", I3, F3, indexing="ij")
    c("meshgrid", I3, F3, sparse=True)
    c("meshgrid", I3, T([1.0, 2.0]), T([5, 6], "int32"))
    c("indices", TUP(2, 3))
    c("indices", TUP(2, 2), D("float32"))
    c("ix_", T([0, 1], "int32"), T([2, 4, 5], "int32"))
    c("vander", F3)
    c("vander", I3, 4)
    c("vander", F3, 2, True)
    c("vander", [1, 2, 3])
    for fn in ["bartlett", "blackman", "hamming", "hanning"]:
        c(fn, 5)
        c(fn, 1)
        c(fn, 0)
        c(fn, 8)
    c("triu_indices", 3)
    c("triu_indices", 3, 1)
    c("triu_indices", 3, 1, 4)
    c("tril_indices", 3)
    c("tril_indices", 3, -1, 2)
    c("tril_indices", 2, -5)
    c("triu_indices_from", F33)
    c("triu_indices_from", F23, 1)
    c("tril_indices_from", F33, -1)
    c("histogram_bin_edges", F23)
    c("histogram_bin_edges", F23, 4, TUP(-2, 2))
    c("histogram_bin_edges", F23, [0, 1, 5])
    c("histogram_bin_edges", T([1.0, 1.0]), 2)

    # -- padding
    c("pad", F23, 1)
    c("pad", F23, TUP(TUP(1, 0), TUP(2, 1)))
    c("pad", I23, TUP(1, 2), constant_values=9)
    c("pad", F23, 1, constant_values=TUP(TUP(1, 2), TUP(3, 4)))
    for mode in ["edge", "wrap", "symmetric", "reflect", "maximum", "minimum", "mean",
                 "linear_ramp", "empty"]:
        c("pad", F23, TUP(TUP(1, 2), TUP(2, 3)), mode)
    c("pad", F3, 5, "reflect")
    c("pad", F3, 4, "symmetric")
    c("pad", F3, 2, "reflect", reflect_type="odd")
    c("pad", F3, 2, "symmetric", reflect_type="odd")
    c("pad", F23, 2, "maximum", 1)
    c("pad", F23, 2, "mean", TUP(1, 2))
    c("pad", F3, 3, "linear_ramp", end_values=5)
    c("pad", F3, 3, "wrap")
    c("pad", T(1.5), 2)
    c("pad", F23, 1, F("pad_with_7"))

    # -- manipulation
    c("transpose", F234)
    c("transpose", F234, TUP(1, 0, 2))
    c("transpose", F234, [2, 0, 1])
    c("expand_dims", F23, 0)
    c("expand_dims", F23, -1)
    c("expand_dims", F23, TUP(0, 3))
    c("squeeze", T([[[1.0], [2.0]]]))
    c("squeeze", T([[[1.0], [2.0]]]), 0)
    c("squeeze", T([[[1.0], [2.0]]]), TUP(0, 2))
    c("rollaxis", F234, 2)
    c("rollaxis", F234, 0, 2)
    c("rollaxis", F234, -1, 1)
    c("rollaxis", F234, 1, 3)
    c("swapaxes", F234, 0, 2)
    c("reshape", F234, TUP(4, 6))
    c("reshape", F234, TUP(-1, 3))
    c("reshape", F23, 6)
    c("reshape", F23, [3, 2])
    c("ravel", F234)
    c("moveaxis", F234, 0, -1)
    c("moveaxis", F234, TUP(0, 1), TUP(2, 0))
    c("concatenate", TUP(F23, F23))
    c("concatenate", TUP(F23, F23), 1)
    c("concatenate", TUP(F23, I23))
    c("concatenate", TUP(I23, T([[1, 2, 3]], "int8")))
    c("concatenate", TUP(F23, F3), None)
    c("concatenate", F234, 1)
    c("concatenate", [T([1, 2], "uint16"), T([1.0], "float64")])
    c("append", F23, F23)
    c("append", F23, F23, 1)
    c("append", I3, T([[4, 5]], "int32"))
    c("column_stack", TUP(I3, T([4, 5, 6], "int32")))
    c("column_stack", TUP(T([[1.0], [2.0]]), T([3.0, 4.0])))
    c("column_stack", F23)
    c("hstack", TUP(I3, T([4, 5], "int32")))
    c("hstack", TUP(F23, F23))
    c("hstack", F23)
    c("vstack", TUP(I3, T([4, 5, 6], "int32")))
    c("vstack", TUP(F23, F3))
    c("vstack", F23)
    c("dstack", TUP(I3, T([4, 5, 6], "int32")))
    c("dstack", TUP(F23, F23))
    c("stack", TUP(F3, F3))
    c("stack", TUP(F3, F3), 1)
    c("stack", TUP(F23, F23), -1)
    c("stack", F23)
    c("stack", F234, 1)
    c("stack", TUP(I3, F3))
    c("where", T([[True, False, True], [False, True, False]], "bool"), F23, 0.0)
    c("where", T([True, False, True], "bool"), I3, F3)
    c("where", T([1, 0, 2], "int32"), I3, T([7, 8, 9], "int8"))
    c("where", B3, T([True, True, True], "bool"), T([False, False, False], "bool"))
    c("where", B3, 1, 2)
    c("atleast_1d", T(1.5))
    c("atleast_1d", F23)
    c("atleast_1d", T(1.5), F3)
    c("atleast_2d", F3)
    c("atleast_2d", T(2.0), F23)
    c("atleast_3d", T(2.0))
    c("atleast_3d", F3)
    c("atleast_3d", F23, F234)
    c("tile", F3, 2)
    c("tile", F3, TUP(2, 2))
    c("tile", F23, TUP(2,))
    c("tile", F23, TUP(2, 1, 2))
    c("broadcast_to", F3, TUP(2, 3))
    c("broadcast_to", T([[1], [2]], "int32"), TUP(2, 2, 3))
    c("broadcast_arrays", T([[1], [2]], "int32"), F3)
    c("roll", F23, 1)
    c("roll", F23, -1, 1)
    c("roll", F23, TUP(1, 2), TUP(0, 1))
    c("roll", I23, 4, 1)
    c("flip", F234)
    c("flip", F234, 1)
    c("flip", F234, TUP(0, 2))
    c("flip", I23, 0)
    c("flipud", F23)
    c("fliplr", I23)
    c("split", F234, 2)
    c("split", F234, 3, 1)
    c("split", F234, [1, 3], 2)
    c("split", T(list(range(6)), "int32"), TUP(2, -2))
    c("array_split", T(list(range(7)), "int32"), 3)
    c("array_split", F234, 3, 2)
    c("array_split", F234, [1], 1)
    c("vsplit", F234, 2)
    c("hsplit", F234, [1])
    c("dsplit", F234, 2)
    c("take_along_axis", F23, T([[0, 2, 1], [2, 2, 0]], "int32"), 1)
    c("take_along_axis", F23, T([[1], [0]], "int32"), 1)
    c("take_along_axis", F23, T([[1, 0, 1]], "int32"), 0)
    c("take_along_axis", F23, T([5, 0], "int32"), None)
    c("take", F23, T([0, 4, 5], "int32"))
    c("take", F23, T([[0, 2], [1, 1]], "int32"), 1)
    c("take", F23, T([-1, 7, -8], "int32"))
    c("take", F23, T([-1, 7, -8], "int32"), 1, "wrap")
    c("take", F23, T([-1, 3, -4], "int32"), 1, "clip")
    c("repeat", F3, 2)
    c("repeat", F23, 2, 1)
    c("repeat", F23, [1, 2], 0)
    c("rot90", F23)
    c("rot90", F234, 2)
    c("rot90", F234, 3, TUP(1, 2))
    c("rot90", F23, -1)
    c("select", [T([True, False, False], "bool"), T([False, True, False], "bool")],
      [F3, T([10.0, 20.0, 30.0])])
    c("select", [T([True, False, False], "bool"), T([False, True, False], "bool")],
      [I3, T([10, 20, 30], "int32")], 5)
    c("select", [T([1, 0, 0], "int32")], [F3], T([7.0, 7.0, 7.0]))
    c("choose", T([[0, 1, 2], [2, 1, 0]], "int32"), [F3, T([10.0, 20.0, 30.0]),
                                                      T([-1.0, -2.0, -3.0])])
    c("choose", T([0, 3, -1], "int32"), [I3, T([4, 5, 6], "int32")])
    c("choose", T([0, 3, -1], "int32"), [I3, T([4, 5, 6], "int32")], "wrap")
    c("choose", T([1, 0, 1], "int32"), T([[1, 2, 3], [4, 5, 6]], "int32"))
    c("size", F234)
    c("size", F234, 1)
    c("size", F234, -1)
    c("array_str", F23)
    c("array_str", I3)
    c("apply_along_axis", F("sum"), 0, F23)
    c("apply_along_axis", F("cumsum"), 1, F23)
    c("apply_along_axis", F("square"), 1, F234)
    c("apply_over_axes", F("sum_axis"), F234, TUP(0, 2))
    c("apply_over_axes", F("sum_axis"), F234, 1)
    c("piecewise", F3, [T([True, False, False], "bool"), T([False, True, False], "bool")],
      [F("negate"), F("square")])
    c("piecewise", F3, [T([True, False, False], "bool")], [F("negate"), F("square")])
    c("piecewise", F3, [T([True, False, True], "bool")], [1.0, -1.0])
    c("unravel_index", T([1, 5, 7], "int32"), TUP(2, 4))
    c("unravel_index", T(5, "int32"), TUP(2, 3))
    c("unravel_index", T([1, 5, 7], "int32"), TUP(2, 4), "F")
    c("unravel_index", T([30, -1], "int32"), TUP(2, 4))
    c("unravel_index", T(5, "int32"), 7)
    c("ravel_multi_index", T([[0, 1, 1], [2, 0, 3]], "int32"), TUP(2, 4))
    c("ravel_multi_index", T([[0, 1, 5], [2, 0, -3]], "int32"), TUP(2, 4))
    c("ravel_multi_index", T([[0, 1, 5], [2, 0, -3]], "int32"), TUP(2, 4), "wrap")
    c("ravel_multi_index", T([[0, 1, 1], [2, 0, 3]], "int32"), TUP(2, 4), "clip", "F")
    c("argwhere", T([[0, 1, 0], [2, 0, 3]], "int32"))
    c("argwhere", T([0.0, 1.5, 0.0, -2.0]))
    c("unique", T([3, 1, 3, 2, 1], "int32"))
    c("unique", T([[3, 1], [3, 2]], "int32"), True)
    c("unique", T([2.5, -1.0, 2.5]))
    c("intersect1d", T([1, 3, 4, 3], "int32"), T([3, 1, 2, 1], "int32"))
    c("intersect1d", T([1, 3, 4, 3], "int32"), T([3, 1, 2, 1], "int32"), False, True)
    c("intersect1d", T([4, 2, 9], "int32"), T([9, 4, 7], "int32"), True)
    c("setdiff1d", T([1, 2, 3, 2, 4, 1], "int32"), T([3, 4, 5, 6], "int32"))
    c("setdiff1d", T([5, 1, 3], "int32"), T([1], "int32"), True)

    # -- products and linear algebra
    c("dot", F3, F3)
    c("dot", I23, T([[1, 0], [2, 1], [0, 3]], "int32"))
    c("dot", F23, F3)
    c("dot", F3, T([[1.0], [2.0], [3.0]]))
    c("dot", T(2.0), F3)
    c("dot", F234, T([[1.0], [2.0], [3.0], [4.0]]))
    c("dot", F234, T([[[1.0, 0.0], [2.0, 1.0], [0.0, 3.0], [1.0, 1.0]]] * 2))
    c("inner", F3, F3)
    c("inner", F23, F23)
    c("inner", F3, T(2.0))
    c("inner", I23, T([1, 2, 3], "int32"))
    c("outer", F3, I3)
    c("outer", F23, T([1.0, 2.0]))
    c("tensordot", F234, T([[1.0, 2.0], [0.0, 1.0], [3.0, 1.0], [2.0, 0.5]]), 1)
    c("tensordot", F23, F23)
    c("tensordot", F234, T([[1.0] * 4] * 3), TUP(TUP(1, 2), TUP(0, 1)))
    c("matmul", F23, T([[1.0], [2.0], [3.0]]))
    c("matmul", I23, T([[1, 0], [2, 1], [0, 3]], "int32"))
    c("matmul", F234, T([[1.0], [2.0], [3.0], [4.0]]))
    c("matmul", F3, F3)
    c("matmul", F23, T([[1.0], [2.0], [3.0]]), D("float64"))
    c("kron", F3, T([1.0, 10.0]))
    c("kron", SQ, T([[1, 2], [3, 4]], "int32"))
    c("cross", T([1.0, 2.0, 3.0]), T([4.0, 5.0, 6.0]))
    c("cross", T([[1, 2, 3], [4, 5, 6]], "int32"), T([[6, 5, 4], [3, 2, 1]], "int32"))
    c("cross", T([1.0, 2.0]), T([3.0, 4.0]))
    c("cross", T([1.0, 2.0]), T([3.0, 4.0, 5.0]))
    c("cross", T([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), T([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
      axisa=1, axisb=0)
    c("cross", T([[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]), T([[6.0, 3.0], [5.0, 2.0], [4.0, 1.0]]),
      axis=0)
    c("multi_dot", [F23, T([[1.0], [2.0], [3.0]])])
    c("multi_dot", [F3, F33, F33, F3])
    c("multi_dot", [T([[1.0, 2.0]]), SQ, SQ, T([[1.0], [0.5]])])
    c("matrix_power", SQ, 3)
    c("matrix_power", SQ, 0)
    c("matrix_power", I33, 2)
    c("matrix_power", T([[[1.0, 1.0], [0.0, 1.0]]] * 2), 4)
    c("norm", F3)
    c("norm", F23)
    c("norm", F23, "fro")
    c("norm", F23, 1)
    c("norm", F23, -1)
    c("norm", F23, float("inf"))
    c("norm", F23, float("-inf"))
    c("norm", F23, None, 1)
    c("norm", F23, 1, 0)
    c("norm", F23, 3, 1, True)
    c("norm", F3, float("inf"))
    c("norm", F3, 0)
    c("norm", I3)
    c("norm", F234, None, TUP(1, 2))
    c("norm", F234, None, TUP(0, 2), True)
    c("convolve", F3, T([1.0, 0.5]))
    c("convolve", F3, T([1.0, 0.5, 2.0, -1.0]), "same")
    c("convolve", F3, T([1.0, 0.5]), "valid")
    c("convolve", I3, T([1, 1], "int32"))
    c("correlate", F3, T([1.0, 0.5]))
    c("correlate", F3, T([1.0, 0.5]), "full")
    c("correlate", F3, T([1.0, 0.5, 2.0]), "same")
    c("correlate", I3, T([1, 2], "int32"), "full")
    c("polyadd", F3, T([1.0, 1.0]))
    c("polyadd", I3, T([5, 6, 7, 8], "int32"))
    c("polysub", F3, T([1.0, 1.0]))
    c("polysub", T([1.0]), F3)
    c("polyval", F3, 2.0)
    c("polyval", I3, T([0.5, 2.0]))
    c("polyval", F3, T([[1.0, 2.0], [3.0, 0.0]]))
    c("polyder", T([1.0, 2.0, 3.0, 4.0]))
    c("polyder", T([1, 2, 3, 4], "int32"), 2)
    c("polyder", F3, 3)
    c("polyder", F3, 0)
    c("polymul", F3, T([1.0, 1.0]))
    c("polymul", I3, T([2, 0, 1], "int32"))
    c("polyint", F3)
    c("polyint", F3, 2)
    c("polyint", F3, 2, T([1.0, 2.0]))
    c("polyint", I3, 1, 3)
    c("polyint", F3, 0)
    c("cov", F23)
    c("cov", F23, None, False)
    c("cov", F3, T([1.0, 4.0, 2.0]))
    c("cov", F23, bias=True)
    c("cov", F23, ddof=0)
    c("cov", F23, fweights=T([1, 2, 1], "int32"))
    c("cov", F23, aweights=T([1, 2, 3], "int32"))
    c("cov", F23, fweights=T([1, 2, 1], "int32"), aweights=T([2, 1, 1], "int32"))
    c("cov", I23, dtype=D("float64"))
    c("corrcoef", F23)
    c("corrcoef", F3, T([1.0, 4.0, 2.0]))
    c("corrcoef", F23, None, False)
    c("corrcoef", F3)

    # -- searching and histograms
    c("searchsorted", T([1.0, 2.0, 3.0, 4.0]), T([0.5, 2.0, 3.5, 9.0]))
    c("searchsorted", T([1.0, 2.0, 3.0, 4.0]), T([0.5, 2.0, 3.5, 9.0]), "right")
    c("searchsorted", T([1, 2, 2, 4], "int32"), 2)
    c("searchsorted", T([3.0, 1.0, 2.0]), T([2.5]), sorter=T([1, 2, 0], "int32"))
    c("digitize", T([0.2, 6.4, 3.0, 1.6]), T([0.0, 1.0, 2.5, 4.0, 10.0]))
    c("digitize", T([0.2, 6.4, 3.0, 1.6, 4.0]), T([0.0, 1.0, 2.5, 4.0, 10.0]), True)
    c("digitize", T([0.2, 6.4, 3.0, 1.6]), T([10.0, 4.0, 2.5, 1.0, 0.0]))
    c("digitize", T([1, 5, 3], "int32"), T([2, 4], "int32"))
    c("bincount", T([0, 1, 1, 3, 2, 1, 7], "int32"))
    c("bincount", T([0, 1, 1, 3], "int32"), T([0.5, 1.0, 2.0, 0.25]))
    c("bincount", T([0, 1, 1], "int32"), minlength=5)
    c("bincount", T([0, 1, 1, 6], "int32"), length=3)
    c("bincount", T([-1, 1, 2], "int32"))
    c("histogram", F23)
    c("histogram", F23, 4)
    c("histogram", F23, 3, TUP(-2, 2))
    c("histogram", F23, [-2, 0, 1, 5])
    c("histogram", F23, 4, None, T([[1.0, 2.0, 1.0], [1.0, 1.0, 3.0]]))
    c("histogram", F23, 4, density=True)
    c("histogram", I3, 3)
    c("histogram2d", F3, T([1.0, 4.0, 2.0]), 2)
    c("histogram2d", F3, T([1.0, 4.0, 2.0]), TUP(2, 3), TUP(TUP(-1, 2), TUP(0, 4)))
    c("histogram2d", F3, T([1.0, 4.0, 2.0]), 2, density=True)
    c("histogramdd", T([[0.0, 1.0], [1.0, 2.0], [2.0, 2.0], [0.5, 0.0]]), 2)
    c("histogramdd", T([[0.0, 1.0], [1.0, 2.0], [2.0, 2.0], [0.5, 0.0]]), [2, 3])
    c("histogramdd", [F3, T([1.0, 4.0, 2.0])], 3)
    c("interp", T([0.5, 1.5, 2.5, -1.0, 5.0]), T([0.0, 1.0, 3.0]), T([0.0, 10.0, 20.0]))
    c("interp", T([0.5, 1.5, 2.5, -1.0, 5.0]), T([0.0, 1.0, 3.0]), T([0.0, 10.0, 20.0]),
      -5.0, 50.0)
    c("interp", T([1, 2], "int32"), T([0, 1, 3], "int32"), T([0, 10, 20], "int32"))

    # -- dtypes
    c("promote_types", D("int8"), D("uint8"))
    c("promote_types", "float16", D("int32"))
    c("promote_types", D("uint16"), D("float64"))
    c("promote_types", D("uint64"), D("int64"))
    c("promote_types", "int", "float")
    c("promote_types", D("bool"), D("int8"))
    c("result_type", F23, 1)
    c("result_type", I23, 1.5)
    c("result_type", I8, D("uint8"), True)
    c("result_type", "int32", "float64")
    c("result_type", 1, 2)
    c("result_type", True)
    return out


def error_cases():
    """Calls MindSpore refuses, recorded with their exception type and message."""
    out = []

    def e(fn, *args, **kwargs):
        out.append((fn, list(args), kwargs))

    e("randint", 1.5, 3)
    e("randint", 1, 3.0)
    e("randint", 3, 1)
    e("randint", 3, 3)
    e("randint", 0)
    e("randint", -2)
    e("randint", 1, 5, TUP(2,), D("float32"))
    e("randint", 1, 5, TUP(2,), "float32")
    e("randint", 1, 5, TUP(2,), D("uint8"))
    e("randn", 2, dtype=D("int32"))
    e("randn", 2, dtype="int32")
    e("rand", 2.5)
    e("rand", 2, 2.5)
    e("ones", TUP(2, -1))
    e("ones", 2.5)
    e("ones", TUP(2,), "complex")
    e("zeros", TUP(2,), D("complex64"))
    e("full", TUP(2,), "a")
    e("eye", 2.5)
    e("identity", 2.5)
    e("linspace", 0, 1, 2.5)
    e("linspace", 0, 1, 0)
    e("linspace", 0, 1, 5, 1)
    e("around", F3, 1.5)
    e("around", F3, -1)
    e("clip", F3, None, None)
    e("sign", B3)
    e("copysign", B3, F3)
    e("signbit", F3, D("float32"))
    e("matrix_power", SQ, -1)
    e("matrix_power", SQ, 1.5)
    e("matrix_power", F3, 2)
    e("matrix_power", F23, 2)
    e("norm", F23, 2)
    e("norm", F23, "nuc")
    e("norm", F23, "abc")
    e("norm", F234)
    e("norm", F3, "fro", 0)
    e("diff", F3, -1)
    e("diff", F3, 1.5)
    e("diff", F3, 3)
    e("gradient", F3, edge_order=2)
    e("gradient", T([1.0]))
    e("concatenate", None)
    e("concatenate", TUP(F23, F23), 2)
    e("append", F3, F23, 0)
    e("append", F23, F3, 0)
    e("split", F234, 5)
    e("split", T(list(range(6)), "int32"), TUP(3, 2))
    e("split", F234, 2.5)
    e("expand_dims", F3, 1.5)
    e("rollaxis", F234, 1.5)
    e("rollaxis", F234, 0, 5)
    e("rot90", F23, 1.5)
    e("rot90", F23, 1, TUP(0,))
    e("rot90", F23, 1, TUP(0, 0))
    e("rot90", F23, 1, 0)
    e("moveaxis", F234, TUP(0, 1), 2)
    e("moveaxis", F234, 3, 0)
    e("take_along_axis", F23, T([0, 1], "int32"), 1)
    e("take", F23, T([0], "int32"), None, "raise")
    e("take", F23, T([0], "int32"), None, "foo")
    e("choose", F3, [F3, F3])
    e("select", [B3], [F3, F3])
    e("broadcast_to", F3, TUP(2, 2))
    e("size", F23, 1.5)
    e("array_str", [1, 2])
    e("vander", F23)
    e("vander", F3, 1.5)
    e("vander", F3, -1)
    e("vander", 3)
    e("tril", T(1.0))
    e("diag", F234)
    e("indices", 3)
    e("meshgrid", F3, indexing="ji")
    e("meshgrid", F3, sparse=1)
    e("bartlett", 2.5)
    e("triu_indices_from", F3)
    e("triu_indices", "a")
    e("pad", F23, 1, "median")
    e("pad", F23, 1, "foo")
    e("pad", F23, TUP(1, 2, 3))
    e("pad", F23, "a")
    e("histogram_bin_edges", F23, "auto")
    e("histogram_bin_edges", F23, 3, TUP(1,))
    e("histogram_bin_edges", F23, 3, TUP(2, 1))
    e("bincount", F3)
    e("bincount", I23)
    e("searchsorted", F23, F3)
    e("searchsorted", F3, F3, "middle")
    e("digitize", F3, F23)
    e("interp", F3, F23, F3)
    e("interp", F3, F3, T([1.0, 2.0]))
    e("cov", F234)
    e("cov", F23, fweights=T([1.0, 2.0, 1.0]))
    e("multi_dot", [F23])
    e("cross", F3, T([1.0, 2.0, 3.0, 4.0]))
    e("convolve", F3, T([], "float32"))
    e("convolve", F3, T([1.0, 2.0]), "middle")
    e("convolve", F23, F3)
    e("polyder", F3, -1)
    e("polyint", F3, -1)
    e("polyadd", F23, F3)
    e("choose", T([0, 1], "int32"), [F3, F3], "raise")
    e("unravel_index", T([1], "int32"), TUP(2, 3), "K")
    e("ravel_multi_index", T([[0, 1]], "int32"), TUP(2, 4))
    e("ravel_multi_index", T([[0.0, 1.0], [1.0, 1.0]]), TUP(2, 4))
    e("ravel_multi_index", T([[0, 1], [1, 1]], "int32"), TUP(2, 4), "raise")
    e("array_equal", F3, F3, 1)
    e("intersect1d", F3, F3, 1)
    e("setdiff1d", F3, F3, 1)
    e("sometrue", F3, None, 1.5)
    e("nanmax", F3, None, None, 1.5)
    e("amax", F23, None, False, T([1.0, 2.0]))
    e("amax", F23, None, False, None, T([[True, False, True], [False, True, False]], "bool"))
    e("amax", T([], "float32"))
    e("sum", F23, 2)
    e("sum", F23, TUP(0, 0))
    e("mean", F23, -3)
    e("cumprod", F23, 1.5)
    e("average", F23, None, T([1.0, 2.0]))
    e("average", F23, 1, T([[1.0, 2.0]]))
    e("apply_along_axis", F("sum"), 2, F23)
    e("asarray", "abc")
    e("array", [[1, 2], [3]])
    e("array", [], ndmin=2)
    e("promote_types", "int8", "complex")
    e("result_type", F23, None)
    e("where", B3)
    e("exp", J23)
    e("unwrap", F3, "a")
    e("heaviside", F3, T([1.0, 2.0]))
    return out


# ----------------------------------------------------------------- running under the oracle
def _encode_values(x):
    if isinstance(x, list):
        return [_encode_values(v) for v in x]
    if isinstance(x, float) and not math.isfinite(x):
        return NAN if math.isnan(x) else (INF if x > 0 else "-inf")
    return x


def _decode_values(x):
    if isinstance(x, list):
        return [_decode_values(v) for v in x]
    return float(x) if isinstance(x, str) else x


def decode(value, ms, mnp, dtype_of):
    """An encoded argument as a value of the module under test (`ms` is mindspore or msjax)."""
    import numpy as onp
    if isinstance(value, dict):
        if "T" in value:
            return ms.Tensor(onp.asarray(_decode_values(value["T"]), dtype=value["dtype"]))
        if "D" in value:
            return dtype_of(value["D"])
        if "tuple" in value:
            return tuple(decode(v, ms, mnp, dtype_of) for v in value["tuple"])
        if "F" in value:
            return FUNCTIONS[value["F"]](mnp)
    if isinstance(value, list):
        return [decode(v, ms, mnp, dtype_of) for v in value]
    return value


def encode_result(result, ms):
    if isinstance(result, ms.Tensor):
        host = result.asnumpy()
        return {"T": _encode_values(host.tolist()), "dtype": host.dtype.name,
                "shape": list(host.shape)}
    if isinstance(result, tuple):
        return {"tuple": [encode_result(r, ms) for r in result]}
    if isinstance(result, list):
        return {"list": [encode_result(r, ms) for r in result]}
    if isinstance(result, (bool, int, float, str)) or result is None:
        return {"py": _encode_values(result), "type": type(result).__name__}
    return {"D": str(result)}


def record():
    import mindspore as ms
    import mindspore.numpy as mnp
    ms.set_context(mode=ms.PYNATIVE_MODE)

    def dtype_of(name):
        return getattr(ms, name) if name != "bool" else ms.bool_

    counts = {}
    records = []
    for kind, table in (("value", cases()), ("error", error_cases())):
        for fn, args, kwargs in table:
            counts[fn] = counts.get(fn, -1) + 1
            entry = {"id": f"{fn}-{counts[fn]}", "fn": fn, "args": args, "kwargs": kwargs,
                     "kind": kind}
            try:
                result = getattr(mnp, fn)(*decode(args, ms, mnp, dtype_of),
                                          **{k: decode(v, ms, mnp, dtype_of)
                                             for k, v in kwargs.items()})
                entry["result"] = encode_result(result, ms)
            except Exception as exc:  # noqa: BLE001  (every failure is recorded)
                entry["error"] = {"type": type(exc).__name__, "message": str(exc)}
            records.append(entry)
    print(MARKER + json.dumps({"mindspore": ms.__version__, "cases": records}))


def write(path):
    lines = [line for line in sys.stdin if line.startswith(MARKER)]
    if len(lines) != 1:
        sys.exit(f"expected one line starting with {MARKER!r} on stdin, got {len(lines)}")
    goldens = json.loads(lines[0][len(MARKER):])
    with open(path, "w") as f:
        json.dump(goldens, f, indent=0)
        f.write("\n")
    print(f"wrote {path}: {len(goldens['cases'])} cases")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        write(sys.argv[2])
    else:
        record()
