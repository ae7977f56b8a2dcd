"""MindSpore 2.10's text of a value's type in its argument errors (`..., but got
'Tuple[Tensor[Float32]*2]'`): elements joined by ',', a run of equal types as `T*N`, `String`,
`None`, `External` for other objects; through `nn.SoftmaxCrossEntropyWithLogits` (its logits
check) and `nn.LSTM` (its hx check). Printed `label -> RESULT`; tests/nn/test_type_text.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/type_text_probe.py \
        | grep -- " -> " > tests/goldens/nn/type_text_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn

t = ms.Tensor(np.ones((2, 3), np.float32))
i = ms.Tensor(np.ones((2,), np.int32))
labels = ms.Tensor(np.array([1, 0], np.int32))
VALUES = [("two tensors", (t, t)), ("tensor and int tensor", (t, i)), ("three tensors", (t, t, t)),
          ("ints", (1, 2)), ("int and float", (1, 2.0)), ("list of tensors", [t, t]),
          ("empty tuple", ()), ("one tensor", (t,)), ("nested", ((t, t), t)),
          ("equal runs", (1, 1, 2.0, 2.0)), ("int", 3), ("float", 1.5), ("str", "a"),
          ("bool", True), ("list of None", [None]), ("numpy array", np.ones(2)),
          ("tuple of str", ("a", "b"))]
loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True)
for label, value in VALUES:
    try:
        loss(value, labels)
        print(f"logits {label} -> ok")
    except Exception as error:  # noqa: BLE001 - the probe prints what each case raises
        print(f"logits {label} -> {type(error).__name__}: {error}")
lstm = nn.LSTM(3, 4, batch_first=True)
x = ms.Tensor(np.ones((1, 2, 3), np.float32))
for label, value in [("list hx", [t, t]), ("tensor hx", t)]:
    try:
        lstm(x, value)
        print(f"lstm {label} -> ok")
    except Exception as error:  # noqa: BLE001
        print(f"lstm {label} -> {type(error).__name__}: {str(error).splitlines()[0]}")
