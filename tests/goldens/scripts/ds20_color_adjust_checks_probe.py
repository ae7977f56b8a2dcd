"""RandomColorAdjust's checks of the image it adjusts: channels, rank and dtype, for each of its
factors (fixed ranges, so no draw), and the images it leaves as they are."""
import numpy as np

import mindspore.dataset.vision as vision


def show(label, make):
    try:
        out = make()
        if isinstance(out, np.ndarray):
            out = (out.dtype.str, out.shape, round(float(out.astype(np.float64).sum()), 3))
        print(label, "->", out)
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0])[:250])


IMAGES = {
    "gray hw1": (np.arange(5 * 4) % 250).astype(np.uint8).reshape(5, 4, 1),
    "gray hw": (np.arange(5 * 4) % 250).astype(np.uint8).reshape(5, 4),
    "rgba": (np.arange(5 * 4 * 4) % 250).astype(np.uint8).reshape(5, 4, 4),
    "float64": (np.arange(5 * 4 * 3) / 60.0).reshape(5, 4, 3),
    "int32": np.arange(5 * 4 * 3).astype(np.int32).reshape(5, 4, 3),
    "frames": (np.arange(2 * 5 * 4 * 3) % 250).astype(np.uint8).reshape(2, 5, 4, 3),
}
FACTORS = {"identity": {}, "brightness": {"brightness": (0.5, 0.5)}, "contrast": {"contrast": (0.5, 0.5)},
           "saturation": {"saturation": (0.5, 0.5)}, "hue": {"hue": (0.2, 0.2)}}
for image_name, image in IMAGES.items():
    for factor_name, kwargs in FACTORS.items():
        show(f"{image_name} {factor_name}", lambda: vision.RandomColorAdjust(**kwargs)(image))
