"""`ops.LSTM` (MindSpore 2.10's CPU kernel: the flat weight's layout, the outputs), and
`ops.DynamicRNN` / `ops.DynamicGRUV2` (Ascend only in MindSpore 2.10: their lines are its CPU's
RuntimeError). One `label -> result` line per case (tests/ops/test_recurrent_ops.py)."""
import numpy as np

from mindspore import Tensor, ops


def shown(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    if isinstance(value, Tensor):
        array = value.asnumpy()
        return f"{value.dtype}{list(array.shape)} {np.round(array.astype(np.float64), 4).tolist()}"
    return repr(value)


def case(label, fn):
    try:
        result = shown(fn())
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    print(f"{label} -> {result}", flush=True)


rng = np.random.RandomState(0)
T, B, I, H = 3, 2, 3, 2
x = Tensor(rng.randn(T, B, I).astype(np.float32))


def lstm(bidirectional, has_bias, initial=0.0):
    d = 2 if bidirectional else 1
    size = d * (4 * H * I + 4 * H * H + (8 * H if has_bias else 0))
    w = Tensor((np.random.RandomState(size).randn(size, 1, 1) * 0.5).astype(np.float32))
    h = Tensor(np.full((d, B, H), initial, np.float32))
    c = Tensor(np.full((d, B, H), -initial, np.float32))
    return ops.LSTM(I, H, 1, has_bias, bidirectional, 0.0)(x, h, c, w)[:3]


case("LSTM repr", lambda: ops.LSTM(I, H, 1, True, False, 0.0))
case("LSTM", lambda: lstm(False, True))
case("LSTM initial state", lambda: lstm(False, True, 0.3))
case("LSTM no bias", lambda: lstm(False, False))
case("LSTM bidirectional", lambda: lstm(True, True))
case("LSTM bidirectional initial state", lambda: lstm(True, True, -0.2))
case("LSTM outputs", lambda: len(ops.LSTM(I, H, 1, True, False, 0.0)(
    x, Tensor(np.zeros((1, B, H), np.float32)), Tensor(np.zeros((1, B, H), np.float32)),
    Tensor(np.zeros((4 * H * I + 4 * H * H + 8 * H, 1, 1), np.float32)))))
case("DynamicRNN repr", lambda: ops.DynamicRNN())
case("DynamicGRUV2 repr", lambda: ops.DynamicGRUV2(gate_order="zrh"))
xh = Tensor(rng.randn(T, B, I).astype(np.float16))
case("DynamicRNN", lambda: ops.DynamicRNN()(
    xh, Tensor(rng.randn(I + H, 4 * H).astype(np.float16)),
    Tensor(rng.randn(4 * H).astype(np.float16)), None,
    Tensor(np.zeros((1, B, H), np.float16)), Tensor(np.zeros((1, B, H), np.float16))))
