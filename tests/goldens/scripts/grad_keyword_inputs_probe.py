"""MindSpore 2.10: GradOperation's inputs are the positional arguments, then the Tensors given by
keyword (in their order; other keyword values get no gradient), in GRAPH_MODE and PyNative.
Printed `label -> result`; tests/transforms/test_grad_keyword_inputs.py runs it unchanged.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/grad_keyword_inputs_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/grad_keyword_inputs_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, context

def show(label, f):
    try:
        r = f()
        def fmt(v):
            if isinstance(v, (tuple, list)): return [fmt(x) for x in v]
            if isinstance(v, Tensor): return v.asnumpy().tolist()
            return repr(v)
        print(label, "->", fmt(r))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "->", "ERR", type(e).__name__, "|", str(e).splitlines()[0][:200])

class KwOnly(nn.Cell):
    def construct(self, **kwargs):
        return kwargs["a"] * 2 + kwargs["b"] * 3
class Mixed(nn.Cell):
    def construct(self, x, *, a, b):
        return x * 5 + a * 2 + b * 3
class G(nn.Cell):
    def __init__(self, net, **kw):
        super().__init__()
        self.net = net
        self.g = ops.GradOperation(**kw)
    def construct(self, *args, **kwargs):
        return self.g(self.net)(*args, **kwargs)

for mode in ("GRAPH_MODE", "PYNATIVE_MODE"):
    context.set_context(mode=getattr(context, mode))
    t = lambda v: Tensor(np.array([v], np.float32))
    show(f"{mode} kwonly get_all", lambda: G(KwOnly(), get_all=True)(a=t(1), b=t(2), c=3))
    show(f"{mode} kwonly first", lambda: G(KwOnly())(a=t(1), b=t(2)))
    show(f"{mode} mixed get_all", lambda: G(Mixed(), get_all=True)(t(1), a=t(1), b=t(2)))
    show(f"{mode} mixed first", lambda: G(Mixed())(t(1), a=t(1), b=t(2)))
    show(f"{mode} direct kwonly get_all", lambda: ops.GradOperation(get_all=True)(KwOnly())(a=t(1), b=t(2)))
