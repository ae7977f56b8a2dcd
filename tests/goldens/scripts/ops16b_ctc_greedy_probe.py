"""ops.ctc_greedy_decoder and CTCGreedyDecoder as MindSpore 2.10 (CPU) computes and checks them.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16b_ctc_greedy_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16b_ctc_greedy_probe.out
"""
import inspect
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops import operations as P
print("sig ->", inspect.signature(P.CTCGreedyDecoder.__init__), inspect.signature(ops.ctc_greedy_decoder))
print("repr ->", P.CTCGreedyDecoder(), P.CTCGreedyDecoder(False))
def show(label, f):
    try:
        r = f()
        print(label, "->", [(o.dtype, o.shape, np.round(o.asnumpy().astype(np.float64), 4).tolist()) for o in r])
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:250])
rng = np.random.RandomState(3)
x = rng.randn(5, 3, 4).astype(np.float32)
x[:, 1, :] = [[0, 5, 0, 0], [0, 5, 0, 0], [0, 0, 0, 9], [0, 5, 0, 0], [7, 0, 0, 0]]
seq = Tensor(np.array([5, 4, 2], np.int32))
show("merge", lambda: P.CTCGreedyDecoder()(Tensor(x), seq))
show("no merge", lambda: P.CTCGreedyDecoder(False)(Tensor(x), seq))
show("func", lambda: ops.ctc_greedy_decoder(Tensor(x), seq))
show("func no merge", lambda: ops.ctc_greedy_decoder(Tensor(x), seq, False))
show("float64", lambda: P.CTCGreedyDecoder()(Tensor(x.astype(np.float64)), seq))
show("seq too long", lambda: P.CTCGreedyDecoder()(Tensor(x), Tensor(np.array([6, 1, 1], np.int32))))
show("seq int64", lambda: P.CTCGreedyDecoder()(Tensor(x), Tensor(np.array([5, 4, 2], np.int64))))
show("float16", lambda: P.CTCGreedyDecoder()(Tensor(x.astype(np.float16)), seq))
show("rank 2", lambda: P.CTCGreedyDecoder()(Tensor(x[0]), seq))
show("seq shape", lambda: P.CTCGreedyDecoder()(Tensor(x), Tensor(np.array([5, 4], np.int32))))
show("merge int", lambda: P.CTCGreedyDecoder(1)(Tensor(x), seq))
show("all blank", lambda: P.CTCGreedyDecoder()(Tensor(np.tile(np.array([0, 0, 0, 9.0], np.float32), (2, 2, 1))), Tensor(np.array([2, 2], np.int32))))
