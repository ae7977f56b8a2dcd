"""MindSpore 2.10 goldens for mindspore.dataset's file sources: MNIST/Fashion-MNIST (idx files),
CIFAR-10/100 (binary batches), ImageFolderDataset, TextFileDataset and CSVDataset.

The script writes small files in their real formats (``write_*`` below, also used by msjax's tests),
then prints one ``label -> result`` line per case. Regenerate from the repository root with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_sources_probe.py \
        | grep " -> " > tests/goldens/dataset/sources_probe.txt
"""
import io
import os
import re
import shutil
import struct
import tempfile

import numpy as np

import mindspore.dataset as ds


def write_idx(path, array):
    """An idx file: magic (0, 0, type 0x08 = uint8, ndim), big-endian dims, the bytes."""
    with open(path, "wb") as file:
        file.write(bytes([0, 0, 0x08, array.ndim]))
        file.write(struct.pack(">" + "I" * array.ndim, *array.shape))
        file.write(np.ascontiguousarray(array, np.uint8).tobytes())


def write_mnist(folder, train=4, test=3):
    """Small MNIST in the four idx files; image i is filled with values from i, label i % 10."""
    os.makedirs(folder, exist_ok=True)
    for prefix, count, offset in (("train", train, 0), ("t10k", test, 100)):
        images = ((np.arange(count * 28 * 28).reshape(count, 28, 28) + offset) % 256).astype(np.uint8)
        labels = ((np.arange(count) + offset) % 10).astype(np.uint8)
        write_idx(os.path.join(folder, f"{prefix}-images-idx3-ubyte"), images)
        write_idx(os.path.join(folder, f"{prefix}-labels-idx1-ubyte"), labels)


def _records(count, seed, label_bytes, label_limits):
    rng = np.random.default_rng(seed)
    records = np.empty((count, label_bytes + 3072), np.uint8)
    for i, limit in enumerate(label_limits):
        records[:, i] = rng.integers(0, limit, count)
    records[:, label_bytes:] = rng.integers(0, 256, (count, 3072))
    return records


def write_cifar10(folder, per_file=10000):
    """CIFAR-10's binary version: five data_batch_N.bin and test_batch.bin of `per_file` records
    (1 label byte, 3072 image bytes in CHW order). MindSpore reads 10000 records a file."""
    os.makedirs(folder, exist_ok=True)
    names = [f"data_batch_{i}.bin" for i in range(1, 6)] + ["test_batch.bin"]
    for b, name in enumerate(names):
        _records(per_file, b, 1, [10]).tofile(os.path.join(folder, name))


def write_cifar100(folder, train=50000, test=10000):
    """CIFAR-100's binary version: train.bin and test.bin, records of a coarse and a fine label byte
    and 3072 image bytes (CHW)."""
    os.makedirs(folder, exist_ok=True)
    for name, count, seed in (("train.bin", train, 10), ("test.bin", test, 11)):
        _records(count, seed, 2, [20, 100]).tofile(os.path.join(folder, name))


def png_bytes(seed, size=(5, 4)):
    from PIL import Image
    pixels = (np.arange(size[0] * size[1] * 3).reshape(size[1], size[0], 3) * (seed + 3)) % 256
    out = io.BytesIO()
    Image.fromarray(pixels.astype(np.uint8)).save(out, format="PNG")
    return out.getvalue()


def write_image_folder(folder):
    for label, cls in enumerate(["cat", "dog", "emu"]):
        os.makedirs(os.path.join(folder, cls), exist_ok=True)
        for i in range(2):
            with open(os.path.join(folder, cls, f"{i}.png"), "wb") as file:
                file.write(png_bytes(label * 2 + i))
    with open(os.path.join(folder, "dog", "notes.txt"), "w") as file:
        file.write("not an image")


def write_text(folder):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "a.txt"), "w") as file:
        file.write("first line\nsecond line\n\nlast one")
    with open(os.path.join(folder, "b.txt"), "w") as file:
        file.write("b one\nb two\n")
    with open(os.path.join(folder, "c.csv"), "w") as file:
        file.write("id,name,score\n1,ann,0.5\n2,bob,1.25\n3,cy,2\n")


def column_text(value):
    array = np.asarray(value)
    if array.dtype.kind in "US":
        return f"str{list(array.shape)}{array.tolist()}"
    if array.size > 8:
        return f"{array.dtype}{list(array.shape)}sum={int(array.astype(np.int64).sum())}first={array.reshape(-1)[:4].tolist()}"
    return f"{array.dtype}{list(array.shape)}{array.tolist()}"


def rows(dataset):
    return [" ".join(column_text(c) for c in row)
            for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def label_summary(dataset):
    labels = np.array([row[1] for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)])
    return f"{labels.dtype}{list(labels.shape)} sum={int(labels.sum())} weighted={int((labels * np.arange(len(labels))).sum())}"


def error_summary(error):
    message = " ".join(str(error).split())
    parts = [message.split(" ----")[0]]
    pipeline_error = re.search(r"\[ERROR\] (.*?) -{10}", message)
    if pipeline_error:
        parts.append(pipeline_error.group(1))
    return f"{type(error).__name__}: " + " | ".join(parts)


ROOT = tempfile.mkdtemp()
MNIST = os.path.join(ROOT, "mnist")
CIFAR10 = os.path.join(ROOT, "cifar10")
CIFAR100 = os.path.join(ROOT, "cifar100")
IMAGES = os.path.join(ROOT, "images")
TEXT = os.path.join(ROOT, "text")
EMPTY = os.path.join(ROOT, "empty")


def fix(text):
    return text.replace(ROOT, "{root}")


CASES = {
    "mnist train": lambda: rows(ds.MnistDataset(MNIST, usage="train", shuffle=False)),
    "mnist test": lambda: rows(ds.MnistDataset(MNIST, usage="test", shuffle=False)),
    "mnist all": lambda: rows(ds.MnistDataset(MNIST, shuffle=False)),
    "mnist size": lambda: (ds.MnistDataset(MNIST).get_dataset_size(), ds.MnistDataset(MNIST, "test").get_dataset_size()),
    "mnist names": lambda: ds.MnistDataset(MNIST).get_col_names(),
    "mnist shard": lambda: rows(ds.MnistDataset(MNIST, usage="all", shuffle=False, num_shards=2, shard_id=1)),
    "mnist num_samples": lambda: ds.MnistDataset(MNIST, num_samples=2).get_dataset_size(),
    "fashion mnist": lambda: rows(ds.FashionMnistDataset(MNIST, usage="test", shuffle=False)),
    "mnist empty dir": lambda: rows(ds.MnistDataset(EMPTY)),
    "cifar10 train": lambda: rows(ds.Cifar10Dataset(CIFAR10, usage="train", shuffle=False).take(3)),
    "cifar10 train labels": lambda: label_summary(ds.Cifar10Dataset(CIFAR10, usage="train", shuffle=False)),
    "cifar10 test": lambda: rows(ds.Cifar10Dataset(CIFAR10, usage="test", shuffle=False).take(2)),
    "cifar10 all": lambda: rows(ds.Cifar10Dataset(CIFAR10, shuffle=False).skip(50000).take(1)),
    "cifar10 shard": lambda: rows(ds.Cifar10Dataset(CIFAR10, usage="test", shuffle=False, num_shards=3, shard_id=2).skip(3333)),
    "cifar10 sizes": lambda: [ds.Cifar10Dataset(CIFAR10, usage=u).get_dataset_size() for u in ("train", "test", "all")],
    "cifar10 names": lambda: ds.Cifar10Dataset(CIFAR10).get_col_names(),
    "cifar10 usage": lambda: ds.Cifar10Dataset(CIFAR10, usage="eval"),
    "cifar10 empty dir": lambda: rows(ds.Cifar10Dataset(EMPTY)),
    "cifar100 train": lambda: rows(ds.Cifar100Dataset(CIFAR100, usage="train", shuffle=False).take(2)),
    "cifar100 all": lambda: rows(ds.Cifar100Dataset(CIFAR100, shuffle=False).skip(49999).take(2)),
    "cifar100 sizes": lambda: [ds.Cifar100Dataset(CIFAR100, usage=u).get_dataset_size() for u in ("train", "test", "all")],
    "cifar100 names": lambda: ds.Cifar100Dataset(CIFAR100).get_col_names(),
    "image folder": lambda: rows(ds.ImageFolderDataset(IMAGES, shuffle=False)),
    "image folder decode": lambda: rows(ds.ImageFolderDataset(IMAGES, shuffle=False, decode=True, extensions=[".png"])),
    "image folder decode broken": lambda: rows(ds.ImageFolderDataset(IMAGES, shuffle=False, decode=True)),
    "image folder names": lambda: ds.ImageFolderDataset(IMAGES).get_col_names(),
    "image folder size": lambda: ds.ImageFolderDataset(IMAGES).get_dataset_size(),
    "image folder class_indexing": lambda: rows(ds.ImageFolderDataset(IMAGES, shuffle=False, class_indexing={"cat": 5, "emu": 1}).project("label")),
    "image folder extensions": lambda: rows(ds.ImageFolderDataset(IMAGES, shuffle=False, extensions=[".txt"])),
    "image folder get_class_indexing": lambda: ds.ImageFolderDataset(IMAGES).get_class_indexing(),
    "text file": lambda: rows(ds.TextFileDataset(os.path.join(TEXT, "a.txt"), shuffle=False)),
    "text files": lambda: rows(ds.TextFileDataset([os.path.join(TEXT, "a.txt"), os.path.join(TEXT, "b.txt")], shuffle=False)),
    "text file size": lambda: ds.TextFileDataset(os.path.join(TEXT, "*.txt")).get_dataset_size(),
    "text file names": lambda: ds.TextFileDataset(os.path.join(TEXT, "a.txt")).get_col_names(),
    "csv": lambda: rows(ds.CSVDataset(os.path.join(TEXT, "c.csv"), shuffle=False)),
    "csv names": lambda: ds.CSVDataset(os.path.join(TEXT, "c.csv")).get_col_names(),
    "csv defaults": lambda: rows(ds.CSVDataset(os.path.join(TEXT, "c.csv"), column_defaults=[0, "", 0.0], shuffle=False)),
    "csv column names": lambda: rows(ds.CSVDataset(os.path.join(TEXT, "c.csv"), column_names=["a", "b", "c"], shuffle=False).take(2)),
}


def main():
    try:
        write_mnist(MNIST)
        write_cifar10(CIFAR10)
        write_cifar100(CIFAR100)
        write_image_folder(IMAGES)
        write_text(TEXT)
        os.makedirs(EMPTY)
        for label, case in CASES.items():
            try:
                result = case()
            except Exception as error:  # pylint: disable=broad-except
                result = error_summary(error)
            print(f"{label} -> {fix(str(result))}", flush=True)
    finally:
        shutil.rmtree(ROOT, ignore_errors=True)


if __name__ == "__main__":
    main()
