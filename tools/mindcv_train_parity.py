"""MindCV's own models (a checkout of github.com/mindspore-lab/mindcv, not part of this project),
from one checkpoint and one batch, through three GRAPH_MODE training steps (Momentum,
TrainOneStepCell): run once under MindSpore 2.10 and once under ``msjax run``, then compared.

Environment: MINDCV_DIR (the checkout), PARITY_WORK (a folder), PARITY_MODELS (comma-separated
model names, default resnet18,densenet121), PARITY_DTYPE (float32, the default, or float64: the
checkpoint's values and the batch cast to float64, to tell float order from semantics),
PARITY_LR (default 0.1), PARITY_IMAGE (default 64), PARITY_STEPS (default 3), PARITY_MODE
(GRAPH, the default, or PYNATIVE), PARITY_PERMUTED (1: the batch's rows in another order, the
same mean loss: the sums over the batch round differently).

    mindspore-oracle tools/mindcv_train_parity.py   # <model>.ckpt (first run), mindspore_*.npz
    msjax run tools/mindcv_train_parity.py          # msjax_*.npz
    python tools/mindcv_train_parity.py --compare   # losses side by side, the worst parameters
"""
import os
import sys

import numpy as np

NUM_CLASSES = 10


def _env():
    return (os.environ["PARITY_WORK"],
            os.environ.get("PARITY_MODELS", "resnet18,densenet121").split(","),
            os.environ.get("PARITY_DTYPE", "float32"), float(os.environ.get("PARITY_LR", "0.1")),
            int(os.environ.get("PARITY_IMAGE", "64")), int(os.environ.get("PARITY_STEPS", "3")))


def batch(image, dtype):
    rng = np.random.default_rng(26)
    return (rng.standard_normal((4, 3, image, image)).astype(dtype),
            rng.integers(0, NUM_CLASSES, 4).astype(np.int32))


def run():
    import mindspore as ms
    from mindspore import Tensor, nn
    sys.path.insert(0, os.environ["MINDCV_DIR"])
    from mindcv.models import create_model
    side = "msjax" if "msjax" in sys.modules else "mindspore"
    work, names, dtype, lr, image, steps = _env()
    mode = os.environ.get("PARITY_MODE", "GRAPH")
    ms.set_context(mode=getattr(ms, f"{mode}_MODE"))
    side += ("" if mode == "GRAPH" else "_pynative") + \
        ("_permuted" if os.environ.get("PARITY_PERMUTED") == "1" else "")
    for name in names:
        ms.set_seed(1)
        net = create_model(name, num_classes=NUM_CLASSES)
        ckpt = os.path.join(work, f"{name}.ckpt")
        if not os.path.exists(ckpt):
            ms.save_checkpoint(net, ckpt)
        ms.load_param_into_net(net, ms.load_checkpoint(ckpt))
        if dtype == "float64":
            for p in net.get_parameters():
                p.set_dtype(ms.float64)
        x, y = batch(image, dtype)
        if os.environ.get("PARITY_PERMUTED") == "1":
            x, y = x[::-1].copy(), y[::-1].copy()
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
        train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
        train.set_train()
        losses = [float(train(Tensor(x), Tensor(y)).asnumpy()) for _ in range(steps)]
        print(side, name, dtype, losses, flush=True)
        np.savez(os.path.join(work, f"{side}_{name}_{dtype}.npz"), losses=np.array(losses),
                 **{f"p/{p.name}": p.asnumpy() for p in net.get_parameters()})


def compare():
    """Every recorded run's losses, then how far each float32 run's parameters after the steps
    are from msjax's float64 run (or, without one, from MindSpore's float32 run)."""
    work, names, _, _, _, _ = _env()
    for name in names:
        runs = {}
        for side in ("mindspore", "mindspore_permuted", "mindspore_pynative", "msjax",
                     "msjax_permuted"):
            for dtype in ("float32", "float64"):
                path = os.path.join(work, f"{side}_{name}_{dtype}.npz")
                if os.path.exists(path):
                    runs[f"{side} {dtype}"] = np.load(path)
        for run, arrays in runs.items():
            print(f"{name:12} {run:28} losses {[round(v, 6) for v in arrays['losses'].tolist()]}")
        reference = "msjax float64" if "msjax float64" in runs else "mindspore float32"
        for run, arrays in runs.items():
            if run == reference:
                continue
            ref = runs[reference]
            rows = sorted(((np.abs(arrays[k].astype(np.float64) - ref[k]).max()
                            / max(np.abs(ref[k]).max(), 1e-12), k[2:])
                           for k in ref.files if k.startswith("p/")), reverse=True)
            print(f"{name:12} {run:28} vs {reference}: worst parameter {rows[0][1]} "
                  f"({rows[0][0]:.3g} of its largest value)")


if __name__ == "__main__":
    compare() if sys.argv[1:] == ["--compare"] else run()
