"""MindSpore 2.10 goldens for dataset names real code uses beyond the transforms and sources
probes: the 1.x helpers of ``mindspore.dataset.vision.py_transforms_util`` and ``PKSampler``. Each
case prints ``label -> JSON``. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_additions_probe.py \
        | grep " -> " > tests/goldens/dataset/additions_probe.txt

tests/dataset/test_additions.py runs the same cases on msjax.
"""
import json

import numpy as np
from PIL import Image

import mindspore.dataset as ds
from mindspore.dataset.vision import py_transforms_util
from mindspore.dataset.vision.py_transforms_util import augment_error_message, is_pil

IMAGE = np.arange(4 * 5 * 3, dtype=np.uint8).reshape(4, 5, 3)


def labels_of(dataset):
    return [[int(v) for v in row] for row in dataset.create_tuple_iterator(output_numpy=True)]


CASES = {
    "is_pil PIL image": lambda: is_pil(Image.fromarray(IMAGE)),
    "is_pil gray PIL image": lambda: is_pil(Image.fromarray(IMAGE[..., 0])),
    "is_pil array": lambda: is_pil(IMAGE),
    "is_pil list": lambda: is_pil([1, 2]),
    "augment_error_message": lambda: augment_error_message,
    "augment_error_message formatted": lambda: augment_error_message.format(type(IMAGE)),
    "module attribute": lambda: py_transforms_util.is_pil(None),
}


def main():
    for label, case in CASES.items():
        try:
            result = case()
        except Exception as error:  # pylint: disable=broad-except
            result = {"error": type(error).__name__, "message": " ".join(str(error).split())}
        print(f"{label} -> {json.dumps(result)}", flush=True)


if __name__ == "__main__":
    main()
