"""MindSpore 2.10 on bad inputs to its 200 most-used ops (tests/goldens/robustness/ops_by_usage.txt,
made by tools/record_robustness_ops.py): each op is called once with good inputs, then once per
generated bad input, one argument changed at a time: a Tensor of another dtype (int32 or float32,
bool, float64), of another rank (an axis more, a scalar), empty, holding NaN or Inf, a string in
its place; an int argument (an axis, a count) of 99 or -99; a float of NaN; a shape with a
negative or an extra entry; a sequence of Tensors with one of another dtype or rank.

Prints `op | case -> outcome` lines, the outcome `ERR Type | the message's first line` or `OK`
with the result's shapes and dtypes, and a digest of its values. The same script runs unchanged on msjax
(tests/ops/test_robustness.py). Regenerate (each op in its own process; see `run_blocks`):
    export MSJAX_ORACLE_PYTHON=~/.cache/msjax-oracle/venv/bin/python  # mindspore-oracle's venv
    GLOG_v=3 $MSJAX_ORACLE_PYTHON tests/goldens/scripts/robustness_probe.py --oracle \\
        > tests/goldens/robustness/robustness_probe.out
"""
import math
import os
import subprocess
import sys

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, ops

HERE = os.path.dirname(os.path.abspath(__file__))


def arr(*shape, dtype=np.float32, start=1):
    n = int(np.prod(shape)) if shape else 1
    values = ((np.arange(n) % 7) + start) / 8.0
    return values.reshape(shape).astype(dtype)


def F(*shape):
    return Tensor(arr(*shape))


def I(values, dtype=np.int32):
    return Tensor(np.array(values, dtype))


def Bm(*shape):
    return Tensor((np.arange(int(np.prod(shape))) % 2 == 0).reshape(shape))


class Param:
    """A Parameter made fresh for each call (ops that write it)."""

    def __init__(self, value):
        self.value = value


def P(name, *args, **kwargs):
    return lambda: getattr(ops, name)(*args, **kwargs)


def fn(*names):
    def find():
        for name in names:
            where, _, attr = name.rpartition(".")
            module = ops.functional if where == "functional" else ops
            found = getattr(module, attr, None)
            if found is not None:
                return found
        raise AttributeError(names[0])
    return find


x23, y23, x13 = F(2, 3), F(2, 3), F(1, 3)
img = F(1, 1, 4, 4)
idx = I([0, 2])
boxes = Tensor(np.array([[0, 0, 2, 2], [1, 1, 3, 3]], np.float32))
# name: (the callable's maker, its good arguments)
OPS = {
    "Cast": (P("Cast"), [x23, ms.int32]),
    "Concat": (P("Concat", 0), [(x23, y23)]),
    "Reshape": (P("Reshape"), [x23, (3, 2)]),
    "ReduceSum": (P("ReduceSum"), [x23, 1]),
    "Transpose": (P("Transpose"), [x23, (1, 0)]),
    "ReduceMean": (P("ReduceMean"), [x23, 1]),
    "ExpandDims": (P("ExpandDims"), [x23, 0]),
    "Tile": (P("Tile"), [x23, (2, 1)]),
    "Add": (P("Add"), [x23, y23]),
    "Squeeze": (P("Squeeze", 0), [x13]),
    "OneHot": (P("OneHot"), [I([0, 2]), 4, Tensor(1.0), Tensor(0.0)]),
    "Mul": (P("Mul"), [x23, y23]),
    "ReLU": (P("ReLU"), [x23]),
    "clip_by_value": (fn("clip_by_value"), [x23, Tensor(0.2), Tensor(0.6)]),
    "Select": (P("Select"), [Bm(2, 3), x23, y23]),
    "cast": (fn("cast"), [x23, ms.int32]),
    "Sigmoid": (P("Sigmoid"), [x23]),
    "Fill": (P("Fill"), [ms.float32, (2, 3), 1.0]),
    "Split": (P("Split", 1, 3), [x23]),
    "MatMul": (P("MatMul"), [x23, F(3, 4)]),
    "Softmax": (P("Softmax"), [x23]),
    "Equal": (P("Equal"), [x23, y23]),
    "Greater": (P("Greater"), [x23, y23]),
    "GatherNd": (P("GatherNd"), [x23, I([[0, 1], [1, 2]])]),
    "BatchMatMul": (P("BatchMatMul"), [F(2, 2, 3), F(2, 3, 4)]),
    "ArgMaxWithValue": (P("ArgMaxWithValue", 1), [x23]),
    "Sqrt": (P("Sqrt"), [x23]),
    "Zeros": (P("Zeros"), [(2, 3), ms.float32]),
    "tuple_to_array": (fn("tuple_to_array"), [(1, 2, 3)]),
    "ZerosLike": (P("ZerosLike"), [x23]),
    "reshape": (fn("reshape"), [x23, (3, 2)]),
    "Exp": (P("Exp"), [x23]),
    "Log": (P("Log"), [x23]),
    "Pow": (P("Pow"), [x23, 2.0]),
    "TopK": (P("TopK"), [x23, 2]),
    "Minimum": (P("Minimum"), [x23, y23]),
    "Maximum": (P("Maximum"), [x23, y23]),
    "LogicalAnd": (P("LogicalAnd"), [Bm(2, 3), Bm(2, 3)]),
    "Reciprocal": (P("Reciprocal"), [x23]),
    "Less": (P("Less"), [x23, y23]),
    "matmul": (fn("matmul"), [x23, F(3, 4)]),
    "concat": (fn("concat"), [(x23, y23), 0]),
    "Stack": (P("Stack", 0), [(x23, y23)]),
    "ResizeNearestNeighbor": (P("ResizeNearestNeighbor", (4, 4)), [F(1, 1, 2, 2)]),
    "Gather": (P("Gather"), [x23, idx, 1]),
    "Sub": (P("Sub"), [x23, y23]),
    "SigmoidCrossEntropyWithLogits": (P("SigmoidCrossEntropyWithLogits"), [x23, y23]),
    "OnesLike": (P("OnesLike"), [x23]),
    "RealDiv": (P("RealDiv"), [x23, y23]),
    "Argmax": (P("Argmax"), [x23]),
    "GreaterEqual": (P("GreaterEqual"), [x23, y23]),
    "Flatten": (P("Flatten"), [F(2, 3, 2)]),
    "Ones": (P("Ones"), [(2, 3), ms.float32]),
    "expand_dims": (fn("expand_dims"), [x23, 0]),
    "Slice": (P("Slice"), [x23, (0, 1), (2, 2)]),
    "BroadcastTo": (P("BroadcastTo", (2, 2, 3)), [x23]),
    "transpose": (fn("transpose"), [x23, (1, 0)]),
    "Square": (P("Square"), [x23]),
    "LogSoftmax": (P("LogSoftmax"), [x23]),
    "identity": (fn("functional.identity", "identity"), [x23]),
    "ReduceMax": (P("ReduceMax"), [x23, 1]),
    "scalar_to_tensor": (fn("scalar_to_tensor"), [1.5, ms.float32]),
    "norm": (fn("norm"), [x23]),
    "Div": (P("Div"), [x23, y23]),
    "NotEqual": (P("NotEqual"), [x23, y23]),
    "ones_like": (fn("ones_like"), [x23]),
    "FloatStatus": (P("FloatStatus"), [x23]),
    "BiasAdd": (P("BiasAdd"), [x23, F(3)]),
    "Floor": (P("Floor"), [x23]),
    "SmoothL1Loss": (P("SmoothL1Loss"), [x23, y23]),
    "assign": (fn("assign"), [Param(arr(2, 3)), x23]),
    "Tanh": (P("Tanh"), [x23]),
    "L2Normalize": (P("L2Normalize", 1), [x23]),
    "LessEqual": (P("LessEqual"), [x23, y23]),
    "Abs": (P("Abs"), [x23]),
    "MaxPool": (P("MaxPool", 2, 2), [img]),
    "LogicalNot": (P("LogicalNot"), [Bm(2, 3)]),
    "IOU": (P("IOU"), [boxes, boxes]),
    "NMSWithMask": (P("NMSWithMask", 0.5), [Tensor(np.array([[0, 0, 2, 2, 0.9], [1, 1, 3, 3, 0.8]],
                                                             np.float32))]),
    "BoundingBoxDecode": (P("BoundingBoxDecode", max_shape=(768, 1280), means=(0.0,) * 4,
                            stds=(1.0,) * 4), [boxes, F(2, 4)]),
    "BoundingBoxEncode": (P("BoundingBoxEncode", means=(0.0,) * 4, stds=(1.0,) * 4),
                          [boxes, boxes + 1]),
    "sqrt": (fn("sqrt"), [x23]),
    "Pad": (P("Pad", ((1, 1), (1, 1))), [x23]),
    "SoftmaxCrossEntropyWithLogits": (P("SoftmaxCrossEntropyWithLogits"), [x23, y23]),
    "stack": (fn("stack"), [(x23, y23), 0]),
    "Neg": (P("Neg"), [x23]),
    "Sort": (P("Sort"), [x23]),
    "zeros_like": (fn("zeros_like"), [x23]),
    "GatherD": (P("GatherD"), [x23, 1, I([[0, 1], [2, 0]])]),
    "Assign": (P("Assign"), [Param(arr(2, 3)), x23]),
    "one_hot": (fn("one_hot"), [I([0, 2]), 4, Tensor(1.0), Tensor(0.0)]),
    "ScatterNd": (P("ScatterNd"), [I([[0], [2]]), x23, (4, 3)]),
    "Conv2D": (P("Conv2D", 2, 3), [F(1, 3, 5, 5), F(2, 3, 3, 3)]),
    "Eye": (P("Eye"), [3, 3, ms.float32]),
    "Identity": (P("Identity"), [x23]),
    "ones": (fn("ones"), [(2, 3), ms.float32]),
    "StridedSlice": (P("StridedSlice"), [x23, (0, 0), (2, 2), (1, 1)]),
    "ReverseV2": (P("ReverseV2", (0,)), [x23]),
    "softmax": (fn("softmax"), [x23]),
    "zeros": (fn("zeros"), [(2, 3), ms.float32]),
    "Cos": (P("Cos"), [x23]),
    "mul": (fn("mul"), [x23, y23]),
    "broadcast_to": (fn("broadcast_to"), [x23, (2, 2, 3)]),
    "repeat_elements": (fn("repeat_elements"), [x23, 2, 0]),
    "log": (fn("log"), [x23]),
    "range": (fn("range"), [I(0), I(5), I(1)]),
    "maximum": (fn("maximum"), [x23, y23]),
    "assign_add": (fn("assign_add"), [Param(arr(2, 3)), x23]),
    "ROIAlign": (P("ROIAlign", 2, 2, 0.5), [img, Tensor(np.array([[0, 0, 0, 3, 3]], np.float32))]),
    "AvgPool": (P("AvgPool", 2, 2), [img]),
    "reduce_sum": (fn("functional.reduce_sum", "reduce_sum"), [x23, 1]),
    "ScalarToTensor": (P("ScalarToTensor"), [1.5, ms.float32]),
    "Round": (P("Round"), [x23]),
    "select": (fn("select"), [Bm(2, 3), x23, y23]),
    "add": (fn("add"), [x23, y23]),
    "Sin": (P("Sin"), [x23]),
    "exp": (fn("exp"), [x23]),
    "MaxPool3D": (P("MaxPool3D", 2, 2), [F(1, 1, 4, 4, 4)]),
    "CheckValid": (P("CheckValid"), [boxes, Tensor(np.array([4, 4, 1], np.float32))]),
    "square": (fn("square"), [x23]),
    "AdaptiveAvgPool2D": (P("AdaptiveAvgPool2D", (2, 2)), [img]),
    "LogicalOr": (P("LogicalOr"), [Bm(2, 3), Bm(2, 3)]),
    "fill": (fn("fill"), [ms.float32, (2, 3), 1.0]),
    "mean": (fn("mean"), [x23, 1]),
    "AddN": (P("AddN"), [(x23, y23)]),
    "ScatterNdUpdate": (P("ScatterNdUpdate"), [Param(arr(3, 3)), I([[1]]), F(1, 3)]),
    "interpolate": (fn("interpolate"), [F(1, 1, 2, 2), (4, 4)]),
    "BinaryCrossEntropy": (P("BinaryCrossEntropy"), [x23, y23, F(2, 3)]),
    "cat": (fn("cat"), [(x23, y23), 0]),
    "equal": (fn("equal"), [x23, y23]),
    "minimum": (fn("minimum"), [x23, y23]),
    "sin": (fn("sin"), [x23]),
    "sigmoid": (fn("sigmoid"), [x23]),
    "cos": (fn("cos"), [x23]),
    "gather": (fn("gather"), [x23, idx, 1]),
    "pow": (fn("pow"), [x23, 2.0]),
    "Sign": (P("Sign"), [x23]),
    "tile": (fn("tile"), [x23, (2, 1)]),
    "CumSum": (P("CumSum"), [x23, 1]),
    "AssignAdd": (P("AssignAdd"), [Param(arr(2, 3)), x23]),
    "Meshgrid": (P("Meshgrid"), [(F(3), F(2))]),
    "div": (fn("div"), [x23, y23]),
    "gather_elements": (fn("gather_elements"), [x23, 1, I([[0, 1], [2, 0]])]),
    "cross_entropy": (fn("cross_entropy"), [x23, I([0, 2])]),
    "ReduceMin": (P("ReduceMin"), [x23, 1]),
    "DepthToSpace": (P("DepthToSpace", 2), [F(1, 4, 2, 2)]),
    "argmax": (fn("argmax"), [x23, 1]),
    "split": (fn("split"), [x23, 1, 1]),
    "LinSpace": (P("LinSpace"), [Tensor(0.0), Tensor(1.0), 5]),
    "Rsqrt": (P("Rsqrt"), [x23]),
    "not_equal": (fn("not_equal"), [x23, y23]),
    "TupleToArray": (P("TupleToArray"), [(1.0, 2.0)]),
    "ArgMinWithValue": (P("ArgMinWithValue", 1), [x23]),
    "CTCLoss": (P("CTCLoss"), [F(4, 1, 3), Tensor(np.array([[0, 0], [0, 1]], np.int64)),
                               I([1, 1]), I([4])]),
    "abs": (fn("abs"), [x23]),
    "arange": (fn("arange"), [0, 5, 1]),
    "dot": (fn("dot"), [x23, F(3, 4)]),
    "pad": (fn("pad"), [x23, (1, 1)]),
    "sort": (fn("sort"), [x23]),
    "ReverseSequence": (P("ReverseSequence", 1), [x23, I([2, 3])]),
    "FloorDiv": (P("FloorDiv"), [x23, y23]),
    "L2Loss": (P("L2Loss"), [x23]),
    "reduce_mean": (fn("functional.reduce_mean", "reduce_mean"), [x23, 1]),
    "squeeze": (fn("squeeze"), [x13]),
    "Softplus": (P("Softplus"), [x23]),
    "NLLLoss": (P("NLLLoss"), [x23, I([0, 2]), F(3)]),
    "Unstack": (P("Unstack", 0), [x23]),
    "bmm": (fn("bmm"), [F(2, 2, 3), F(2, 3, 4)]),
    "addn": (fn("addn"), [(x23, y23)]),
    "GatherV2": (P("GatherV2"), [x23, idx, 1, 0]),
    "ScatterAdd": (P("ScatterAdd"), [Param(arr(3, 3)), I([1]), F(1, 3)]),
    "AdamWeightDecay": (P("AdamWeightDecay"), [Param(arr(2, 3)), Param(arr(2, 3)),
                                               Param(arr(2, 3)), 0.1, 0.9, 0.999, 1e-8, 0.01,
                                               x23]),
    "tensor_dot": (fn("tensor_dot"), [x23, F(3, 4), 1]),
    "absolute": (fn("absolute"), [x23]),
    "Unique": (P("Unique"), [I([1, 2, 1, 3])]),
    "all": (fn("all"), [Bm(2, 3)]),
    "eye": (fn("eye"), [3, 3, ms.float32]),
    "flatten": (fn("flatten"), [F(2, 3, 2)]),
    "tensor_mul": (fn("functional.tensor_mul", "tensor_mul"), [x23, y23]),
    "masked_fill": (fn("masked_fill"), [x23, Bm(2, 3), 0.5]),
    "masked_select": (fn("masked_select"), [x23, Bm(2, 3)]),
    "pows": (fn("functional.pows", "pows"), [x23, 2.0]),
    "sum": (fn("sum"), [x23, 1]),
    "tanh": (fn("tanh"), [x23]),
    "topk": (fn("topk"), [x23, 2]),
    "floor": (fn("floor"), [x23]),
    "CropAndResize": (P("CropAndResize"), [F(1, 4, 4, 1), Tensor(np.array([[0, 0, 1, 1]],
                                                                         np.float32)),
                                           I([0]), (2, 2)]),
    "GeLU": (P("GeLU"), [x23]),
    "AvgPool3D": (P("AvgPool3D", 2, 2), [F(1, 1, 4, 4, 4)]),
    "PadV3": (P("PadV3"), [x23, I([1, 1]), Tensor(0.0)]),
    "TensorShape": (P("TensorShape"), [x23]),
    "full": (fn("full"), [(2, 3), 1.0]),
    "linspace": (fn("linspace"), [0.0, 1.0, 5]),
    "logical_and": (fn("logical_and"), [Bm(2, 3), Bm(2, 3)]),
    "max": (fn("max"), [x23, 1]),
    "nonzero": (fn("nonzero"), [x23]),
    "MaxPoolWithArgmax": (P("MaxPoolWithArgmax", 2, 2), [img]),
    "Adam": (P("Adam"), [Param(arr(2, 3)), Param(arr(2, 3)), Param(arr(2, 3)), 0.9, 0.999,
                         0.001, 0.9, 0.999, 1e-8, x23]),
    "Erf": (P("Erf"), [x23]),
    "ACos": (P("ACos"), [x23]),
    # (dtype rules of session 12, recorded in op_dtypes.out only: not among the 200 ops above)
    "IndexAdd": (P("IndexAdd", 1), [x23, idx, F(2, 2)]),
    "index_add": (fn("index_add"), [x23, idx, F(2, 2), 1]),
    "FillDiagonal": (P("FillDiagonal", 2.0), [F(3, 3)]),
}


# -- the bad inputs ------------------------------------------------------------------------------
def _tensor_variants(a):
    """(case, array) for each bad form of the array `a`."""
    out = []
    if a.dtype.kind == "f":
        out.append(("int32", a.astype(np.int32)))
    else:
        out.append(("float32", a.astype(np.float32)))
    if a.dtype != np.bool_:
        out.append(("bool", a.astype(np.bool_)))
    if a.dtype == np.float32:
        out.append(("float64", a.astype(np.float64)))
    out.append(("rank+1", a[None]))
    if a.ndim:
        out.append(("scalar", np.asarray(a.reshape(-1)[0])))
        out.append(("empty", np.zeros((0,) + a.shape[1:], a.dtype)))
    if a.dtype.kind == "f":
        for name, value in (("nan", np.nan), ("inf", np.inf)):
            bad = a.copy()
            bad.reshape(-1)[0] = value
            out.append((name, bad))
    return out


def variants(value):
    """(case, replacement) for each bad form of one argument."""
    if isinstance(value, Param):
        return [(c, Param(a)) for c, a in _tensor_variants(value.value)]
    if isinstance(value, Tensor):
        return [(c, Tensor(a)) for c, a in _tensor_variants(value.asnumpy())] + [("str", "a")]
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [("99", 99), ("-99", -99)]
    if isinstance(value, float):
        return [("nan", math.nan)]
    if isinstance(value, tuple) and value and all(isinstance(v, Tensor) for v in value):
        first = value[0].asnumpy()
        return [(f"[0] {c}", (Tensor(a),) + value[1:]) for c, a in _tensor_variants(first)
                if c in ("int32", "float32", "rank+1", "empty")]
    if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):
        return [("negative", (-5,) + value[1:]), ("longer", value + (2,))]
    if isinstance(value, tuple):
        return [("empty tuple", ())]
    return []


def materialised(args):
    return [Parameter(Tensor(a.value), name=f"p{k}") if isinstance(a, Param) else a
            for k, a in enumerate(args)]


def _digest(value) -> str:
    if isinstance(value, Parameter) or isinstance(value, Tensor):
        a = value.asnumpy()
        text = f"{tuple(a.shape)} {a.dtype}"
        if a.dtype.kind in "fc":
            finite = a[np.isfinite(a)]
            text += f" sum={float(np.round(finite.astype(np.float64).sum(), 3))} " \
                    f"nonfinite={int(a.size - finite.size)}"
        elif a.dtype.kind in "iub":
            text += f" sum={int(a.astype(np.int64).sum())}"
        return text
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(_digest(v) for v in value) + ")"
    return type(value).__name__


def outcome(make, args) -> str:
    try:
        result = make()(*materialised(args))
        return "OK " + _digest(result)
    except Exception as error:  # noqa: BLE001 - the error is the golden
        lines = [line for line in str(error).strip().splitlines()  # not MindSpore's frames
                 if line.strip("- ") and not line.startswith("- ")]  # ("-----", "- Kernel ...")
        try:  # MindSpore's PyNative raised a failed op's error again at later failures, until
            ms.runtime.synchronize()  # synchronised: each case's error must be its own
        except Exception:  # noqa: BLE001
            pass
        return f"ERR {type(error).__name__} | {lines[0][:150] if lines else ''}"


def cases(name):
    make, args = OPS[name]
    yield "good", args
    for position, value in enumerate(args):
        for case, bad in variants(value):
            changed = list(args)
            changed[position] = bad
            yield f"arg{position} {case}", changed


def ops_by_usage():
    path = os.path.join(HERE, "..", "robustness", "ops_by_usage.txt")
    with open(path) as f:
        return [line.split("\t")[0] for line in f if line.strip() and not line.startswith("#")]


def run(names):
    for name in names:
        make = OPS[name][0]
        for case, args in cases(name):
            print(f"{name} | {case} -> {outcome(make, args)}", flush=True)


def run_blocks(python):
    """Every op's cases, each op in its own process of `python` (MindSpore's PyNative state
    after one op's failures changed what the next op's good call gave): an op that crashes
    MindSpore's process is recorded as `CRASH` from its case that did, and the next op goes on."""
    names = ops_by_usage()
    for start in range(len(names)):
        block = names[start:start + 1]
        done = subprocess.run([python, __file__, *block], capture_output=True, text=True,
                              cwd=HERE, check=False)
        lines = [line for line in done.stdout.splitlines() if " -> " in line]
        print("\n".join(lines), flush=True)
        if done.returncode != 0:
            seen = {line.split(" -> ")[0] for line in lines}
            for name in block:
                for case, _ in cases(name):
                    if f"{name} | {case}" not in seen:
                        print(f"{name} | {case} -> CRASH", flush=True)
                        break


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    if sys.argv[1:] == ["--oracle"]:
        run_blocks(os.path.expanduser(os.environ["MSJAX_ORACLE_PYTHON"]))
    elif sys.argv[1:]:
        run(sys.argv[1:])
    else:
        run(ops_by_usage())
