"""MaxPoolWithArgmaxV2 (ops.operations): the window maxima and their flat indices into each H·W
plane, with strides, pads, dilation, ceil_mode and argmax_type, as MindSpore 2.10 (CPU) gives
them. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15b_maxpool_v2_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15b_maxpool_v2_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore import dtype as mstype
from mindspore.ops import operations as P


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if isinstance(value, Tensor):
        return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 5).tolist()}"
    return repr(value)


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        lines = [line for line in str(e).split("\n") if line.strip() and line[0] != "-"]
        print(label, "->", type(e).__name__, lines[0][:200])


rng = np.random.RandomState(0)
x = Tensor(rng.permutation(2 * 3 * 7 * 6).reshape(2, 3, 7, 6).astype(np.float32))
show("k3 s2", lambda: P.MaxPoolWithArgmaxV2(3, 2)(x))
show("k(3,2) s(2,1)", lambda: P.MaxPoolWithArgmaxV2((3, 2), (2, 1))(x))
show("k2 default strides", lambda: P.MaxPoolWithArgmaxV2(2)(x))
show("k3 s2 pads1", lambda: P.MaxPoolWithArgmaxV2(3, 2, 1)(x))
show("k2 s1 dilation2", lambda: P.MaxPoolWithArgmaxV2(2, 1, 0, 2)(x))
show("k3 s2 ceil_mode", lambda: P.MaxPoolWithArgmaxV2(3, 2, 0, 1, True)(x))
show("k3 s2 pads1 ceil_mode", lambda: P.MaxPoolWithArgmaxV2(3, 2, 1, 1, True)(x))
show("argmax int32", lambda: P.MaxPoolWithArgmaxV2(2, 2, argmax_type=mstype.int32)(x))
show("float16", lambda: P.MaxPoolWithArgmaxV2(2, 2)(Tensor(np.arange(16).reshape(1, 1, 4, 4),
                                                              mstype.float16)))
show("3-D input", lambda: P.MaxPoolWithArgmaxV2(2, 2)(Tensor(np.arange(16.0).reshape(1, 4, 4),
                                                               mstype.float32)))
show("argmax float32", lambda: P.MaxPoolWithArgmaxV2(2, 2, argmax_type=mstype.float32)(x))
show("pads too big", lambda: P.MaxPoolWithArgmaxV2(2, 2, 2)(x))
show("kernel 0", lambda: P.MaxPoolWithArgmaxV2(0, 2)(x))
show("int32 input", lambda: P.MaxPoolWithArgmaxV2(2, 2)(Tensor(np.ones((1, 1, 4, 4), np.int32))))
show("grad", lambda: ms.grad(lambda t: P.MaxPoolWithArgmaxV2(3, 2)(t)[0].sum())(x))
