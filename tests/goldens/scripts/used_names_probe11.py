"""MindSpore 2.10 behaviour of nn.EmbeddingLookup: lookups on the host and the device (an index
outside the table gives zeros), max_norm where no row exceeds it, dtype, parameters, repr and the
constructor's checks, printed `label -> RESULT` as in used_names_probe.py;
tests/api/test_used_names_golden.py runs it unchanged on msjax. (Two cases are checked against
NumPy in tests/api/test_used_names_numpy.py instead: MindSpore 2.10's CPU build has no
SparseGatherV2 kernel for target='DEVICE', and its ClipByNorm kernel does not clip each row to
max_norm.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe11.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe11.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


def lookup(cell, indices):
    table = np.arange(cell.vocab_size * cell.embedding_size, dtype=np.float32).reshape(
        cell.vocab_size, cell.embedding_size) / 4 - 1
    cell.embedding_table.set_data(Tensor(table, cell.embedding_table.dtype))
    out = cell(Tensor(np.array(indices, np.int32)))
    return out.shape, out.dtype, np.round(out.asnumpy().astype(np.float64), 5).tolist()


show("EmbeddingLookup", lambda: lookup(nn.EmbeddingLookup(5, 3), [[1, 4], [0, 0]]))
show("EmbeddingLookup out of range CPU", lambda: lookup(nn.EmbeddingLookup(4, 2), [3, 4, 7]))
show("EmbeddingLookup DEVICE dense", lambda: lookup(nn.EmbeddingLookup(
    5, 3, target="DEVICE", sparse=False), [[4], [1]]))
show("EmbeddingLookup max_norm large", lambda: lookup(nn.EmbeddingLookup(5, 2, max_norm=100.0),
                                                      [1, 3]))
show("EmbeddingLookup float16", lambda: lookup(nn.EmbeddingLookup(4, 2, dtype=ms.float16), [1]))
show("EmbeddingLookup ones", lambda: nn.EmbeddingLookup(3, 2, param_init="ones").embedding_table
     .asnumpy().tolist())
show("EmbeddingLookup repr", lambda: repr(nn.EmbeddingLookup(5, 3)))
show("EmbeddingLookup params", lambda: [(n, p.shape, str(p.dtype)) for n, p in
                                        nn.EmbeddingLookup(5, 3).parameters_and_names()])
show("EmbeddingLookup bad target", lambda: nn.EmbeddingLookup(5, 3, target="GPU"))
show("EmbeddingLookup dense on CPU", lambda: nn.EmbeddingLookup(5, 3, sparse=False))
show("EmbeddingLookup sparse int", lambda: nn.EmbeddingLookup(5, 3, sparse=1))
show("EmbeddingLookup vocab 0", lambda: nn.EmbeddingLookup(0, 3))
show("EmbeddingLookup vocab float", lambda: nn.EmbeddingLookup(2.0, 3))
show("EmbeddingLookup size -1", lambda: nn.EmbeddingLookup(5, -1))
show("EmbeddingLookup max_norm 0", lambda: nn.EmbeddingLookup(5, 3, max_norm=0.0))
show("EmbeddingLookup max_norm int", lambda: nn.EmbeddingLookup(5, 3, max_norm=1))
show("EmbeddingLookup bad slice_mode", lambda: nn.EmbeddingLookup(5, 3, slice_mode="x").vocab_size)
