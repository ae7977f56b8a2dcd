"""Records MindSpore 2.10's `Tensor == other` and `Tensor != other` for operands that are not
numbers or Tensors (tests/goldens/core/tensor_compare_operands.json), in PyNative mode and under
`ms.jit`.

Regenerate from the repository root with:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor_compare_operands_probe.py \\
        > tests/goldens/core/tensor_compare_operands.json

Each record: the expression (with `x` a float32 Tensor [1., 2.]) and its outcome, `repr` of the
value (a Tensor's values as a list) or the exception's type and message. NumPy operands are left
out: msjax compares them elementwise (docs/migration.md).
"""
import json

OPERANDS = ["'zero'", "None", "[1.0, 2.0]", "(1.0, 2.0)", "1+2j", "ms.int32", "object()",
            "{'a': 1}", "1", "2.0", "True", "Tensor(np.array([1.0, 3.0], np.float32))"]


def compare_with_string(a):
    return a == "zero", a != "zero"


def compare_with_tuple(a):
    return a == (1.0, 2.0), a != (1.0, 2.0)


def record_goldens():
    import numpy as np
    import mindspore as ms
    from mindspore import Tensor

    x = Tensor(np.array([1.0, 2.0], np.float32))

    def outcome(fn):
        try:
            value = fn()
        except Exception as e:  # pylint: disable=broad-except
            return {"error": type(e).__name__, "message": str(e).split("\n\n----")[0]}
        if isinstance(value, tuple):
            value = [v.asnumpy().tolist() if isinstance(v, Tensor) else v for v in value]
        elif isinstance(value, Tensor):
            value = {"tensor": value.asnumpy().tolist(), "dtype": str(value.dtype)}
        return {"value": value}

    records = []
    for operand in OPERANDS:
        for expr in (f"x == {operand}", f"x != {operand}", f"{operand} == x",
                     f"{operand} != x"):
            namespace = {"x": x, "ms": ms, "np": np, "Tensor": Tensor}
            records.append({"expr": expr, **outcome(
                lambda expr=expr, ns=namespace: eval(expr, ns))})  # pylint: disable=eval-used
    for name, compare in (("'zero'", compare_with_string), ("(1.0, 2.0)", compare_with_tuple)):
        records.append({"expr": f"jit: (x == {name}, x != {name})",
                        **outcome(lambda compare=compare: ms.jit(compare)(x))})
    return {"mindspore_version": ms.__version__, "records": records}


if __name__ == "__main__":
    print(json.dumps(record_goldens(), indent=1))
