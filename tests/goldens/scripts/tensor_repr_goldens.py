"""Records MindSpore 2.10 goldens for Tensor printing, construction and type promotion.

Regenerate all three golden files from the repository root with:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor_repr_goldens.py \
        | python tests/goldens/scripts/tensor_repr_goldens.py --split tests/goldens

Under MindSpore (the oracle) the script prints one line, `GOLDENS_JSON {...}`: a JSON object
whose keys `tensor_repr`, `tensor_constructor` and `type_promotion` each hold one golden file.
Run with `--split DIR` under plain Python (no MindSpore needed), it reads that output on stdin
and writes `DIR/<key>.json` for each key.

Array data is recorded as read back from the MindSpore tensor: `values` is `asnumpy().tolist()`
(bfloat16 read through float32; complex numbers as `[real, imag]`; non-finite floats as the
strings "nan", "-nan", "inf", "-inf"), `dtype` the NumPy dtype name and `shape` the shape;
`recipe` is the NumPy expression the script started from.

Construction records hold the expression, the resulting `str(dtype)`, shape and values, or the
exception's type name and full message. Promotion records hold `op`, `lhs`, `rhs` (a dtype name
for a 1-D tensor, `<dtype>_0d` for a 0-d tensor, `python_int` / `python_float` / `python_bool`)
and the `result` dtype, or the `error` MindSpore raises (on CPU, many are missing kernels).
PyNative may re-raise an earlier op's error at a later call, so ops run with launch_blocking and
a failing op is retried once after flushing pending errors.
"""
import json
import math
import operator
import os
import sys

MARKER = "GOLDENS_JSON "


def split_oracle_output(directory):
    """Writes each key of the GOLDENS_JSON line read on stdin to `directory/<key>.json`."""
    lines = [line for line in sys.stdin if line.startswith(MARKER)]
    if len(lines) != 1:
        sys.exit(f"expected one line starting with {MARKER!r} on stdin, got {len(lines)}")
    goldens = json.loads(lines[0][len(MARKER):])
    for key, value in goldens.items():
        path = os.path.join(directory, key + ".json")
        with open(path, "w") as f:
            json.dump(value, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(f"wrote {path}")


def encode_scalar(x):
    """Turns one element of `tolist()` into JSON: non-finite floats as strings, complex as pairs."""
    if isinstance(x, complex):
        return [encode_scalar(x.real), encode_scalar(x.imag)]
    if isinstance(x, float) and not math.isfinite(x):
        if math.isnan(x):
            return "-nan" if math.copysign(1.0, x) < 0 else "nan"
        return "inf" if x > 0 else "-inf"
    return x


def encode_values(x):
    if isinstance(x, list):
        return [encode_values(v) for v in x]
    return encode_scalar(x)


def error_record(e):
    return {"type": type(e).__name__, "message": str(e)}


def record_goldens():
    import numpy as np
    import mindspore as ms
    from mindspore import Tensor
    ms.runtime.launch_blocking()  # Run each op synchronously so its errors are raised by that op.

    def tensor_data(t):
        """What a test needs to rebuild the tensor's data as a NumPy array."""
        is_bf16 = t.dtype == ms.bfloat16
        arr = (t.astype(ms.float32) if is_bf16 else t).asnumpy()
        return {"values": encode_values(arr.tolist()),
                "dtype": "bfloat16" if is_bf16 else arr.dtype.name,
                "shape": list(arr.shape)}

    # ---------------------------------------------------------------- repr / str cases
    # Each case is (id, recipe, ms dtype name or None); the recipe builds a NumPy array that is
    # passed to Tensor(recipe) or Tensor(recipe, getattr(ms, dtype)).
    cases = []

    def add(case_id, recipe, ms_dtype=None):
        cases.append((case_id, recipe, ms_dtype))

    int_dtypes = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
    float_dtypes = ["float16", "float32", "float64"]
    # Every dtype: 0-d, a short vector and a small matrix.
    add("bool_0d", "np.array(True)")
    add("bool_1d", "np.array([True, False, True])")
    add("bool_2d", "np.array([[True, False], [False, True]])")
    for dt in int_dtypes:
        small = "[1, 2, 200]" if dt.startswith("u") else "[1, -2, 100]"
        add(f"{dt}_0d", f"np.array(7, np.{dt})")
        add(f"{dt}_1d", f"np.array({small}, np.{dt})")
        add(f"{dt}_2d", f"np.arange(6, dtype=np.{dt}).reshape(2, 3)")
    for dt in float_dtypes:
        add(f"{dt}_1d", f"np.array([1.5, -2.0, 3.25], np.{dt})")
        add(f"{dt}_2d", f"np.array([[1.5, -2.0, 3.25], [0.0, 1e3, -1e-3]], np.{dt})")
    add("bfloat16_1d", "np.array([1.5, -2.0, 3.25], np.float32)", "bfloat16")
    add("bfloat16_2d", "np.array([[1.5, -2.0, 3.25], [0.0, 1e3, -1e-3]], np.float32)", "bfloat16")
    for dt in ["complex64", "complex128"]:
        add(f"{dt}_0d", f"np.array(1 + 2j, np.{dt})")
        add(f"{dt}_1d", f"np.array([1 + 2j, -1.5 - 0.5j, 1 / 3 + 0j], np.{dt})")
        add(f"{dt}_2d", f"np.array([[1 + 2j, 3], [-1j, 2.5 + 1e-7j]], np.{dt})")
    add("complex64_nonfinite",
        "np.array([complex(np.nan, 1), complex(1, np.inf), complex(-np.inf, -0.0)], np.complex64)")

    # 0-d floats in every float dtype.
    scalars = {"2": "2.0", "third": "1 / 3", "1e8": "1e8", "neg_half": "-0.5", "1e-7": "1e-7",
               "nan": "np.nan", "neg_nan": "-np.nan", "inf": "np.inf", "neg_inf": "-np.inf",
               "zero": "0.0", "neg_zero": "-0.0", "123456789": "123456789.0", "100": "100.0",
               "1e15": "1e15", "1e-5": "1e-5", "0.0001": "0.0001", "0.00015": "0.00015",
               "1e16": "1e16", "9.9e15": "9.9e15", "1e10": "1e10", "3e38": "3e38",
               "65504": "65504.0", "1e-40": "1e-40"}
    for name, value in scalars.items():
        for dt in float_dtypes:
            add(f"{dt}_0d_{name}", f"np.array({value}, np.{dt})")
        add(f"bfloat16_0d_{name}", f"np.array({value}, np.float32)", "bfloat16")
    for name, value in {"int_max": "2**31 - 1", "neg": "-5", "zero": "0"}.items():
        add(f"int32_0d_{name}", f"np.array({value}, np.int32)")
    add("int64_0d_min", "np.array(-2**63, np.int64)")
    add("uint64_0d_max", "np.array(2**64 - 1, np.uint64)")
    add("bool_0d_false", "np.array(False)")

    # 1-d lengths around the line-wrap and summarisation thresholds.
    for n in [1, 3, 4, 6, 7, 11, 12, 13, 23, 24, 25, 36, 48, 49, 999, 1000, 1001, 2000]:
        add(f"float32_len{n}", f"np.arange({n}, dtype=np.float32) * 1.5 - 3")
        add(f"int64_len{n}", f"np.arange({n}, dtype=np.int64) - 5")
        add(f"bool_len{n}", f"np.arange({n}) % 3 == 0")
        if n in (1, 4, 12, 13, 24, 25, 1001):
            add(f"float16_len{n}", f"np.arange({n}, dtype=np.float16) * 0.5 - 1")
            add(f"float64_len{n}", f"np.arange({n}, dtype=np.float64) / 3")
            add(f"int32_len{n}", f"np.arange({n}, dtype=np.int32) * 7 - 20")
            add(f"uint8_len{n}", f"(np.arange({n}) % 256).astype(np.uint8)")
            add(f"int8_len{n}", f"(np.arange({n}) % 256 - 128).astype(np.int8)")
            add(f"bfloat16_len{n}", f"np.arange({n}, dtype=np.float32) * 0.5 - 1", "bfloat16")
            add(f"complex64_len{n}",
                f"(np.arange({n}) + 1j * np.arange({n})[::-1]).astype(np.complex64)")

    # 2-d and higher, including more than 6 rows/columns.
    for shape in [(1, 1), (1, 3), (3, 1), (2, 3), (6, 6), (7, 7), (10, 3), (3, 10), (4, 5),
                  (10, 10), (11, 100), (1, 1001)]:
        tag = "x".join(map(str, shape))
        size = math.prod(shape)
        add(f"float32_{tag}", f"(np.arange({size}, dtype=np.float32) - 4).reshape{shape}")
        add(f"int64_{tag}", f"(np.arange({size}, dtype=np.int64) * 3 - 7).reshape{shape}")
        add(f"bool_{tag}", f"(np.arange({size}) % 2 == 0).reshape{shape}")
        if shape in [(2, 3), (10, 3), (3, 10), (7, 7)]:
            add(f"float16_{tag}", f"(np.arange({size}, dtype=np.float16) / 4).reshape{shape}")
            add(f"float64_{tag}", f"(np.arange({size}, dtype=np.float64) / 7).reshape{shape}")
            add(f"uint8_{tag}", f"(np.arange({size}) % 256).astype(np.uint8).reshape{shape}")
            add(f"bfloat16_{tag}",
                f"(np.arange({size}, dtype=np.float32) / 3).reshape{shape}", "bfloat16")
            add(f"complex64_{tag}", f"(np.arange({size}) - 1j).astype(np.complex64).reshape{shape}")
    for shape in [(2, 3, 4), (2, 1, 3), (8, 8, 8), (7, 2, 3), (2, 7, 3), (2, 2, 2, 2), (7, 2, 7, 2),
                  (1, 1, 1, 1, 1), (3, 1, 8, 1)]:
        tag = "x".join(map(str, shape))
        size = math.prod(shape)
        add(f"float32_{tag}", f"(np.arange({size}, dtype=np.float32) / 2).reshape{shape}")
        add(f"int32_{tag}", f"(np.arange({size}, dtype=np.int32) - 50).reshape{shape}")
        if shape in [(2, 3, 4), (8, 8, 8)]:
            add(f"bool_{tag}", f"(np.arange({size}) % 3 == 1).reshape{shape}")
            add(f"float16_{tag}", f"(np.arange({size}, dtype=np.float16) - 3).reshape{shape}")
            add(f"bfloat16_{tag}",
                f"(np.arange({size}, dtype=np.float32) - 3).reshape{shape}", "bfloat16")

    # Empty tensors.
    for shape in [(0,), (2, 0), (0, 3), (0, 2, 3), (2, 0, 3)]:
        tag = "x".join(map(str, shape))
        for dt in ["float32", "int32", "bool_", "float16"]:
            add(f"{dt.rstrip('_')}_empty_{tag}", f"np.zeros({shape}, np.{dt})")
        add(f"bfloat16_empty_{tag}", f"np.zeros({shape}, np.float32)", "bfloat16")

    # Negative numbers, non-finite values, magnitudes, ints of mixed width.
    special = "[1.0, np.nan, -np.inf, np.inf, -1.5, -np.nan, 0.0, -0.0]"
    for dt in float_dtypes:
        add(f"{dt}_nonfinite", f"np.array({special}, np.{dt})")
        add(f"{dt}_nonfinite_2d", f"np.array([[np.nan, 1.0], [-np.inf, -2.5]], np.{dt})")
        add(f"{dt}_all_nan", f"np.array([np.nan, np.nan], np.{dt})")
        add(f"{dt}_negative", f"np.array([-1.0, -2.5, -1e-3, -1e5], np.{dt})")
    add("bfloat16_nonfinite", f"np.array({special}, np.float32)", "bfloat16")
    add("bfloat16_nonfinite_2d",
        "np.array([[np.nan, 1.0], [-np.inf, -2.5]], np.float32)", "bfloat16")
    add("float32_magnitudes",
        "np.array([1e30, 1e-30, -1e-45, 3.4e38, 1.17e-38, 123456.789], np.float32)")
    add("float64_magnitudes",
        "np.array([1e300, 1e-300, 5e-324, -1.7976931348623157e308, 1e100], np.float64)")
    add("float16_magnitudes", "np.array([65504.0, 6e-8, 1e-4, -3e4], np.float16)")
    add("bfloat16_magnitudes",
        "np.array([1e30, 1e-30, 3e38, 123456.789, 1e-7, 0.1], np.float32)", "bfloat16")
    add("float32_mixed_2d", "np.array([[1e-8, 1.0], [12345678.0, -0.1]], np.float32)")
    add("int64_mixed_width", "np.array([1, -100, 12345678901, 0, 7], np.int64)")
    add("int64_mixed_width_2d", "np.array([[1, 100], [-1000, 5]], np.int64)")
    add("int64_extremes", "np.array([-2**63, 2**63 - 1, 0], np.int64)")
    add("int32_extremes", "np.array([-2**31, 2**31 - 1], np.int32)")
    add("int8_extremes", "np.array([-128, 127, 0], np.int8)")
    add("uint8_extremes", "np.array([0, 255, 9], np.uint8)")
    add("uint64_extremes", "np.array([0, 2**64 - 1], np.uint64)")
    add("int16_mixed_3d", "np.array([[[1, -22], [333, -4444]], [[5, 6], [7, 8]]], np.int16)")
    add("int64_summarised_mixed",
        "np.concatenate([np.arange(10), [123456789], np.arange(10)]).reshape(3, 7)")
    add("int64_len1001_wide_hidden", "np.concatenate([np.arange(3), [10**12] * 995, np.arange(3)])")

    repr_cases = []
    for case_id, recipe, ms_dtype in cases:
        arr = eval(recipe)
        record = {"id": case_id, "recipe": recipe, "ms_dtype": ms_dtype}
        try:
            t = Tensor(arr) if ms_dtype is None else Tensor(arr, getattr(ms, ms_dtype))
            record.update(tensor_data(t))
            record["dtype_name"] = str(t.dtype)
            record["repr"] = repr(t)
            record["str"] = str(t)
        except Exception as e:  # pylint: disable=broad-except
            record["error"] = error_record(e)
        repr_cases.append(record)

    # ---------------------------------------------------------------- construction
    dtype_strs = []
    for name in sorted(dir(ms)):
        value = getattr(ms, name)
        if isinstance(value, ms.dtype.Type) and not isinstance(value, type):
            dtype_strs.append({"name": name, "str": str(value), "repr": repr(value)})

    expressions = [
        "Tensor(1.5)", "Tensor(1)", "Tensor(True)", "Tensor(False)", "Tensor(0)", "Tensor(-3)",
        "Tensor([1, 2.5])", "Tensor([1, 2])", "Tensor([True, False])", "Tensor([True, 2])",
        "Tensor([True, 2.5])", "Tensor(np.float64(1.5))", "Tensor(np.float32(1.5))",
        "Tensor(np.float16(1.5))", "Tensor(np.array([1.5]))", "Tensor(np.int32(3))",
        "Tensor(np.int64(3))", "Tensor(np.int8(3))", "Tensor(np.uint8(3))",
        "Tensor(np.bool_(True))", "Tensor([[1, 2], [3, 4]])", "Tensor([[1.0, 2], [3, 4]])",
        "Tensor(1 + 2j)", "Tensor([1, 2j])", "Tensor([1, 2], dtype=ms.float16)",
        "Tensor([1, 2], ms.float16)", "Tensor(1.5, ms.int32)",
        "Tensor([1.7, -1.7, 2.5], ms.int32)", "Tensor([0, 2, -1], ms.bool_)",
        "Tensor(300, ms.uint8)", "Tensor(-1, ms.uint8)", "Tensor(Tensor([1.5]), ms.int32)",
        "Tensor(Tensor([1.5]))", "Tensor(Tensor([1, 2], ms.int8))", "Tensor((1, 2))",
        "Tensor(((1, 2), (3, 4)))", "Tensor([(1, 2), [3, 4]])",
        "Tensor(np.array([1, 2], np.int32))", "Tensor(np.array([1, 2]))", "Tensor(np.array(5))",
        "Tensor(np.array([1, 2], np.float16))", "Tensor(np.array([1, 2], np.uint16))",
        "Tensor([])", "Tensor([[]])", "Tensor(())", "Tensor(np.zeros((2, 0)))", "Tensor(2**31)",
        "Tensor(2**40)", "Tensor(2**63)", "Tensor(2**64)", "Tensor([1, 2**40])", "Tensor(1e40)",
        "Tensor([np.float32(1), 2])", "Tensor([np.int32(1), np.int32(2)])",
        "Tensor([np.float16(1), 2.5])", "Tensor([Tensor(1.5), Tensor(2.5)])",
        "Tensor(np.array([1.5], np.float64), ms.float32)",
        "Tensor(shape=(2, 3), dtype=ms.float32, init=One())",
        "Tensor(shape=(2, 3), dtype=ms.int32, init=Zero())",
        "Tensor(shape=(2, 3), dtype=ms.float32)", "Tensor(None, ms.float32, (2, 3))",
        "Tensor(None)", "Tensor()", "Tensor(dtype=ms.float32)", "Tensor([[1, 2], [3]])",
        "Tensor([1, [2, 3]])", "Tensor('abc')", "Tensor(['a', 'b'])", "Tensor({'a': 1})",
        "Tensor({1, 2})", "Tensor([1, 'a'])", "Tensor([1, None])", "Tensor(object())",
        "Tensor(np.array(['a']))", "Tensor(np.array([1, 'a'], object))", "Tensor(1.5, 'float32')",
        "Tensor(1.5, np.float32)", "Tensor(1.5, ms.float32, shape=(2,))",
        "Tensor([1, 2], dtype=ms.string)", "Tensor(b'ab')", "ms.tensor(1.5)", "ms.tensor(1)",
        "ms.tensor(True)", "ms.tensor([1, 2.5])", "ms.tensor([1, 2])",
        "ms.tensor([1, 2], ms.float16)", "ms.tensor([1, 2], dtype=ms.float16)",
        "ms.tensor(np.array([1.5]))", "ms.tensor(np.int32(3))",
        "ms.tensor(Tensor([1.5]), ms.int32)", "ms.tensor((1, 2))", "ms.tensor(1 + 2j)",
        "ms.tensor([[1, 2], [3]])", "ms.tensor('abc')", "ms.tensor(None)",
    ]
    from mindspore.common.initializer import One, Zero  # pylint: disable=import-outside-toplevel
    namespace = {"np": np, "ms": ms, "Tensor": Tensor, "One": One, "Zero": Zero}
    construction = []
    for expr in expressions:
        record = {"expr": expr}
        try:
            t = eval(expr, namespace)
            record["type"] = type(t).__name__
            record["dtype"] = str(t.dtype)
            record["shape"] = list(t.shape)
            try:
                record["value"] = tensor_data(t)["values"]
            except Exception as e:  # pylint: disable=broad-except
                record["value_error"] = error_record(e)
        except Exception as e:  # pylint: disable=broad-except
            record["error"] = error_record(e)
        construction.append(record)

    # ---------------------------------------------------------------- type promotion
    promo_dtypes = ["bool_", "int8", "int16", "int32", "int64", "uint8", "float16", "float32",
                    "float64", "bfloat16"]
    python_scalars = {"python_int": 2, "python_float": 1.5, "python_bool": True}
    ops = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
           "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "<": operator.lt,
           "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
           "!=": operator.ne, "&": operator.and_, "|": operator.or_, "^": operator.xor}

    def make_tensor(dt, zero_dim=False):
        value = True if dt == "bool_" else 1
        return Tensor(value if zero_dim else [value, value], getattr(ms, dt))

    operands = {dt: (lambda dt=dt: make_tensor(dt)) for dt in promo_dtypes}
    operands.update({f"{dt}_0d": (lambda dt=dt: make_tensor(dt, True)) for dt in promo_dtypes})
    operands.update({k: (lambda v=v: v) for k, v in python_scalars.items()})

    promotion = []

    def run_op(op, lhs, rhs):
        try:
            out = ops[op](operands[lhs](), operands[rhs]())
            result = str(out.dtype) if isinstance(out, Tensor) else type(out).__name__
            if isinstance(out, Tensor):
                out.asnumpy()  # Surface a kernel error here rather than at a later op.
            return {"result": result}
        except Exception as e:  # pylint: disable=broad-except
            return {"error": error_record(e)}

    def flush_pending_errors():
        for _ in range(10):
            try:
                ms.runtime.synchronize()
                (Tensor([1]) + Tensor([1])).asnumpy()
                return
            except Exception:  # pylint: disable=broad-except
                pass

    def record_op(op, lhs, rhs):
        outcome = run_op(op, lhs, rhs)
        if "error" in outcome:
            # PyNative can re-raise an earlier op's error at a later call: flush, then retry once.
            flush_pending_errors()
            outcome = run_op(op, lhs, rhs)
            flush_pending_errors()
        promotion.append({"op": op, "lhs": lhs, "rhs": rhs, **outcome})

    for op in ops:
        for lhs in promo_dtypes:
            for rhs in promo_dtypes + list(python_scalars):
                record_op(op, lhs, rhs)
            for scalar in python_scalars:
                record_op(op, scalar, lhs)
    for lhs in promo_dtypes:  # 0-d tensors: do they act like scalars?
        for rhs in promo_dtypes:
            record_op("+", lhs, f"{rhs}_0d")
            record_op("+", f"{lhs}_0d", rhs)
            record_op("+", f"{lhs}_0d", f"{rhs}_0d")
        record_op("/", f"{lhs}_0d", "python_int")
        record_op("+", f"{lhs}_0d", "python_float")

    return {"tensor_repr": {"mindspore_version": ms.__version__, "numpy_version": np.__version__,
                            "cases": repr_cases},
            "tensor_constructor": {"mindspore_version": ms.__version__, "dtype_strs": dtype_strs,
                                   "construction": construction},
            "type_promotion": {"mindspore_version": ms.__version__,
                               "python_scalar_values": python_scalars,
                               "tensor_values": ("Tensor([1, 1], dtype) (True for bool_); "
                                                 "*_0d: Tensor(1, dtype)"),
                               "cases": promotion}}


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--split":
        split_oracle_output(sys.argv[2])
    else:
        print(MARKER + json.dumps(record_goldens(), default=repr), flush=True)
