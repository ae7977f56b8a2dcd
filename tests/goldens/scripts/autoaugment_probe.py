"""Probe: mindspore.dataset.vision.AutoAugment and the operation bank it shares with RandAugment.

Part 1, compared exactly: AutoAugmentPolicy's members, AutoAugment's argument errors, its input
checks, and shapes and dtypes of its results.
Part 2, `outcomes` lines: for RandAugment(num_ops=1, magnitude, num_magnitude_bins) on one small
image, the md5 of every distinct image 700 draws give (each draw one operation of the bank, sign
drawn): what each operation gives at that magnitude, whatever the random generator. The test
checks that each of msjax's operations gives one of them.
Golden: tests/goldens/dataset/autoaugment_probe.out; test: tests/dataset/test_autoaugment.py."""
import hashlib

import numpy as np

import mindspore.dataset.vision as vision
from mindspore.dataset.vision import AutoAugmentPolicy, Inter


def show(label, make):
    try:
        out = np.ascontiguousarray(make())
        print(f"{label} -> {out.dtype} {out.shape}")
    except Exception as error:  # pylint: disable=broad-except
        lines = [line for line in str(error).splitlines() if "[ERROR]" in line]
        detail = lines[-1].strip() if lines else str(error).splitlines()[0].rstrip()
        print(f"{label} -> {type(error).__name__}: {detail}")


print("policies ->", [(m.name, m.value) for m in AutoAugmentPolicy])
print("policy is a str ->", isinstance(AutoAugmentPolicy.CIFAR10, str))
rng = np.random.RandomState(0)
image = rng.randint(0, 256, (10, 12, 3)).astype(np.uint8)
for policy in AutoAugmentPolicy:
    show(f"AutoAugment({policy.name})", lambda: vision.AutoAugment(policy)(image))
show("AutoAugment() bicubic", lambda: vision.AutoAugment(interpolation=Inter.BICUBIC, fill_value=(1, 2, 3))(image))
show("policy 'imagenet'", lambda: vision.AutoAugment("imagenet"))
show("interpolation 'nearest'", lambda: vision.AutoAugment(interpolation="nearest"))
show("fill_value 256", lambda: vision.AutoAugment(fill_value=256))
show("fill_value (1, 2)", lambda: vision.AutoAugment(fill_value=(1, 2)))
show("fill_value 1.5", lambda: vision.AutoAugment(fill_value=1.5))
show("float image", lambda: vision.AutoAugment()(image.astype(np.float32)))
show("4 channels", lambda: vision.AutoAugment()(np.zeros((8, 8, 4), np.uint8)))
show("gray", lambda: vision.AutoAugment()(image[..., 0]))

for bins, magnitude in ((10, 3), (10, 6), (10, 9), (31, 7), (31, 20)):
    op = vision.RandAugment(1, magnitude, bins, Inter.NEAREST, 0)
    seen = sorted({hashlib.md5(op(image).tobytes()).hexdigest() for _ in range(700)})
    print(f"outcomes bins={bins} magnitude={magnitude} -> {' '.join(seen)}")
