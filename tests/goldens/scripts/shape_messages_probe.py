"""MindSpore 2.10's whole messages for the bad shapes and values of
tests/goldens/scripts/robustness_probe.py that its shape inference rejects and msjax checks
(msjax/_src/ops/dtype_rules.py's shape rules): robustness_probe.out keeps each message's first
150 characters; this prints `op | case -> ERR Type | message` with the message's lines (without
MindSpore's frame lines) joined by " // ". Regenerate (each op in its own process):
    GLOG_v=3 ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/shape_messages_probe.py \\
        --oracle > tests/goldens/robustness/shape_messages.out
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
P, F, I, fn = _PROBE["P"], _PROBE["F"], _PROBE["I"], _PROBE["fn"]
_UNPOOL_INDICES = I([[[[0, 3], [8, 15]]]], np.int64)
# ops beyond robustness_probe.py's, with their good calls
OPS = {**_PROBE["OPS"], "SquareSumAll": (P("SquareSumAll"), [F(2, 3), F(2, 3)]),
       "avg_pool1d": (fn("avg_pool1d"), [F(1, 2, 6), 2]),
       "avg_pool2d": (fn("avg_pool2d"), [F(1, 2, 4, 4), 2]),
       "lp_pool1d": (fn("lp_pool1d"), [F(1, 2, 6), 2, 2]),
       "lp_pool2d": (fn("lp_pool2d"), [F(1, 2, 4, 4), 2, 2]),
       "max_unpool2d": (fn("max_unpool2d"), [F(1, 1, 2, 2), _UNPOOL_INDICES, 2]),
       "MaxUnpool2D": (P("MaxUnpool2D", ksize=2), [F(1, 1, 2, 2), _UNPOOL_INDICES]),
       "binary_cross_entropy": (fn("binary_cross_entropy"), [
           Tensor(np.full((2, 3), 0.3, np.float32)), Tensor(np.full((2, 3), 0.6, np.float32)),
           F(2, 3)]),
       "EqualCount": (P("EqualCount"), [I([1, 2, 3]), I([1, 2, 4])]),
       "MaxPoolGradGradWithArgmax": (
           lambda: ops_grad().MaxPoolGradGradWithArgmax(kernel_size=2, strides=2),
           [F(1, 1, 4, 4), F(1, 1, 4, 4), I([[[[0, 1], [4, 5]]]])])}


def ops_grad():
    """`mindspore.ops.operations._grad_ops` (its Primitives are no names of ops)."""
    from mindspore.ops.operations import _grad_ops
    return _grad_ops
_digest = _PROBE["_digest"]
variants = _PROBE["variants"]


def cases(name):
    """robustness_probe.py's cases of `name`, for this script's OPS."""
    make, args = OPS[name]
    yield "good", args
    for position, value in enumerate(args):
        for case, bad in variants(value):
            changed = list(args)
            changed[position] = bad
            yield f"arg{position} {case}", changed


materialised = _PROBE["materialised"]


# the ops whose shape checks msjax makes, and the bad cases of each it checks
CHECKED = {
    "MatMul": ("arg0 rank+1", "arg1 rank+1"),
    "SigmoidCrossEntropyWithLogits": ("arg0 rank+1", "arg0 scalar", "arg1 rank+1",
                                      "arg1 scalar"),
    "SmoothL1Loss": ("arg0 rank+1", "arg0 scalar", "arg1 rank+1", "arg1 scalar"),
    "BinaryCrossEntropy": ("arg0 rank+1", "arg0 scalar", "arg1 rank+1", "arg1 scalar",
                           "arg2 rank+1"),
    "StridedSlice": ("arg1 longer", "arg2 longer", "arg3 longer"),
    "Slice": ("arg0 empty", "arg1 negative", "arg2 longer", "arg2 negative"),
    "BiasAdd": ("arg0 scalar", "arg1 rank+1", "arg1 scalar"),
    "SoftmaxCrossEntropyWithLogits": ("arg0 rank+1", "arg1 rank+1", "arg1 scalar"),
    "Assign": ("arg0 rank+1", "arg1 scalar"),
    "assign": ("arg0 rank+1", "arg1 scalar"),
    "AssignAdd": ("arg0 rank+1", "arg1 scalar"),
    "assign_add": ("arg0 rank+1", "arg1 scalar"),
    "MaxPoolWithArgmax": ("arg0 rank+1", "arg0 scalar", "arg0 empty"),
    "MaxPool": ("arg0 rank+1", "arg0 empty"),
    "AvgPool": ("arg0 rank+1",),
    "MaxPool3D": ("arg0 rank+1", "arg0 empty"),
    "AvgPool3D": ("arg0 rank+1", "arg0 empty"),
    "AdaptiveAvgPool2D": ("arg0 rank+1", "arg0 empty"),
    "ResizeNearestNeighbor": ("arg0 rank+1",),
    "IOU": ("arg0 rank+1", "arg1 rank+1"),
    "NMSWithMask": ("arg0 rank+1",),
    "AddN": ("arg0 [0] rank+1",),
    "addn": ("arg0 [0] rank+1",),
    "LinSpace": ("arg0 rank+1", "arg1 rank+1"),
    "ReverseSequence": ("arg1 rank+1", "arg1 scalar"),
    "ArgMaxWithValue": ("arg0 scalar", "arg0 empty"),
    "ArgMinWithValue": ("arg0 scalar", "arg0 empty"),
    "max": ("arg0 empty",),
    "Unique": ("arg0 rank+1", "arg0 scalar"),
    "ScatterAdd": ("arg0 rank+1", "arg0 scalar", "arg1 rank+1", "arg1 empty", "arg2 scalar"),
    "ScatterNdUpdate": ("arg0 rank+1", "arg1 rank+1", "arg1 empty", "arg2 scalar"),
    "EqualCount": ("arg0 rank+1", "arg1 scalar"),
    "NLLLoss": ("arg0 rank+1", "arg0 scalar", "arg0 empty", "arg1 empty", "arg2 rank+1",
                "arg2 scalar", "arg2 empty"),
    "dot": ("arg0 scalar", "arg1 scalar"),
    "tensor_dot": ("arg0 scalar", "arg1 scalar", "arg2 -99"),
    "PadV3": ("arg0 scalar", "arg1 rank+1"),
    "pad": ("arg0 scalar", "arg0 empty", "arg1 longer"),
    "Argmax": ("arg0 scalar",),
    "ScatterNd": ("arg0 rank+1", "arg0 empty", "arg1 scalar", "arg2 negative"),
    "Conv2D": ("arg1 rank+1", "arg1 empty"),
    "split": ("arg1 -99",),
    "repeat_elements": ("arg0 scalar",),
    "interpolate": ("arg1 negative",),
    "arange": ("arg0 99", "arg1 -99", "arg2 -99"),
    "Adam": ("arg0 rank+1", "arg1 rank+1", "arg2 empty", "arg9 scalar"),
    "AdamWeightDecay": ("arg0 rank+1", "arg1 scalar", "arg2 scalar", "arg8 empty"),
    "CropAndResize": ("arg0 rank+1", "arg0 scalar", "arg1 rank+1", "arg1 scalar", "arg1 empty",
                      "arg2 rank+1", "arg2 scalar", "arg2 empty", "arg3 negative", "arg3 longer"),
    "CTCLoss": ("arg1 empty", "arg2 empty", "arg3 rank+1", "arg3 scalar", "arg3 empty"),
    "Tile": ("arg1 negative",),
    "tile": ("arg1 negative",),
    "TopK": ("arg0 scalar",),
    "topk": ("arg0 scalar",),
    "Flatten": ("arg0 scalar",),
    "L2Normalize": ("arg0 scalar",),
    "BoundingBoxDecode": ("arg0 scalar", "arg1 scalar"),
    "BoundingBoxEncode": ("arg0 scalar", "arg1 scalar"),
    "GatherD": ("arg0 rank+1",),
    "gather_elements": ("arg0 rank+1",),
    "CheckValid": ("arg0 rank+1", "arg1 scalar", "arg1 empty"),
    "SquareSumAll": ("arg0 rank+1", "arg0 scalar", "arg1 rank+1", "arg1 empty"),
    "avg_pool1d": ("arg0 rank+1",),
    "avg_pool2d": ("arg0 rank+1",),
    "lp_pool1d": ("arg0 rank+1",),
    "lp_pool2d": ("arg0 rank+1",),
    "max_unpool2d": ("arg1 empty",),
    "MaxUnpool2D": ("arg1 empty",),
    "binary_cross_entropy": ("arg0 rank+1", "arg0 scalar", "arg1 rank+1", "arg1 scalar",
                             "arg2 rank+1"),
    "MaxPoolGradGradWithArgmax": ("arg0 rank+1", "arg1 rank+1", "arg1 empty", "arg2 rank+1"),
}


def outcome(make, args) -> str:
    try:
        _digest(make()(*materialised(args)))
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


def run(names):
    for name in names:
        make = OPS[name][0]
        for case, args in cases(name):
            if case in CHECKED[name]:
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
