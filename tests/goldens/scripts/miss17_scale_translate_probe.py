"""MindSpore 2.10's ScaleAndTranslate (TensorFlow's scale_and_translate): each kernel type, with
and without antialiasing, up and down, translated; dtypes, shapes, the repr and the errors of bad
input. Golden: tests/goldens/ops/miss17_scale_translate_probe.out
(tests/ops/test_miss17_image_primitives.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor

rng = np.random.default_rng(0)
image = Tensor(rng.standard_normal((1, 5, 6, 2)).astype(np.float32))


def T(values, dtype):
    return Tensor(np.array(values, dtype))


def show(label, fn):
    try:
        r = fn()
        print(label, "->", "OK", f"{r.dtype} {tuple(r.shape)} "
              f"{np.round(r.asnumpy().astype(np.float64), 4).ravel().tolist()}")
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


for kernel in ("lanczos1", "lanczos3", "lanczos5", "gaussian", "box", "triangle", "keyscubic",
               "mitchellcubic"):
    for antialias in (True, False):
        show(f"{kernel} antialias={antialias} down", lambda: ops.ScaleAndTranslate(
            kernel, antialias)(image, T([3, 4], np.int32), T([0.6, 0.7], np.float32),
                               T([0.0, 0.0], np.float32)))
    show(f"{kernel} up translated", lambda: ops.ScaleAndTranslate(kernel)(
        image, T([8, 9], np.int32), T([1.6, 1.5], np.float32), T([0.5, -1.0], np.float32)))
show("int input", lambda: ops.ScaleAndTranslate()(
    Tensor(np.arange(16, dtype=np.int32).reshape(1, 4, 4, 1)), T([2, 2], np.int32),
    T([0.5, 0.5], np.float32), T([0.0, 0.0], np.float32)))
show("float16 input", lambda: ops.ScaleAndTranslate()(
    Tensor(np.ones((1, 2, 2, 1), np.float16)), T([3, 3], np.int32), T([1.5, 1.5], np.float32),
    T([0.0, 0.0], np.float32)))
show("bad kernel", lambda: ops.ScaleAndTranslate("cubic"))
show("antialias int", lambda: ops.ScaleAndTranslate(antialias=1))
show("images 3d", lambda: ops.ScaleAndTranslate()(Tensor(np.ones((5, 6, 2), np.float32)),
                                                  T([3, 4], np.int32), T([0.6, 0.7], np.float32),
                                                  T([0.0, 0.0], np.float32)))
show("size 3", lambda: ops.ScaleAndTranslate()(image, T([3, 4, 5], np.int32),
                                               T([0.6, 0.7], np.float32), T([0.0, 0.0], np.float32)))
show("size int64", lambda: ops.ScaleAndTranslate()(image, T([3, 4], np.int64),
                                                   T([0.6, 0.7], np.float32), T([0.0, 0.0], np.float32)))
show("scale float64", lambda: ops.ScaleAndTranslate()(image, T([3, 4], np.int32),
                                                      T([0.6, 0.7], np.float64), T([0.0, 0.0], np.float32)))
show("scale zero", lambda: ops.ScaleAndTranslate()(image, T([3, 4], np.int32),
                                                   T([0.0, 0.7], np.float32), T([0.0, 0.0], np.float32)))
show("size zero", lambda: ops.ScaleAndTranslate()(image, T([0, 4], np.int32),
                                                  T([0.6, 0.7], np.float32), T([0.0, 0.0], np.float32)))
print("repr ->", "REPR", repr(ops.ScaleAndTranslate("box", False)))
