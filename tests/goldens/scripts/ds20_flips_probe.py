"""HorizontalFlip, VerticalFlip, RandomHorizontalFlip(1.0) and RandomVerticalFlip(1.0) on images
of every rank (a batch of frames or a video: <..., H, W, C>), channel counts and dtypes, and
their errors."""
import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.vision as vision


def show(label, make):
    try:
        out = make()
        if isinstance(out, np.ndarray):
            out = (out.dtype.str, out.shape, out.reshape(-1)[:12].tolist())
        print(label, "->", out)
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0])[:200])


OPS = {"HorizontalFlip": vision.HorizontalFlip(), "VerticalFlip": vision.VerticalFlip(),
       "RandomHorizontalFlip": vision.RandomHorizontalFlip(1.0),
       "RandomVerticalFlip": vision.RandomVerticalFlip(1.0)}
SHAPES = [(1,), (6,), (3, 4), (3, 4, 1), (3, 4, 3), (3, 4, 5), (2, 3, 4, 3), (2, 2, 3, 4, 3), (2, 3, 4, 1)]
for name, op in OPS.items():
    for shape in SHAPES:
        image = np.arange(int(np.prod(shape))).reshape(shape).astype(np.uint8)
        show(f"{name} {shape}", lambda: op(image))
    for dtype in (np.float32, np.int16, np.float64, np.bool_, np.int64, np.uint32, np.int8):
        image = np.arange(24).reshape(2, 4, 3).astype(dtype)
        show(f"{name} {np.dtype(dtype).name}", lambda: op(image))
    show(f"{name} strings", lambda: op(np.array([["a", "b"], ["c", "d"]])))
    data = ds.NumpySlicesDataset({"v": np.arange(2 * 2 * 3 * 2 * 3).reshape(2, 2, 3, 2, 3).astype(np.uint8)},
                                 shuffle=False).map(op, input_columns="v")
    show(f"{name} pipeline 4d rows", lambda: [r[0].reshape(-1)[:8].tolist() for r in data.create_tuple_iterator(output_numpy=True)])
