"""SemeionDataset on a semeion.data file written here: rows (pixels, labels, dtypes), samplers,
shards, sizes and the errors of a missing folder or file."""
import os
import tempfile

import numpy as np

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()
rng = np.random.default_rng(4)
with open(os.path.join(ROOT, "semeion.data"), "w", encoding="utf-8") as file:
    for digit in (3, 0, 9, 3, 5):
        pixels = rng.integers(0, 2, 256).astype(float)
        onehot = np.eye(10)[digit]
        file.write(" ".join(f"{v:.4f}" for v in np.concatenate([pixels, onehot])) + " \n")
os.makedirs(os.path.join(ROOT, "empty"))


def rows(data):
    return [(r["image"].shape, r["image"].dtype.str, int(r["image"].sum()), r["label"].dtype.str,
             r["label"].shape, int(r["label"]))
            for r in data.create_dict_iterator(num_epochs=1, output_numpy=True)]


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        text = str(error).replace(ROOT, "ROOT")
        lines = [l.strip() for l in text.split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines) or text.split("\n")[0])[:200])


show("rows", lambda: rows(ds.SemeionDataset(ROOT, shuffle=False)))
show("columns", lambda: ds.SemeionDataset(ROOT).get_col_names())
show("size", lambda: ds.SemeionDataset(ROOT, num_samples=3).get_dataset_size())
show("shard", lambda: rows(ds.SemeionDataset(ROOT, num_shards=2, shard_id=0, shuffle=False)))
show("sampler", lambda: rows(ds.SemeionDataset(ROOT, sampler=ds.SequentialSampler(1, 2))))
show("missing folder", lambda: ds.SemeionDataset(os.path.join(ROOT, "none")))
show("no file", lambda: rows(ds.SemeionDataset(os.path.join(ROOT, "empty"), shuffle=False)))
