"""MindSpore 2.10's graph mode formatting a Cell: `str.format` with a Cell argument is refused (a
Cell is a dead node to the Python primitive that formats), an f-string shows "DeadNode" (for a function or method too), and a
Cell's attributes, `str(cell)`, `%` and `type(cell)` format as in Python; printed
`label -> RESULT`; tests/transforms/test_graph_str_format.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_cell_format_probe.py \
        | grep -- " -> " > tests/goldens/transforms/graph_cell_format_probe.out
"""
import mindspore as ms
from mindspore import nn, jit, Tensor
ms.set_context(mode=ms.GRAPH_MODE)
class Sub(nn.Cell):
    def __init__(self, x):
        super().__init__(); self.x = x
    def construct(self):
        return self.x
def show(label, f):
    try:
        print(label, "->", repr(f()))
    except Exception as e:
        print(label, "-> ERR", type(e).__name__, "|", str(e).split("\n")[0][:200])
class A(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return "v {0.x}".format(self.s)
class B(nn.Cell):
    def construct(self):
        s = Sub(5)
        return "v {0.x}".format(s)
class C(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return "v {}".format(self.s.x)
class D(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return f"v {self.s.x}"
class E(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return str(self.s)
class F(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return "v {}".format(self.s)
class G(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return "v %s" % (self.s,)
class H(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return "v {x}".format(x=self.s)
class I(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return f"v {self.s}"
class J(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return len([self.s])
class K(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return isinstance(self.s, nn.Cell)
class L(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return "v {0}".format(type(self.s))
def helper(x):
    return x
class M(nn.Cell):
    def __init__(self):
        super().__init__(); self.s = Sub(5)
    def construct(self):
        return f"fn {helper}, method {self.s.construct}"
@jit
def fj():
    s = Sub(5)
    return "v {0.x}".format(s)
for cls in (A, B, C, D, E, F, G, H, I, J, K, L, M):  # noqa: E741
    show(cls.__name__, lambda: cls()())  # noqa: B023 (called at once)
show("jit", fj)
