"""Probe: mindspore.dataset.vision's *WithBBox transforms (flips at prob 1 and 0, ResizeWithBBox)
on an image with float32 and uint32 boxes, eagerly and in a pipeline, and MindSpore's errors for
bad boxes (image md5, boxes' dtype and values). Each call gets its own copy of the boxes: MindSpore's
eager call rewrites the caller's float32 array in place (docs/migration.md)."""
import hashlib

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.vision as vision


def show(label, make):
    try:
        image, boxes = make()
    except Exception as error:  # pylint: disable=broad-except
        lines = [line for line in str(error).splitlines() if "[ERROR]" in line or "Error" in line]
        detail = lines[-1].strip() if lines else str(error).splitlines()[0].strip()
        print(f"{label} -> {type(error).__name__}: {detail}")
        return
    image = np.ascontiguousarray(image)
    print(f"{label} -> {image.dtype} {image.shape} {hashlib.md5(image.tobytes()).hexdigest()} "
          f"{boxes.dtype} {np.asarray(boxes).tolist()}")


rng = np.random.RandomState(11)
image = rng.randint(0, 256, (37, 53, 3)).astype(np.uint8)
float_boxes = np.array([[3, 4, 20, 10, 1, 0, 0], [0, 0, 53, 37, 2, 0, 1]], np.float32)
uint_boxes = np.array([[3, 4, 20, 10], [10, 5, 7, 30]], np.uint32)
ops = {"RandomVerticalFlipWithBBox(1)": lambda: vision.RandomVerticalFlipWithBBox(1),
       "RandomVerticalFlipWithBBox(0)": lambda: vision.RandomVerticalFlipWithBBox(0),
       "RandomHorizontalFlipWithBBox(1)": lambda: vision.RandomHorizontalFlipWithBBox(1),
       "RandomHorizontalFlipWithBBox(0)": lambda: vision.RandomHorizontalFlipWithBBox(0),
       "ResizeWithBBox(100)": lambda: vision.ResizeWithBBox(100),
       "ResizeWithBBox((20, 31))": lambda: vision.ResizeWithBBox((20, 31)),
       "ResizeWithBBox((74, 20), NEAREST)": lambda: vision.ResizeWithBBox((74, 20), vision.Inter.NEAREST)}
for name, make_op in ops.items():
    for kind, boxes in (("float32", float_boxes), ("uint32", uint_boxes)):
        show(f"{name} {kind}", lambda: make_op()(image, boxes.copy()))


def pipeline(op, boxes):
    data = ds.NumpySlicesDataset({"image": [image], "bbox": [boxes]}, shuffle=False)
    data = data.map(operations=[op], input_columns=["image", "bbox"],
                    output_columns=["image", "bbox"])
    row = next(data.create_dict_iterator(num_epochs=1, output_numpy=True))
    return row["image"], row["bbox"]


for name, make_op in ops.items():
    show(f"{name} pipeline", lambda: pipeline(make_op(), float_boxes.copy()))
bad = {"width overflow": np.array([[0, 0, 54, 37, 0, 0, 0]], np.float32),
       "height overflow": np.array([[0, 0, 53, 38, 0, 0, 0]], np.float32),
       "negative": np.array([[-10, -10, 53, 37, 0, 0, 0]], np.float32),
       "three features": np.array([[0, 0, 52]], np.float32),
       "one dimension": np.array([0, 0, 5, 5], np.float32)}
for name in ("RandomVerticalFlipWithBBox(1)", "RandomHorizontalFlipWithBBox(1)", "ResizeWithBBox(100)"):
    for kind, boxes in bad.items():
        show(f"{name} {kind}", lambda: ops[name]()(image, boxes.copy()))
        show(f"{name} {kind} pipeline", lambda: pipeline(ops[name](), boxes))
for label, make in (("RandomVerticalFlipWithBBox(2)", lambda: vision.RandomVerticalFlipWithBBox(2)),
                    ("RandomHorizontalFlipWithBBox('1')", lambda: vision.RandomHorizontalFlipWithBBox("1")),
                    ("ResizeWithBBox(0)", lambda: vision.ResizeWithBBox(0)),
                    ("ResizeWithBBox(100, 'invalid')", lambda: vision.ResizeWithBBox(100, "invalid"))):
    try:
        make()
        print(f"{label} -> constructed")
    except Exception as error:  # pylint: disable=broad-except
        print(f"{label} -> {type(error).__name__}: {error}")
for label, make in (("RandomResizeWithBBox((0, 100))", lambda: vision.RandomResizeWithBBox((0, 100))),
                    ("RandomResizeWithBBox(-10)", lambda: vision.RandomResizeWithBBox(-10)),
                    ("RandomResizeWithBBox((10, 10, 10))", lambda: vision.RandomResizeWithBBox((10, 10, 10))),
                    ("ResizeWithBBox((10, 2.5))", lambda: vision.ResizeWithBBox((10, 2.5))),
                    ("ResizeWithBBox((5, 5), None)", lambda: vision.ResizeWithBBox((5, 5), None))):
    try:
        make()
        print(f"{label} -> constructed")
    except Exception as error:  # pylint: disable=broad-except
        print(f"{label} -> {type(error).__name__}: {error}")
