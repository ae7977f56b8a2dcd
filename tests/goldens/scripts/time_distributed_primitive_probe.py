"""nn.TimeDistributed wrapping a Primitive (ops.Argmax), with and without reshape_with_axis, and
a layer that is neither Cell nor Primitive: MindSpore 2.10's results. Golden:
tests/goldens/api/time_distributed_primitive_probe.out."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


def show(label, f):
    try:
        r = f()
        print(label, "->", r.dtype, r.shape, r.asnumpy().tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:300])


x = Tensor(np.array([[[3., 1., 2.], [0., 5., 4.]], [[7., 8., 1.], [2., 2., 9.]],
                     [[1., 0., 0.], [4., 6., 5.]]]), ms.float32)
argmax = ops.Argmax(output_type=ms.int32, axis=1)
show("argmax reshape axis 0", lambda: nn.TimeDistributed(argmax, time_axis=1,
                                                         reshape_with_axis=0)(x))
show("argmax step by step", lambda: nn.TimeDistributed(argmax, time_axis=1)(x))
show("relu primitive", lambda: nn.TimeDistributed(ops.ReLU(), time_axis=0)(x - 3))
show("function layer", lambda: nn.TimeDistributed(ops.relu, time_axis=0)(x))
