"""MindSpore 2.10's mindspore.enable_dynamic (its declaration checks, and each call's check of the
declared arguments, on functions, tuples of Tensors and a Cell's jit method) and the names
MindSpore's modules take from Python (`absolute_import`, `reduce`), run_check, get_log_config and
reset_ps_context, printed `label -> RESULT`; tests/api/test_miss18_top_level.py runs it unchanged
on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/miss18_top_level_probe.py \
        | grep -- " -> " > tests/goldens/api/miss18_top_level_probe.out
"""
import __future__
import functools

import numpy as np
import mindspore as ms
from mindspore import jit, mutable, nn, ops, Tensor
from mindspore import numpy as mnp
from mindspore.common import initializer

def show(label, f):
    try:
        out = repr(f()).replace("\n", "\\n")
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")] or [""]
        out = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {out}")

ones = lambda *shape, dtype=np.float32: Tensor(np.ones(shape, dtype))  # noqa: E731

@ms.enable_dynamic(a=Tensor(shape=[None], dtype=ms.float32))
@jit
def double(a):
    return a * 2

@ms.enable_dynamic(a=Tensor(shape=[None, 2], dtype=ms.float32))
@jit
def column_sums(a):
    return a.sum(0)

@ms.enable_dynamic(b=Tensor(shape=None, dtype=ms.float32))
@jit
def shifted(a, b):
    return a + b.sum()

@ms.enable_dynamic(a=[Tensor(shape=None, dtype=ms.float32), Tensor(shape=[None], dtype=ms.float32)])
@jit
def pair_sum(a):
    return a[0].sum() + a[1].sum()

class Net(nn.Cell):
    @ms.enable_dynamic(x=Tensor(shape=[None], dtype=ms.float32))
    @jit
    def construct(self, x):
        return x + 1

def plain(a):
    return a

show("double", lambda: (double(ones(2)), double(ones(4))))
show("double rank", lambda: double(ones(2, 2)))
show("double dtype", lambda: double(ones(2, dtype=np.int32)))
show("double scalar", lambda: double(3.0))
show("column_sums", lambda: column_sums(ones(5, 2)))
show("column_sums dim", lambda: column_sums(ones(2, 3)))
show("shifted any rank", lambda: shifted(Tensor(1.0), ones(2, 2, 2)))
show("shifted dtype", lambda: shifted(Tensor(1.0), ones(2, dtype=np.int32)))
show("shifted keyword", lambda: shifted(Tensor(1.0), b=ones(2, dtype=np.int32)))
show("pair_sum", lambda: pair_sum(mutable([ones(2, 3), ones(4)])))
show("pair_sum tuple", lambda: pair_sum(mutable((ones(2, 3), ones(4)))))
show("pair_sum list", lambda: pair_sum([ones(2, 3), ones(4)]))
show("pair_sum short", lambda: pair_sum(mutable([ones(2, 3)])))
show("pair_sum element", lambda: pair_sum(mutable([ones(2, 3), ones(4, 1)])))
show("Cell method", lambda: (Net()(ones(3)), Net()(ones(5))))
show("Cell method dtype", lambda: Net()(ones(3, dtype=np.float16)))
show("plain returned", lambda: ms.enable_dynamic(a=Tensor(shape=[None], dtype=ms.float32))(plain)
     is plain)
show("plain declaration", lambda: {k: (n, t.shape, t.dtype) for k, (n, t) in
                                   plain.__enable_dynamic__.items()})
show("plain call", lambda: plain(ones(2, 2)))
show("empty", lambda: ms.enable_dynamic())
show("not a Tensor", lambda: ms.enable_dynamic(a=3))
show("tuple with an int", lambda: ms.enable_dynamic(a=(Tensor(shape=[2], dtype=ms.float32), 1)))
show("static shape", lambda: ms.enable_dynamic(a=Tensor(shape=[2], dtype=ms.float32)))
show("static tuple", lambda: ms.enable_dynamic(a=(Tensor(shape=[2], dtype=ms.float32),)))
show("zero dimension", lambda: ms.enable_dynamic(a=Tensor(shape=[None, 0], dtype=ms.float32)))
show("class", lambda: ms.enable_dynamic(a=Tensor(shape=[None], dtype=ms.float32))(int))
show("too many", lambda: ms.enable_dynamic(a=Tensor(shape=[None], dtype=ms.float32),
                                           b=Tensor(shape=[None], dtype=ms.float32))(plain))
show("unknown name", lambda: ms.enable_dynamic(b=Tensor(shape=[None], dtype=ms.float32))(plain))

for module_name, feature in (("mindspore", ms.absolute_import), ("ops", ops.absolute_import),
                             ("nn", nn.absolute_import), ("numpy", mnp.absolute_import),
                             ("initializer", initializer.absolute_import)):
    show(f"{module_name}.absolute_import", lambda: (feature,
                                                    feature is __future__.absolute_import))
show("initializer.reduce", lambda: initializer.reduce is functools.reduce)
show("run_check", lambda: ms.run_check())
show("get_log_config", lambda: sorted(ms.get_log_config()))
show("reset_ps_context", lambda: ms.reset_ps_context())
