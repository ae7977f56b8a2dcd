"""Probe: mindspore.dataset.vision's Adjust* transforms (and RandomAdjustSharpness at prob 0 and
1) on NumPy uint8 images and PIL images, pixel for pixel (dtype, shape, md5 of the bytes), and
their argument errors. (Float images are left out: docs/migration.md.)"""
import hashlib

import numpy as np
from PIL import Image

import mindspore.dataset.vision as vision


def show(label, make):
    try:
        out = make()
    except Exception as error:  # pylint: disable=broad-except
        print(f"{label} -> {type(error).__name__}: {str(error).splitlines()[0].rstrip()}")
        return
    kind = type(out).__name__
    out = np.ascontiguousarray(np.asarray(out))
    print(f"{label} -> {kind} {out.dtype} {out.shape} {hashlib.md5(out.tobytes()).hexdigest()}")


rng = np.random.RandomState(7)
rgb = rng.randint(0, 256, (20, 30, 3)).astype(np.uint8)
gray = rng.randint(0, 256, (9, 11)).astype(np.uint8)
inputs = {"numpy": lambda: rgb, "pil": lambda: Image.fromarray(rgb)}
cases = [("AdjustBrightness", (0.5,)), ("AdjustBrightness", (1.7,)),
         ("AdjustContrast", (0.0,)), ("AdjustContrast", (0.5,)), ("AdjustContrast", (1.0,)),
         ("AdjustContrast", (2.3,)),
         ("AdjustSaturation", (0.0,)), ("AdjustSaturation", (0.6,)), ("AdjustSaturation", (1.0,)),
         ("AdjustSaturation", (2.0,)),
         ("AdjustHue", (0.0,)), ("AdjustHue", (0.2,)), ("AdjustHue", (-0.35,)), ("AdjustHue", (0.5,)),
         ("AdjustSharpness", (0.0,)), ("AdjustSharpness", (0.5,)), ("AdjustSharpness", (1.0,)),
         ("AdjustSharpness", (2.5,)),
         ("AdjustGamma", (1.0,)), ("AdjustGamma", (2.0,)), ("AdjustGamma", (0.5, 2.0)),
         ("AdjustGamma", (1.5, 0.7))]
for name, args in cases:
    for kind, make in inputs.items():
        show(f"{name}{args} {kind}", lambda: getattr(vision, name)(*args)(make()))
for name, args in [("AdjustContrast", (0.5,)), ("AdjustBrightness", (0.5,)), ("AdjustSharpness", (2.0,)),
                   ("AdjustGamma", (2.0,)), ("AdjustSaturation", (0.5,)), ("AdjustHue", (0.1,))]:
    show(f"{name}{args} gray", lambda: getattr(vision, name)(*args)(gray))
for prob in (0.0, 1.0):
    for kind, make in inputs.items():
        show(f"RandomAdjustSharpness(2.0, {prob}) {kind}",
             lambda: vision.RandomAdjustSharpness(2.0, prob)(make()))
for name, args in [("AdjustContrast", (-1.0,)), ("AdjustContrast", ([1, 2],)), ("AdjustHue", (0.6,)),
                   ("AdjustHue", ("0.1",)), ("AdjustSaturation", (-0.5,)), ("AdjustBrightness", (True,)),
                   ("AdjustSharpness", (-2,)), ("AdjustGamma", (-1.0,)), ("AdjustGamma", (1.0, "2")),
                   ("RandomAdjustSharpness", (-1.0,)), ("RandomAdjustSharpness", (1.0, 1.5)),
                   ("RandomAdjustSharpness", ("1",)), ("RandomAdjustSharpness", (1.0, "0.5"))]:
    show(f"{name}{args} error", lambda: getattr(vision, name)(*args))
for kind, make in inputs.items():
    show(f"RandomLighting(0) {kind}", lambda: vision.RandomLighting(0)(make()))
    show(f"RandomLighting(0.5) shape {kind}", lambda: np.asarray(vision.RandomLighting(0.5)(make())).shape and
         np.zeros(np.asarray(vision.RandomLighting(0.5)(make())).shape, np.uint8))
for args in ((-2,), ("1",), (True,)):
    show(f"RandomLighting{args} error", lambda: vision.RandomLighting(*args))
show("RandomLighting gray", lambda: vision.RandomLighting(0.1)(gray))
