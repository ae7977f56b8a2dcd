"""MindSpore 2.10's ExtractGlimpse: glimpses inside the image (any noise) and outside it with
zero noise, for each centring and normalisation, their dtypes and shapes, the repr and the errors
of bad input. (Noise drawn for pixels outside the image comes from the random generator: not
compared.) Golden: tests/goldens/ops/miss17_extract_glimpse_probe.out
(tests/ops/test_miss17_sparse_primitives.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor


def show(label, fn):
    try:
        r = fn()
        a = r.asnumpy()
        print(label, "->", "OK", f"{r.dtype} {tuple(r.shape)} {np.round(a.astype(np.float64), 5).ravel().tolist()}")
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


image = Tensor(np.arange(2 * 6 * 5 * 2, dtype=np.float32).reshape(2, 6, 5, 2))
size = Tensor(np.array([3, 2], np.int32))
for centered in (True, False):
    for normalized in (True, False):
        offsets = {(True, True): [[0.0, 0.0], [0.2, -0.4]], (True, False): [[0.0, 0.0], [1.0, -1.0]],
                   (False, True): [[0.5, 0.5], [0.3, 0.6]], (False, False): [[2.0, 1.0], [3.0, 3.0]]}
        label = f"centered={centered} normalized={normalized}"
        show(f"{label} inside", lambda: ops.ExtractGlimpse(centered, normalized)(
            image, size, Tensor(np.array(offsets[(centered, normalized)], np.float32))))
        outside = [[0.9, 0.9], [-0.95, -0.9]] if normalized else [[5.0, 4.0], [-4.0, -3.0]]
        if not centered:
            outside = [[0.95, 0.9], [0.0, 0.0]] if normalized else [[5.5, 4.8], [0.0, 0.0]]
        show(f"{label} outside zero", lambda: ops.ExtractGlimpse(
            centered, normalized, uniform_noise=False, noise="zero")(
            image, size, Tensor(np.array(outside, np.float32))))
show("odd size", lambda: ops.ExtractGlimpse(uniform_noise=False, noise="zero")(
    image, Tensor(np.array([4, 3], np.int32)), Tensor(np.array([[0.1, 0.1], [0.0, 0.0]], np.float32))))
show("float16", lambda: ops.ExtractGlimpse()(
    Tensor(np.ones((1, 4, 4, 1), np.float16)), Tensor(np.array([2, 2], np.int32)),
    Tensor(np.array([[0.0, 0.0]], np.float32))))
show("float64", lambda: ops.ExtractGlimpse()(
    Tensor(np.ones((1, 4, 4, 1), np.float64)), Tensor(np.array([2, 2], np.int32)),
    Tensor(np.array([[0.0, 0.0]], np.float32))))
show("int", lambda: ops.ExtractGlimpse()(
    Tensor(np.ones((1, 4, 4, 1), np.int32)), Tensor(np.array([2, 2], np.int32)),
    Tensor(np.array([[0.0, 0.0]], np.float32))))
show("size int64", lambda: ops.ExtractGlimpse()(image, Tensor(np.array([2, 2], np.int64)),
                                                Tensor(np.zeros((2, 2), np.float32))))
show("offsets float64", lambda: ops.ExtractGlimpse()(image, size,
                                                     Tensor(np.zeros((2, 2), np.float64))))
show("image 3d", lambda: ops.ExtractGlimpse()(Tensor(np.ones((4, 4, 1), np.float32)), size,
                                              Tensor(np.zeros((1, 2), np.float32))))
show("offsets batch", lambda: ops.ExtractGlimpse()(image, size, Tensor(np.zeros((3, 2), np.float32))))
show("offsets width", lambda: ops.ExtractGlimpse()(image, size, Tensor(np.zeros((2, 3), np.float32))))
show("size 3", lambda: ops.ExtractGlimpse()(image, Tensor(np.array([1, 2, 3], np.int32)),
                                            Tensor(np.zeros((2, 2), np.float32))))
show("noise bad", lambda: ops.ExtractGlimpse(uniform_noise=False, noise="poisson"))
show("noise zero with uniform", lambda: ops.ExtractGlimpse(noise="zero"))
show("centered int", lambda: ops.ExtractGlimpse(centered=1))
print("repr ->", "REPR", repr(ops.ExtractGlimpse(False, True, False, "gaussian")))
