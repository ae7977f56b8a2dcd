"""MindSpore 2.10's inner Primitives `SameTypeShape`, `IsSubClass` and `AntiQuant`
(`ops.operations._inner_ops`): results, checks and messages, keyword calls in each mode.
Printed `label -> RESULT`; tests/ops/test_inner_checks.py runs it unchanged on msjax.
(AntiQuant's values: MindSpore 2.10 has no CPU kernel for it; the test checks them against
NumPy.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/inner_checks_probe.py \
        | grep -- " -> " > tests/goldens/ops/inner_checks_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.ops.operations._inner_ops import AntiQuant, IsSubClass, SameTypeShape


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, out.asnumpy().tolist())
        print(label, "->", out)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


x = Tensor(np.ones([3, 4]).astype(np.float32))
show("SameTypeShape", lambda: SameTypeShape()(x, x))
show("SameTypeShape is x", lambda: SameTypeShape()(x, x + 1) is x)
show("SameTypeShape scalar x", lambda: SameTypeShape()(5.0, x))
show("SameTypeShape scalar y", lambda: SameTypeShape()(x, 5.0))
show("SameTypeShape dtype", lambda: SameTypeShape()(x, x.astype(ms.int32)))
show("SameTypeShape shape", lambda: SameTypeShape()(x, Tensor(np.ones([3, 3], np.float32))))
show("SameTypeShape rank", lambda: SameTypeShape()(x, Tensor(np.ones([3], np.float32))))
show("SameTypeShape repr", lambda: repr(SameTypeShape()))
show("IsSubClass int32 intc", lambda: IsSubClass()(ms.int32, ms.intc))
show("IsSubClass int32 float_", lambda: IsSubClass()(ms.int32, ms.float_))
show("IsSubClass float32 number", lambda: IsSubClass()(ms.float32, ms.number))
show("IsSubClass tensor", lambda: IsSubClass()(ms.TensorType(ms.float32), ms.tensor_type))
show("IsSubClass None", lambda: IsSubClass()(None, ms.number))
show("IsSubClass None 2", lambda: IsSubClass()(ms.number, None))
show("IsSubClass repr", lambda: repr(IsSubClass()))
int8 = Tensor([50.0, 20.0], ms.int8)
scale, offset = Tensor([2.0], ms.float16), Tensor([1.0], ms.float16)
show("AntiQuant repr", lambda: repr(AntiQuant()))
show("AntiQuant bad sqrt_mode", lambda: AntiQuant(1))
show("AntiQuant int32", lambda: AntiQuant()(Tensor([5, 2], ms.int32), scale, offset))
show("AntiQuant keywords", lambda: AntiQuant()(x=int8, scale=scale, offset=offset))


def keywords_in_graph(data, s, o):
    return AntiQuant()(x=data, scale=s, offset=o)


show("AntiQuant keywords jit", lambda: ms.jit(keywords_in_graph)(int8, 1.0, 2.0))
