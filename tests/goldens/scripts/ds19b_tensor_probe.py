"""Probe: mindspore.dataset.vision's ToTensor (input dtypes, output types, errors), ToPIL's
checks, HWC2CHW given two tensors, FiveCrop/TenCrop, LinearTransformation, ResizedCrop and
Affine: results as dtype, shape and md5 of the bytes (PIL images as their arrays; a
LinearTransformation product as its values to 5 decimals), or the exception and its message's
first line."""
import hashlib

import numpy as np
from PIL import Image

import mindspore
import mindspore.dataset.vision as vision


def digest(out):
    if isinstance(out, tuple):
        return " | ".join(digest(item) for item in out)
    kind = type(out).__name__
    out = np.ascontiguousarray(np.asarray(out))
    return f"{kind} {out.dtype} {out.shape} {hashlib.md5(out.tobytes()).hexdigest()}"


def rounded(out):
    """A float result of a BLAS product (LinearTransformation's `np.dot`) as its values to 5
    decimals: its last bits depend on the BLAS kernel the machine picks, in MindSpore too."""
    out = np.asarray(out)
    return f"{type(out).__name__} {out.dtype} {out.shape} {np.round(out.astype(np.float64), 5).tolist()}"


def show(label, make, describe=digest):
    try:
        print(f"{label} -> {describe(make())}")
    except Exception as error:  # pylint: disable=broad-except
        print(f"{label} -> {type(error).__name__}: {str(error).splitlines()[0].rstrip()}")


rng = np.random.RandomState(5)
rgb = rng.randint(0, 256, (12, 17, 3)).astype(np.uint8)
for dtype in ("uint8", "int8", "int16", "uint16", "int32", "float16", "float32", "float64", "bool",
              "int64", "uint32", "uint64"):
    show(f"ToTensor() {dtype}", lambda: vision.ToTensor()(rgb.astype(dtype)))
for output_type in (np.float64, np.uint8, np.int32, mindspore.float16, "JUNK", None, [np.float64]):
    show(f"ToTensor({output_type})", lambda: vision.ToTensor(output_type)(rgb))
show("ToTensor() gray", lambda: vision.ToTensor()(rgb[..., 0]))
show("ToTensor() str", lambda: vision.ToTensor()(rgb.astype(np.str_)))
show("ToTensor() pil", lambda: vision.ToTensor()(Image.fromarray(rgb)))
for label, image in (("list", list(rgb)), ("rank 4", rgb[None]), ("5 channels", rng.randint(0, 9, (4, 4, 5)).astype(np.uint8)),
                     ("int16 rgb", rgb.astype(np.int16)), ("float32 gray", rgb[..., 0].astype(np.float32)),
                     ("int64 gray", rgb[..., :1].astype(np.int64)), ("uint8 rgb", rgb)):
    show(f"ToPIL {label}", lambda: vision.ToPIL()(image))
show("HWC2CHW two tensors", lambda: vision.HWC2CHW()(rgb, rgb))
show("HWC2CHW 5 channels", lambda: vision.HWC2CHW()(np.zeros((4, 6, 5))))
pil = Image.fromarray(rgb)
for size in (5, (6, 4), (12, 17), (13, 2), [3, 3, 3], 0, "5"):
    show(f"FiveCrop({size!r})", lambda: vision.FiveCrop(size)(pil))
    show(f"TenCrop({size!r})", lambda: vision.TenCrop(size)(pil))
    show(f"TenCrop({size!r}, True)", lambda: vision.TenCrop(size, True)(pil))
show("TenCrop numpy", lambda: vision.TenCrop(4)(rgb))
show("TenCrop(4, 1)", lambda: vision.TenCrop(4, 1))
small = rng.rand(2, 2, 3).astype(np.float32)
matrix = rng.rand(12, 12).astype(np.float32)
mean = rng.rand(12).astype(np.float32)
show("LinearTransformation", lambda: vision.LinearTransformation(matrix, mean)(small), rounded)
show("LinearTransformation float64", lambda: vision.LinearTransformation(matrix.astype(np.float64), mean)(small),
     rounded)
show("LinearTransformation wrong image", lambda: vision.LinearTransformation(matrix, mean)(rgb))
show("LinearTransformation pil", lambda: vision.LinearTransformation(matrix, mean)(pil), rounded)
show("LinearTransformation not square", lambda: vision.LinearTransformation(matrix[:5], mean))
show("LinearTransformation short mean", lambda: vision.LinearTransformation(matrix, mean[:5]))
show("LinearTransformation list", lambda: vision.LinearTransformation(matrix.tolist(), mean))
for args in ((2, 3, 6, 9, (5, 7)), (0, 0, 12, 17, 8), (1, 2, 10, 4, (20, 30)), (2, 3, 6, 9, 4, vision.Inter.NEAREST),
             (5, 5, 10, 10, 4), (2.1, 3, 4, 5, (3, 3)), (-1, 1, 2, 2, 3), (1, 1, 0, 2, 3), (1, 1, 2, 2, (0, 3)),
             (1, 1, 2, 2, (2, 3, 4)), (1, 1, 2, 2, 3, None)):
    show(f"ResizedCrop{args}", lambda: vision.ResizedCrop(*args)(rgb))
for kwargs in (dict(degrees=30, translate=[0.5, 0.5], scale=1.0, shear=[0, 0]),
               dict(degrees=30, translate=[0.5, 0.5], scale=1.0, shear=[10, 10]),
               dict(degrees=30, translate=[0.5, 0.5], scale=1.2, shear=5),
               dict(degrees=-45, translate=[-0.2, 0.1], scale=0.8, shear=0, fill_value=(10, 20, 30)),
               dict(degrees=[15.0], translate=[-1, 1], scale=1.0, shear=[1, 1]),
               dict(degrees=15, translate=[1, 1], scale=0.0, shear=10),
               dict(degrees=15, translate=[1, 1], scale=1.5, shear=[1.5, 3.5, 3.5]),
               dict(degrees=15, translate=[1, 1, 1], scale=1.9, shear=[10.1]),
               dict(degrees=15, translate=(0.1,), scale=2.1, shear=[1.5, 1.5]),
               dict(degrees=200, translate=[0, 0], scale=1.0, shear=0),
               dict(degrees=10, translate=[0, 0], scale=1.0, shear=0, fill_value=300),
               dict(degrees=10, translate=[0, 0], scale=1.0, shear=0, resample=2)):
    show(f"Affine({kwargs})", lambda: vision.Affine(**kwargs)(rgb))
