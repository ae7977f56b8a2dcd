"""Probe: mindspore.dataset.vision.Resize on uint8 and float images, pixel for pixel (md5 of the
result's bytes, with its shape and dtype). Sizes cover down- and up-scaling, exact halving and
row widths whose tail OpenCV's vertical pass computes without SIMD."""
import hashlib

import numpy as np

import mindspore.dataset.vision as vision


def show(label, out):
    out = np.ascontiguousarray(out)
    print(f"{label} -> {out.dtype} {out.shape} {hashlib.md5(out.tobytes()).hexdigest()}")


rng = np.random.RandomState(19)
images = {"rgb37x53": rng.randint(0, 256, (37, 53, 3)).astype(np.uint8),
          "gray41x29": rng.randint(0, 256, (41, 29)).astype(np.uint8),
          "rgb64x48": rng.randint(0, 256, (64, 48, 3)).astype(np.uint8),
          "float20x30": rng.rand(20, 30, 3).astype(np.float32)}
sizes = [(224, 224), (17, 23), (5, 7), (32, 24), (100, 3), (1, 1), (37, 53), (19, 101), 13]
for name, image in images.items():
    for size in sizes:
        for inter in (vision.Inter.LINEAR, vision.Inter.NEAREST):
            try:
                show(f"{name} Resize {size} {inter.name}", vision.Resize(size, inter)(image))
            except Exception as error:  # pylint: disable=broad-except
                print(f"{name} Resize {size} {inter.name} -> {type(error).__name__}: {error}")
