"""MindSpore 2.10's scopes after `Cell.recompute()`: the Cell and every Cell under it get the
prefix 'recompute_' (once), before or after `generate_scope`, whatever the keywords; printed
`label -> RESULT`; tests/nn/test_cell_scope.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/recompute_scope_probe.py \
        | grep -- " -> " > tests/goldens/nn/recompute_scope_probe.out
"""
from mindspore import nn


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.d = nn.Dense(2, 2)

    def construct(self, x):
        return self.d(x)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Inner()
        self.b = nn.ReLU()

    def construct(self, x):
        return self.b(self.a(x))


n = Net()
n.a.recompute()
print("after ->", repr(n.a.get_scope()), repr(n.a.d.get_scope()), repr(n.b.get_scope()),
      repr(n.get_scope()))
n.a.recompute()
print("twice ->", repr(n.a.get_scope()), repr(n.a.d.get_scope()))
n.generate_scope()
print("generated after ->", repr(n.a.get_scope()), repr(n.a.d.get_scope()), repr(n.b.get_scope()))
m = Net()
m.generate_scope()
m.a.recompute()
print("recomputed after ->", repr(m.a.get_scope()), repr(m.a.d.get_scope()), repr(m.b.get_scope()))
m.a.recompute()
print("recomputed twice after ->", repr(m.a.get_scope()))
for keyword in ("mp_comm_recompute", "parallel_optimizer_comm_recompute"):
    for value in (True, False):
        k = Net()
        k.a.recompute(**{keyword: value})
        print(keyword, value, "->", repr(k.a.get_scope()), repr(k.a.d.get_scope()))
k = Net()
k.recompute()
print("top ->", repr(k.get_scope()), repr(k.a.get_scope()), repr(k.a.d.get_scope()), repr(k.b.get_scope()))
