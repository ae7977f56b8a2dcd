"""MindSpore 2.10's OcclusionSensitivity metric (mindspore / nn / train): for one image and a
label, the model's baseline score minus its score with a cube of `margin` pixels around each
position set to `pad_val`, over the image or a bounding box, batched by `n_batch`; its argument
and input errors, printed `label -> RESULT`; tests/train/test_miss18_occlusion.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/miss18_occlusion_probe.py \
        | grep -- " -> " > tests/goldens/train/miss18_occlusion_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor


def show(label, f):
    try:
        out = f()
        if isinstance(out, np.ndarray):
            out = (str(out.dtype), out.shape, np.round(out.astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")] or [""]
        out = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {out}")


class DenseNet(nn.Cell):
    def __init__(self):
        super().__init__()
        w = np.array([[0.1, 0.8, 0.1, 0.1], [1, 1, 1, 1]], np.float32)
        b = np.array([0.3, 0.6], np.float32)
        self.dense = nn.Dense(4, 2, weight_init=Tensor(w), bias_init=Tensor(b))

    def construct(self, x):
        return self.dense(x)


class ImageNet(nn.Cell):
    """Scores of 3 classes from a 1x4x5 image: weighted sums of its pixels."""

    def __init__(self):
        super().__init__()
        self.weights = Tensor(np.linspace(-1, 1, 60, dtype=np.float32).reshape(3, 20))

    def construct(self, x):
        return ms.ops.matmul(x.reshape(x.shape[0], -1), self.weights.T)


x = np.array([[0.1, 0.2, 0.3, 0.4]], np.float32)
label = np.array(1, np.int32)  # (one label: a 0-d array, as MindSpore's example has it)
metric = ms.OcclusionSensitivity()
show("classes", lambda: (ms.OcclusionSensitivity is nn.OcclusionSensitivity,
                         ms.OcclusionSensitivity is ms.train.OcclusionSensitivity))
show("eval before update", lambda: metric.eval())
metric.update(DenseNet(), x, label)
show("dense default", lambda: metric.eval())
for kwargs in ({"margin": 1}, {"margin": 0}, {"pad_val": 1.5}, {"n_batch": 1},
               {"b_box": [1, 2]}, {"b_box": [-1, -1]}):
    def run(kwargs=kwargs):
        m = nn.OcclusionSensitivity(**kwargs)
        m.update(DenseNet(), Tensor(x), Tensor(1, ms.int32))
        return m.eval()
    show(f"dense {kwargs}", run)

image = (np.arange(20, dtype=np.float32).reshape(1, 1, 4, 5) - 7) / 5
for kwargs in ({}, {"margin": 1, "n_batch": 7}, {"b_box": [0, 0, 1, 2, 0, 3]},
               {"pad_val": -1.0, "margin": 3}):
    def run(kwargs=kwargs):
        m = ms.train.OcclusionSensitivity(**kwargs)
        m.update(ImageNet(), image, np.array(2))
        return m.eval()
    show(f"image {kwargs}", run)


def fails(kwargs, inputs):
    m = ms.OcclusionSensitivity(**kwargs)
    m.update(*inputs)
    return m.eval()


show("pad_val int", lambda: ms.OcclusionSensitivity(pad_val=0))
show("margin float", lambda: ms.OcclusionSensitivity(margin=1.0))
show("n_batch float", lambda: ms.OcclusionSensitivity(n_batch=2.0))
show("b_box tuple", lambda: ms.OcclusionSensitivity(b_box=(0, 1)))
show("two inputs", lambda: fails({}, (DenseNet(), x)))
show("not a Cell", lambda: fails({}, (lambda v: v, x, label)))
show("two images", lambda: fails({}, (DenseNet(), np.concatenate([x, x]), label)))
show("two labels", lambda: fails({}, (DenseNet(), x, np.array([1, 0]))))
show("b_box length", lambda: fails({"b_box": [0, 1, 0, 1]}, (DenseNet(), x, label)))
show("b_box too big", lambda: fails({"b_box": [0, 4]}, (DenseNet(), x, label)))
show("b_box reversed", lambda: fails({"b_box": [3, 1]}, (DenseNet(), x, label)))
show("label int", lambda: fails({}, (DenseNet(), x, 1)))
show("label of shape (1,)", lambda: fails({}, (DenseNet(), x, np.array([1]))))
show("clear", lambda: (lambda m: (m.update(DenseNet(), x, label), m.clear(), m.eval()))(
    ms.OcclusionSensitivity()))
show("get_metric_fn", lambda: type(ms.train.get_metric_fn("occlusion_sensitivity", margin=1)).__name__)
show("get_metrics", lambda: sorted((k, type(v).__name__) for k, v in
                                   nn.get_metrics({"occlusion_sensitivity"}).items()))
