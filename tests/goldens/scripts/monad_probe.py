"""MindSpore 2.10's `mindspore.common._monad`: `U` and `IO` are single instances of UMonad and
IOMonad that `ops.depend` accepts, eagerly and compiled, leaving the value unchanged; printed
`label -> RESULT`; tests/test_monad.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/monad_probe.py \\
        | grep -- " -> " > tests/goldens/core/monad_probe.out
"""
import mindspore.common._monad as monad
from mindspore import Tensor, jit, ops


@jit
def compiled(x):
    y = ops.depend(x * 2, monad.U)
    return ops.depend(y + 1, monad.IO)


print("classes ->", type(monad.U).__name__, type(monad.IO).__name__)
print("single instances ->", monad.U is monad.U, monad.U == monad.U, monad.U == monad.IO)
print("names ->", sorted(n for n in ("U", "IO", "UMonad", "IOMonad") if hasattr(monad, n)))
print("instance of its class ->", isinstance(monad.U, monad.UMonad),
      isinstance(monad.IO, monad.IOMonad))
print("depend eagerly ->", ops.depend(Tensor(2.0), monad.U), ops.depend(Tensor([1, 2]), monad.IO))
print("depend compiled ->", compiled(Tensor(3.0)))
