"""MindSpore 2.10 vmap behaviours and errors, one line per case: `label -> repr` or `label -> ERR Type | message`.

Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/vmap_probe.py | grep -- "->" > tests/goldens/transforms/vmap_probe.out
"""
import mindspore as ms, numpy as np
from mindspore import ops, Tensor, nn
x = Tensor(np.ones((2,3), np.float32)); y = Tensor(np.ones((3,3), np.float32))
def show(label, f):
    try: r = f(); print(label, '->', repr(r).replace('\n',' '))
    except Exception as e: print(label, '-> ERR', type(e).__name__, '|', str(e).split('\n')[0][:400])
def _f1(a):
    return a*2
show('str axis', lambda: ms.vmap(_f1, in_axes=('a',))(x))
def _f2(a, n):
    return a*n
show('scalar int axis', lambda: ms.vmap(_f2, in_axes=(0, 0))(x, 3))
def _f3(a):
    return a*2
show('float axis', lambda: ms.vmap(_f3, in_axes=(0.5,))(x))
def _f4(a, b):
    return a+b[0]
show('mismatch', lambda: ms.vmap(_f4)(x, y))
def _f5(a, b):
    return a+b
show('allnone', lambda: ms.vmap(_f5, in_axes=(None, None))(x, x))
def _f6(a):
    return a
show('single none', lambda: ms.vmap(_f6, in_axes=None)(x))
def _f7(a):
    return a
show('oob', lambda: ms.vmap(_f7, in_axes=2)(x))
def _f8(a):
    return a
show('oob neg', lambda: ms.vmap(_f8, in_axes=-3)(x))
def _f9(a):
    return a
show('out oob', lambda: ms.vmap(_f9, out_axes=3)(x))
def _f10(a):
    return a
show('out none batched', lambda: ms.vmap(_f10, out_axes=None)(x))
def _f11(a, b):
    return a+b
show('in len', lambda: ms.vmap(_f11, in_axes=(0,0,0))(x, x))
def _f12(a):
    return (a, a)
show('out len', lambda: ms.vmap(_f12, out_axes=(0,0,0))(x))
def _f13(a, b, c):
    return a
show('argc', lambda: ms.vmap(_f13)(x, x))
def _f14(a, b=1):
    return a
show('kwargs', lambda: ms.vmap(_f14)(x, b=x))
def _f15(a):
    return 5
show('const out', lambda: ms.vmap(_f15)(x))
def _f16(a):
    return [a, a]
show('list out', lambda: ms.vmap(_f16)(x))
def _f17(a):
    return (a, Tensor(1.0))
show('out none unbatched', lambda: ms.vmap(_f17, out_axes=(0, None))(x))
def _f18(a):
    return a
show('neg in', lambda: ms.vmap(_f18, in_axes=-1)(x))
def _f19(a, b):
    return a
show('0d oob', lambda: ms.vmap(_f19, in_axes=(0, 0))(x, Tensor(1.0)))
p = ms.Parameter(Tensor(np.zeros(3, np.float32)), name='p')
def f(a):
    ops.assign(p, a)
    return a
show('assign batched', lambda: ms.vmap(f)(x))
class A(nn.Cell):
    def __init__(self):
        super().__init__(); self.w = ms.Parameter(Tensor(np.ones(3, np.float32)), name='w')
    def construct(self, a): return a * self.w
class B(nn.Cell):
    def __init__(self):
        super().__init__(); self.w = ms.Parameter(Tensor(np.ones(4, np.float32)), name='w')
    def construct(self, a): return a.sum() * self.w.sum()
class C(nn.Cell):
    def __init__(self):
        super().__init__(); self.z = ms.Parameter(Tensor(np.ones(3, np.float32)), name='z')
    def construct(self, a): return a * self.z
class D(nn.Cell):
    def __init__(self):
        super().__init__(); self.w = ms.Parameter(Tensor(np.ones(3, np.float32)), name='w'); self.v = ms.Parameter(Tensor(np.ones(3, np.float32)), name='v')
    def construct(self, a): return a * self.w * self.v
class E(nn.Cell):
    def __init__(self):
        super().__init__(); self.w = ms.Parameter(Tensor(np.ones(3, np.int32)), name='w')
    def construct(self, a): return a * self.w
show('celllist 1', lambda: ms.vmap(nn.CellList([A()]), in_axes=None)(x[0]))
show('celllist shape', lambda: ms.vmap(nn.CellList([A(), B()]), in_axes=None)(x[0]))
show('celllist name', lambda: ms.vmap(nn.CellList([A(), C()]), in_axes=None)(x[0]))
show('celllist count', lambda: ms.vmap(nn.CellList([A(), D()]), in_axes=None)(x[0]))
show('celllist dtype', lambda: ms.vmap(nn.CellList([A(), E()]), in_axes=None)(x[0]))
show('celllist axis size', lambda: ms.vmap(nn.CellList([A(), A(), A()]), in_axes=0)(x))
show('celllist ok none', lambda: ms.vmap(nn.CellList([A(), A(), A()]), in_axes=None)(x[0]))
show('cell no input', lambda: ms.vmap(nn.ReLU())())
show('prim', lambda: ms.vmap(ops.Add())(x, x))
class S(nn.Cell):
    def __init__(self, scale):
        super().__init__(); self.scale = scale; self.w = ms.Parameter(Tensor(np.ones(3, np.float32)), name='w')
    def construct(self, a): return a * self.w * self.scale
show('celllist python attribute', lambda: ms.vmap(nn.CellList([S(1.0), S(10.0), S(100.0)]), in_axes=None)(x[0]))
show('celllist python attribute mapped', lambda: ms.vmap(nn.CellList([S(2.0), S(3.0)]), in_axes=0)(x))
