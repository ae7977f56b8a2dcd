"""MindSpore 2.10 goldens for dataset names real code uses beyond the transforms and sources
probes: ``Dataset.batch`` with a callable batch_size, the 1.x helpers of
``mindspore.dataset.vision.py_transforms_util``, ``PKSampler`` (which
rows it draws within a class is random in MindSpore: the cases print the labels, the size and
that each image came from its class) and ``vision.MixUpBatch`` (its weight is random: the cases
print dtypes, shapes, errors and that the result is the labels' mix). Each
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
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V
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


BATCH = np.arange(4 * 2 * 2 * 3, dtype=np.uint8).reshape(4, 2, 2, 3) * 5
ONE_HOT = np.eye(3, dtype=np.int32)[[0, 1, 2, 1]]


def shapes(result):
    """The dtypes and shapes MixUpBatch returns (its mixing weight is random)."""
    return [[str(np.asarray(r).dtype), list(np.asarray(r).shape)] for r in result]


def mix_up_is_a_mix():
    """Over 20 draws on images 0 and 100 with one-hot labels: the labels are a convex mix (each row
    sums to 1, the same weight on both rows) and each image is its label's mix of 0 and 100."""
    checks = set()
    images = np.array([[[[0]]], [[[100]]]], np.uint8)
    for _ in range(20):
        mixed, labels = V.MixUpBatch(1.0)(images, np.array([[1, 0], [0, 1]], np.int32))
        checks.add(bool(np.allclose(labels.sum(1), 1) and labels.min() >= 0
                        and abs(int(mixed[0, 0, 0, 0]) - 100 * labels[0, 1]) <= 0.5 + 1e-4
                        and abs(int(mixed[1, 0, 0, 0]) - 100 * labels[1, 1]) <= 0.5 + 1e-4))
    return sorted(checks)


def mix_up_in_pipeline(one_hot=True):
    dataset = ds.NumpySlicesDataset({"image": BATCH, "label": np.array([0, 1, 2, 1], np.int32)},
                                    shuffle=False)
    if one_hot:
        dataset = dataset.map(T.OneHot(3), "label")
    dataset = dataset.batch(4).map(V.MixUpBatch(0.5), ["image", "label"])
    return shapes(next(dataset.create_tuple_iterator(output_numpy=True)))


def batches(dataset, epochs=1):
    iterator = dataset.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    return [[[column.tolist() for column in row] for row in iterator] for _ in range(epochs)]


def callable_batch_size(**batch_arguments):
    """Batch `i` of an epoch holds i + 1 rows; the sizes asked for, (batch, epoch), are listed."""
    asked = []

    def size(info):
        asked.append([info.get_batch_num(), info.get_epoch_num()])
        return info.get_batch_num() + 1
    dataset = ds.NumpySlicesDataset({"x": np.arange(10)}, shuffle=False).batch(size, **batch_arguments)
    return {"epochs": batches(dataset, 2), "asked": list(asked), "dataset size": dataset.get_dataset_size(),
            "batch size": dataset.get_batch_size()}


def numbers(count=10):
    return ds.NumpySlicesDataset({"x": np.arange(count)}, shuffle=False)


def failing_size(info):
    raise KeyError("no size")


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
    "MixUpBatch uint8": lambda: shapes(V.MixUpBatch(1.0)(BATCH, ONE_HOT)),
    "MixUpBatch float32": lambda: shapes(V.MixUpBatch(2)(BATCH.astype(np.float32), ONE_HOT)),
    "MixUpBatch float64 CHW": lambda: shapes(V.MixUpBatch()(
        BATCH.transpose(0, 3, 1, 2).astype(np.float64), ONE_HOT.astype(np.float32))),
    "MixUpBatch NLC labels": lambda: shapes(V.MixUpBatch()(BATCH, ONE_HOT[:, None, :])),
    "MixUpBatch bool labels": lambda: shapes(V.MixUpBatch()(BATCH, ONE_HOT.astype(bool))),
    "MixUpBatch is a mix": mix_up_is_a_mix,
    "MixUpBatch in pipeline": mix_up_in_pipeline,
    "MixUpBatch labels not one-hot in pipeline": lambda: mix_up_in_pipeline(one_hot=False),
    "MixUpBatch alpha 0": lambda: V.MixUpBatch(0.0),
    "MixUpBatch alpha negative": lambda: V.MixUpBatch(-1.0),
    "MixUpBatch alpha str": lambda: V.MixUpBatch("a"),
    "MixUpBatch image rank 3": lambda: V.MixUpBatch()(BATCH[0], ONE_HOT),
    "MixUpBatch labels rank 1": lambda: V.MixUpBatch()(BATCH, np.array([0, 1, 2, 1])),
    "MixUpBatch batch sizes differ": lambda: V.MixUpBatch()(BATCH, ONE_HOT[:3]),
    "MixUpBatch one column": lambda: V.MixUpBatch()(BATCH),
    "batch callable batch_size": callable_batch_size,
    "batch callable batch_size drop_remainder": lambda: callable_batch_size(drop_remainder=True),
    "batch callable batch_size constant": lambda: batches(numbers().batch(lambda info: 3)),
    "batch callable batch_size after repeat": lambda: batches(numbers().repeat(2).batch(
        lambda info: 4)),
    "batch callable batch_size per_batch_map": lambda: batches(numbers().batch(
        lambda info: 4, per_batch_map=lambda x, info: ([v * 10 for v in x],))),
    "batch callable batch_size zero": lambda: batches(numbers().batch(lambda info: 0)),
    "batch callable batch_size str": lambda: batches(numbers().batch(lambda info: "a")),
    "batch callable batch_size raises": lambda: batches(numbers().batch(failing_size)),
    "batch per_batch_map wrong row count": lambda: batches(numbers().batch(
        4, per_batch_map=lambda x, info: (x * 10,))),
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
