"""`len` of a dynamic-length `mutable` sequence in a jit function is a variable of the graph
(`ops.isconstant` False) with the sequence's length as its value; a fixed-length one's is a
constant. Golden: tests/goldens/compiler/dynamic_sequence_len.txt (MindSpore 2.10)."""
import mindspore as ms
from mindspore import Tensor, jit, mutable
from mindspore.ops import functional as F

ms.set_context(mode=ms.GRAPH_MODE)


@jit
def made_inside():
    x = mutable((Tensor([1]), Tensor([2])), True)
    y = mutable((Tensor([1]), Tensor([2])))
    return F.isconstant(len(x)), F.isconstant(len(y)), F.isconstant(len((1, 2)))


@jit
def length_returned():
    x = mutable((Tensor([1]), Tensor([2]), Tensor([3])), True)
    n = len(x)
    return n, n + 1, F.isconstant(n)


@jit
def argument(x):
    return F.isconstant(len(x)), len(x)


print("made inside ->", made_inside())
print("length returned ->", length_returned())
print("dynamic argument ->", argument(mutable([Tensor([1]), Tensor([2])], True)))
print("fixed argument ->", argument(mutable([Tensor([1]), Tensor([2])])))
