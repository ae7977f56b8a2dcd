"""RandomPerspective: argument checks, input and output types (PIL and NumPy), draws that change
nothing (prob 0, distortion 0) and the image a draw keeps (size, mode)."""
import numpy as np
from PIL import Image

import mindspore.dataset as ds
import mindspore.dataset.vision as vision
from mindspore.dataset.vision import Inter


def show(label, make):
    try:
        out = make()
        if isinstance(out, np.ndarray):
            out = (out.dtype.str, out.shape, int(out.astype(np.int64).sum()))
        elif isinstance(out, Image.Image):
            out = ("PIL", out.mode, out.size, int(np.asarray(out).astype(np.int64).sum()))
        print(label, "->", out)
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0])[:200])


array = (np.arange(12 * 10 * 3) % 251).astype(np.uint8).reshape(12, 10, 3)
pil = Image.fromarray(array)
for label, kwargs in [("default", {}), ("scale 1.5", {"distortion_scale": 1.5}), ("scale -0.1", {"distortion_scale": -0.1}),
                      ("prob 1.2", {"prob": 1.2}), ("scale str", {"distortion_scale": "0.5"}),
                      ("prob str", {"prob": "1"}), ("interpolation int", {"interpolation": 2}),
                      ("interpolation nearest", {"interpolation": Inter.NEAREST}),
                      ("interpolation area", {"interpolation": Inter.AREA})]:
    show(f"construct {label}", lambda: type(vision.RandomPerspective(**kwargs)).__name__)
show("prob 0 pil", lambda: vision.RandomPerspective(0.5, 0.0)(pil))
show("prob 0 numpy", lambda: vision.RandomPerspective(0.5, 0.0)(array))
show("scale 0 pil", lambda: vision.RandomPerspective(0.0, 1.0)(pil))
show("scale 0 nearest", lambda: vision.RandomPerspective(0.0, 1.0, Inter.NEAREST)(pil))
show("scale 0 numpy", lambda: vision.RandomPerspective(0.0, 1.0)(array))
show("drawn pil size", lambda: (lambda out: (out.mode, out.size))(vision.RandomPerspective(0.4, 1.0)(pil)))
show("drawn numpy shape", lambda: (lambda out: (type(out).__name__, out.shape, out.dtype.str))(
    vision.RandomPerspective(0.4, 1.0)(array)))
show("gray pil", lambda: vision.RandomPerspective(0.0, 1.0)(pil.convert("L")))
data = ds.NumpySlicesDataset({"image": np.stack([array, array])}, shuffle=False)
data = data.map([vision.ToPIL(), vision.RandomPerspective(0.0, 1.0), vision.ToTensor()], input_columns="image")
show("pipeline", lambda: [(r[0].dtype.str, r[0].shape, round(float(r[0].sum()), 3)) for r in data.create_tuple_iterator(output_numpy=True)])
