"""ops.Assert as MindSpore 2.10 (CPU) runs and checks it.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16b_assert_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16b_assert_probe.out
"""
import inspect
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.ops import operations as P
ms.set_context(pynative_synchronize=True)
print("sig ->", inspect.signature(P.Assert.__init__))
print("repr ->", P.Assert(), P.Assert(10))
a = Tensor(np.array([1.0, -1.0, 2.5], np.float32)); d = Tensor(np.array([4, -4], np.int16))
def show(label, f):
    try:
        print(label, "->", repr(f()))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0])
show("true", lambda: P.Assert(10)(True, [a, d]))
show("false", lambda: P.Assert(10)(False, [a, d]))
show("false summarize 2", lambda: P.Assert(2)(False, [a, d]))
show("tensor false", lambda: P.Assert(3)(Tensor(False), (a,)))
show("tensor true", lambda: P.Assert(3)(Tensor(np.array([True])), (a,)))
show("summarize float", lambda: P.Assert(1.5))
show("cond int", lambda: P.Assert(3)(1, [a]))
