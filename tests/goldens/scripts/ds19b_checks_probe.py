"""Probe: argument and input errors of mindspore.dataset.vision's RandomPosterize, RandomSharpness,
RandomColor, CutOut, RandomCrop and RandomCropDecodeResize, and RandomCrop's shapes on batches,
PIL images and single-channel images (exception type and the first line of the message that
names the error, or the result's type, dtype and shape)."""
import numpy as np
from PIL import Image

import mindspore.dataset as ds
import mindspore.dataset.vision as vision


def show(label, make):
    try:
        out = make()
        kind = type(out).__name__
        print(f"{label} -> {kind} {np.asarray(out).dtype} {np.asarray(out).shape}")
    except Exception as error:  # pylint: disable=broad-except
        lines = [line for line in str(error).splitlines() if "[ERROR]" in line]
        detail = lines[-1].strip() if lines else str(error).splitlines()[0].rstrip()
        print(f"{label} -> {type(error).__name__}: {detail}")


for bits in ((1, 9), (0, 7), (8, 1), 1.1, (1, 1, 1), 9, 0, (1, 300), (1.5, 2), 4, [2, 3]):
    show(f"RandomPosterize({bits!r})", lambda: vision.RandomPosterize(bits))
for name in ("RandomSharpness", "RandomColor"):
    for degrees in (10, (-10, 10), (10, 5), (1, 2, 3), ("a", 2), (0.5, 1.5), [1, 1]):
        show(f"{name}({degrees!r})", lambda: getattr(vision, name)(degrees))
rng = np.random.RandomState(2)
chw = rng.randint(0, 255, (3, 40, 30)).astype(np.uint8)
hwc = chw.transpose(1, 2, 0).copy()
show("CutOut too long CHW", lambda: vision.CutOut(50, 3, is_hwc=False)(chw))
show("CutOut too long HWC", lambda: vision.CutOut(35, 1)(hwc))
show("CutOut fits", lambda: vision.CutOut(30, 2)(hwc))
show("CutOut 4-channel HWC", lambda: vision.CutOut(5, 1)(rng.randint(0, 255, (20, 20, 4)).astype(np.uint8)))
for size in ([512, 512, 375], (2, 0), 0, "3", (2.5, 3)):
    show(f"RandomCrop({size!r})", lambda: vision.RandomCrop(size))
show("RandomCrop larger", lambda: vision.RandomCrop((41, 10))(hwc))
show("RandomCrop larger pil", lambda: vision.RandomCrop((41, 10))(Image.fromarray(hwc)))
show("RandomCrop pil", lambda: vision.RandomCrop((4, 10))(Image.fromarray(hwc)))
show("RandomCrop pil L", lambda: vision.RandomCrop(8)(Image.fromarray(hwc).convert("L")))
show("RandomCrop pil 1", lambda: vision.RandomCrop(8)(Image.fromarray(hwc).convert("1")))
show("RandomCrop CHW float", lambda: vision.RandomCrop(8)(chw.astype(np.float32)))
show("RandomCrop 4 channels", lambda: vision.RandomCrop(8)(rng.randint(0, 255, (20, 20, 4)).astype(np.uint8)))
show("RandomCrop gray", lambda: vision.RandomCrop(8)(hwc[..., 0]))
show("RandomCrop batch", lambda: vision.RandomCrop(8)(np.stack([hwc, hwc])))
show("RandomCrop 5-D", lambda: vision.RandomCrop(8)(np.stack([hwc, hwc])[None]))
show("RandomCrop 1-D", lambda: vision.RandomCrop(8)(hwc.reshape(-1)))


def pipeline(op, column):
    data = ds.NumpySlicesDataset({"image": column}, shuffle=False)
    data = data.map(operations=op, input_columns=["image"])
    return next(data.create_tuple_iterator(num_epochs=1, output_numpy=True))[0]


show("RandomCrop CHW float pipeline", lambda: pipeline(vision.RandomCrop(8), [chw.astype(np.float32)]))
show("RandomCrop batch pipeline", lambda: pipeline(vision.RandomCrop(8), [np.stack([hwc, hwc])]))
for args in (((256, 512), (1, 1), (0.5, -1)), ((256, 512), (1, 1), (0.5, 0.5), 2, True),
             ((256, 512), (1, 1), (0.5, 0.5), vision.Inter.LINEAR, 0), ((256, 512), (2, 1))):
    show(f"RandomCropDecodeResize{args}", lambda: vision.RandomCropDecodeResize(*args))
pair = rng.randint(0, 255, (9, 7, 3)).astype(np.uint8)
for label, make_op in (("RandomCrop((4, 3))", lambda: vision.RandomCrop((4, 3))),
                       ("RandomHorizontalFlip(1.0)", lambda: vision.RandomHorizontalFlip(1.0)),
                       ("RandomVerticalFlip(1.0)", lambda: vision.RandomVerticalFlip(1.0)),
                       ("RandomResizedCrop(3)", lambda: vision.RandomResizedCrop(3)),
                       ("Resize(3)", lambda: vision.Resize(3)), ("CenterCrop(3)", lambda: vision.CenterCrop(3))):
    def two_inputs(make_op=make_op):
        first, second = make_op()(pair, pair.copy())
        return np.zeros((int(first.shape == second.shape), int(np.array_equal(first, second))))  # the shape says
    show(f"{label} two inputs", two_inputs)
