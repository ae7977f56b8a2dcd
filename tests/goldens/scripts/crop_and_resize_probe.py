"""MindSpore 2.10's `ops.CropAndResize`: crops of a batch of images, resized, for each method,
with boxes inside, across and outside the image (flipped ones too), crops of one row or column,
integer images, and its errors. Prints `case -> outcome` lines: the output's shape, dtype and
values rounded to 4 places, or `ERR Type | message`.
    GLOG_v=3 ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/crop_and_resize_probe.py \\
        > tests/goldens/crop_and_resize.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

ms.set_context(mode=ms.PYNATIVE_MODE)
image = (np.arange(2 * 5 * 6 * 2) % 11).reshape(2, 5, 6, 2).astype(np.float32) / 4
boxes = np.array([[0, 0, 1, 1], [0.1, 0.2, 0.7, 0.9], [0.8, 0.9, 0.2, 0.1],
                  [-0.2, -0.1, 1.3, 1.2], [0.5, 0.5, 0.5, 0.5]], np.float32)
box_index = np.array([0, 1, 0, 1, 1], np.int32)


def show(value) -> str:
    a = value.asnumpy()
    return f"{a.shape} {a.dtype} {np.round(a.astype(np.float64), 4).reshape(-1).tolist()}"


def run(label, make):
    try:
        print(f"{label} -> {show(make())}")
    except Exception as error:  # noqa: BLE001 - the error is the golden
        print(f"{label} -> ERR {type(error).__name__} | {str(error).strip().splitlines()[0]}")


for method in ("bilinear", "nearest", "bilinear_v2"):
    for crop in ((3, 4), (1, 1), (1, 3), (4, 1)):
        run(f"{method} crop={crop}", lambda m=method, c=crop: ops.CropAndResize(m, 0.5)(
            Tensor(image), Tensor(boxes), Tensor(box_index), c))
run("int32 image", lambda: ops.CropAndResize()(Tensor((image * 4).astype(np.int32)),
                                               Tensor(boxes), Tensor(box_index), (3, 3)))
run("float16 image", lambda: ops.CropAndResize()(Tensor(image.astype(np.float16)),
                                                 Tensor(boxes), Tensor(box_index), (2, 2)))
run("repr", lambda: (_ for _ in ()).throw(ValueError(repr(ops.CropAndResize("nearest", 1.0)))))
run("bad method", lambda: ops.CropAndResize("cubic"))
run("crop width 0", lambda: ops.CropAndResize()(Tensor(image), Tensor(boxes), Tensor(box_index),
                                                (2, 0)))
run("boxes of 3", lambda: ops.CropAndResize()(Tensor(image), Tensor(boxes[:, :3]),
                                              Tensor(box_index), (2, 2)))
run("box_index 2", lambda: ops.CropAndResize()(Tensor(image), Tensor(boxes),
                                               Tensor(np.array([0, 2, 0, 1, 1], np.int32)), (2, 2)))
run("crop list", lambda: ops.CropAndResize()(Tensor(image), Tensor(boxes), Tensor(box_index),
                                             [2, 2]))
