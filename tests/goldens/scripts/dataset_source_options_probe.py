"""MindSpore 2.10's SUN397Dataset (columns, dtypes, order, decode) and the sampler / shuffle / sharding
conflicts of its native sources (SUN397Dataset, ImageFolderDataset: RuntimeErrors) and of its Python
sources (NumpySlicesDataset, GeneratorDataset: ValueErrors), for the gen6b sample of its unit tests
(issue #25), get_class_indexing / num_classes through a pipeline, and padded_batch's pad_info (None: no padding, {}: every column). The probe writes its own small image folders (Pillow JPEGs). Printed
`label -> RESULT`; tests/dataset/test_source_options.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_source_options_probe.py \\
        | grep -- " -> " > tests/goldens/dataset/dataset_source_options_probe.out
"""
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()
SUN = os.path.join(ROOT, "sun397")
FOLDERS = os.path.join(ROOT, "folders")
for base, classes in ((SUN, ["a/abbey", "b/badlands"]), (FOLDERS, ["class1", "class2"])):
    for c, name in enumerate(classes):
        os.makedirs(os.path.join(base, name))
        for i in range(2):
            pixels = np.full((8 + i, 6, 3), 40 * c + 10 * i, np.uint8)
            Image.fromarray(pixels).save(os.path.join(base, name, f"sun_{c}{i}.jpg"))
with open(os.path.join(SUN, "ClassName.txt"), "w") as f:
    f.write("/a/abbey\n/b/badlands\n")


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0].rstrip() if str(e).strip() else ''}"
    print(f"{label} -> {str(r).replace(ROOT, 'ROOT')}")


def rows(dataset):
    return [(r["image"].shape, str(r["image"].dtype), str(r["label"].dtype), int(r["label"]))
            for r in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]


show("SUN397 columns", lambda: ds.SUN397Dataset(SUN).get_col_names())
show("SUN397 size", lambda: ds.SUN397Dataset(SUN).get_dataset_size())
show("SUN397 rows", lambda: [(s[0] > 0, d, ld, lab) for s, d, ld, lab in rows(ds.SUN397Dataset(SUN, shuffle=False))])
show("SUN397 decode", lambda: rows(ds.SUN397Dataset(SUN, shuffle=False, decode=True)))
show("SUN397 shard 1 of 2", lambda: len(rows(ds.SUN397Dataset(SUN, num_shards=2, shard_id=1))))
show("SUN397 PK", lambda: sorted(r[3] for r in rows(ds.SUN397Dataset(SUN, sampler=ds.PKSampler(1)))))
show("SUN397 no folder", lambda: ds.SUN397Dataset(os.path.join(ROOT, "nope")))
show("SUN397 no ClassName.txt", lambda: ds.SUN397Dataset(FOLDERS).get_dataset_size())
makers = {"SUN397": lambda **k: ds.SUN397Dataset(SUN, **k),
          "ImageFolder": lambda **k: ds.ImageFolderDataset(FOLDERS, **k),
          "NumpySlices": lambda **k: ds.NumpySlicesDataset(np.arange(6), **k),
          "Generator": lambda **k: ds.GeneratorDataset([(np.array(i),) for i in range(6)], ["x"], **k)}
for name, make in makers.items():
    for case, kwargs in [("shuffle False + sampler", dict(shuffle=False, sampler=ds.SequentialSampler())),
                         ("shuffle True + sampler", dict(shuffle=True, sampler=ds.SequentialSampler())),
                         ("sampler + shards", dict(sampler=ds.SequentialSampler(), num_shards=2, shard_id=0)),
                         ("num_shards only", dict(num_shards=2)), ("shard_id only", dict(shard_id=0)),
                         ("shard_id out", dict(num_shards=2, shard_id=5)),
                         ("shard_id str", dict(num_shards=2, shard_id="0"))]:
        show(f"{name} {case}", lambda: make(**kwargs) and "ok")
for name in ("SUN397", "ImageFolder"):  # (a Python source fails later, in its pipeline)
    show(f"{name} shard_id -1", lambda: makers[name](num_shards=5, shard_id=-1))
folders = ds.ImageFolderDataset(FOLDERS, shuffle=False)
show("ImageFolder num_classes", folders.num_classes)
show("ImageFolder shuffled num_classes", lambda: folders.shuffle(2).num_classes())
show("ImageFolder repeated indexing", lambda: folders.repeat(2).batch(1).get_class_indexing())
show("NumpySlices num_classes", lambda: ds.NumpySlicesDataset([1, 2]).num_classes())
show("NumpySlices indexing", lambda: ds.NumpySlicesDataset([1, 2]).get_class_indexing())
show("zip indexing", lambda: ds.zip((ds.NumpySlicesDataset({"y": [1, 2, 3, 4]}), folders)).get_class_indexing())
show("SUN397 indexing", lambda: ds.SUN397Dataset(SUN).get_class_indexing())


def ragged():
    for n in (1, 3, 2):
        yield np.full((n, 2), n, np.int32), np.array([n], np.int32)


for info in [None, {}, {"a": None}, {"a": ([4, 2], -1)}]:
    padded = ds.GeneratorDataset(ragged, ["a", "b"], shuffle=False).padded_batch(3, pad_info=info)
    show(f"padded_batch pad_info {info}",
         lambda: [(x.shape, x.tolist()) for r in padded.create_tuple_iterator(output_numpy=True) for x in r])
