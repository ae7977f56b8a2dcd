"""OmniglotDataset: classes (alphabet/character folders) and their labels, file order, background
and evaluation sets, decode, samplers and shards, errors; on files written here (image bytes of
known sizes; BMP files for decode)."""
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()
LAYOUT = {
    "images_background": {"Beta": {"character02": 2, "character01": 1}, "Alpha": {"character10": 2}},
    "images_evaluation": {"Gamma": {"character01": 3}},
}
size = 10
for part, alphabets in LAYOUT.items():
    for alphabet, characters in alphabets.items():
        for character, count in characters.items():
            folder = os.path.join(ROOT, part, alphabet, character)
            os.makedirs(folder)
            for i in range(count, 0, -1):
                size += 1
                Image.fromarray(np.full((size % 7 + 2, size % 5 + 3, 3), size, np.uint8)).save(
                    os.path.join(folder, f"{i}_x.bmp"))


def rows(data, decode=False):
    return [(list(r["image"].shape), r["image"].dtype.str, r["label"].dtype.str, int(r["label"]))
            for r in data.create_dict_iterator(num_epochs=1, output_numpy=True)]


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        lines = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        message = " ".join(lines) or str(error).split("\n")[0]
        print(label, "->", type(error).__name__, message.replace(ROOT, "ROOT")[:200])


for background in (None, True, False):
    show(f"rows {background}", lambda: rows(ds.OmniglotDataset(ROOT, background=background, shuffle=False)))
    show(f"decoded {background}", lambda: rows(ds.OmniglotDataset(ROOT, background=background, shuffle=False, decode=True)))
show("columns", lambda: ds.OmniglotDataset(ROOT).get_col_names())
show("size", lambda: ds.OmniglotDataset(ROOT).get_dataset_size())
show("classes", lambda: ds.OmniglotDataset(ROOT).num_classes())
ds.config.set_seed(3)
show("shuffled", lambda: rows(ds.OmniglotDataset(ROOT)))
show("shard", lambda: rows(ds.OmniglotDataset(ROOT, num_shards=2, shard_id=1, shuffle=False)))
show("samples", lambda: ds.OmniglotDataset(ROOT, num_samples=3).get_dataset_size())
show("sampler", lambda: rows(ds.OmniglotDataset(ROOT, sampler=ds.SequentialSampler(1, 2))))
show("missing folder", lambda: ds.OmniglotDataset(os.path.join(ROOT, "none")))
show("empty folder", lambda: rows(ds.OmniglotDataset(os.path.join(ROOT, "images_background"))))
show("sampler and shuffle", lambda: ds.OmniglotDataset(ROOT, sampler=ds.SequentialSampler(), shuffle=True))
