"""MindSpore 2.10 behaviour of mindspore.RowTensor (mindspore.common.RowTensor): its parts, its repr
(the values printed without commas) and its checks, printed `label -> RESULT` as in
used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe10.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe10.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.common import RowTensor


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


indices = Tensor(np.array([0, 2], np.int32))
values = Tensor(np.ones((2, 3), np.float32))
rows = RowTensor(indices, values, (4, 3))
show("RowTensor repr", lambda: repr(rows).replace("\n", "|"))
show("RowTensor str", lambda: str(RowTensor(Tensor(np.array([1], np.int64)),
                                            Tensor(np.array([2.5], np.float16)), (3,))))
show("RowTensor 3-D", lambda: repr(RowTensor(Tensor(np.array([0, 1], np.int32)), Tensor(
    np.arange(12, dtype=np.float32).reshape(2, 2, 3) / 7), (5, 2, 3))).replace("\n", "|"))
show("RowTensor parts", lambda: (rows.indices.asnumpy().tolist(), rows.values.shape,
                                 rows.values.dtype, rows.dense_shape))
show("RowTensor fresh parts", lambda: (rows.indices is rows.indices, type(rows.dense_shape)))
show("RowTensor copy", lambda: repr(RowTensor(row_tensor=rows)) == repr(rows))
show("RowTensor copy not RowTensor", lambda: RowTensor(row_tensor=3))
show("RowTensor copy and parts", lambda: RowTensor(indices, row_tensor=rows))
show("RowTensor shape unchecked", lambda: RowTensor(indices, values, (4, 5)).dense_shape)
show("mindspore.RowTensor", lambda: ms.RowTensor is RowTensor)
show("RowTensorInner", lambda: isinstance(rows, ms.common.sparse_tensor.RowTensorInner))
