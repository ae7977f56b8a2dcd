"""Records MindSpore 2.10's TypeError for a Primitive, a functional op or a Tensor operator
called with an argument of a type it does not take ("Failed calling Add with ... The valid
calling should be: ...") (tests/goldens/ops/failed_calling.json).

Regenerate from the repository root with:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/failed_calling_probe.py \\
        > tests/goldens/ops/failed_calling.json

`x` is a float32 Tensor of shape (2, 3); each record holds the expression and the exception's
type and message (without MindSpore's C++ call stack).
"""
import json

CASES = ["x + 'ok'", "'ok' + x", "'ok' * x", "x - 'ok'", "x * 'ok'", "ops.add(x, 'ok')", "P.Add()(x, 'ok')",
         "ops.mul(x, None)", "ops.sub(x, [1])", "P.Sub()(x, 'ok')", "P.ReduceSum()('s')",
         "ops.neg('a')", "ops.softmax('s', 1)", "ops.equal(x, 'ok')", "ops.not_equal(x, 'ok')",
         "P.Mul()(x, {'a': 1})", "ops.maximum(x, 'ok')", "ops.exp('s')"]


def record_goldens():
    import numpy as np
    import mindspore as ms
    from mindspore import Tensor, ops
    from mindspore.ops import operations as P

    namespace = {"x": Tensor(np.ones((2, 3), np.float32)), "ops": ops, "P": P}
    records = []
    for expr in CASES:
        try:
            eval(expr, namespace)  # pylint: disable=eval-used
            records.append({"expr": expr, "error": None})
        except Exception as e:  # pylint: disable=broad-except
            records.append({"expr": expr, "error": type(e).__name__,
                            "message": str(e).split("\n\n----")[0]})
    return {"mindspore_version": ms.__version__, "records": records}


if __name__ == "__main__":
    print(json.dumps(record_goldens(), indent=1))
