"""Tensor methods about memory and devices (`untyped_storage`, `get_bytes`, `data_sync`,
`move_to`, `index`), `ops.view_as_real`, `ops.print_` and `ops.functional.mixed_precision_cast`
as MindSpore 2.10 has them on a CPU. One `label -> result` line per case
(tests/ops/test_tensor_storage.py). `Tensor.index` runs on Ascend only in MindSpore 2.10 (its
lines say "index only supports Ascend.")."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops import functional as F


def case(label, fn):
    try:
        result = fn()
        result = result if isinstance(result, str) else repr(result)
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0]}"
    print(f"{label} -> {result}".replace("\n", "\\n"), flush=True)


t = Tensor(np.array([1., 2., 3.], np.float32))
case("storage is untyped_storage", lambda: t.storage() is t.untyped_storage())
case("storage kept", lambda: t.storage() is t.storage())
case("storage size", lambda: (t.untyped_storage().size(), t.untyped_storage().nbytes()))
case("storage int32", lambda: Tensor([1, 2], ms.int32).untyped_storage().nbytes())
case("storage float16", lambda: Tensor([1, 2], ms.float16).untyped_storage().nbytes())
case("storage dtype", lambda: (t.untyped_storage().dtype, t.untyped_storage().device))
case("storage element_size", lambda: t.untyped_storage().element_size())
case("storage is_shared", lambda: t.untyped_storage().is_shared())
case("storage data_ptr", lambda: type(t.untyped_storage().data_ptr()).__name__)
case("storage copy_ smaller", lambda: Tensor(np.zeros(3, np.float32)).untyped_storage().copy_(
    Tensor(np.zeros(2, np.float32)).untyped_storage()))
case("get_bytes", lambda: t.get_bytes())
case("get_bytes int32", lambda: Tensor([1, 2], ms.int32).get_bytes())
case("get_bytes float16", lambda: Tensor([1.5], ms.float16).get_bytes())
case("get_bytes bool", lambda: Tensor([True, False]).get_bytes())
case("get_bytes scalar", lambda: Tensor(3, ms.int64).get_bytes())
case("convert_bytes_to_tensor", lambda: Tensor.convert_bytes_to_tensor(
    b"\x00\x00\x80?\x00\x00\x00@", (2,), ms.float32).asnumpy())
case("data_sync", lambda: (t.data_sync(), t.data_sync(False)))
case("move_to", lambda: t.move_to("CPU"))
case("move_to new", lambda: t.move_to("CPU") is t)
case("move_to blocking", lambda: t.move_to("CPU", blocking=False))
case("move_to GPU", lambda: t.move_to("GPU"))
case("move_to bad", lambda: t.move_to("XPU"))
case("move_to bad type", lambda: t.move_to(1))
case("move_to blocking bad", lambda: t.move_to("CPU", blocking=1))
x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
case("index not tuple", lambda: x.index(2.))
case("index None", lambda: x.index((None, Tensor([1, 3]))))
case("view_as_real", lambda: ops.view_as_real(Tensor(np.array([1 + 2j, 3 - 1j], np.complex64))))
case("view_as_real 128", lambda: ops.view_as_real(Tensor(np.array([1 + 2j], np.complex128))))
case("view_as_real scalar", lambda: ops.view_as_real(Tensor(np.array(1 + 2j, np.complex64))))
case("view_as_real float", lambda: ops.view_as_real(t))
case("view_as_real not tensor", lambda: ops.view_as_real(1))
case("print_", lambda: ops.print_("a", x[0], 3))
case("mixed_precision_cast", lambda: F.mixed_precision_cast(ms.float16, t))
case("mixed_precision_cast repr", lambda: F.mixed_precision_cast)
case("mixed_precision_cast tuple", lambda: F.mixed_precision_cast(ms.float16, (t, 1, [t])))
case("mixed_precision_cast list", lambda: F.mixed_precision_cast(ms.float16, [t, 2.0]))
case("mixed_precision_cast int", lambda: F.mixed_precision_cast(ms.float16, Tensor([1, 2])))
case("mixed_precision_cast dict", lambda: F.mixed_precision_cast(ms.float16, {"a": t}))
case("mixed_precision_cast up", lambda: F.mixed_precision_cast(ms.float32,
                                                               Tensor([1.], ms.float16)))
case("mixed_precision_cast float64", lambda: F.mixed_precision_cast(ms.float16,
                                                                    Tensor([1.], ms.float64)))
case("mixed_precision_cast bfloat16", lambda: F.mixed_precision_cast(ms.bfloat16, t))
case("mixed_precision_cast to int", lambda: F.mixed_precision_cast(ms.int32, t))
case("mixed_precision_cast number", lambda: F.mixed_precision_cast(ms.float16, 1.5))
case("mixed_precision_cast complex", lambda: F.mixed_precision_cast(
    ms.float16, Tensor(np.array([1 + 1j], np.complex64))))
case("mixed_precision_cast Parameter", lambda: F.mixed_precision_cast(
    ms.float16, ms.Parameter(t, name="w")))


@ms.jit
def scaled(value):
    return F.mixed_precision_cast(ms.float16, value) * 2


case("mixed_precision_cast jit", lambda: scaled(t))
case("index", lambda: x.index((Tensor([0, 2]),)))
case("index two", lambda: x.index((Tensor([0, 2]), Tensor([1, 3]))))
