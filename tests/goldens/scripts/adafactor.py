"""MindSpore 2.10's `nn.AdaFactor` (issue #25: MindSpore's test_fused_adafactor trains LeNet with
it): three steps of each configuration (relative step, manual rate, first moment, weight decay,
warm-up), the state Parameters' names, the argument checks. Printed `label -> RESULT`;
tests/nn/test_adafactor.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/adafactor.py \
        | grep -- " -> " > tests/goldens/nn/adafactor.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, Parameter, ops
def show(label, f):
    try:
        r = f()
        print(label, "->", repr(r).replace("\n", "\\n")[:500])
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:200])
def run(**kw):
    w = Parameter(Tensor(np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], np.float32)), name="w")
    b = Parameter(Tensor(np.array([0.1, -0.2], np.float32)), name="b")
    opt = nn.AdaFactor([w, b], **kw)
    g = (Tensor(np.array([[0.3, -0.1, 0.2], [0.05, 0.4, -0.6]], np.float32)), Tensor(np.array([0.2, -0.5], np.float32)))
    for _ in range(3):
        opt(g)
    return np.round(w.asnumpy(), 5).tolist(), np.round(b.asnumpy(), 5).tolist(), [p.name for p in opt.get_parameters()] if hasattr(opt, "get_parameters") else None
show("default", lambda: run())
show("lr no scale no relative beta1 0", lambda: run(learning_rate=0.01, scale_parameter=False, relative_step=False, beta1=0))
show("lr relative False beta1 0.9", lambda: run(learning_rate=0.05, relative_step=False))
show("weight decay", lambda: run(learning_rate=0.05, relative_step=False, weight_decay=0.1, beta1=0))
show("warmup", lambda: run(warmup_init=True))
show("err lr relative", lambda: nn.AdaFactor([Parameter(Tensor([1.0]), name="q")], learning_rate=0.1))
show("err warmup", lambda: nn.AdaFactor([Parameter(Tensor([1.0]), name="q")], learning_rate=0.1, relative_step=False, warmup_init=True))
show("err eps", lambda: nn.AdaFactor([Parameter(Tensor([1.0]), name="q")], eps=(1e-30,)))
show("err decay", lambda: nn.AdaFactor([Parameter(Tensor([1.0]), name="q")], decay_rate=1.5))
ms.set_context(mode=ms.GRAPH_MODE)
show("graph mode", lambda: run(learning_rate=0.01, scale_parameter=False, relative_step=False, beta1=0))
ms.set_context(mode=ms.PYNATIVE_MODE)
