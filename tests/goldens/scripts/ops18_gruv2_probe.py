"""MindSpore 2.10's `ops.operations._rl_inner_ops.GRUV2` (its CPU kernel: oneDNN's GRU): outputs
and final hidden states for one and two layers, one and two directions, with and without bias,
and the errors of its checks. Not probed (docs/migration.md): float16 (MindSpore's CPU kernel
returns values that change from run to run) and two bidirectional layers (its oneDNN kernel
fails to build them). Its last two outputs are the kernel's
workspace (their shape and values are not reproducible from one call to the next in MindSpore:
only their dtype is printed). Golden: tests/goldens/ops/ops18_gruv2_probe.out
(tests/ops/test_ops18_gruv2.py)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, context, nn
import mindspore.ops.operations._rl_inner_ops as rl_ops


def show(label, fn):
    try:
        out, h_n, reserve, state = fn()
        print(label, "->", "OK", [(str(t.dtype), t.shape,
                                   np.round(t.asnumpy().astype(np.float64), 5).ravel().tolist())
                                  for t in (out, h_n)], str(reserve.dtype), str(state.dtype))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


def weight_size(input_size, hidden, layers, bias, bidirectional):
    directions = 2 if bidirectional else 1
    size = 0
    for layer in range(layers):
        inputs = input_size if layer == 0 else hidden * directions
        size += directions * (3 * hidden * inputs + 3 * hidden * hidden + (6 * hidden if bias
                                                                              else 0))
    return size


def case(label, input_size, hidden, layers, bias, bidirectional, steps, batch, lengths, seed,
         dtype=np.float32, size=None, h_shape=None, length_dtype=np.int32):
    rng = np.random.default_rng(seed)
    directions = 2 if bidirectional else 1
    size = size or weight_size(input_size, hidden, layers, bias, bidirectional)
    x = Tensor(rng.standard_normal((steps, batch, input_size)).astype(dtype))
    h = Tensor(rng.standard_normal(h_shape or (layers * directions, batch, hidden)).astype(dtype))
    w = Tensor((rng.standard_normal((size, 1, 1)) * 0.5).astype(dtype))
    op = rl_ops.GRUV2(input_size, hidden, layers, bias, bidirectional, 0.0)
    show(label, lambda: op(x, h, w, Tensor(np.array(lengths, length_dtype))))


case("basic", 3, 2, 1, True, False, 4, 2, [4, 4], 0)
case("seq lengths", 3, 2, 1, True, False, 4, 2, [4, 2], 0)
case("no bias", 3, 2, 1, False, False, 4, 2, [4, 4], 1)
case("bidirectional", 3, 2, 1, True, True, 4, 2, [4, 3], 2)
case("bidirectional no bias", 4, 3, 1, False, True, 3, 3, [3, 3, 3], 3)
case("two layers", 2, 2, 2, True, False, 3, 2, [3, 3], 4)
case("ones", 10, 2, 1, True, False, 5, 2, [4, 3], 7)
case("float64", 3, 2, 1, True, False, 4, 2, [4, 4], 0, dtype=np.float64)
case("lengths int64", 3, 2, 1, True, False, 4, 2, [4, 4], 0, length_dtype=np.int64)
case("h batch", 3, 2, 1, True, False, 4, 2, [4, 4], 0, h_shape=(1, 3, 2))
case("h layers", 3, 2, 1, True, False, 4, 2, [4, 4], 0, h_shape=(2, 2, 2))
case("h hidden", 3, 2, 1, True, False, 4, 2, [4, 4], 0, h_shape=(1, 2, 3))
case("lengths batch", 3, 2, 1, True, False, 4, 2, [4, 4, 4], 0)
context.set_context(mode=context.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.gru = rl_ops.GRUV2(3, 2, 1, True, True, 0.0)

    def construct(self, x, h, w, lengths):
        return self.gru(x, h, w, lengths)


rng = np.random.default_rng(8)
show("graph", lambda: Net()(Tensor(rng.standard_normal((4, 2, 3)).astype(np.float32)),
                            Tensor(rng.standard_normal((2, 2, 2)).astype(np.float32)),
                            Tensor(rng.standard_normal((weight_size(3, 2, 1, True, True), 1, 1))
                                   .astype(np.float32)),
                            Tensor(np.array([4, 4], np.int32))))
context.set_context(mode=context.PYNATIVE_MODE)
for label, args in (("input_size 0", (0, 2, 1, True, False, 0.0)),
                    ("hidden bool", (3, True, 1, True, False, 0.0)),
                    ("has_bias int", (3, 2, 1, 1, False, 0.0)),
                    ("dropout int", (3, 2, 1, True, False, 0)),
                    ("dropout 2", (3, 2, 1, True, False, 2.0)),
                    ("is_train int", (3, 2, 1, True, False, 0.0, 1))):
    try:
        op = rl_ops.GRUV2(*args)
        print(label, "->", "OK", repr(op))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])
print("repr ->", repr(rl_ops.GRUV2(3, 2, 1, True, False, 0.5)))
