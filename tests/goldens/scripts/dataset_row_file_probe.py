"""MindSpore 2.10 names the file a row was read from when a user function in a later map fails
on any of the row's columns, after other maps too (`Decode`), printed `label -> RESULT` (the
error's `map operation` line up to its description, the folder written DIR); tests/dataset/test_row_file.py runs it
unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_row_file_probe.py \\
        | grep -- " -> " > tests/goldens/dataset/dataset_row_file_probe.out
"""
import os
import tempfile

import numpy as np
from PIL import Image
import mindspore.dataset as ds
import mindspore.dataset.vision as vision

root = tempfile.mkdtemp()
os.makedirs(os.path.join(root, "images", "cat"))
Image.fromarray(np.full((4, 6, 3), 90, np.uint8)).save(os.path.join(root, "images", "cat", "a.png"))
voc = os.path.join(root, "voc")
for sub in ("Annotations", "ImageSets/Main", "JPEGImages"):
    os.makedirs(os.path.join(voc, sub))
Image.fromarray(np.full((8, 8, 3), 40, np.uint8)).save(os.path.join(voc, "JPEGImages", "im1.jpg"))
with open(os.path.join(voc, "ImageSets", "Main", "train.txt"), "w") as f:
    f.write("im1\n")
with open(os.path.join(voc, "Annotations", "im1.xml"), "w") as f:
    f.write("<annotation><size><width>8</width><height>8</height><depth>3</depth></size>"
            "<object><name>dog</name><difficult>0</difficult><truncated>0</truncated>"
            "<bndbox><xmin>1</xmin><ymin>1</ymin><xmax>5</xmax><ymax>6</ymax></bndbox>"
            "</object></annotation>")


def fails(*columns):
    raise ValueError("boom")


def show(label, make):
    try:
        for _ in make().create_tuple_iterator(output_numpy=True):
            pass
        result = "no error"
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [line for line in str(e).splitlines() if "map operation" in line]
        line = lines[0].split("Error description:")[0] if lines else "?"
        result = f"{type(e).__name__} | {line}".replace(root, "DIR")
    print(f"{label} -> {result}")


folder = os.path.join(root, "images")
show("image column", lambda: ds.ImageFolderDataset(folder).map(fails, input_columns=["image"]))
show("label column", lambda: ds.ImageFolderDataset(folder).map(fails, input_columns=["label"]))
show("after Decode", lambda: ds.ImageFolderDataset(folder).map(vision.Decode(), ["image"])
     .map(fails, input_columns=["image"]))
show("decoded source", lambda: ds.ImageFolderDataset(folder, decode=True)
     .map(fails, input_columns=["image"]))
show("voc bbox", lambda: ds.VOCDataset(voc, task="Detection", usage="train", shuffle=False)
     .map(fails, input_columns=["bbox"]))
show("voc difficult", lambda: ds.VOCDataset(voc, task="Detection", usage="train", shuffle=False)
     .map(fails, input_columns=["difficult"]))
show("voc after Decode", lambda: ds.VOCDataset(voc, task="Detection", usage="train",
                                               shuffle=False)
     .map(vision.Decode(), ["image"]).map(fails, input_columns=["image"]))
