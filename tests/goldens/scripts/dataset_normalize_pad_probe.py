"""MindSpore 2.10 goldens for mindspore.dataset.vision.NormalizePad: called on one array (eager) and
in a pipeline's ``map``, and its bad input. Each case prints ``label -> JSON`` as
dataset_transforms_probe.py does. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_normalize_pad_probe.py \
        | grep " -> " > tests/goldens/dataset/normalize_pad_probe.txt

tests/dataset/test_normalize_pad.py runs the same cases on msjax.
"""
import json

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.vision as V

IMAGE = ((np.arange(2 * 3 * 3).reshape(2, 3, 3) * 37) % 256).astype(np.uint8)
MEAN, STD = [1.0, 2.0, 3.0], [4.0, 5.0, 6.0]


def result_json(value):
    array = np.asarray(value)
    values = np.round(array.astype(np.float64), 4).tolist() if array.dtype.kind == "f" else array.tolist()
    return {"dtype": str(array.dtype), "shape": list(array.shape), "values": values}


def in_pipeline(operations, data):
    dataset = ds.NumpySlicesDataset({"x": data[None]}, shuffle=False).map(operations, ["x"])
    return next(dataset.create_tuple_iterator(output_numpy=True))[0]


CASES = {
    "NormalizePad HWC": lambda: V.NormalizePad(MEAN, STD)(IMAGE),
    "NormalizePad float16": lambda: V.NormalizePad(MEAN, STD, dtype="float16")(IMAGE),
    "NormalizePad CHW": lambda: V.NormalizePad(MEAN, STD, is_hwc=False)(IMAGE.transpose(2, 0, 1)),
    "NormalizePad gray": lambda: V.NormalizePad([1.0], [4.0])(IMAGE[..., 0]),
    "NormalizePad float input": lambda: V.NormalizePad(MEAN, STD)(IMAGE.astype(np.float32) / 3),
    "NormalizePad one mean": lambda: V.NormalizePad([1.0], [4.0])(IMAGE),
    "NormalizePad four channels": lambda: V.NormalizePad([1.0, 2.0, 3.0, 4.0], [4.0, 5.0, 6.0, 7.0])(
        np.arange(16, dtype=np.uint8).reshape(2, 2, 4)),
    "NormalizePad in pipeline": lambda: in_pipeline([V.NormalizePad(MEAN, STD)], IMAGE),
    "NormalizePad then HWC2CHW in pipeline": lambda: in_pipeline(
        [V.NormalizePad(MEAN, STD), V.HWC2CHW()], IMAGE),
    # Bad input.
    "NormalizePad dtype int32": lambda: V.NormalizePad(MEAN, STD, dtype="int32"),
    "NormalizePad dtype not str": lambda: V.NormalizePad(MEAN, STD, dtype=1),
    "NormalizePad mean out of range": lambda: V.NormalizePad([1.0, 2.0, 300.0], STD),
    "NormalizePad std zero": lambda: V.NormalizePad(MEAN, [0.0, 5.0, 6.0]),
    "NormalizePad is_hwc not bool": lambda: V.NormalizePad(MEAN, STD, is_hwc=1),
    "NormalizePad mean not a list": lambda: V.NormalizePad(1.0, STD),
    "NormalizePad lengths differ": lambda: V.NormalizePad(MEAN, [4.0, 5.0]),
    "NormalizePad channels differ": lambda: V.NormalizePad([1.0, 2.0], [4.0, 5.0])(IMAGE),
    "NormalizePad rank 4": lambda: V.NormalizePad(MEAN, STD)(IMAGE[None]),
    "NormalizePad channels differ in pipeline": lambda: in_pipeline(
        [V.NormalizePad([1.0, 2.0], [4.0, 5.0])], IMAGE),
}


def main():
    for label, case in CASES.items():
        try:
            result = result_json(case())
        except Exception as error:  # pylint: disable=broad-except
            message = " ".join(str(error).split())
            result = {"error": type(error).__name__, "message": message}
        print(f"{label} -> {json.dumps(result)}", flush=True)


if __name__ == "__main__":
    main()
