"""LSUNDataset, Caltech256Dataset and SBUDataset on folders written here: columns, dtypes, labels,
row order by usage/classes, decode, samplers, shards, sizes and errors."""
import io
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()


def image(path, width, height, fmt="JPEG"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pixels = (np.arange(width * height * 3) % 251).astype(np.uint8).reshape(height, width, 3)
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, fmt)
    with open(path, "wb") as file:
        file.write(buffer.getvalue())


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


LSUN = os.path.join(ROOT, "lsun")
for number, folder in enumerate(["bedroom_train", "bedroom_val", "classroom_train", "classroom_val",
                                 "kitchen_train", "tower_val", "test", "other_train"]):
    for k in range(2 if folder in ("bedroom_train", "test") else 1):
        image(os.path.join(LSUN, folder, f"{chr(98 - k)}{number}.jpg"), 4 + number, 3 + k)
write(os.path.join(LSUN, "bedroom_train", "notes.txt"), "x")

CALTECH = os.path.join(ROOT, "caltech")
for c, name in enumerate(["002.bear", "001.ak47", "010.zebra"]):
    for k, ext in enumerate([".jpg", ".JPEG", ".png", ".jpeg", ".JPG"]):
        image(os.path.join(CALTECH, name, f"{k}{c}{ext}"), 5 + k, 2 + c,
              "PNG" if ext == ".png" else "JPEG")
write(os.path.join(CALTECH, "readme.txt"), "not a class")

SBU = os.path.join(ROOT, "sbu")
urls, captions = [], []
for k in range(6):
    urls.append(f"http://static.flickr.com/{100 + k}/{k}_abc.jpg")
    captions.append(f" caption {k} ")
    if k % 2 == 0 or k == 5:
        image(os.path.join(SBU, "sbu_images", f"m_{100 + k}_{k}_abc.jpg"), 3 + k, 2)
write(os.path.join(SBU, "SBU_captioned_photo_dataset_urls.txt"), "\n".join(urls))
write(os.path.join(SBU, "SBU_captioned_photo_dataset_captions.txt"), "\n".join(captions))


def rows(data):
    out = []
    for row in data.create_dict_iterator(num_epochs=1, output_numpy=True):
        out.append(" ".join(f"{k}:{v.dtype.str}{list(v.shape)}={v.tolist() if v.size < 4 else int(v.sum())}"
                            for k, v in row.items()))
    return out


def show(label, make):
    try:
        data = make()
    except Exception as error:  # pylint: disable=broad-except
        print(label, "->", "construct", type(error).__name__, str(error).replace(ROOT, "ROOT")[:200])
        return
    try:
        print(label, "->", data.get_dataset_size(), data.get_col_names(), rows(data))
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        message = " ".join(lines_) or str(error).split("\n")[0]
        print(label, "->", type(error).__name__, message.replace(ROOT, "ROOT")[:200])


ds.config.set_num_parallel_workers(2)
ds.config.set_seed(5)
for usage in [None, "train", "valid", "test", "all"]:
    show(f"lsun usage {usage}", lambda: ds.LSUNDataset(LSUN, usage=usage, shuffle=False))
show("lsun classes order", lambda: ds.LSUNDataset(LSUN, usage="all", classes=["classroom", "bedroom"], shuffle=False))
show("lsun classes one", lambda: ds.LSUNDataset(LSUN, usage="train", classes=["kitchen"], shuffle=False))
show("lsun classes absent", lambda: ds.LSUNDataset(LSUN, usage="train", classes=["bridge"], shuffle=False))
show("lsun classes unknown", lambda: ds.LSUNDataset(LSUN, usage="train", classes=["other"], shuffle=False))
show("lsun classes str", lambda: ds.LSUNDataset(LSUN, classes="bedroom"))
show("lsun classes test", lambda: ds.LSUNDataset(LSUN, usage="test", classes=["tower"], shuffle=False))
show("lsun decode", lambda: ds.LSUNDataset(LSUN, usage="valid", decode=True, shuffle=False))
show("lsun shuffle", lambda: ds.LSUNDataset(LSUN, usage="all", shuffle=True))
show("lsun shard", lambda: ds.LSUNDataset(LSUN, num_shards=2, shard_id=1, shuffle=False))
show("lsun num_samples", lambda: ds.LSUNDataset(LSUN, num_samples=3, shuffle=False))
show("lsun sequential", lambda: ds.LSUNDataset(LSUN, sampler=ds.SequentialSampler(1, 2)))
show("lsun pk", lambda: ds.LSUNDataset(LSUN, usage="all", classes=["classroom", "kitchen", "tower"],
                                        sampler=ds.PKSampler(1)))
show("lsun bad usage", lambda: ds.LSUNDataset(LSUN, usage="val"))
show("lsun no dir", lambda: ds.LSUNDataset(os.path.join(ROOT, "none")))
show("lsun empty dir", lambda: ds.LSUNDataset(CALTECH, usage="train"))
show("lsun shuffle+sampler", lambda: ds.LSUNDataset(LSUN, shuffle=False, sampler=ds.PKSampler(3)))

show("caltech", lambda: ds.Caltech256Dataset(CALTECH, shuffle=False))
show("caltech decode", lambda: ds.Caltech256Dataset(CALTECH, decode=True, shuffle=False, num_samples=3))
show("caltech shard", lambda: ds.Caltech256Dataset(CALTECH, num_shards=3, shard_id=2, shuffle=False))
show("caltech random", lambda: ds.Caltech256Dataset(CALTECH, sampler=ds.RandomSampler(num_samples=3)))
show("caltech no dir", lambda: ds.Caltech256Dataset(os.path.join(ROOT, "none")))
show("caltech empty", lambda: ds.Caltech256Dataset(SBU))
show("caltech workers", lambda: ds.Caltech256Dataset(CALTECH, num_parallel_workers=0))

show("sbu", lambda: ds.SBUDataset(SBU, shuffle=False))
show("sbu decode", lambda: ds.SBUDataset(SBU, decode=True, shuffle=False))
show("sbu shuffle", lambda: ds.SBUDataset(SBU, shuffle=True))
show("sbu shard", lambda: ds.SBUDataset(SBU, num_shards=2, shard_id=0, shuffle=False))
show("sbu no dir", lambda: ds.SBUDataset(os.path.join(ROOT, "none")))
show("lsun decode str", lambda: ds.LSUNDataset(LSUN, decode="yes"))
show("caltech decode str", lambda: ds.Caltech256Dataset(CALTECH, decode=1))
show("sbu decode str", lambda: ds.SBUDataset(SBU, decode="not_bool"))
show("sbu no urls", lambda: ds.SBUDataset(LSUN))
