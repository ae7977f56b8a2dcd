"""EMnistDataset (its split names and usages over idx files written here, rows, sizes, errors) and
the file a failing map names for MNIST-format rows (image and label columns)."""
import os
import struct
import tempfile

import numpy as np

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()


def write_idx(path, array):
    with open(path, "wb") as file:
        file.write(b"\0\0\x08" + bytes([array.ndim]) + struct.pack(f">{array.ndim}I", *array.shape))
        file.write(array.astype(np.uint8).tobytes())


start = 0
for name, usage, count in (("mnist", "train", 3), ("mnist", "test", 2), ("letters", "train", 2)):
    images = (np.arange(count * 28 * 28).reshape(count, 28, 28) + start) % 251
    write_idx(os.path.join(ROOT, f"emnist-{name}-{usage}-images-idx3-ubyte"), images)
    write_idx(os.path.join(ROOT, f"emnist-{name}-{usage}-labels-idx1-ubyte"), np.arange(count) + start)
    start += 10
os.makedirs(os.path.join(ROOT, "mnist"))
write_idx(os.path.join(ROOT, "mnist", "train-images-idx3-ubyte"), np.zeros((2, 28, 28)))
write_idx(os.path.join(ROOT, "mnist", "train-labels-idx1-ubyte"), np.arange(2))


def rows(data):
    return [(r["image"].shape, r["image"].dtype.str, int(r["image"].sum()), r["label"].dtype.str,
             int(r["label"])) for r in data.create_dict_iterator(num_epochs=1, output_numpy=True)]


def fail(_):
    raise ValueError("boom")


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        text = str(error).replace(ROOT, "ROOT")
        lines = [l.strip().split(" Error description:")[0] for l in text.split("\n")
                 if "[ERROR]" in l or "data file is" in l]
        print(label, "->", type(error).__name__, (" ".join(lines) or text.split("\n")[0])[:300])


for name in ("mnist", "letters"):
    for usage in (None, "train", "test", "all"):
        show(f"{name} {usage}", lambda: rows(ds.EMnistDataset(ROOT, name, usage, shuffle=False)))
show("size", lambda: ds.EMnistDataset(ROOT, "mnist", num_samples=4).get_dataset_size())
show("columns", lambda: ds.EMnistDataset(ROOT, "mnist").get_col_names())
show("shard", lambda: rows(ds.EMnistDataset(ROOT, "mnist", num_shards=2, shard_id=1, shuffle=False)))
show("bad name", lambda: ds.EMnistDataset(ROOT, "byfoo"))
show("name type", lambda: ds.EMnistDataset(ROOT, 3))
show("bad usage", lambda: ds.EMnistDataset(ROOT, "mnist", "valid"))
show("missing split", lambda: rows(ds.EMnistDataset(ROOT, "digits", shuffle=False)))
for column in ("image", "label"):
    show(f"map error {column}", lambda: list(ds.MnistDataset(os.path.join(ROOT, "mnist"), shuffle=False).map(
        fail, input_columns=[column]).create_tuple_iterator()))
    show(f"emnist map error {column}", lambda: list(ds.EMnistDataset(ROOT, "letters", shuffle=False).map(
        fail, input_columns=[column]).create_tuple_iterator()))
