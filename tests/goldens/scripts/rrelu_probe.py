"""MindSpore 2.10 behaviour of nn.RReLU: its argument checks, repr, parameters and what it
leaves of positive inputs (its negative slopes are random: tests/nn/test_rrelu.py checks their
range); printed `label -> RESULT`. tests/nn/test_rrelu.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/rrelu_probe.py \\
        | grep -- " -> " > tests/goldens/nn/rrelu_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        out = f"ERR {type(e).__name__} | {str(e).splitlines()[0] if str(e) else ''}"
    print(f"{label} -> {out}".replace("\n", "\\n"))


for label, args in [("str", ("-1", "-1")), ("lower > upper", (0.9, 0.1)), ("bool", (True, 1)),
                    ("ints", (0, 1)), ("equal", (0.2, 0.2)), ("None", (None, 0.5))]:
    show(f"RReLU {label}", lambda: repr(nn.RReLU(*args)))
net = nn.RReLU(0.2, 0.2)
show("lower", lambda: net.lower)
show("upper", lambda: net.upper)
x = Tensor(np.array([[-1.0, 2.0], [-3.0, 0.0]], np.float32))
show("fixed slope", lambda: net(x))
show("positive float16", lambda: nn.RReLU()(Tensor(np.array([1.0, 2.5], np.float16))))
show("not a tensor", lambda: nn.RReLU()(np.array([1.0])))
ms.set_context(mode=ms.GRAPH_MODE)
show("graph fixed slope", lambda: nn.RReLU(0.5, 0.5)(x))
