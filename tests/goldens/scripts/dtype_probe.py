"""Records MindSpore 2.10 goldens for `mindspore.dtype` (tests/goldens/dtype.json): every dtype
object's str/repr/class and predicates, and the helpers dtype_to_nptype, dtype_to_pytype,
pytype_to_dtype and get_py_obj_dtype.

Regenerate from the repository root with:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dtype_probe.py \
        | python tests/goldens/scripts/dtype_probe.py --write tests/goldens/dtype.json

Each record holds the expression and its outcome: `{"kind": "python", "type": type name,
"repr": repr(value)}` or `{"kind": "error", "type": exception type name, "message": str(e)}`.
Expressions are evaluated with `ms` (mindspore), `np` and `Tensor` in scope.
"""
import json
import sys

MARKER = "GOLDENS_JSON "

DTYPE_NAMES = [
    "bool_", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "bfloat16", "complex64", "complex128", "float8_e4m3fn",
    "float8_e5m2", "hifloat8", "qint4x2", "int", "float", "int_", "uint", "float_", "number",
    "string", "type_none", "tensor_type", "list_", "tuple_", "half", "single", "double", "short",
    "intc", "intp", "long", "byte", "ubyte", "ushort", "uintc", "uintp", "cfloat", "cdouble",
]
PER_DTYPE = [
    "str(ms.{0})", "repr(ms.{0})", "type(ms.{0}).__name__", "ms.{0}.itemsize",
    "ms.{0}.is_floating_point", "ms.{0}.is_signed", "ms.{0}.is_complex", "ms.{0}.to_real()",
    "ms.{0}.to_complex()", "ms.dtype_to_nptype(ms.{0})", "ms.dtype_to_pytype(ms.{0})",
    "ms.pytype_to_dtype(ms.{0})", "ms.{0} == ms.{0}",
]
EXPRESSIONS = [
    "ms.dtype_to_nptype('float32')", "ms.dtype_to_nptype(np.float32)", "ms.dtype_to_pytype(3)",
    "ms.dtype_to_pytype('float32')",
    "ms.pytype_to_dtype(int)", "ms.pytype_to_dtype(float)", "ms.pytype_to_dtype(bool)",
    "ms.pytype_to_dtype(complex)", "ms.pytype_to_dtype(str)", "ms.pytype_to_dtype(list)",
    "ms.pytype_to_dtype(tuple)", "ms.pytype_to_dtype(type(None))", "ms.pytype_to_dtype(dict)",
    "ms.pytype_to_dtype(np.bool_)", "ms.pytype_to_dtype(np.int8)", "ms.pytype_to_dtype(np.int16)",
    "ms.pytype_to_dtype(np.int32)", "ms.pytype_to_dtype(np.int64)", "ms.pytype_to_dtype(np.uint8)",
    "ms.pytype_to_dtype(np.uint16)", "ms.pytype_to_dtype(np.uint32)",
    "ms.pytype_to_dtype(np.uint64)", "ms.pytype_to_dtype(np.float16)",
    "ms.pytype_to_dtype(np.float32)", "ms.pytype_to_dtype(np.float64)",
    "ms.pytype_to_dtype(np.complex64)", "ms.pytype_to_dtype(np.complex128)",
    "ms.pytype_to_dtype(np.str_)", "ms.pytype_to_dtype(np.dtype('int8'))",
    "ms.pytype_to_dtype(np.dtype('float32'))", "ms.pytype_to_dtype(np.dtype('complex64'))",
    "ms.pytype_to_dtype(3)", "ms.pytype_to_dtype('float32')", "ms.pytype_to_dtype(None)",
    "ms.get_py_obj_dtype(1)", "ms.get_py_obj_dtype(1.5)", "ms.get_py_obj_dtype(True)",
    "ms.get_py_obj_dtype(None)", "ms.get_py_obj_dtype(1+2j)", "ms.get_py_obj_dtype('a')",
    "ms.get_py_obj_dtype([1, 2])", "ms.get_py_obj_dtype((1, 2.5))", "ms.get_py_obj_dtype({})",
    "ms.get_py_obj_dtype(int)", "ms.get_py_obj_dtype(float)", "ms.get_py_obj_dtype(np.float16)",
    "ms.get_py_obj_dtype(np.float32(1))", "ms.get_py_obj_dtype(np.int8(1))",
    "ms.get_py_obj_dtype(np.array([1]))", "ms.get_py_obj_dtype(Tensor([1.5]))",
    "str(ms.get_py_obj_dtype(Tensor([1.5])))", "ms.get_py_obj_dtype(Tensor([1], ms.int8))",
    "str(ms.get_py_obj_dtype(Tensor([1], ms.int8)))", "ms.get_py_obj_dtype(ms.float32)",
    "ms.float32 == 'float32'", "ms.float32 == np.float32", "ms.float32 == ms.float64",
    "ms.float32 != ms.float64", "ms.float32 is ms.single", "ms.bool_ is ms.bool",
    "ms.float is ms.float32", "ms.int is ms.int32", "ms.float_ is ms.float32",
    "ms.int_ is ms.int64", "isinstance(ms.float32, ms.dtype.Type)",
    "isinstance(ms.float32, ms.dtype.Float)", "isinstance(ms.int8, ms.dtype.Int)",
    "isinstance(ms.uint8, ms.dtype.Int)", "isinstance(ms.bool_, ms.dtype.Bool)",
    "ms.dtype.int_type", "ms.dtype.uint_type", "ms.dtype.float_type", "ms.dtype.complex_type",
    "ms.dtype.signed_type", "ms.dtype.number_type", "ms.dtype.all_types",
    "len({ms.float32: 1, ms.single: 2})", "Tensor([1.5]).dtype is ms.float32",
    "Tensor([1.5]).dtype == ms.float32", "Tensor([1]).dtype in (ms.int32, ms.int64)",
    "ms.dtype.type_size_in_bytes(ms.float16)", "ms.dtype.type_size_in_bytes(ms.bool_)",
    "ms.type_none", "ms.dtype.type_type", "ms.dtype.Float", "ms.common.dtype.float32",
    "ms.dtype.float32",
]


def record_goldens():
    import numpy as np
    import mindspore as ms
    from mindspore import Tensor

    def outcome(value):
        return {"kind": "python", "type": type(value).__name__, "repr": repr(value)}

    namespace = {"ms": ms, "np": np, "Tensor": Tensor}
    records = []
    expressions = [e.format(n) for n in DTYPE_NAMES for e in PER_DTYPE] + EXPRESSIONS
    for expr in expressions:
        try:
            result = outcome(eval(expr, namespace))  # pylint: disable=eval-used
        except Exception as e:  # pylint: disable=broad-except
            result = {"kind": "error", "type": type(e).__name__, "message": str(e)}
        records.append({"expr": expr, **result})
    return {"mindspore_version": ms.__version__, "expressions": records}


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        lines = [line for line in sys.stdin if line.startswith(MARKER)]
        if len(lines) != 1:
            sys.exit(f"expected one line starting with {MARKER!r} on stdin, got {len(lines)}")
        with open(sys.argv[2], "w") as f:
            json.dump(json.loads(lines[0][len(MARKER):]), f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(f"wrote {sys.argv[2]}")
    else:
        print(MARKER + json.dumps(record_goldens(), default=repr), flush=True)
