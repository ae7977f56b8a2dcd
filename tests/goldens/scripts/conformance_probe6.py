"""MindSpore 2.10 behaviour of Cell state the tests use (issue #25): `_Buffer` (a Tensor that a
Cell's attribute makes a buffer), `state_dict`'s order (each Cell's Parameters, then its
buffers) and the four state-dict hooks; printed `label -> RESULT` as in used_names_probe.py.
tests/api/test_conformance_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe6.py \
        | grep -- " -> " > tests/goldens/api/conformance_probe6.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn
from mindspore.common.parameter import _Buffer


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


def values(d):
    return [float(v.asnumpy()[0]) for v in d.values()]


buffer = _Buffer(Tensor(np.array([1, 2, 3]).astype(np.float32)))
show("_Buffer", lambda: (type(buffer).__name__, isinstance(buffer, Tensor), buffer.persistent,
                         buffer.asnumpy().tolist()))
show("_Buffer of a list", lambda: _Buffer([1, 2]))
calls = []


class Sub(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(Tensor(np.array([1.0], np.float32)))
        self.b0 = _Buffer(Tensor(np.array([2.0], np.float32)))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.b1 = _Buffer(Tensor(np.array([6.0], np.float32)))
        self.b3 = _Buffer(Tensor(np.array([5.0], np.float32)), persistent=False)
        self.register_buffer("b2", Tensor(np.array([7.0], np.float32)))
        self.sub = Sub()
        self.p = ms.Parameter(Tensor(np.array([8.0], np.float32)))

    def construct(self, x):
        return x * self.p + self.b1 + self.sub.b0


net = Net()
show("buffer attribute", lambda: (type(net.b1).__name__, [k for k, _ in net.named_buffers()]))
show("buffers in a call", lambda: net(Tensor(np.array([1.0], np.float32))).asnumpy().tolist())
net.register_state_dict_pre_hook(
    lambda cell, prefix, keep_vars: calls.append(("pre", type(cell).__name__, prefix, keep_vars)))
net.sub.register_state_dict_pre_hook(
    lambda cell, prefix, keep_vars: calls.append(("pre", type(cell).__name__, prefix, keep_vars)))
net.register_state_dict_post_hook(
    lambda cell, sd, prefix, meta: calls.append(("post", type(cell).__name__, prefix, list(sd))))
handle = net.sub.register_state_dict_post_hook(
    lambda cell, sd, prefix, meta: calls.append(("post", type(cell).__name__, prefix, list(sd))))
sd = net.state_dict()
show("state_dict keys", lambda: list(sd))
show("state_dict hooks", lambda: calls)
calls.clear()
handle.remove()
net.state_dict()
show("state_dict hook removed", lambda: calls)
calls.clear()
net.register_load_state_dict_pre_hook(
    lambda cell, sd, prefix, meta, strict, missing, unexpected, errors: calls.append(
        ("load pre", type(cell).__name__, prefix, strict, list(missing), list(unexpected))))
net.register_load_state_dict_post_hook(
    lambda cell, keys: calls.append(("load post", type(cell).__name__, str(keys))))
show("load_state_dict", lambda: str(net.load_state_dict(
    {k: Tensor(np.array([3.0], np.float32)) for k in sd})))
show("load_state_dict hooks", lambda: calls)
show("loaded values", lambda: values(net.state_dict()))
calls.clear()
show("load_state_dict not strict", lambda: str(net.load_state_dict(
    {"p": Tensor(np.array([4.0], np.float32)), "extra": Tensor(np.array([1.0], np.float32))},
    strict=False)))
show("load_state_dict not strict hooks", lambda: calls)

# -- MaxUnpool1d/2d/3d, ops.max_unpool*, LPPool1d/2d ---------------------------------------------
from mindspore import ops  # noqa: E402


def rounded(f):
    def run():
        r = f()
        return np.round(r.asnumpy().astype(np.float64), 4).tolist() if isinstance(r, Tensor) else r
    return run


x1 = Tensor(np.array([[2, 4, 6, 8]]).astype(np.float32))
i1 = Tensor(np.array([[1, 3, 5, 7]]).astype(np.int64))
show("MaxUnpool1d", rounded(lambda: nn.MaxUnpool1d(2, 2, 0)(x1, i1)))
show("MaxUnpool1d output_size", rounded(lambda: nn.MaxUnpool1d(2)(x1, i1, (1, 9))))
show("MaxUnpool1d output_size list", rounded(lambda: nn.MaxUnpool1d(2)(x1, i1, [1, 8])))
show("MaxUnpool1d output_size empty", rounded(lambda: nn.MaxUnpool1d(2)(x1, i1, ())))
show("MaxUnpool1d repr", lambda: repr(nn.MaxUnpool1d(2)))
show("ops.max_unpool1d", rounded(lambda: ops.max_unpool1d(x1, i1, 2, stride=2, padding=0)))
x3 = Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))
i3 = Tensor(np.array([0, 3, 10, 21, 40, 45, 58, 63]).reshape(1, 1, 2, 2, 2).astype(np.int64))
show("MaxUnpool3d", rounded(lambda: nn.MaxUnpool3d(2, 2)(x3, i3)))
show("ops.max_unpool3d", rounded(lambda: ops.max_unpool3d(x3, i3, 2, 2, 0, (1, 1, 4, 4, 4))))
x2 = Tensor(np.array([[[[1.0, 2.0]]]], np.float32))
i2 = Tensor(np.array([[[[1, 2]]]], np.int64))
show("ops.max_unpool2d", rounded(lambda: ops.max_unpool2d(x2, i2, 1, 1, 0, (1, 1, 1, 3))))
show("ops.max_unpool2d output_size out of range",
     rounded(lambda: ops.max_unpool2d(x2, i2, 1, 1, 0, (1, 1, 2, 2))))
xl = Tensor(np.arange(2 * 3 * 4).reshape((2, 3, 4)), ms.float32)
show("LPPool1d", rounded(lambda: nn.LPPool1d(norm_type=1, kernel_size=3, stride=1)(xl)))
show("LPPool1d p2 ceil", rounded(lambda: nn.LPPool1d(norm_type=2, kernel_size=3, stride=2,
                                                     ceil_mode=True)(xl)))
x4 = Tensor(np.arange(2 * 3 * 4 * 5).reshape((2, 3, 4, 5)), ms.float32)
show("LPPool2d", rounded(lambda: nn.LPPool2d(norm_type=2, kernel_size=(2, 3), stride=1)(x4)))
show("LPPool1d repr", lambda: repr(nn.LPPool1d(1, 3)))
show("LPPool1d bad norm", lambda: nn.LPPool1d(norm_type="a", kernel_size=3)(xl))

# -- nn.CTCLoss on log-probabilities as given (not normalised), and its gradient -----------------
from mindspore import dtype as mstype  # noqa: E402

ctc_inputs = Tensor(np.arange(10 * 2 * 4).reshape((10, 2, 4)) / 10.0, mstype.float32)
ctc_targets = Tensor(np.array([[1, 2, 3], [2, 2, 1]]), mstype.int32)
ctc_in_lengths = Tensor(np.array([10, 7]), mstype.int32)
ctc_target_lengths = Tensor(np.array([3, 2]), mstype.int32)
for reduction in ("none", "mean", "sum"):
    show(f"CTCLoss {reduction}", rounded(lambda: nn.CTCLoss(blank=0, reduction=reduction)(
        ctc_inputs, ctc_targets, ctc_in_lengths, ctc_target_lengths)))
show("CTCLoss gradient", lambda: [float(f"{v:.4g}") for v in ms.grad(
    lambda x: nn.CTCLoss(blank=0, reduction="sum")(x, ctc_targets, ctc_in_lengths,
                                                   ctc_target_lengths))(ctc_inputs).asnumpy().reshape(-1)])
