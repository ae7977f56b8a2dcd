"""MindSpore 2.10's values and errors of ops in tests/st/ops that its own tests leave unchecked:
grid_sample's 'nearest' rounding of half-way points, cross (dtypes, broadcasting, dim errors),
EqualCount's dtype and shape checks, L2Normalize's axis checks and float16 rounding,
igamma/igammac at the edges of their domain and their dtype checks, logcumsumexp's checks,
positive's and index_select's refusal of non-Tensors, ScatterNdUpdate's shape errors, Im2Col's
attribute checks (when it is built) and input checks.

Prints `label -> OK dtype (shape) [values]` or `label -> ERR Type | first line of the message`;
the same script runs unchanged on msjax in tests/ops/test_ops19_checks.py. MindSpore 2.10's
PyNative mode repeats an op's last error for the next call of another shape, so the golden runs
each case in a process of its own (`PROBE_CASE`). Regenerate:
    n=$(grep -c '^ ("' tests/goldens/scripts/ops19_ops_checks_probe.py)
    for i in $(seq 0 $((n - 1))); do PROBE_CASE=$i /work/shared/tools/mindspore-oracle \
        tests/goldens/scripts/ops19_ops_checks_probe.py | grep -- " -> "; done \
        > tests/goldens/ops/ops19_ops_checks_probe.out
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, ops

f32, f16, f64 = np.float32, np.float16, np.float64


def show(label, fn):
    try:
        result = fn()
        parts = []
        for x in result if isinstance(result, tuple) else (result,):
            if not isinstance(x, Tensor):  # a Primitive built
                parts.append(f"built {type(x).__name__}")
                continue
            values = np.asarray(x.asnumpy(), np.float64).ravel().tolist()
            parts.append(f"{x.dtype} {tuple(x.shape)} {json.dumps(values)}")
        print(f"{label} -> OK {' ; '.join(parts)}")
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [line for line in str(e).splitlines() if line.strip()]
        print(f"{label} -> ERR {type(e).__name__} | {lines[0] if lines else ''}")


def t(values, dtype=f32):
    return Tensor(np.array(values, dtype))


IMG6 = Tensor((np.arange(36, dtype=f32) + 1).reshape(1, 1, 6, 6))
HALVES = np.array([0.5, 1.5, 2.5, 3.5, 4.5])  # pixel coordinates half-way between two pixels


def nearest(points, padding, align_corners):
    """IMG6 sampled ('nearest') at pixel coordinates `points` (x, y)."""
    size = 6
    pixels = np.asarray(points, np.float64)
    grid = pixels * 2 / (size - 1) - 1 if align_corners else (pixels * 2 + 1) / size - 1
    return ops.grid_sample(IMG6, Tensor(grid.astype(f32)[None, None]), "nearest", padding,
                           align_corners)


def l2(axis, x, epsilon=1e-4):
    return ops.L2Normalize(axis=axis, epsilon=epsilon)(x)


CUBE = Tensor(np.arange(27, dtype=f32).reshape(1, 1, 3, 3, 3))
EYE3, ONES3 = np.eye(3), np.ones((3, 3))
SCATTER_INPUT = np.zeros((4, 3), f32)
CASES = [
 ("grid nearest x halves align", lambda: nearest([[x, 0] for x in HALVES], "zeros", True)),
 ("grid nearest y halves align", lambda: nearest([[0, y] for y in HALVES], "zeros", True)),
 ("grid nearest halves zeros", lambda: nearest([[-0.5, 0], [2.5, 1], [5.5, 2]], "zeros", False)),
 ("grid nearest halves border", lambda: nearest([[-0.5, 0], [2.5, 1], [5.5, 2]], "border",
                                                False)),
 ("grid nearest halves reflection", lambda: nearest([[-0.5, 0], [2.5, 1], [4.5, 2]],
                                                    "reflection", True)),
 ("grid nearest 3d", lambda: ops.grid_sample(CUBE, t([[[[[0.5, 0.5, 0.5], [-0.5, -0.5, -0.5],
                                                         [0.0, 0.5, -0.5]]]]]), "nearest",
                                             "zeros", True)),
 ("grid bilinear", lambda: ops.grid_sample(IMG6, t([[[[0.3, -0.2], [-1.1, 0.9]]]]), "bilinear",
                                           "zeros", False)),
 ("cross float32 float64", lambda: ops.cross(Tensor(EYE3.astype(f32)), Tensor(ONES3))),
 ("cross float16 float32", lambda: ops.cross(Tensor(EYE3.astype(f16)),
                                             Tensor(ONES3.astype(f32)))),
 ("cross broadcast vector", lambda: ops.cross(Tensor(EYE3.astype(f32)), t([1, 2, 3]))),
 ("cross dim 0", lambda: ops.cross(t(EYE3), t(np.arange(9).reshape(3, 3)), dim=0)),
 ("cross no dim of 3", lambda: ops.cross(t(np.ones((2, 4, 2))), t(np.ones((2, 4, 2))))),
 ("cross dim out of range", lambda: ops.cross(t(np.ones((2, 3))), t(np.ones((2, 3))), dim=2)),
 ("cross dim not 3", lambda: ops.cross(t(np.ones((4, 3))), t(np.ones((4, 3))), dim=0)),
 ("cross dim -1 not 3", lambda: ops.cross(t(np.ones((3, 2))), t(np.ones((3, 2))), dim=-1)),
 ("cross shapes", lambda: ops.cross(t(ONES3), t(np.ones((2, 3))))),
 ("EqualCount int32", lambda: ops.EqualCount()(t([1, 2, 3], np.int32), t([1, 2, 4], np.int32))),
 ("EqualCount float32", lambda: ops.EqualCount()(t([1, 2, 3]), t([1, 5, 3]))),
 ("EqualCount dtypes", lambda: ops.EqualCount()(t([1, 2], np.int32), t([1, 2], np.int64))),
 ("EqualCount shapes", lambda: ops.EqualCount()(t([1, 2], np.int32), t([1, 2, 3], np.int32))),
 ("EqualCount ranks", lambda: ops.EqualCount()(t([1, 2, 3], np.int32), t([[1, 2, 3]], np.int32))),
 ("L2Normalize float16", lambda: l2(1, t([[1, 2], [3, 4]], f16))),
 ("L2Normalize float16 7", lambda: l2(0, t([1, 2, 3, 4, 5, 6, 7], f16))),
 ("L2Normalize list axis", lambda: l2([1], t([[1, -2, 3], [0.5, 4, -6]]))),
 ("L2Normalize 3d axis 2", lambda: l2(2, t(np.arange(8).reshape(2, 2, 2)))),
 ("L2Normalize axis -3", lambda: l2(-3, t(np.ones((2, 2))))),
 ("L2Normalize axis 3", lambda: l2(3, t(np.ones((2, 2, 2))))),
 ("L2Normalize two axes", lambda: l2((0, 1), t(np.ones((2, 2))))),
 ("L2Normalize float axis", lambda: l2(1.0, t(np.ones((2, 2))))),
 ("igamma edges", lambda: ops.igamma(t([0, 0, 1, 0, np.inf, 1, -0.0, -1, 2, np.inf]),
                                     t([1, 0, 0, -1, 1, np.inf, 2, 0, 3, np.inf]))),
 ("igammac edges", lambda: ops.igammac(t([0, 0, 1, 0, np.inf, 1, -0.0, -1, 2, np.inf, 0.5]),
                                       t([1, 0, 0, -1, 1, np.inf, 2, 0, 3, np.inf, np.inf]))),
 ("igamma float64", lambda: ops.igamma(t([1, 2, 0.5], f64), t([0.5, 3, 2], f64))),
 ("igammac broadcast", lambda: ops.igammac(t([[1], [2]]), t([0.5, 3]))),
 ("Igammac", lambda: ops.Igammac()(t([1, 2]), t([0.5, 3]))),
 ("igamma float16", lambda: ops.igamma(t([1], f16), t([1], f16))),
 ("igamma mixed", lambda: ops.igamma(t([1]), t([1], f64))),
 ("igammac int", lambda: ops.igammac(t([1, 2], np.int64), t([1, 3], np.int64))),
 ("Tensor.igamma int", lambda: t([1, 2], np.int32).igamma(t([1, 2], np.int32))),
 ("logcumsumexp", lambda: ops.logcumsumexp(t([[1, 2], [3, 4]]), 0)),
 ("logcumsumexp -1", lambda: ops.logcumsumexp(t([[1, 2], [3, 4]]), -1)),
 ("logcumsumexp float16", lambda: ops.logcumsumexp(t([1, 2, 3], f16), 0)),
 ("CumulativeLogsumexp", lambda: ops.CumulativeLogsumexp()(t([1, 2, 3]), Tensor(0))),
 ("CumulativeLogsumexp reverse", lambda: ops.CumulativeLogsumexp(reverse=True)(
     t([[1, 2, 3], [0, 0, 0]]), Tensor(1))),
 ("logcumsumexp int", lambda: ops.logcumsumexp(t([1, 2], np.int32), 0)),
 ("logcumsumexp axis 1", lambda: ops.logcumsumexp(t([1, 2]), 1)),
 ("logcumsumexp axis -3", lambda: ops.logcumsumexp(t(np.ones((2, 2))), -3)),
 ("logcumsumexp float axis", lambda: ops.logcumsumexp(t([1, 2]), 0.0)),
 ("logcumsumexp Tensor axis", lambda: ops.logcumsumexp(t(np.ones((2, 2))), Tensor(1))),
 ("logcumsumexp bool axis", lambda: ops.logcumsumexp(t(np.ones((2, 2))), True)),
 ("logcumsumexp 0-d", lambda: ops.logcumsumexp(Tensor(np.float32(2)), 0)),
 ("CumulativeLogsumexp axis 2", lambda: ops.CumulativeLogsumexp()(t(np.ones((2, 2))),
                                                                  Tensor(2))),
 ("positive", lambda: ops.positive(t([1, -2], np.int8))),
 ("positive int", lambda: ops.positive(3)),
 ("positive list", lambda: ops.positive([1])),
 ("positive numpy", lambda: ops.positive(np.array([1.0]))),
 ("index_select int16 index", lambda: ops.index_select(t(np.arange(6).reshape(2, 3)), 1,
                                                       t([2, 0], np.int16))),
 ("index_select list index", lambda: ops.index_select(t(np.arange(6).reshape(2, 3)), 1, [2])),
 ("index_select numpy input", lambda: ops.index_select(np.ones(3), 0, t([2], np.int32))),
 ("ScatterNdUpdate", lambda: ops.ScatterNdUpdate()(
     Parameter(Tensor(SCATTER_INPUT), name="a"), t([[0], [2]], np.int32), t(np.ones((2, 3))))),
 ("ScatterNdUpdate updates width", lambda: ops.ScatterNdUpdate()(
     Parameter(Tensor(SCATTER_INPUT), name="b"), t([[0], [2]], np.int32), t(np.ones((2, 4))))),
 ("ScatterNdUpdate index depth", lambda: ops.ScatterNdUpdate()(
     Parameter(Tensor(SCATTER_INPUT), name="c"), t([[0, 1, 1]], np.int32), t([1.0]))),
 ("ScatterNdUpdate updates rank", lambda: ops.ScatterNdUpdate()(
     Parameter(Tensor(SCATTER_INPUT), name="d"), t([[0, 1], [2, 1]], np.int32),
     t(np.ones((2, 3))))),
 ("Im2Col pads", lambda: ops.Im2Col(ksizes=(2, 3), strides=1, dilations=1, pads=1)(IMG6)),
 ("Im2Col ksizes 0", lambda: ops.Im2Col(ksizes=0)),
 ("Im2Col ksizes float", lambda: ops.Im2Col(ksizes=2.0)),
 ("Im2Col ksizes bool", lambda: ops.Im2Col(ksizes=True)),
 ("Im2Col strides (1, 0)", lambda: ops.Im2Col(ksizes=2, strides=(1, 0))),
 ("Im2Col dilations -1", lambda: ops.Im2Col(ksizes=2, dilations=-1)),
 ("Im2Col pads -1", lambda: ops.Im2Col(ksizes=2, pads=-1)),
 ("Im2Col rank 3", lambda: ops.Im2Col(ksizes=2)(IMG6[0])),
 ("Im2Col no blocks", lambda: ops.Im2Col(ksizes=4, dilations=2)(IMG6)),
]
ms.set_context(mode=ms.PYNATIVE_MODE)
selected = os.environ.get("PROBE_CASE")
for i, (label, fn) in enumerate(CASES):
    if selected is None or int(selected) == i:
        show(label, fn)
