"""`ops.narrow`, `Tensor.narrow` and `mint.narrow`: results (shape, storage offset, values) and
MindSpore's errors for bad input. One `label -> result` line per case; an error as
`Type: message` without MindSpore's C++ call stack."""
import numpy as np

import mindspore as ms
from mindspore import mint, ops

ms.set_context(mode=ms.PYNATIVE_MODE)
x = ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))


def show(label, make):
    try:
        y = make()
        print(label, "->", y.shape, y.storage_offset(), y.asnumpy().ravel().tolist())
    except Exception as e:  # noqa: BLE001
        print(label, "->", f"{type(e).__name__}: {str(e).split(chr(10) * 2 + '---')[0]!r}")


# (MindSpore's CPU build raises the error of a mint.narrow call whose start or length is out of
# range again at later narrow calls, good ones too: the probe makes one such call, the last)
show("mint_float_start", lambda: mint.narrow(x, 2, 1.0, 1))
show("mint_float_length", lambda: mint.narrow(x, 2, 1, 1.0))
show("mint_float_dim", lambda: mint.narrow(x, 2.0, 1, 1))
show("mint", lambda: mint.narrow(x, 1, 1, 2))
show("mint_negative_start", lambda: mint.narrow(x, -1, -2, 2))
show("mint_negative_start_one", lambda: mint.narrow(x, 2, -2, 1))
show("mint_start_is_size", lambda: mint.narrow(x, 2, 4, 0))
show("mint_length_zero", lambda: mint.narrow(x, 2, 1, 0))
for name, narrow in [("ops", ops.narrow), ("tensor", lambda t, *a: t.narrow(*a))]:
    show(f"{name}", lambda: narrow(x, 2, 1, 2))
    show(f"{name}_negative_axis", lambda: narrow(x, -1, 1, 2))
    show(f"{name}_negative_start", lambda: narrow(x, -1, -2, 2))
    show(f"{name}_negative_start_one", lambda: narrow(x, 2, -2, 1))
    show(f"{name}_start_is_size", lambda: narrow(x, 2, 4, 0))
    show(f"{name}_start_over", lambda: narrow(x, 2, 5, 0))
    show(f"{name}_length_over", lambda: narrow(x, 2, 2, 3))
    show(f"{name}_length_negative", lambda: narrow(x, 2, 1, -1))
    show(f"{name}_length_zero", lambda: narrow(x, 2, 1, 0))
    show(f"{name}_start_and_length_over", lambda: narrow(x, 2, 7, 9))
    show(f"{name}_axis_over", lambda: narrow(x, 3, 0, 1))
    show(f"{name}_axis_under", lambda: narrow(x, -4, 1, 2))
    if name == "ops":  # (Tensor.narrow's overload errors: ops/overloads.py)
        show(f"{name}_float_start", lambda: narrow(x, 2, 1.0, 1))
        show(f"{name}_float_length", lambda: narrow(x, 2, 1, 1.0))
        show(f"{name}_float_axis", lambda: narrow(x, 2.0, 1, 1))
        show(f"{name}_bool_start", lambda: narrow(x, 2, True, 1))
    show(f"{name}_tensor_start", lambda: narrow(x, 2, ms.Tensor(1), 2))
    show(f"{name}_0d_input", lambda: narrow(ms.Tensor(1.0), 0, 0, 1))
show("mint_start_over", lambda: mint.narrow(x, 2, 5, 0))
