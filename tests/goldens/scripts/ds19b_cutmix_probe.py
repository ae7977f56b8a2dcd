"""Probe: mindspore.dataset.vision.CutMixBatch at prob 0 (rows unchanged, labels cast to float32)
and its argument and input errors, eagerly and in a pipeline; MixUpBatch's label errors."""
import hashlib

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision


def digest(out):
    if isinstance(out, tuple):
        return " | ".join(digest(item) for item in out)
    out = np.ascontiguousarray(np.asarray(out))
    return f"{out.dtype} {out.shape} {hashlib.md5(out.tobytes()).hexdigest()}"


def show(label, make):
    try:
        print(f"{label} -> {digest(make())}")
    except Exception as error:  # pylint: disable=broad-except
        lines = [line for line in str(error).splitlines() if "[ERROR]" in line]
        detail = lines[-1].strip() if lines else str(error).splitlines()[0].rstrip()
        print(f"{label} -> {type(error).__name__}: {detail}")


rng = np.random.RandomState(3)
images = rng.randint(0, 255, (4, 6, 5, 3)).astype(np.uint8)
labels = transforms.OneHot(5)(rng.randint(0, 5, (4,)))
NHWC, NCHW = vision.ImageBatchFormat.NHWC, vision.ImageBatchFormat.NCHW
show("CutMixBatch prob 0 NHWC", lambda: vision.CutMixBatch(NHWC, 1.0, 0.0)(images, labels))
show("CutMixBatch prob 0 NCHW", lambda: vision.CutMixBatch(NCHW, 1.0, 0.0)(images.transpose(0, 3, 1, 2), labels))
show("CutMixBatch prob 0 3-D labels", lambda: vision.CutMixBatch(NHWC, 1.0, 0.0)(images, labels[:, None]))
show("CutMixBatch prob 0 float64 labels", lambda: vision.CutMixBatch(NHWC, 1.0, 0.0)(images, labels.astype(np.float64)))
show("CutMixBatch prob 1 shapes", lambda: tuple(np.zeros(np.shape(x), np.asarray(x).dtype) for x in
                                                vision.CutMixBatch(NHWC, 1.0, 1.0)(images, labels)))
for args in ((NHWC, -1), (NHWC, 0.0), (NHWC, 1, 2), (NHWC, 1, -1), (NHWC, "1"), (0, 1.0), (NHWC, 1.0, True)):
    show(f"CutMixBatch{args}", lambda: vision.CutMixBatch(*args))
show("CutMixBatch one column", lambda: vision.CutMixBatch(NHWC)(images))
show("CutMixBatch unbatched", lambda: vision.CutMixBatch(NHWC)(images[0], labels))
show("CutMixBatch unequal", lambda: vision.CutMixBatch(NHWC)(images, labels[:3]))
show("CutMixBatch string labels", lambda: vision.CutMixBatch(NHWC)(images[:3], np.array([["one"], ["two"], ["three"]])))
show("CutMixBatch 1-D labels", lambda: vision.CutMixBatch(NHWC)(images, np.arange(4)))
show("CutMixBatch 4 channels", lambda: vision.CutMixBatch(NHWC)(np.zeros((4, 6, 5, 4), np.uint8), labels))
show("CutMixBatch NCHW channels", lambda: vision.CutMixBatch(NCHW)(images, labels))


def pipeline(op, label_rank=2):
    data = ds.NumpySlicesDataset({"image": images, "label": labels if label_rank == 2 else np.arange(4)},
                                 shuffle=False)
    data = data.batch(2)
    data = data.map(operations=op, input_columns=["image", "label"])
    row = next(data.create_tuple_iterator(num_epochs=1, output_numpy=True))
    return tuple(row)


show("CutMixBatch pipeline prob 0", lambda: pipeline(vision.CutMixBatch(NHWC, 1.0, 0.0)))
show("CutMixBatch pipeline no one-hot", lambda: pipeline(vision.CutMixBatch(NHWC), 1))
show("MixUpBatch string labels", lambda: vision.MixUpBatch()(images[:3], np.array([["one"], ["two"], ["three"]])))
show("MixUpBatch float labels shape", lambda: tuple(np.zeros(np.shape(x), np.asarray(x).dtype) for x in
                                                    vision.MixUpBatch()(images, labels.astype(np.float64))))
show("MixUp multi first batch", lambda: vision.MixUp(4, 0.2, False)(images, labels))
show("MixUp single shapes", lambda: tuple(np.zeros(np.shape(x), np.asarray(x).dtype) for x in
                                          vision.MixUp(4, 0.2, True)(images, labels)))
for args in ((0, 0.2), (4, 0), (4, -1.0), (4.0, 0.2), (4, "0.2"), (4, 0.2, 1)):
    show(f"MixUp{args}", lambda: vision.MixUp(*args))
