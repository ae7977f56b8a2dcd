"""MindSpore 2.10 behaviour of nn.MSSSIM: values (rounded to 4 decimals) for float and uint8
images, with its default and custom power factors, PYNATIVE and GRAPH mode, and the checks of
its arguments and inputs; printed `label -> RESULT`. tests/nn/test_msssim.py runs it unchanged
on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/msssim_probe.py \\
        | grep -- " -> " > tests/goldens/nn/msssim_probe.out
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


rng = np.random.default_rng(0)
base = rng.random((2, 3, 48, 48)).astype(np.float32)
noisy = np.clip(base + 0.1 * rng.standard_normal(base.shape).astype(np.float32), 0, 1)
other = rng.random((2, 3, 48, 48)).astype(np.float32)
three = (0.2, 0.3, 0.5)
# MindSpore 2.10 computes MSSSIM in GRAPH_MODE only (PYNATIVE fails in its ScalarCast)
show("pynative noisy", lambda: nn.MSSSIM(power_factors=three, filter_size=7)(Tensor(base), Tensor(noisy)))
ms.set_context(mode=ms.GRAPH_MODE)
show("graph same", lambda: nn.MSSSIM(power_factors=three, filter_size=7)(Tensor(base), Tensor(base)))
show("graph noisy", lambda: nn.MSSSIM(power_factors=three, filter_size=7)(Tensor(base), Tensor(noisy)))
show("graph other", lambda: nn.MSSSIM(power_factors=three, filter_size=7)(Tensor(base), Tensor(other)))
big1 = rng.random((1, 1, 180, 180)).astype(np.float32)
big2 = np.clip(big1 + 0.05 * rng.standard_normal(big1.shape).astype(np.float32), 0, 1)
show("default factors", lambda: nn.MSSSIM()(Tensor(big1), Tensor(big2)))
show("sigma k", lambda: nn.MSSSIM(power_factors=[0.5, 0.5], filter_size=5, filter_sigma=0.8, k1=0.02, k2=0.05)(Tensor(base), Tensor(noisy)))
u1 = (base * 255).astype(np.uint8)
u2 = (noisy * 255).astype(np.uint8)
show("uint8 max 255", lambda: nn.MSSSIM(max_val=255, power_factors=three, filter_size=7)(Tensor(u1), Tensor(u2)))
show("float16", lambda: nn.MSSSIM(power_factors=three, filter_size=7)(Tensor(base, mstype.float16), Tensor(noisy, mstype.float16)))
show("float64", lambda: nn.MSSSIM(power_factors=three, filter_size=7)(Tensor(base.astype(np.float64)), Tensor(noisy.astype(np.float64))))
show("int32", lambda: nn.MSSSIM(power_factors=three, filter_size=7)(Tensor(u1.astype(np.int32)), Tensor(u2.astype(np.int32))))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("3d", lambda: nn.MSSSIM(power_factors=three)(Tensor(base[0]), Tensor(base[0])))
show("5d img2", lambda: nn.MSSSIM(power_factors=three)(Tensor(base), Tensor(base[None])))
show("shapes", lambda: nn.MSSSIM(power_factors=three, filter_size=7)(Tensor(base), Tensor(base[:, :, :40])))
show("dtypes", lambda: nn.MSSSIM(power_factors=three, filter_size=7)(Tensor(base), Tensor(base, mstype.float16)))
for label, kw in [("max_val -1", {"max_val": -1}), ("max_val 0", {"max_val": 0}), ("max_val True", {"max_val": True}),
                  ("max_val str", {"max_val": "1"}), ("factors set", {"power_factors": {0.1, 0.2}}),
                  ("factors tensor", {"power_factors": Tensor([0.5, 0.5])}),
                  ("filter_size 1.1", {"filter_size": 1.1}), ("filter_size 0", {"filter_size": 0}),
                  ("filter_size True", {"filter_size": True}),
                  ("sigma 0", {"filter_sigma": 0.0}), ("sigma -0.1", {"filter_sigma": -0.1}), ("sigma 1", {"filter_sigma": 1}),
                  ("k1 int", {"k1": 1}), ("k2 str", {"k2": "a"})]:
    show(f"MSSSIM {label}", lambda: type(nn.MSSSIM(**kw)).__name__)
show("repr", lambda: repr(nn.MSSSIM(power_factors=(0.5, 0.5), filter_size=3)))
