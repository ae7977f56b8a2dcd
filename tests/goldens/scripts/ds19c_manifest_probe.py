"""ManifestDataset: lines of a usage, labels (sorted names, class_indexing, several annotations),
images that are not JPEG/PNG/GIF/BMP skipped, decode, sizes, and the errors of a line without
source or usage and of an empty image; on files written here."""
import json
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()


def image(name, shape):
    path = os.path.join(ROOT, name)
    Image.fromarray(np.full(shape, 7, np.uint8)).save(path)
    return path


A, B, C = image("a.bmp", (4, 5, 3)), image("b.bmp", (3, 2, 3)), image("c.bmp", (2, 2, 3))
TEXT = os.path.join(ROOT, "t.jpg")
with open(TEXT, "w", encoding="utf-8") as file:
    file.write("not an image")
EMPTY = os.path.join(ROOT, "empty.jpg")
open(EMPTY, "wb").close()


def manifest(name, lines):
    path = os.path.join(ROOT, name)
    with open(path, "w", encoding="utf-8") as file:
        for line in lines:
            file.write(json.dumps(line) + "\n")
    return path


def entry(source, usage, *names):
    return {"source": source, "usage": usage, "annotation": [{"name": n} for n in names]}


GOOD = manifest("good.manifest", [
    entry(A, "TRAIN", "zebra"), entry(B, "train", "ant", "zebra"), entry(TEXT, "train", "ant"),
    entry(C, "Eval", "cat"), entry(C, "train", "moth"), entry(A, "eval", "bee", "cat")])
NO_SOURCE = manifest("nosource.manifest", [entry(A, "train", "x"), {"usage": "train", "annotation": []}])
NO_USAGE = manifest("nousage.manifest", [{"source": A, "annotation": []}])
EMPTY_IMAGE = manifest("empty.manifest", [entry(A, "eval", "x"), entry(EMPTY, "eval", "y")])


def rows(data):
    return [(list(r["image"].shape), r["image"].dtype.str, r["label"].dtype.str, r["label"].tolist())
            for r in data.create_dict_iterator(num_epochs=1, output_numpy=True)]


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        lines = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        message = " ".join(lines) or str(error).split("\n")[0]
        print(label, "->", type(error).__name__, message.replace(ROOT, "ROOT")[:200])


for usage in ("train", "eval", "EVAL"):
    show(f"rows {usage}", lambda: rows(ds.ManifestDataset(GOOD, usage, shuffle=False)))
    show(f"decoded {usage}", lambda: rows(ds.ManifestDataset(GOOD, usage, shuffle=False, decode=True)))
    show(f"indexing {usage}", lambda: ds.ManifestDataset(GOOD, usage).get_class_indexing())
    show(f"classes {usage}", lambda: ds.ManifestDataset(GOOD, usage).num_classes())
    show(f"size {usage}", lambda: ds.ManifestDataset(GOOD, usage).get_dataset_size())
show("class_indexing", lambda: rows(ds.ManifestDataset(GOOD, class_indexing={"zebra": 5, "moth": 2}, shuffle=False)))
show("class_indexing given", lambda: ds.ManifestDataset(GOOD, class_indexing={"zebra": 5}).get_class_indexing())
show("columns", lambda: ds.ManifestDataset(GOOD).get_col_names())
show("shard", lambda: rows(ds.ManifestDataset(GOOD, num_shards=2, shard_id=1, shuffle=False)))
show("no source", lambda: rows(ds.ManifestDataset(NO_SOURCE, shuffle=False)))
show("no usage", lambda: ds.ManifestDataset(NO_USAGE).get_dataset_size())
show("empty image", lambda: rows(ds.ManifestDataset(EMPTY_IMAGE, "eval", shuffle=False)))
show("no rows of usage", lambda: rows(ds.ManifestDataset(GOOD, "test", shuffle=False)))
