"""MindSpore 2.10 goldens for vision.RandomAffine, RandomErasing, RandomSelectSubpolicy and
SlicePatches, GaussianBlur, RandomResize and transforms.Mask.

Random transforms are probed with degenerate ranges (a fixed angle, translation, scale, shear) or
probabilities 0/1, so their output is deterministic and comparable. Each case prints
``label -> JSON`` ({"dtype", "shape", "values"} or {"error", "message"}). Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_augment_probe.py \
        | grep " -> " > tests/goldens/dataset/augment_probe.txt

tests/dataset/test_augment.py runs the same cases on msjax.
"""
import json

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V

IMAGE = ((np.arange(9 * 11 * 3).reshape(9, 11, 3) * 37) % 256).astype(np.uint8)
SMOOTH = (np.add.outer(np.arange(9) * 20, np.arange(11) * 9)[..., None]
          + np.array([0, 30, 60])).clip(0, 255).astype(np.uint8)
CHW = np.arange(3 * 6 * 8, dtype=np.float32).reshape(3, 6, 8) / 10


def result_json(value):
    if isinstance(value, (tuple, list)):
        return [v if isinstance(v, str) else result_json(v) for v in value]
    array = np.asarray(value)
    values = np.round(array.astype(np.float64), 5).tolist() if array.dtype.kind == "f" \
        else array.tolist()
    return {"dtype": str(array.dtype), "shape": list(array.shape), "values": values}


def in_pipeline(operations, data):
    dataset = ds.NumpySlicesDataset({"x": data[None]}, shuffle=False).map(operations, ["x"])
    return next(dataset.create_tuple_iterator(output_numpy=True))[0]


PATCH_IMAGE = np.arange(5 * 7 * 2).reshape(5, 7, 2).astype(np.uint8)


def columns(dataset):
    return (",".join(dataset.get_col_names()),) + tuple(
        next(dataset.create_tuple_iterator(output_numpy=True)))


CASES = {
    "RandomAffine rotate": lambda: V.RandomAffine(degrees=(30, 30))(IMAGE),
    "RandomAffine translate": lambda: V.RandomAffine(0, translate=(0.2, 0.2, 0.1, 0.1))(IMAGE),
    "RandomAffine scale": lambda: V.RandomAffine(0, scale=(1.5, 1.5))(IMAGE),
    "RandomAffine shear x": lambda: V.RandomAffine(0, shear=(10, 10))(IMAGE),
    "RandomAffine shear xy": lambda: V.RandomAffine(0, shear=(10, 10, -5, -5))(IMAGE),
    "RandomAffine all": lambda: V.RandomAffine((20, 20), (0.1, 0.1, -0.2, -0.2), (0.8, 0.8),
                                               (5, 5, 3, 3), fill_value=(9, 8, 7))(IMAGE),
    "RandomAffine gray": lambda: V.RandomAffine((-45, -45), scale=(0.7, 0.7))(IMAGE[..., 0]),
    "RandomAffine bilinear": lambda: V.RandomAffine((25, 25), scale=(0.9, 0.9),
                                                    resample=V.Inter.BILINEAR)(SMOOTH),
    "RandomAffine bicubic": lambda: V.RandomAffine((25, 25), scale=(0.9, 0.9),
                                                   resample=V.Inter.BICUBIC)(SMOOTH),
    "RandomAffine in pipeline": lambda: in_pipeline(V.RandomAffine((15, 15), (0.1, 0.1, 0, 0)),
                                                    IMAGE),
    "RandomAffine negative degrees": lambda: V.RandomAffine(-1),
    "RandomErasing prob 0": lambda: V.RandomErasing(prob=0.0)(CHW),
    "RandomErasing no fit": lambda: V.RandomErasing(prob=1.0, scale=(1.0, 1.0),
                                                    ratio=(1.0, 1.0), value=7)(CHW),
    "RandomSelectSubpolicy one": lambda: V.RandomSelectSubpolicy(
        [[(V.RandomAffine((30, 30)), 1.0), (V.Invert(), 1.0)]])(IMAGE),
    "RandomSelectSubpolicy skip": lambda: V.RandomSelectSubpolicy(
        [[(V.Invert(), 0.0)]])(IMAGE),
    "RandomSelectSubpolicy in pipeline": lambda: in_pipeline(V.RandomSelectSubpolicy(
        [[(V.RandomAffine(0, scale=(1.5, 1.5)), 1.0)]]), IMAGE),
    "SlicePatches pad": lambda: V.SlicePatches(2, 3)(PATCH_IMAGE),
    "SlicePatches drop": lambda: V.SlicePatches(2, 3, V.SliceMode.DROP)(PATCH_IMAGE),
    "SlicePatches gray fill": lambda: V.SlicePatches(2, 3, fill_value=9)(PATCH_IMAGE[..., 0]),
    "SlicePatches one": lambda: V.SlicePatches()(PATCH_IMAGE),
    "SlicePatches in pipeline": lambda: columns(ds.NumpySlicesDataset(
        {"x": PATCH_IMAGE[None]}, shuffle=False).map(V.SlicePatches(1, 2), ["x"], ["a", "b"])),
    "GaussianBlur 3": lambda: V.GaussianBlur(3)(SMOOTH),
    "GaussianBlur sigma": lambda: V.GaussianBlur((3, 5), (0.8, 1.5))(SMOOTH),
    "GaussianBlur gray": lambda: V.GaussianBlur(5, 1.2)(SMOOTH[..., 0]),
    "GaussianBlur float": lambda: V.GaussianBlur(3, 1.0)(SMOOTH.astype(np.float32) / 255),
    "GaussianBlur even": lambda: V.GaussianBlur(4),
    "RandomResize shape": lambda: V.RandomResize((4, 5))(SMOOTH).shape,
    "Mask GE": lambda: T.Mask(T.Relational.GE, 3)(np.array([1, 3, 5])),
    "Mask EQ int32": lambda: T.Mask(T.Relational.EQ, 2, ms.int32)(np.array([1, 2])),
    "Mask LT float": lambda: T.Mask(T.Relational.LT, 0.5)(np.array([0.25, 0.5, 0.75], np.float32)),
    "Mask NE strings": lambda: T.Mask(T.Relational.NE, "b")(np.array(["a", "b"])),
    "SlicePatches zero": lambda: V.SlicePatches(0, 1),
    "SlicePatches too many": lambda: V.SlicePatches(6, 1)(PATCH_IMAGE),
    "SlicePatches mode type": lambda: V.SlicePatches(1, 1, "pad"),
}

for label, case in CASES.items():
    try:
        result = result_json(case())
    except Exception as error:  # pylint: disable=broad-except
        result = {"error": type(error).__name__, "message": str(error)}
    print(f"{label} -> {json.dumps(result)}")
