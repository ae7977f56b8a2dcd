"""CenterCrop on images of every rank (frames <..., H, W, C>), crops larger than the image (zero
padding, and the limit of 3 times the image's size) and its errors."""
import numpy as np

import mindspore.dataset.vision as vision


def show(label, make):
    try:
        out = make()
        if isinstance(out, np.ndarray):
            out = (out.dtype.str, out.shape, int(out.astype(np.int64).sum()), out.reshape(-1)[:10].tolist())
        print(label, "->", out)
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0])[:200])


for shape in [(5,), (6, 8), (6, 8, 1), (6, 8, 3), (2, 6, 8, 3), (2, 2, 6, 8, 3), (6, 8, 5)]:
    image = (np.arange(int(np.prod(shape))) % 251).reshape(shape).astype(np.uint8)
    for size in [3, (4, 5), (6, 8), (7, 9), (9, 11), (10, 4), (18, 8), (24, 8), (25, 8), (6, 32), (6, 33)]:
        show(f"{shape} size {size}", lambda: vision.CenterCrop(size)(image))
image = np.arange(48).reshape(4, 4, 3).astype(np.float32)
show("float32 pad", lambda: vision.CenterCrop(6)(image))
show("int64", lambda: vision.CenterCrop(2)(image.astype(np.int64)))
show("int64 pad", lambda: vision.CenterCrop(6)(image.astype(np.int64)))
show("bool", lambda: vision.CenterCrop(2)(image > 3))
show("strings", lambda: vision.CenterCrop(1)(np.array([["a", "b"], ["c", "d"]])))
show("huge", lambda: vision.CenterCrop(16777216)(image))
