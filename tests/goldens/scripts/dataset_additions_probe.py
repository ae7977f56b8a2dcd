"""MindSpore 2.10 goldens for dataset names real code uses beyond the transforms and sources
probes: the 1.x helpers of ``mindspore.dataset.vision.py_transforms_util`` and ``PKSampler``
(which rows it draws within a class is random in MindSpore: the cases print the labels, the size
and that each image came from its class). Each
case prints ``label -> JSON``. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_additions_probe.py \
        | grep " -> " > tests/goldens/dataset/additions_probe.txt

tests/dataset/test_additions.py runs the same cases on msjax.
"""
import json
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds
from mindspore.dataset.vision import py_transforms_util
from mindspore.dataset.vision.py_transforms_util import augment_error_message, is_pil

IMAGE = np.arange(4 * 5 * 3, dtype=np.uint8).reshape(4, 5, 3)


def image_folder():
    """Classes a (3 images), b (1), c (4); each image filled with 10 * class index + its number."""
    root = tempfile.mkdtemp()
    for index, (name, count) in enumerate((("a", 3), ("b", 1), ("c", 4))):
        os.makedirs(os.path.join(root, name))
        for number in range(count):
            Image.fromarray(np.full((2, 2, 3), 10 * index + number, np.uint8)).save(
                os.path.join(root, name, f"{number}.png"))
    return root


FOLDER = image_folder()


def pk_rows(sampler, sort=False):
    """The labels PKSampler gives (sorted when its order is random), and whether every image
    came from its own class (MindSpore draws the images at random within a class)."""
    dataset = ds.ImageFolderDataset(FOLDER, sampler=sampler, decode=True)
    rows = [(int(label), int(image[0, 0, 0])) for image, label in
            dataset.create_tuple_iterator(output_numpy=True)]
    labels = [label for label, _ in rows]
    return {"labels": sorted(labels) if sort else labels, "size": dataset.get_dataset_size(),
            "from own class": all(value // 10 == label for label, value in rows)}


CASES = {
    "is_pil PIL image": lambda: is_pil(Image.fromarray(IMAGE)),
    "is_pil gray PIL image": lambda: is_pil(Image.fromarray(IMAGE[..., 0])),
    "is_pil array": lambda: is_pil(IMAGE),
    "is_pil list": lambda: is_pil([1, 2]),
    "augment_error_message": lambda: augment_error_message,
    "augment_error_message formatted": lambda: augment_error_message.format(type(IMAGE)),
    "module attribute": lambda: py_transforms_util.is_pil(None),
    "PKSampler 2": lambda: pk_rows(ds.PKSampler(2)),
    "PKSampler 1": lambda: pk_rows(ds.PKSampler(1)),
    "PKSampler 5": lambda: pk_rows(ds.PKSampler(5)),
    "PKSampler 2 num_samples 3": lambda: pk_rows(ds.PKSampler(2, num_samples=3)),
    "PKSampler 2 shuffle": lambda: pk_rows(ds.PKSampler(2, shuffle=True), sort=True),
    "PKSampler GeneratorDataset": lambda: ds.GeneratorDataset(
        [(np.zeros(2), np.int32(i % 2)) for i in range(5)], ["x", "label"], sampler=ds.PKSampler(1)),
    "PKSampler NumpySlicesDataset": lambda: ds.NumpySlicesDataset(
        {"x": np.zeros((5, 2)), "label": np.arange(5) % 2}, sampler=ds.PKSampler(1)),
    "PKSampler num_val float": lambda: ds.PKSampler(1.5),
    "PKSampler num_val 0": lambda: pk_rows(ds.PKSampler(0)),
    "PKSampler num_class": lambda: ds.PKSampler(2, num_class=2),
    "PKSampler shuffle int": lambda: ds.PKSampler(2, shuffle=1),
    "PKSampler class_column int": lambda: ds.PKSampler(2, class_column=1),
    "PKSampler num_samples negative": lambda: ds.PKSampler(2, num_samples=-1),
    "PKSampler num_samples float": lambda: ds.PKSampler(2, num_samples=1.0),
}


def main():
    for label, case in CASES.items():
        try:
            result = case()
            if isinstance(result, ds.Dataset):
                result = "a dataset"
        except Exception as error:  # pylint: disable=broad-except
            result = {"error": type(error).__name__, "message": " ".join(str(error).split())}
        print(f"{label} -> {json.dumps(result)}", flush=True)


if __name__ == "__main__":
    main()
