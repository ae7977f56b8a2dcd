"""MindSpore 2.10's dtype rules for the ops of tests/goldens/scripts/robustness_probe.py whose
type checks reject an input dtype: each op's good call (from that script's OPS), then each Tensor
argument (or the first Tensor of a sequence argument) in each of nine dtypes, one at a time.

Prints `op | argN dtype -> outcome` lines: `OK`, or `ERR Type | message`, the message's lines
without MindSpore's frame lines ("-----", "- C++ Call Stack: ...") joined by " // ". What
MindSpore's API rejects (its type inference: "For primitive[Softmax], the input argument[x] must
be a type of ...") is msjax's dtype table (msjax/_src/ops/dtype_rules.py); what only its CPU
kernels lack ("Select CPU operator[...] fail!") is not (GPU and Ascend kernels take it).
Regenerate (each op in its own process, as the robustness probe does):
    GLOG_v=3 ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/op_dtypes_probe.py \\
        --oracle > tests/goldens/robustness/op_dtypes.out
"""
import os
import re
import runpy
import subprocess
import sys

import numpy as np
import mindspore as ms
from mindspore import Tensor

_PROBE = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                     "robustness_probe.py"), run_name="robustness_probe")
Param = _PROBE["Param"]
F, I, P, arr, fn = _PROBE["F"], _PROBE["I"], _PROBE["P"], _PROBE["arr"], _PROBE["fn"]
_UNPOOL_INDICES = I([[[[0, 3], [8, 15]]]], np.int64)


def _inner(module, name, **kwargs):
    """The maker of Primitive `name` of `mindspore.ops.operations.<module>` (no name of ops)."""
    def make():
        from mindspore.ops import operations
        return getattr(getattr(operations, module), name)(**kwargs)
    return make


# ops beyond robustness_probe.py's, with their good calls
_MORE_OPS = {
    **{name: (P(name), [Param(arr(3, 3)), I([1]), F(1, 3)]) for name in (
        "ScatterSub", "ScatterMul", "ScatterDiv", "ScatterMax", "ScatterMin", "ScatterUpdate")},
    **{name: (P(name), [Param(arr(3, 3)), I([[1]]), F(1, 3)]) for name in (
        "ScatterNdAdd", "ScatterNdSub", "ScatterNdMul", "ScatterNdDiv", "ScatterNdMax",
        "ScatterNdMin")},
    "IgammaGradA": (_inner("_grad_ops", "IgammaGradA"), [F(2, 3), F(2, 3)]),
    "MatrixTriangularSolve": (P("MatrixTriangularSolve"), [Tensor(np.tril(arr(3, 3)) + np.eye(
        3, dtype=np.float32)), F(3, 2)]),
    "DenseToDenseSetOperation": (_inner("sparse_ops", "DenseToDenseSetOperation"),
                                 [I([[1, 2], [3, 4]]), I([[2, 5], [1, 4]])]),
    "DenseToSparseSetOperation": (_inner("sparse_ops", "DenseToSparseSetOperation"), [
        I([[1, 2], [3, 4]]), I([[0, 0], [1, 1]], np.int64), I([2, 4]), I([2, 2], np.int64)]),
    "KLDivLossGrad": (_inner("_grad_ops", "KLDivLossGrad", reduction="none"),
                      [F(2, 3), F(2, 3), F(2, 3)]),
    "PSROIPoolingGrad": (_inner("_grad_ops", "PSROIPoolingGrad", input_size=(4, 4),
                                spatial_scale=0.25, group_size=2, output_dim=1),
                         [F(2, 1, 2, 2), Tensor(np.array([[[0.], [1.], [1.], [9.], [9.]],
                                                          [[1.], [2.], [0.], [8.], [12.]]],
                                                         np.float32))]),
    "IndexFill": (_inner("array_ops", "IndexFill"), [F(3, 4), I(1), I([0, 2]), F()]),
    "SquareSumAll": (P("SquareSumAll"), [F(2, 3), F(2, 3)]),
    # msjax/_src/ops/math_primitives.py
    "Histogram": (P("Histogram", bins=4, min=0.0, max=3.0), [F(8)]),
    "UnravelIndex": (P("UnravelIndex"), [I([5, 7]), I([3, 4])]),
    "NuclearNorm": (P("NuclearNorm"), [F(3, 4)]),
    "DataFormatVecPermute": (P("DataFormatVecPermute"), [I([1, 2, 3, 4])]),
    "NthElement": (P("NthElement"), [F(2, 5), I(1)]),
    "TridiagonalMatMul": (P("TridiagonalMatMul"), [F(1, 3), F(1, 3), F(1, 3), F(3, 2)]),
    "LuSolve": (P("LuSolve"), [F(3, 2), F(3, 3), I([1, 2, 3])]),
    "Lstsq": (P("Lstsq"), [Tensor(np.array([[1, 0], [0, 1], [1, 1]], np.float32)), F(3, 2)]),
    "CompareAndBitpack": (P("CompareAndBitpack"), [F(8), F()]),
    "CheckNumerics": (P("CheckNumerics"), [F(3)]),
    "ScatterAddWithAxis": (P("ScatterAddWithAxis", 0), [F(3, 3), I([[0, 1, 2]]), F(1, 3)]),
    "SGD": (P("SGD"), [Param(arr(2)), F(2), F(), Param(arr(2)), F(), Param(arr(2))]),
    "RaggedRange": (P("RaggedRange", Tsplits=ms.int32), [I([0, 2]), I([3, 5]), I([1, 2])]),
    "EditDistance": (P("EditDistance"), [I([[0, 0]], np.int64), F(1), I([1, 2], np.int64),
                                         I([[0, 1]], np.int64), F(1), I([1, 2], np.int64)]),
    "Coalesce": (P("Coalesce"), [I([[0, 1, 0]], np.int64), F(3), I([2], np.int64)]),
    "CombinedNonMaxSuppression": (P("CombinedNonMaxSuppression"), [
        F(1, 2, 1, 4), F(1, 2, 2), I(1), I(2), F(), F()]),
    "MatrixSolveLs": (P("MatrixSolveLs"), [F(3, 2), F(3, 1), Tensor(np.float64(0.0))]),
    "NonMaxSuppressionWithOverlaps": (P("NonMaxSuppressionWithOverlaps"), [
        F(3, 3), F(3), I(2), F(), Tensor(np.float32(0.0))]),
    "coalesce": (fn("coalesce"), [I([[0, 1, 0]], np.int64), F(3), I([2], np.int64)]),
    "AffineGrid": (P("AffineGrid"), [F(1, 2, 3), (1, 1, 2, 2)]),
    # msjax/_src/ops/image_primitives.py
    "ScaleAndTranslate": (P("ScaleAndTranslate"), [F(1, 4, 4, 1), I([2, 2]), F(2), F(2)]),
    "ExtractGlimpse": (P("ExtractGlimpse"), [F(1, 4, 4, 1), I([2, 2]), F(1, 2)]),
    "RGBToHSV": (P("RGBToHSV"), [F(2, 3)]),
    "HSVToRGB": (P("HSVToRGB"), [F(1, 2, 2, 3)]),
    "AdjustHue": (P("AdjustHue"), [F(2, 2, 3), F()]),
    "ResizeArea": (P("ResizeArea"), [F(1, 4, 4, 1), I([2, 2])]),
    "AdaptiveMaxPool3D": (P("AdaptiveMaxPool3D"), [F(1, 1, 2, 2, 2), I([1, 1, 1])]),
    "avg_pool1d": (fn("avg_pool1d"), [F(1, 2, 6), 2]),
    "avg_pool2d": (fn("avg_pool2d"), [F(1, 2, 4, 4), 2]),
    "prelu": (fn("prelu"), [F(1, 2, 3), F(2)]),
    "PReLU": (P("PReLU"), [F(1, 2, 3), F(2)]),
    "max_unpool2d": (fn("max_unpool2d"), [F(1, 1, 2, 2), _UNPOOL_INDICES, 2]),
    "MaxUnpool2D": (P("MaxUnpool2D", ksize=2), [F(1, 1, 2, 2), _UNPOOL_INDICES]),
    "binary_cross_entropy": (fn("binary_cross_entropy"), [
        Tensor(np.full((2, 3), 0.3, np.float32)), Tensor(np.full((2, 3), 0.6, np.float32)),
        F(2, 3)]),
    "kl_div": (fn("kl_div"), [F(2, 3), Tensor(np.full((2, 3), 0.5, np.float32))]),
    "binary_cross_entropy_with_logits": (fn("binary_cross_entropy_with_logits"), [
        F(2, 3), Tensor(np.full((2, 3), 0.5, np.float32)), F(3), F(3)]),
    # msjax/_src/ops/grad_primitives.py, rl_inner_ops.py
    "MaxPoolGradGradWithArgmax": (_inner("_grad_ops", "MaxPoolGradGradWithArgmax", kernel_size=2,
                                         strides=2),
                                  [F(1, 1, 4, 4), F(1, 1, 4, 4), I([[[[0, 1], [4, 5]]]])]),
    "PadV3Grad": (_inner("_grad_ops", "PadV3Grad", mode="edge"), [F(1, 1, 4, 4),
                                                                  I([1, 1, 1, 1])]),
    "GRUV2": (_inner("_rl_inner_ops", "GRUV2", input_size=3, hidden_size=2, num_layers=1,
                     has_bias=True, bidirectional=False, dropout=0.0),
              [F(4, 2, 3), F(1, 2, 2), F(42, 1, 1), I([4, 4])]),
    # tests/goldens/scripts/ops19_ops_checks_probe.py's ops
    "igamma": (fn("igamma"), [F(2, 3), F(2, 3)]),
    "igammac": (fn("igammac"), [F(2, 3), F(2, 3)]),
    "EqualCount": (P("EqualCount"), [I([1, 2, 3]), I([1, 2, 4])]),
    "logcumsumexp": (fn("logcumsumexp"), [F(2, 3), 1]),
    "CumulativeLogsumexp": (P("CumulativeLogsumexp"), [F(2, 3), I(1)]),
    # ops.nextafter (dyn20): two inputs of one dtype, Float32 or Float64
    "nextafter": (fn("nextafter"), [F(2, 3), F(2, 3)]),
    "NextAfter": (P("NextAfter"), [F(2, 3), F(2, 3)]),
    # the convolutions (cv19): input and weight of one dtype
    "Conv2D": _PROBE["OPS"]["Conv2D"],
    "conv2d": (fn("conv2d"), [F(1, 3, 5, 5), F(2, 3, 3, 3)]),
    **{name: (P(name, 3, 3), [F(1, 2, 3, 3), F(2, 3, 3, 3), (1, 3, 5, 5)])
       for name in ("Conv2DTranspose", "Conv2DBackpropInput")},
}
OPS = {**_PROBE["OPS"], **_MORE_OPS}
_digest = _PROBE["_digest"]
materialised = _PROBE["materialised"]


DTYPES = ("bool", "int8", "uint8", "int16", "int32", "int64", "float16", "float32", "float64")
# the ops whose dtype MindSpore's type inference checks (robustness_probe.out's TypeErrors)
CHECKED = ("Softmax", "softmax", "GeLU", "Softplus", "L2Loss", "L2Normalize", "FloatStatus",
           "AdaptiveAvgPool2D", "AvgPool3D", "MaxPool3D", "MaxPoolWithArgmax", "TopK", "topk",
           "CumSum", "NMSWithMask", "BoundingBoxDecode", "BoundingBoxEncode", "CheckValid",
           "IOU", "BiasAdd", "OneHot", "one_hot", "SigmoidCrossEntropyWithLogits",
           "SoftmaxCrossEntropyWithLogits", "BinaryCrossEntropy", "LinSpace", "AddN", "addn",
           "Meshgrid", "ReverseSequence", "masked_fill", "cross_entropy", "dot", "tensor_dot",
           "range", "repeat_elements", "ReduceMean", "mean", "reduce_mean", "ScatterAdd",
           "ScatterNdUpdate", "CropAndResize", "Adam", "AdamWeightDecay", "IndexAdd", "index_add",
           "FillDiagonal", *_MORE_OPS)


def _as(value, dtype):
    """`value` (a Tensor, Param or sequence of Tensors) with its array in `dtype`."""
    if isinstance(value, Param):
        return Param(value.value.astype(dtype))
    if isinstance(value, Tensor):
        return Tensor(value.asnumpy().astype(dtype))
    if isinstance(value, tuple) and value and isinstance(value[0], Tensor):
        return (_as(value[0], dtype),) + value[1:]
    return None


def outcome(make, args) -> str:
    try:
        _digest(make()(*materialised(args)))  # its values read: MindSpore's errors surface
        return "OK"
    except Exception as error:  # noqa: BLE001 - the error is the golden
        lines = [line.strip() for line in str(error).strip().splitlines()
                 if line.strip("- ") and not line.startswith("- ")
                 and not re.match(r"mindspore/\S+:\d+ ", line)]  # its C++ source lines
        try:
            ms.runtime.synchronize()
        except Exception:  # noqa: BLE001
            pass
        return f"ERR {type(error).__name__} | {' // '.join(lines)[:1000]}"


def cases(name):
    make, args = OPS[name]
    for position, value in enumerate(args):
        for dtype in DTYPES:
            bad = _as(value, np.dtype(dtype))
            if bad is not None:
                changed = list(args)
                changed[position] = bad
                yield f"arg{position} {dtype}", changed


def run(names):
    for name in names:
        make = OPS[name][0]
        for case, args in cases(name):
            print(f"{name} | {case} -> {outcome(make, args)}", flush=True)


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    if sys.argv[1:] == ["--oracle"]:
        for name in CHECKED:
            done = subprocess.run([sys.executable, __file__, name], capture_output=True,
                                  text=True, check=False)
            print("\n".join(line for line in done.stdout.splitlines() if " -> " in line),
                  flush=True)
    else:
        run(sys.argv[1:] or CHECKED)
