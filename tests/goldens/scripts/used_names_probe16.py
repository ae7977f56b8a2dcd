"""MindSpore 2.10 behaviour of a user's Initializer subclass written MindSpore's way
(`_initialize(self, arr)` filling a NumPy array, with common.initializer._assignment), registered
under names with common.initializer._register, used by initializer(), Parameter and
nn.utils.no_init_parameters, printed `label -> RESULT` as in used_names_probe.py;
tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe16.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe16.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter
from mindspore.common.initializer import Initializer, _assignment, _register, initializer
from mindspore.nn.utils import no_init_parameters


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


@_register("half_fill", "halves")
class HalfFill(Initializer):
    def __init__(self, value=0.5):
        super().__init__(value=value)
        self.value = value

    def _initialize(self, arr):
        _assignment(arr, self.value)


class RowIndex(Initializer):
    def _initialize(self, arr):
        _assignment(arr, np.arange(arr.shape[0]).reshape(-1, 1).astype(arr.dtype))


show("subclass", lambda: initializer(HalfFill(), [2, 3], ms.float32).asnumpy().tolist())
show("subclass value", lambda: initializer(HalfFill(2.0), [2], ms.float16).asnumpy().tolist())
show("registered", lambda: initializer("half_fill", [2], ms.float32).asnumpy().tolist())
show("alias", lambda: initializer("halves", [1, 2]).asnumpy().tolist())
show("class name", lambda: initializer("halffill", [2]).asnumpy().tolist())
show("array", lambda: initializer(RowIndex(), [3, 2], ms.float32).asnumpy().tolist())
show("int dtype", lambda: initializer(RowIndex(), [2, 2], ms.int32).asnumpy().tolist())
show("parameter", lambda: Parameter(initializer(HalfFill(), [2]), name="w").asnumpy().tolist())
show("kwargs", lambda: HalfFill(1.5)._kwargs)
show("repr", lambda: repr(HalfFill()).split(" object")[0])
show("register returns class", lambda: _register("x_y")(RowIndex) is RowIndex)
show("registered later", lambda: initializer("rowindex", [2, 2]).asnumpy().tolist())
with no_init_parameters():
    deferred = Parameter(initializer(HalfFill(4.0), [2]), name="deferred")
show("deferred", lambda: (deferred.has_init, deferred.asnumpy().tolist(), deferred.has_init))


def filled_in_place():
    values = np.ones((2, 2), np.float32)
    HalfFill(7.0)(values)
    return values.tolist()


show("call fills the array", filled_in_place)
