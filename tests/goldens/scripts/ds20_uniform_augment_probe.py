"""UniformAugment: argument checks, results that are always the same (num_ops of one op that
changes nothing, or one op drawn out of one), the shapes of drawn results, and a failing op's
error in a map."""
import numpy as np
from PIL import Image

import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision


def show(label, make):
    try:
        out = make()
        if isinstance(out, np.ndarray):
            out = (out.dtype.str, out.shape, int(out.astype(np.int64).sum()))
        print(label, "->", out)
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l or "map operation" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0])[:300])


image = (np.arange(10 * 8 * 3) % 200 + 20).astype(np.uint8).reshape(10, 8, 3)
two = [vision.Invert(), vision.RandomHorizontalFlip(1.0)]
for label, kwargs in [("default num_ops", {"transforms": two}), ("num_ops 2", {"transforms": two, "num_ops": 2}),
                      ("num_ops 3", {"transforms": two, "num_ops": 3}), ("num_ops 0", {"transforms": two, "num_ops": 0}),
                      ("num_ops -1", {"transforms": two, "num_ops": -1}),
                      ("num_ops float", {"transforms": two, "num_ops": 2.5}),
                      ("num_ops bool", {"transforms": two, "num_ops": True}),
                      ("transforms empty", {"transforms": []}), ("transforms not list", {"transforms": vision.Invert()}),
                      ("transforms bad item", {"transforms": [vision.Invert(), 3]}),
                      ("transforms tuple", {"transforms": (vision.Invert(), vision.Equalize())}),
                      ("transforms pyfunc", {"transforms": [lambda x: x, vision.Invert()], "num_ops": 1})]:
    show(f"construct {label}", lambda: type(vision.UniformAugment(**kwargs)).__name__)
outcomes = set()
for _ in range(60):
    out = vision.UniformAugment([vision.Invert()], 1)(image)
    outcomes.add(int(out.astype(np.int64).sum()))
show("one op: applied or not", lambda: sorted(outcomes))
outcomes = set()
for _ in range(80):
    out = vision.UniformAugment([vision.Invert(), vision.HorizontalFlip()], 2)(image)
    outcomes.add(hash(out.tobytes()))
show("two ops: distinct results", lambda: len(outcomes))
show("pil in", lambda: type(vision.UniformAugment([vision.RandomHorizontalFlip(1.0)], 1)(Image.fromarray(image))).__name__)
data = ds.NumpySlicesDataset({"image": np.stack([image] * 4)}, shuffle=False)
data = data.map(vision.UniformAugment([vision.RandomCrop([224, 224]), vision.RandomCrop([300, 300])], 2),
                input_columns="image")
show("bad crop in map", lambda: [r for r in data.create_tuple_iterator(output_numpy=True)])
