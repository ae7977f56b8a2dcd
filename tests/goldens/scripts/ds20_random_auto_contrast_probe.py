"""RandomAutoContrast: argument checks (cutoff, ignore, prob), prob 1 and 0 against AutoContrast
and the identity, and the errors of bad images."""
import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.vision as vision


def show(label, make):
    try:
        out = make()
        if isinstance(out, np.ndarray):
            out = (out.dtype.str, out.shape, int(out.astype(np.int64).sum()))
        print(label, "->", out)
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0])[:200])


image = (np.arange(8 * 6 * 3) % 97 + 40).astype(np.uint8).reshape(8, 6, 3)
gray = image[..., 0].copy()
for label, kwargs in [("default", {}), ("cutoff 10", {"cutoff": 10.0}), ("ignore 50", {"ignore": 50}),
                      ("ignore list", {"ignore": [50, 60]}), ("cutoff -1", {"cutoff": -1.0}),
                      ("cutoff 50", {"cutoff": 50}), ("ignore float", {"ignore": 255.5}),
                      ("ignore tuple", {"ignore": (10, 100)}), ("ignore 256", {"ignore": 256}),
                      ("prob 1.5", {"prob": 1.5}), ("prob str", {"prob": "1"}), ("prob int", {"prob": 1}),
                      ("cutoff str", {"cutoff": "1"})]:
    show(f"construct {label}", lambda: type(vision.RandomAutoContrast(**kwargs)).__name__)
for cutoff, ignore in [(0.0, None), (10.0, None), (0.0, 50), (20.5, [60, 70])]:
    show(f"prob 1 == AutoContrast {cutoff} {ignore}", lambda: bool(np.array_equal(
        vision.RandomAutoContrast(cutoff, ignore, 1.0)(image), vision.AutoContrast(cutoff, ignore)(image))))
    show(f"prob 1 value {cutoff} {ignore}", lambda: vision.RandomAutoContrast(cutoff, ignore, 1.0)(image))
show("prob 0 identity", lambda: bool(np.array_equal(vision.RandomAutoContrast(prob=0.0)(image), image)))
show("gray prob 1", lambda: vision.RandomAutoContrast(prob=1.0)(gray))
show("one channel hwc", lambda: vision.RandomAutoContrast(prob=1.0)(gray[..., None]))
show("four dims", lambda: vision.RandomAutoContrast(prob=1.0)(image[None]))
show("uint32", lambda: vision.RandomAutoContrast(prob=1.0)(image.astype(np.uint32)))
data = ds.NumpySlicesDataset({"image": np.stack([image, image[::-1]])}, shuffle=False)
data = data.map(vision.RandomAutoContrast(prob=1.0), input_columns="image")
show("pipeline prob 1", lambda: [int(row[0].astype(np.int64).sum()) for row in data.create_tuple_iterator(output_numpy=True)])
for label, kwargs in [("cutoff str", {"cutoff": "1"}), ("ignore float", {"ignore": 255.5}),
                      ("ignore 256", {"ignore": 256}), ("ignore list 300", {"ignore": [1, 300]}),
                      ("ignore tuple", {"ignore": (10, 100)})]:
    show(f"AutoContrast {label}", lambda: type(vision.AutoContrast(**kwargs)).__name__)
import hashlib  # noqa: E402
from PIL import Image  # noqa: E402

rng = np.random.default_rng(0)
for i in range(4):
    picture = rng.integers(30 + 10 * i, 200, (9, 7, 3)).astype(np.uint8)
    for cutoff in (0.0, 3.3, 10, 20.5):
        for ignore in (None, 50, [60, 70]):
            show(f"AutoContrast image {i} {cutoff} {ignore}", lambda: hashlib.md5(
                vision.AutoContrast(cutoff, ignore)(picture).tobytes()).hexdigest())
    show(f"AutoContrast gray {i}", lambda: hashlib.md5(
        vision.AutoContrast(4.5)(picture[..., 1].copy()).tobytes()).hexdigest())
    show(f"AutoContrast PIL {i}", lambda: hashlib.md5(np.asarray(
        vision.AutoContrast(3.3, 50)(Image.fromarray(picture))).tobytes()).hexdigest())
