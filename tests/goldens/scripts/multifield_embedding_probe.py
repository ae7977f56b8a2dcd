"""MindSpore 2.10 behaviour of nn.MultiFieldEmbeddingLookup: its SUM, MEAN and MAX merges of
the rows of a known table (rounded to 4 decimals), with max_norm, and its checks of arguments
and inputs; printed `label -> RESULT`. tests/nn/test_multifield_embedding.py runs it unchanged on
msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/multifield_embedding_probe.py \\
        | grep -- " -> " > tests/goldens/nn/multifield_embedding_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn
from mindspore import dtype as mstype


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        out = f"ERR {type(e).__name__} | {str(e).splitlines()[0] if str(e) else ''}"
    print(f"{label} -> {out}".replace("\n", "\\n"))


table = Tensor(np.arange(24, dtype=np.float32).reshape(6, 4) / 10 - 1.0)
indices = Tensor(np.array([[0, 2, 5, 1], [3, 3, 4, 0]]), mstype.int32)
values = Tensor(np.array([[1.0, 0.5, -2.0, 0.0], [1.0, 2.0, 0.0, -1.0]]), mstype.float32)
fields = Tensor(np.array([[0, 1, 1, 2], [2, 2, 0, 1]]), mstype.int32)
for mode, mode_name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for op in ("SUM", "MEAN", "MAX"):
        net = nn.MultiFieldEmbeddingLookup(6, 4, 3, param_init=table, operator=op)
        show(f"{mode_name} {op}", lambda: net(indices, values, fields))
    net = nn.MultiFieldEmbeddingLookup(6, 4, 4, param_init=table, operator="SUM", max_norm=0.8)
    show(f"{mode_name} SUM max_norm 4 fields", lambda: net(indices, values, fields))
    net = nn.MultiFieldEmbeddingLookup(6, 4, 3, param_init=table, operator="MEAN")
    show(f"{mode_name} int64 indices", lambda: net(Tensor(indices.asnumpy(), mstype.int64), values, fields))
ms.set_context(mode=ms.PYNATIVE_MODE)
net = nn.MultiFieldEmbeddingLookup(6, 4, 3, param_init=table)
show("int16 indices", lambda: net(Tensor(indices.asnumpy(), mstype.int16), values, fields))
show("float16 values", lambda: net(indices, Tensor(values.asnumpy(), mstype.float16), fields))
show("int64 fields", lambda: net(indices, values, Tensor(fields.asnumpy(), mstype.int64)))
show("1d indices", lambda: net(Tensor(np.array([0, 1]), mstype.int32), values, fields))
show("1d values", lambda: net(indices, Tensor(np.array([1.0, 2.0]), mstype.float32), fields))
show("1d fields", lambda: net(indices, values, Tensor(np.array([0, 1]), mstype.int32)))
for label, kw in [("field_size 0", {"field_size": 0}), ("field_size 1.5", {"field_size": 1.5}),
                  ("operator avg", {"operator": "AVG"}), ("operator int", {"operator": 1}),
                  ("vocab 0", {"vocab_size": 0}), ("max_norm -1", {"max_norm": -1.0})]:
    args = {"vocab_size": 6, "embedding_size": 4, "field_size": 3, **kw}
    show(f"ctor {label}", lambda: type(nn.MultiFieldEmbeddingLookup(**args)).__name__)
show("table shape", lambda: nn.MultiFieldEmbeddingLookup(20, 8, 3).embedding_table.shape)
