"""Probe: mindspore.dataset.vision.read_image on images the probe writes with Pillow (RGB, RGBA and
grey PNG, BMP, TIFF; JPEG by shape only, its bytes depend on the encoder; GIF refused) in each
ImageReadMode, its argument errors, and RandomEqualize/RandomInvert at prob
0 and 1 (dtype, shape and md5 of the result, or the exception)."""
import hashlib
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset.vision as vision
from mindspore.dataset.vision import ImageReadMode



def show(label, make):
    try:
        out = np.ascontiguousarray(make())
        print(f"{label} -> {out.dtype} {out.shape} {hashlib.md5(out.tobytes()).hexdigest()}")
    except Exception as error:  # pylint: disable=broad-except
        lines = [line for line in str(error).splitlines() if "[ERROR]" in line]
        detail = lines[-1].strip() if lines else str(error).splitlines()[0].rstrip()
        detail = detail.split(", ")[0].replace(folder + os.sep, "")
        print(f"{label} -> {type(error).__name__}: {detail}")


folder = tempfile.mkdtemp()
pixels = np.random.RandomState(9).randint(0, 256, (13, 21, 4)).astype(np.uint8)
files = {"rgb.png": Image.fromarray(pixels[..., :3]), "rgba.png": Image.fromarray(pixels, "RGBA"),
         "gray.png": Image.fromarray(pixels[..., 0]), "rgb.bmp": Image.fromarray(pixels[..., :3]),
         "rgb.tiff": Image.fromarray(pixels[..., :3]), "gray.tiff": Image.fromarray(pixels[..., 0]),
         "rgb.jpg": Image.fromarray(pixels[..., :3]), "gray.jpg": Image.fromarray(pixels[..., 0]),
         "rgb.gif": Image.fromarray(pixels[..., :3])}
for name, picture in files.items():
    picture.save(os.path.join(folder, name))
for name in files:
    for mode in (ImageReadMode.UNCHANGED, ImageReadMode.GRAYSCALE, ImageReadMode.COLOR):
        if name in ("rgb.png", "rgba.png") and mode == ImageReadMode.GRAYSCALE:
            continue  # MindSpore greys a colour PNG with libpng's coefficients: docs/migration.md
        if name.endswith(".jpg"):
            show(f"read_image {name} {mode.name}", lambda: np.zeros(vision.read_image(os.path.join(folder, name), mode).shape, np.uint8))
        else:
            show(f"read_image {name} {mode.name}", lambda: vision.read_image(os.path.join(folder, name), mode))
show("read_image missing", lambda: vision.read_image("this_file_is_not_exist"))
show("read_image folder", lambda: vision.read_image(folder))
show("read_image int name", lambda: vision.read_image(0))
show("read_image str mode", lambda: vision.read_image(os.path.join(folder, "rgb.png"), "0"))
rng = np.random.RandomState(4)
image = rng.randint(0, 256, (10, 12, 3)).astype(np.uint8)
for prob in (0.0, 1.0):
    show(f"RandomEqualize({prob})", lambda: vision.RandomEqualize(prob)(image))
    show(f"RandomInvert({prob})", lambda: vision.RandomInvert(prob)(image))
for prob in (1.5, -0.1, "1"):
    show(f"RandomEqualize({prob!r})", lambda: vision.RandomEqualize(prob))
    show(f"RandomInvert({prob!r})", lambda: vision.RandomInvert(prob))
