"""A while loop on a tensor whose Int64 carry adds a differentiated Int64 input, under ops.grad
(called directly and inside a jit function): MindSpore 2.10 differentiates it in Int64 (the
trip count, 9). Golden: tests/goldens/transforms/integer_loop_grad.txt."""
import mindspore as ms
from mindspore import Tensor, jit, ops


@jit
def loop(x):
    i = 1
    j = Tensor([1])
    while j < 10:
        j = j + x
        i = i + 2
    return j


@jit
def grad_in_jit(x):
    return ops.grad(loop)(x)


for label, call in [("loop", lambda: loop(Tensor([1]))),
                    ("grad", lambda: ops.grad(loop)(Tensor([1]))),
                    ("grad in jit", lambda: grad_in_jit(Tensor([1]))),
                    ("grad of step 2", lambda: ops.grad(loop)(Tensor([2])))]:
    try:
        r = call()
        print(label, "->", r.dtype, r)
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).split("\n")[0])
