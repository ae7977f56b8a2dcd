"""MindSpore 2.10's `ops.MultitypeFuncGraph.register` type names and what each matches.

For each name: whether ``register`` takes it (and what type it names) or the error it raises; for
each name and each kind of argument, whether a function registered for that name is called for
that argument (PyNative dispatch, with a second entry for 'Undetermined', which nothing matches, so
that the types are compared: one entry alone is called whatever its arguments), or the error; then a GRAPH_MODE Cell dispatching on a
RowTensor (the gradient scaling MindCV's train step registers for ("Tensor", "RowTensor")).
Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/multitype_register_probe.py \\
        | grep " -> " > tests/goldens/ops/multitype_register.txt
"""
import numpy as np

import mindspore as ms
from mindspore import Parameter, RowTensor, Tensor, nn, ops

NAMES = ["Tensor", "RowTensor", "COOTensor", "CSRTensor", "MapTensor", "Tuple", "List", "Dict",
         "Number", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
         "UInt64", "Float", "Float16", "Float32", "Float64", "BFloat16", "Complex64", "Complex128",
         "Bool", "String", "Str", "None", "NoneType", "Function", "Func", "Slice", "Ellipsis",
         "TypeType", "Type", "Any", "Undetermined", "Keyword", "Tensor[Float32]", "Tensor[Int64]",
         "Tuple[Int64]", "List[Tensor]", "int", "float", "bool", "tensor", "tuple", "list",
         "string", "Nope"]


def function():
    return 0


VALUES = {
    "int": lambda: 1, "float": lambda: 1.5, "bool": lambda: True, "str": lambda: "s",
    "None": lambda: None, "tuple": lambda: (1,), "list": lambda: [1], "dict": lambda: {"a": 1},
    "tensor_int64": lambda: Tensor(np.array([1], np.int64)),
    "tensor_int32": lambda: Tensor(np.array([1], np.int32)),
    "tensor_float32": lambda: Tensor(np.array([1.0], np.float32)),
    "tensor_float16": lambda: Tensor(np.array([1.0], np.float16)),
    "parameter": lambda: Parameter(Tensor(np.ones(2, np.float32)), name="p"),
    "function": lambda: function, "lambda": lambda: lambda x: x, "cell": nn.ReLU,
    "primitive": ops.Add, "dtype": lambda: ms.int32, "numpy_int64": lambda: np.int64(3),
    "numpy_int32": lambda: np.int32(3), "numpy_float32": lambda: np.float32(2.0),
}


def one_line(error):
    return f"{type(error).__name__}: {' '.join(str(error).split()).split(' ----')[0]}"


def main():
    accepted = []
    for name in NAMES:
        graph = ops.MultitypeFuncGraph("probe")
        try:
            graph.register(name)(lambda x: x)
        except Exception as error:  # pylint: disable=broad-except
            print(f"register {name} ->", one_line(error))
            continue
        print(f"register {name} ->", graph.entries[-1][0][0])
        accepted.append(name)
    for name in accepted:
        for kind, make in VALUES.items():
            graph = ops.MultitypeFuncGraph("probe")
            graph.register(name)(lambda x: "called")
            graph.register("Undetermined")(lambda x: "other")  # two entries: dispatch by type
            try:
                result = graph(make())
            except Exception as error:  # pylint: disable=broad-except
                result = type(error).__name__
            print(f"match {name} {kind} ->", result)
    try:
        ops.MultitypeFuncGraph("probe").register(3)(function)
    except Exception as error:  # pylint: disable=broad-except
        print("register 3 ->", one_line(error))

    scale = ops.MultitypeFuncGraph("grad_scale")

    @scale.register("Tensor", "Tensor")
    def _scale_tensor(factor, grad):
        return grad * factor

    @scale.register("Tensor", "RowTensor")
    def _scale_rows(factor, grad):
        return RowTensor(grad.indices, grad.values * factor, grad.dense_shape)

    class Scaled(nn.Cell):
        def construct(self, factor, indices, values):
            rows = scale(factor, RowTensor(indices, values, (4, 2)))
            return rows.values, scale(factor, values)

    ms.set_context(mode=ms.GRAPH_MODE)
    rows, dense = Scaled()(Tensor(2.0, ms.float32), Tensor([0, 3], ms.int32),
                           Tensor([[1.0, 2.0], [3.0, 4.0]], ms.float32))
    print("graph RowTensor ->", rows.asnumpy().tolist(), dense.asnumpy().tolist())
    ms.set_context(mode=ms.PYNATIVE_MODE)


if __name__ == "__main__":
    main()
