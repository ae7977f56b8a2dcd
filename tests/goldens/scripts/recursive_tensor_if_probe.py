"""MindSpore 2.10's `jit` of a function that calls itself under an `if` on a tensor (a recursion
only the tensor's value ends: MindSpore compiles a recursive graph; msjax runs that call
signature eagerly, with a GraphFallbackWarning); printed `label -> RESULT`;
tests/transforms/test_control_flow.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/recursive_tensor_if_probe.py \
        | grep -- " -> " > tests/goldens/transforms/recursive_tensor_if_probe.out
"""
from mindspore import Tensor, jit


def count_up(x, limit):
    if x > limit:
        return x
    x = x + 1
    return count_up(x, limit)


@jit
def from_zero(limit):
    return count_up(Tensor([0]), limit)


print("count up to 2 ->", from_zero(Tensor(2)))
print("count up to 5 ->", from_zero(Tensor(5)))
print("count from 7 ->", jit(count_up)(Tensor([7]), Tensor(3)))
