"""MindSpore 2.10's checks of layers and losses at the edges of their inputs: MarginRankingLoss
and GaussianNLLLoss (values, integer inputs, constructor and dtype errors, broadcast errors),
RNNCell/GRUCell/LSTMCell (ranks, dtypes, sizes, batch), LayerNorm (axes, gamma and beta shapes),
BiDense (dtypes) and EmbeddingLookup (index dtype and rank). Cells with random Parameters print
their outputs' dtype and shape only. Golden: tests/goldens/nn/nn17_layer_checks_probe.out
(tests/nn/test_nn17_layer_checks.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

rng = np.random.default_rng(0)


def rand(*shape, dtype=np.float32):
    return Tensor(rng.standard_normal(shape).astype(dtype))


def ints(*values):
    return Tensor(np.array(values, np.int32))


def show(label, fn, values=True):
    try:
        r = fn()
        r = r if isinstance(r, tuple) else (r,)
        print(label, "->", "OK", " ; ".join(
            f"{t.dtype} {tuple(t.shape)}"
            + (f" {np.asarray(t.asnumpy(), np.float64).ravel().tolist()}" if values else "")
            for t in r))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [line for line in str(e).strip().splitlines() if line.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")
        try:  # (MindSpore may report a failed launch's error again at the next call)
            ms.runtime.synchronize()
        except Exception:  # noqa: BLE001
            pass


# -- MarginRankingLoss ---------------------------------------------------------------------------
a, b = rand(4), rand(4)
sign = Tensor(np.array([1, -1, 1, -1], np.float32))
show("MarginRankingLoss", lambda: nn.MarginRankingLoss()(a, b, sign))
show("MarginRankingLoss margin sum", lambda: nn.MarginRankingLoss(0.5, "sum")(a, b, sign))
show("MarginRankingLoss none", lambda: nn.MarginRankingLoss(reduction="none")(a, b, sign))
show("MarginRankingLoss shapes", lambda: nn.MarginRankingLoss()(a, rand(3), sign))
show("MarginRankingLoss float16", lambda: nn.MarginRankingLoss()(
    a.astype(ms.float16), b.astype(ms.float16), sign.astype(ms.float16)))
show("MarginRankingLoss input2 float16", lambda: nn.MarginRankingLoss()(
    a, b.astype(ms.float16), sign))
show("MarginRankingLoss int32", lambda: nn.MarginRankingLoss()(ints(1, 2), ints(2, 1),
                                                               ints(1, 1)))
show("margin_ranking_loss int32 none", lambda: ops.margin_ranking_loss(
    ints(1, 2), ints(2, 1), ints(1, 1), 0.5, "none"))
show("margin_ranking_loss int margin", lambda: ops.margin_ranking_loss(a, b, sign, 1))
show("margin_ranking_loss target float16", lambda: ops.margin_ranking_loss(
    a, b, sign.astype(ms.float16)))
show("margin_ranking_loss float16 none", lambda: ops.margin_ranking_loss(
    a.astype(ms.float16), b.astype(ms.float16), sign.astype(ms.float16), 0.5, "none"))

# -- GaussianNLLLoss -----------------------------------------------------------------------------
x, target, var = rand(3, 4), rand(3, 4), ops.abs(rand(3, 4))
show("GaussianNLLLoss", lambda: nn.GaussianNLLLoss()(x, target, var))
show("GaussianNLLLoss full sum", lambda: nn.GaussianNLLLoss(full=True, reduction="sum")(
    x, target, var))
show("GaussianNLLLoss none", lambda: nn.GaussianNLLLoss(reduction="none")(x, target, var))
show("GaussianNLLLoss var (3, 1)", lambda: nn.GaussianNLLLoss()(x, target, ops.abs(rand(3, 1))))
show("GaussianNLLLoss var (3,)", lambda: nn.GaussianNLLLoss()(x, target, ops.abs(rand(3))))
show("GaussianNLLLoss var (2, 4)", lambda: nn.GaussianNLLLoss()(x, target, ops.abs(rand(2, 4))))
show("GaussianNLLLoss target (2, 4)", lambda: nn.GaussianNLLLoss()(x, rand(2, 4), var))
show("GaussianNLLLoss eps", lambda: nn.GaussianNLLLoss(eps=0.5)(x, target, var * 0))
show("GaussianNLLLoss eps -1.0", lambda: nn.GaussianNLLLoss(eps=-1.0))
show("GaussianNLLLoss eps 1", lambda: nn.GaussianNLLLoss(eps=1))
show("GaussianNLLLoss reduction avg", lambda: nn.GaussianNLLLoss(reduction="avg"))
show("GaussianNLLLoss full 1", lambda: nn.GaussianNLLLoss(full=1))
show("GaussianNLLLoss int32", lambda: nn.GaussianNLLLoss()(
    Tensor(np.ones((2, 2), np.int32)), Tensor(np.ones((2, 2), np.int32)),
    Tensor(np.ones((2, 2), np.int32))))
show("GaussianNLLLoss int32 var", lambda: nn.GaussianNLLLoss()(
    x, target, Tensor(np.ones((3, 4), np.int32))))
show("GaussianNLLLoss int32 x", lambda: nn.GaussianNLLLoss()(
    Tensor(np.ones((3, 4), np.int32)), target, var))
show("GaussianNLLLoss float16", lambda: nn.GaussianNLLLoss()(
    x.astype(ms.float16), target.astype(ms.float16), var.astype(ms.float16)))

# -- RNN cells -----------------------------------------------------------------------------------
for name, make in (("RNNCell", lambda: nn.RNNCell(3, 4)),
                   ("RNNCell relu", lambda: nn.RNNCell(3, 4, nonlinearity="relu")),
                   ("GRUCell", lambda: nn.GRUCell(3, 4)), ("LSTMCell", lambda: nn.LSTMCell(3, 4)),
                   ("RNNCell no bias", lambda: nn.RNNCell(3, 4, has_bias=False)),
                   ("LSTMCell no bias", lambda: nn.LSTMCell(3, 4, has_bias=False))):
    cell = make()
    step = (lambda c: lambda x, h: c(x, (h, h)))(cell) if "LSTM" in name else cell
    show(f"{name}", lambda: step(rand(2, 3), rand(2, 4)), values=False)
    show(f"{name} x 1-d", lambda: step(rand(3), rand(4)), values=False)
    show(f"{name} x 1-d h 2-d", lambda: step(rand(3), rand(1, 4)), values=False)
    show(f"{name} x 3-d", lambda: step(rand(1, 2, 3), rand(2, 4)), values=False)
    show(f"{name} h 3-d", lambda: step(rand(2, 3), rand(1, 2, 4)), values=False)
    show(f"{name} x size", lambda: step(rand(2, 5), rand(2, 4)), values=False)
    show(f"{name} h size", lambda: step(rand(2, 3), rand(2, 5)), values=False)
    show(f"{name} batch", lambda: step(rand(2, 3), rand(3, 4)), values=False)
    show(f"{name} float16", lambda: step(rand(2, 3).astype(ms.float16),
                                         rand(2, 4).astype(ms.float16)), values=False)
    show(f"{name} h float16", lambda: step(rand(2, 3), rand(2, 4).astype(ms.float16)),
         values=False)
    show(f"{name} int32", lambda: step(Tensor(np.ones((2, 3), np.int32)), rand(2, 4)),
         values=False)
show("GRUCell float16 Parameters", lambda: nn.GRUCell(3, 4, dtype=ms.float16)(
    rand(2, 3).astype(ms.float16), rand(2, 4).astype(ms.float16)), values=False)
show("RNNCell float16 Parameters float32 x", lambda: nn.RNNCell(3, 4, dtype=ms.float16)(
    rand(2, 3), rand(2, 4)), values=False)

# -- LayerNorm -----------------------------------------------------------------------------------
x3 = rand(2, 3, 4)


def layer_norm(norm_axis, params_axis, gamma_shape, beta_shape=None):
    beta_shape = gamma_shape if beta_shape is None else beta_shape
    return ops.LayerNorm(norm_axis, params_axis)(x3, Tensor(np.ones(gamma_shape, np.float32)),
                                                 Tensor(np.zeros(beta_shape, np.float32)))


for n, p, g, bshape in ((1, 1, (3, 4), None), (1, 1, (4,), None), (1, 2, (3, 4), None),
                        (1, 2, (4,), None), (2, 1, (3, 4), None), (2, 1, (4,), None),
                        (-1, -1, (4,), None), (-1, -1, (3, 4), None), (-1, -1, (1,), None),
                        (-1, -1, (5,), None), (-1, -1, (4,), (5,)), (0, 0, (2, 3, 4), None),
                        (-3, -3, (2, 3, 4), None), (-4, -1, (4,), None), (3, -1, (4,), None),
                        (-1, 3, (4,), None), (-1, -4, (4,), None), (-1, -2, (3, 4), None),
                        (-2, -1, (4,), None), (1, 0, (2, 3, 4), None)):
    show(f"LayerNorm norm {n} params {p} gamma {g} beta {bshape or g}",
         lambda: layer_norm(n, p, g, bshape))
show("nn.LayerNorm (4,)", lambda: nn.LayerNorm((4,))(x3))
show("nn.LayerNorm (3, 4) axes 1, 2", lambda: nn.LayerNorm((3, 4), begin_norm_axis=1,
                                                         begin_params_axis=2)(x3))
show("nn.LayerNorm (3, 4) axes -1", lambda: nn.LayerNorm((3, 4))(x3))
show("nn.LayerNorm (4,) axes 1", lambda: nn.LayerNorm((4,), begin_norm_axis=1,
                                                    begin_params_axis=1)(x3))
show("nn.LayerNorm (4,) shape (2, 3, 5)", lambda: nn.LayerNorm((4,))(rand(2, 3, 5)))
show("nn.LayerNorm (4,) axis 3", lambda: nn.LayerNorm((4,), begin_norm_axis=3,
                                                     begin_params_axis=3)(x3))

# -- BiDense, EmbeddingLookup --------------------------------------------------------------------
bidense = nn.BiDense(3, 4, 5)
show("BiDense", lambda: bidense(rand(2, 3), rand(2, 4)), values=False)
show("BiDense float16", lambda: bidense(rand(2, 3).astype(ms.float16),
                                        rand(2, 4).astype(ms.float16)), values=False)
show("BiDense input1 float16", lambda: bidense(rand(2, 3).astype(ms.float16), rand(2, 4)),
     values=False)
show("BiDense input2 float16", lambda: bidense(rand(2, 3), rand(2, 4).astype(ms.float16)),
     values=False)
show("BiDense int32", lambda: bidense(Tensor(np.ones((2, 3), np.int32)),
                                      Tensor(np.ones((2, 4), np.int32))), values=False)
show("BiDense float64", lambda: bidense(rand(2, 3, dtype=np.float64),
                                        rand(2, 4, dtype=np.float64)), values=False)
show("BiDense no bias float16", lambda: nn.BiDense(3, 4, 5, has_bias=False)(
    rand(2, 3).astype(ms.float16), rand(2, 4).astype(ms.float16)), values=False)
show("BiDense float16 Parameters", lambda: nn.BiDense(3, 4, 5, dtype=ms.float16)(
    rand(2, 3).astype(ms.float16), rand(2, 4).astype(ms.float16)), values=False)
table = nn.EmbeddingLookup(10, 3)
show("EmbeddingLookup", lambda: table(Tensor(np.array([[1, 2], [3, 9]], np.int32))), values=False)
show("EmbeddingLookup int64", lambda: table(Tensor(np.array([[1, 2]], np.int64))), values=False)
show("EmbeddingLookup float32 indices", lambda: table(Tensor(np.array([[1.0, 2.0]], np.float32))))
show("EmbeddingLookup scalar index", lambda: table(Tensor(np.array(1, np.int32))))
show("EmbeddingLookup DEVICE", lambda: nn.EmbeddingLookup(10, 3, target="DEVICE", sparse=False)(
    Tensor(np.array([[1, 2]], np.int32))), values=False)
