"""MindSpore 2.10's losses at the edges of their inputs: integer inputs (their result dtype and
value), mixed dtypes, shapes that do not match, and constructor arguments of HuberLoss,
SmoothL1Loss, HingeEmbeddingLoss, KLDivLoss, BCELoss, BCEWithLogitsLoss, L1Loss, MSELoss,
DiceLoss and FocalLoss. Golden: tests/goldens/nn/nn17_losses_probe.out
(tests/nn/test_nn17_losses.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

rng = np.random.default_rng(0)


def rand(*shape):
    return Tensor(rng.standard_normal(shape).astype(np.float32))


def prob(*shape):
    return Tensor(rng.uniform(0.1, 0.9, shape).astype(np.float32))


def ints(shape, value):
    return Tensor(np.full(shape, value, np.int32))


def show(label, fn):
    try:
        r = fn()
        if isinstance(r, nn.Cell):
            print(label, "->", "OK", type(r).__name__)
            return
        print(label, "->", "OK", r.dtype, tuple(r.shape),
              np.asarray(r.asnumpy(), np.float64).ravel().tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [line for line in str(e).strip().splitlines() if line.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")
        try:  # (MindSpore may report a failed launch's error again at the next call)
            ms.runtime.synchronize()
        except Exception:  # noqa: BLE001
            pass


x, y = rand(3, 4), rand(3, 4)
show("HuberLoss", lambda: nn.HuberLoss()(x, y))
show("HuberLoss shapes", lambda: nn.HuberLoss()(x, rand(2, 4)))
show("HuberLoss int32", lambda: nn.HuberLoss()(ints((2, 2), 1), ints((2, 2), 0)))
show("HuberLoss int32 delta 2", lambda: nn.HuberLoss(delta=2)(
    Tensor(np.array([[0, 3]], np.int32)), Tensor(np.array([[1, 0]], np.int32))))
show("HuberLoss float16", lambda: nn.HuberLoss()(x.astype(ms.float16), y.astype(ms.float16)))
show("HuberLoss input2 float16", lambda: nn.HuberLoss()(x, y.astype(ms.float16)))
show("HuberLoss delta 0", lambda: nn.HuberLoss(delta=0))
show("SmoothL1Loss input2 float16", lambda: nn.SmoothL1Loss()(x, y.astype(ms.float16)))
show("SmoothL1Loss beta 0.0", lambda: nn.SmoothL1Loss(beta=0.0))
show("HingeEmbeddingLoss", lambda: nn.HingeEmbeddingLoss()(
    x, Tensor(np.sign(rng.standard_normal((3, 4))).astype(np.float32))))
show("HingeEmbeddingLoss margin str", lambda: nn.HingeEmbeddingLoss(margin="a"))
show("HingeEmbeddingLoss reduction avg", lambda: nn.HingeEmbeddingLoss(reduction="avg"))
show("HingeEmbeddingLoss int32", lambda: nn.HingeEmbeddingLoss()(ints((2, 2), 1),
                                                                  ints((2, 2), 1)))
show("HingeEmbeddingLoss int32 targets", lambda: nn.HingeEmbeddingLoss()(x, ints((3, 4), 1)))
show("hinge_embedding_loss reduction avg", lambda: ops.hinge_embedding_loss(x, y, 1.0, "avg"))
show("hinge_embedding_loss margin str", lambda: ops.hinge_embedding_loss(x, y, "a"))
show("hinge_embedding_loss float16", lambda: ops.hinge_embedding_loss(x.astype(ms.float16),
                                                                      y.astype(ms.float16)))
show("hinge_embedding_loss margin 2", lambda: ops.hinge_embedding_loss(x, y, 2))
show("KLDivLoss batchmean", lambda: nn.KLDivLoss(reduction="batchmean")(x, prob(3, 4)))
show("KLDivLoss mean", lambda: nn.KLDivLoss(reduction="mean")(x, prob(3, 4)))
show("KLDivLoss reduction avg", lambda: nn.KLDivLoss(reduction="avg"))
show("KLDivLoss int32", lambda: nn.KLDivLoss()(ints((2, 2), 1), ints((2, 2), 1)))
show("KLDivLoss target float16", lambda: nn.KLDivLoss()(x, prob(3, 4).astype(ms.float16)))
show("BCELoss", lambda: nn.BCELoss()(prob(3, 4), prob(3, 4)))
show("BCELoss weight (3, 4)", lambda: nn.BCELoss(weight=prob(3, 4))(prob(3, 4), prob(3, 4)))
show("BCELoss shapes", lambda: nn.BCELoss()(prob(3, 4), prob(2, 4)))
show("BCELoss int32", lambda: nn.BCELoss()(ints((2, 2), 1), ints((2, 2), 1)))
show("BCELoss target float16", lambda: nn.BCELoss()(prob(3, 4), prob(3, 4).astype(ms.float16)))
show("BCEWithLogitsLoss", lambda: nn.BCEWithLogitsLoss()(x, prob(3, 4)))
show("BCEWithLogitsLoss pos_weight", lambda: nn.BCEWithLogitsLoss(pos_weight=prob(4))(
    x, prob(3, 4)))
show("BCEWithLogitsLoss int32", lambda: nn.BCEWithLogitsLoss()(ints((2, 2), 1),
                                                               ints((2, 2), 1)))
show("BCEWithLogitsLoss target float64", lambda: nn.BCEWithLogitsLoss()(
    x, Tensor(np.full((3, 4), 0.5))))
show("L1Loss input2 float16", lambda: nn.L1Loss()(x, y.astype(ms.float16)))
show("L1Loss int32", lambda: nn.L1Loss()(ints((2, 2), 1), ints((2, 2), 0)))
show("MSELoss int32", lambda: nn.MSELoss()(ints((2, 2), 1), ints((2, 2), 0)))
show("MSELoss int32 none", lambda: nn.MSELoss(reduction="none")(ints((2, 2), 1),
                                                                ints((2, 2), 0)))
show("MSELoss float16", lambda: nn.MSELoss()(x.astype(ms.float16), y.astype(ms.float16)))
show("mse_loss int32", lambda: ops.mse_loss(ints((2, 2), 1), ints((2, 2), 0)))
show("DiceLoss", lambda: nn.DiceLoss()(prob(3, 4), prob(3, 4)))
show("DiceLoss shapes", lambda: nn.DiceLoss()(prob(3, 4), prob(2, 4)))
show("DiceLoss ranks", lambda: nn.DiceLoss()(prob(12), prob(3, 4)))
indices = Tensor(rng.integers(0, 3, (2, 1, 4)).astype(np.int32))
show("FocalLoss", lambda: nn.FocalLoss()(rand(2, 3, 4), indices))
show("FocalLoss 2-d", lambda: nn.FocalLoss()(rand(4, 3), Tensor(rng.integers(0, 3, (4, 1)).astype(
    np.int32))))
show("FocalLoss ranks", lambda: nn.FocalLoss()(rand(2, 3, 4), indices[:, 0]))
show("FocalLoss one channel", lambda: nn.FocalLoss()(rand(2, 1, 4), indices))
show("FocalLoss labels channels", lambda: nn.FocalLoss()(rand(2, 3, 4),
                                                         ints((2, 2, 4), 0)))
show("FocalLoss 1-d", lambda: nn.FocalLoss()(rand(4), ints((4,), 0)))
show("FocalLoss 5-d", lambda: nn.FocalLoss()(rand(1, 2, 1, 1, 4), ints((1, 1, 1, 1, 4), 0)))
show("FocalLoss bool labels", lambda: nn.FocalLoss()(rand(4, 3), Tensor(np.zeros((4, 1), bool))))
show("FocalLoss float64 labels", lambda: nn.FocalLoss()(rand(4, 3), Tensor(np.zeros((4, 1)))))
