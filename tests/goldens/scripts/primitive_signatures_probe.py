"""The Primitives of MindSpore 2.10's `mindspore.ops.operations` that have a
`__mindspore_signature__` (graph mode checks their inputs against it); printed `label -> RESULT`;
tests/ops/test_primitive_arity.py compares msjax's `primitive_arity.SIGNATURE_PRIMITIVES`.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/primitive_signatures_probe.py \
        | grep -- " -> " > tests/goldens/ops/primitive_signatures_probe.out
"""
import inspect
import mindspore.ops.operations as P
from mindspore.ops.primitive import Primitive
have, without = [], []
for name in sorted(dir(P)):
    cls = getattr(P, name)
    if inspect.isclass(cls) and issubclass(cls, Primitive):
        (have if hasattr(cls, "__mindspore_signature__") else without).append(name)

print("with signature ->", " ".join(have))
