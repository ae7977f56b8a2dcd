"""MindSpore 2.10 `lazy_inline`: what the decorator records (`cell_init_args`, `no_inline`), its
errors, and calls of a lazy_inline stack eagerly and compiled. One `label -> result` line per case.
On CPU MindSpore's compiler rejects a compiled call of a lazy_inline Cell; msjax runs it (the
tests compare those cases with the same stack without the decorator).

Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/lazy_inline_probe.py | grep -- "->" > tests/goldens/transforms/lazy_inline_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 4).tolist()}"
    if isinstance(v, (tuple, list)):
        return type(v).__name__ + "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        print(label, "->", desc(f()))
    except Exception as e:
        print(label, "-> ERR", type(e).__name__, "|", str(e).split("\n")[0][:100])


class Block(nn.Cell):
    @ms.lazy_inline
    def __init__(self, d, scale=2.0, name="b"):
        super().__init__()
        self.d = d
        self.dense = nn.Dense(d, d, weight_init="ones", bias_init="zeros")
        self.scale = scale

    def construct(self, x):
        return ops.tanh(self.dense(x)) * self.scale


class Chosen(nn.Cell):
    @ms.lazy_inline(attrs=["d", "missing", "scale"])
    def __init__(self, d, scale):
        super().__init__()
        self.d, self.scale = d, scale


class OneAttr(nn.Cell):
    @ms.lazy_inline(attrs="d")
    def __init__(self, d):
        super().__init__()
        self.d = d


class Front(nn.Cell):
    @ms.lazy_inline(policy="front")
    def __init__(self):
        super().__init__()


show("init_args positional", lambda: Block(3).cell_init_args)
show("init_args keyword", lambda: Block(3, scale=0.5).cell_init_args)
show("init_args all", lambda: Block(3, 1.0, "x").cell_init_args)
show("init_args attrs list", lambda: Chosen(4, 0.25).cell_init_args)
show("init_args attrs str", lambda: OneAttr(5).cell_init_args)
show("no_inline default", lambda: getattr(Block(3), "no_inline", "unset"))
show("no_inline front", lambda: Front().no_inline)
show("init_args front", lambda: Front().cell_init_args)


def bad_policy():
    class Bad(nn.Cell):
        @ms.lazy_inline(policy="back")
        def __init__(self):
            super().__init__()
    return Bad()


def bad_attrs_type():
    class Bad(nn.Cell):
        @ms.lazy_inline(attrs=3)
        def __init__(self):
            super().__init__()
    return Bad()


def bad_attrs_item():
    class Bad(nn.Cell):
        @ms.lazy_inline(attrs=["a", 1])
        def __init__(self):
            super().__init__()
            self.a = 1
    return Bad()


def on_method():
    class Bad(nn.Cell):
        @ms.lazy_inline
        def build(self):
            pass
    return Bad


show("error policy", bad_policy)
show("error attrs type", bad_attrs_type)
show("error attrs item", bad_attrs_item)
show("error not init", lambda: on_method().__name__)


class Stack(nn.Cell):
    def __init__(self, n):
        super().__init__()
        self.blocks = nn.CellList([Block(3, scale=0.5 + 0.25 * i) for i in range(n)])

    def construct(self, x):
        for i in range(len(self.blocks)):
            x = self.blocks[i](x)
        return x


x = Tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3))
stack = Stack(4)
show("pynative stack", lambda: stack(x))
show("pynative grad", lambda: ms.grad(stack, None, stack.trainable_params())(x)[:2])
show("jit stack", lambda: ms.jit(stack.construct)(x))
