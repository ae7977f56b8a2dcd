"""MindSpore 2.10's remaining nn Cells: the `*Ext` names (mint.nn's classes), Moments,
ImageGradients, TripletMarginWithDistanceLoss, MultilabelMarginLoss, Jvp, Vjp, MatDet, MatInverse
and MatrixDiag/MatrixDiagPart/MatrixSetDiag: values, dtypes and the errors of their checks.
Golden: tests/goldens/nn/nn_deprecated_cells_probe.out (tests/nn/test_nn_deprecated_cells.py)."""
import numpy as np
import mindspore as ms
from mindspore import mint, nn, ops, Tensor

rng = np.random.default_rng(0)


def show(label, fn):
    try:
        r = fn()
        r = r if isinstance(r, (tuple, list)) else (r,)
        print(label, "->", "OK", [(str(t.dtype), tuple(t.shape),
                                   np.asarray(t.asnumpy(), np.float64).ravel().tolist()) for t in r])
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


for name in ("DropoutExt", "Dropout2dExt", "L1LossExt", "LogSoftmaxExt", "PReLUExt", "EmbeddingExt",
             "LayerNormExt", "AvgPool1dExt", "AvgPool2dExt", "AvgPool3dExt", "MaxPool2dExt"):
    mint_name = name[:-3]
    print(f"nn.{name} is mint.nn.{mint_name} ->", getattr(nn, name) is getattr(mint.nn, mint_name))

a = Tensor(rng.standard_normal((2, 3, 4)).astype(np.float32))
show("Moments default", lambda: nn.Moments()(a))
show("Moments axis 1", lambda: nn.Moments(axis=1)(a))
show("Moments axis (0, 2) keep", lambda: nn.Moments(axis=(0, 2), keep_dims=True)(a))
show("Moments axis -1 keep False", lambda: nn.Moments(axis=-1, keep_dims=False)(a))
show("Moments float16", lambda: nn.Moments(axis=2)(a.astype(ms.float16)))
show("Moments int32", lambda: nn.Moments(axis=2)(Tensor(np.arange(6).reshape(2, 3), ms.int32)))
show("Moments axis list", lambda: nn.Moments(axis=[0, 1]))
show("Moments axis tuple of float", lambda: nn.Moments(axis=(0, 1.0)))
show("Moments keep_dims int", lambda: nn.Moments(axis=0, keep_dims=1))

img = Tensor(rng.standard_normal((2, 2, 3, 4)).astype(np.float32))
show("ImageGradients", lambda: nn.ImageGradients()(img))
show("ImageGradients height 1", lambda: nn.ImageGradients()(img[:, :, :1]))
show("ImageGradients width 1", lambda: nn.ImageGradients()(img[:, :, :, :1]))
show("ImageGradients int32", lambda: nn.ImageGradients()(Tensor(np.arange(16).reshape(1, 1, 4, 4), ms.int32)))
show("ImageGradients 3d", lambda: nn.ImageGradients()(img[0]))

x = Tensor(rng.standard_normal((4, 5)).astype(np.float32))
p = Tensor(rng.standard_normal((4, 5)).astype(np.float32))
n = Tensor(rng.standard_normal((4, 5)).astype(np.float32))
show("TMWD default", lambda: nn.TripletMarginWithDistanceLoss()(x, p, n))
show("TMWD swap none", lambda: nn.TripletMarginWithDistanceLoss(swap=True, reduction="none")(x, p, n))
show("TMWD sum margin 2.5", lambda: nn.TripletMarginWithDistanceLoss(reduction="sum", margin=2.5)(x, p, n))


def manhattan(u, v):
    return (u - v).abs().sum(axis=1)


show("TMWD custom distance", lambda: nn.TripletMarginWithDistanceLoss(distance_function=manhattan, reduction="none", margin=3.0)(x, p, n))
show("TMWD margin int", lambda: nn.TripletMarginWithDistanceLoss(margin=1))
show("TMWD swap int", lambda: nn.TripletMarginWithDistanceLoss(swap=1))
show("TMWD reduction bad", lambda: nn.TripletMarginWithDistanceLoss(reduction="avg"))
show("TMWD numpy input", lambda: nn.TripletMarginWithDistanceLoss()(x.asnumpy(), p, n))
show("TMWD 0-d", lambda: nn.TripletMarginWithDistanceLoss()(Tensor(1.0), Tensor(2.0), Tensor(3.0)))

scores = Tensor(np.array([[0.1, 0.2, 0.4, 0.8], [0.2, 0.3, 0.5, 0.9]], np.float32))
labels = Tensor(np.array([[1, 2, -1, 0], [0, 3, -1, 1]], np.int32))
for reduction in ("mean", "sum", "none"):
    show(f"MultilabelMarginLoss {reduction}", lambda: nn.MultilabelMarginLoss(reduction=reduction)(scores, labels))
show("MultilabelMarginLoss 1d", lambda: nn.MultilabelMarginLoss()(scores[0], labels[0]))
show("MultilabelMarginLoss bad reduction", lambda: nn.MultilabelMarginLoss(reduction="avg"))

relu = nn.ReLU()


class Product(nn.Cell):
    def construct(self, u, v):
        return u * v * v


show("Jvp one input", lambda: nn.Jvp(relu)(x, p))
show("Jvp two inputs", lambda: nn.Jvp(Product())(x, p, (n, n)))
show("Vjp one input", lambda: nn.Vjp(relu)(x, p))
show("Vjp two inputs", lambda: (lambda r: (r[0],) + tuple(r[1]))(nn.Vjp(Product())(x, p, n)))

m = rng.standard_normal((2, 3, 3)).astype(np.float32)
spd = Tensor(m @ m.transpose(0, 2, 1) + 3 * np.eye(3, dtype=np.float32))
show("MatDet", lambda: nn.MatDet()(spd))
show("MatDet int32", lambda: nn.MatDet()(Tensor(np.eye(2), ms.int32)))
show("MatInverse", lambda: nn.MatInverse()(spd))
show("MatInverse int32", lambda: nn.MatInverse()(Tensor(np.eye(2), ms.int32)))
v = Tensor(rng.standard_normal((2, 3)).astype(np.float32))
show("MatrixDiag", lambda: nn.MatrixDiag()(v))
show("MatrixDiagPart", lambda: nn.MatrixDiagPart()(a))
show("MatrixSetDiag", lambda: nn.MatrixSetDiag()(a, v))
