"""Gradients through Assign, AssignAdd and AssignSub of a Parameter (MindSpore 2.10, both
modes): a read after a write passes its cotangent to the Parameter, not to the value written;
Assign's output passes it to the variable, AssignAdd's/AssignSub's to both. Golden:
tests/goldens/api/assign_grad_probe.out."""
import mindspore as ms
from mindspore import nn, ops, Parameter, Tensor
from mindspore.ops import operations as P
from mindspore.common import dtype as mstype


class Net(nn.Cell):
    def __init__(self, case):
        super().__init__()
        self.case = case
        self.p = Parameter(Tensor([0., 1., 2.], mstype.float32), name='p')

    def construct(self, x):
        c = self.case
        if c == "read_after":
            y = x * 2
            P.Assign()(self.p, y)
            return self.p + y
        if c == "assign_output":
            return P.Assign()(self.p, x * 2) * 3
        if c == "read_after_times":
            P.Assign()(self.p, x * 2)
            return self.p * 3
        if c == "assign_add_read":
            P.AssignAdd()(self.p, x * 2)
            return self.p * 3
        if c == "assign_add_output":
            return P.AssignAdd()(self.p, x * 2) * 3
        if c == "assign_sub_read":
            P.AssignSub()(self.p, x * 2)
            return self.p * 3
        if c == "assign_sub_output":
            return P.AssignSub()(self.p, x * 2) * 3
        if c == "functional":
            ops.assign(self.p, x * 2)
            return self.p * x
        if c == "twice":
            ops.assign(self.p, x * 2)
            ops.assign(self.p, self.p * x)
            return self.p * x
        if c == "read_before_and_after":
            a = self.p * x
            ops.assign(self.p, x * 2)
            return a + self.p * x
        return x


class AssignNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.assign = P.Assign()
        self.ref_a = Parameter(Tensor([0, 1, 2], mstype.float32), name='ref_a')

    def construct(self, replace_tensor):
        replace_tensor = replace_tensor * 2
        self.assign(self.ref_a, replace_tensor)
        return self.ref_a + replace_tensor


CASES = ["read_after", "assign_output", "read_after_times", "assign_add_read",
         "assign_add_output", "assign_sub_read", "assign_sub_output", "functional", "twice",
         "read_before_and_after"]
for mode, name in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    ms.set_context(mode=mode)
    for case in CASES:
        net = Net(case)
        x = Tensor([1., 2., 3.], mstype.float32)
        try:
            gx, gw = ops.grad(net, grad_position=0, weights=net.trainable_params())(x)
            print(f"{name} {case} ->", "dx", gx.asnumpy().tolist(), "dp", gw[0].asnumpy().tolist(),
                  "p", net.p.asnumpy().tolist())
        except Exception as e:  # the error a case raises is its result
            print(f"{name} {case} ->", type(e).__name__, str(e).split("\n")[0][:200])
    cells = nn.CellList([AssignNet(), AssignNet(), AssignNet()])
    xs = Tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]], mstype.float32)
    print(f"{name} vmap of a CellList ->", ops.grad(ops.vmap(cells))(xs).asnumpy().tolist())
    large = Parameter(Tensor([1e8, -3e7], mstype.float32), name='large')

    def write_and_read(v):
        ops.assign(large, v)
        return large * 1.0

    out = ops.grad(write_and_read)(Tensor([1.0, 0.1], mstype.float32))
    print(f"{name} value written exactly ->", out.asnumpy().tolist(), large.asnumpy().tolist())
