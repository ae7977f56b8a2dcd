"""MindSpore 2.10's parser folds an `if` whose line ends in `# @jit.cond: True` / `False` to that
branch in compiled code, whatever its condition; without `jit` the comment is only a comment.
Printed `label -> result`; tests/transforms/test_control_flow_join.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/jit_cond_comment_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/jit_cond_comment_probe.out
"""
import mindspore as ms
from mindspore import jit, Tensor


def plain_true(x):
    if x == 2:  # @jit.cond: True
        return 1
    return 0


def plain_false(x):
    if x == 2:  # @jit.cond: False
        return 1
    return 0


def false_on_a_python_number(x, n):
    if n == 2:  # @jit.cond: False
        return x + 1
    return x - 1


print("jit, True comment, condition true ->", jit(plain_true)(Tensor(2)))
print("jit, True comment, condition false ->", jit(plain_true)(Tensor(3)))
print("jit, False comment, condition true ->", jit(plain_false)(Tensor(2)))
print("jit, False comment on a Python number ->", jit(false_on_a_python_number)(Tensor(5), 2))
print("eager, False comment, condition true ->", plain_false(Tensor(2)))
