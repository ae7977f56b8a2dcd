"""Probe: mindspore.dataset.vision.RandAugment and TrivialAugmentWide: argument errors, input
checks (dtype, channels, rank), RandAugment with no operations (the image unchanged) and result
shapes and dtypes."""
import hashlib

import numpy as np

import mindspore.dataset.vision as vision
from mindspore.dataset.vision import Inter


def show(label, make):
    try:
        out = np.ascontiguousarray(make())
        print(f"{label} -> {out.dtype} {out.shape} {hashlib.md5(out.tobytes()).hexdigest()}")
    except Exception as error:  # pylint: disable=broad-except
        lines = [line for line in str(error).splitlines() if "[ERROR]" in line]
        detail = lines[-1].strip() if lines else str(error).splitlines()[0].rstrip()
        print(f"{label} -> {type(error).__name__}: {detail}")


rng = np.random.RandomState(6)
image = rng.randint(0, 256, (24, 30, 3)).astype(np.uint8)
show("RandAugment(0)", lambda: vision.RandAugment(0)(image))
for name, make in (("RandAugment()", vision.RandAugment), ("TrivialAugmentWide()", vision.TrivialAugmentWide)):
    show(f"{name} shape", lambda: np.zeros(make()(image).shape, make()(image).dtype))
    show(f"{name} float", lambda: make()(image.astype(np.float32)))
    show(f"{name} 4 channels", lambda: make()(rng.randint(0, 256, (24, 30, 4)).astype(np.uint8)))
    show(f"{name} gray", lambda: make()(image[..., 0]))
    show(f"{name} batch", lambda: make()(image[None]))
for kwargs in (dict(num_ops=-1), dict(magnitude=-1), dict(magnitude=0, num_magnitude_bins=1),
               dict(interpolation="invalid"), dict(fill_value=(10, 10)), dict(fill_value=-1),
               dict(num_ops=3, magnitude=4, num_magnitude_bins=3), dict(num_ops=1.5), dict(fill_value=(1, 2, 300))):
    show(f"RandAugment({kwargs})", lambda: (vision.RandAugment(**kwargs), np.zeros(0, np.uint8))[1])
for kwargs in (dict(num_magnitude_bins=-1), dict(num_magnitude_bins=1), dict(interpolation="invalid"),
               dict(fill_value=(10, 10)), dict(fill_value=300), dict(num_magnitude_bins=2.0),
               dict(interpolation=Inter.BICUBIC, fill_value=(1, 2, 3))):
    show(f"TrivialAugmentWide({kwargs})", lambda: (vision.TrivialAugmentWide(**kwargs), np.zeros(0, np.uint8))[1])
