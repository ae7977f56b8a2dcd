"""MindSpore 2.10's MindRecord converters (mindspore.mindrecord / top-level Cifar10ToMR,
Cifar100ToMR, MnistToMR, ImageNetToMR, CsvToMR, and the status values SUCCESS/FAILED): small
datasets in the original formats are written to a scratch folder, converted, and the MindRecord
files read back with MindDataset (rows sorted where the converter follows os.listdir); JPEG
payloads are decoded and compared with the source pixels. Printed `label -> RESULT`;
tests/dataset/test_miss18_mindrecord_converters.py runs it unchanged on msjax.
Regenerate (MindSpore's converters import cv2 and pandas, which the oracle's environment lacks:
install opencv-python-headless==4.10.0.84 and pandas==2.2.3 with --target into a folder and put
that folder on PYTHONPATH):
    PYTHONPATH=<that folder> /work/shared/tools/mindspore-oracle \
        tests/goldens/scripts/miss18_mindrecord_converters_probe.py \
        | grep -- " -> " > tests/goldens/dataset/miss18_mindrecord_converters_probe.out
"""
import gzip
import io
import os
import pickle
import shutil
import tempfile

import numpy as np
from PIL import Image
import mindspore as ms
import mindspore.dataset as ds
from mindspore import mindrecord

ROOT = tempfile.mkdtemp()


def show(label, f):
    try:
        out = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")] or [""]
        line = next((ln for ln in lines if ln.startswith("[ERROR]")), lines[0])  # (a pipeline's)
        out = f"ERR {type(e).__name__} | {line.replace(ROOT, '<root>')}"
    print(f"{label} -> {out}")


def folder(name):
    path = os.path.join(ROOT, name)
    os.makedirs(path)
    return path


def smooth_images(count, height, width, channels, offset):
    """Gradients (JPEG keeps them to a few levels), one per image."""
    y, x = np.mgrid[0:height, 0:width]
    images = [20 + y * 3 + x * 2 + 10 * c + 5 * k + offset
              for k in range(count) for c in range(channels)]
    return np.array(images, np.uint8).reshape(count, channels, height, width)


def read_rows(path, sort_key=None):
    rows = list(ds.MindDataset(path, shuffle=False).create_dict_iterator(output_numpy=True))
    return sorted(rows, key=sort_key) if sort_key else rows


def decoded_error(payload, source):
    """(decoded shape, largest pixel difference from the source <= 6)."""
    decoded = np.array(Image.open(io.BytesIO(payload.tobytes())))
    return decoded.shape, bool(np.abs(decoded.astype(int) - source.astype(int)).max() <= 6)


def columns(row):
    return sorted((k, "bytes", ()) if k in ("data", "image") else
                  (k, "str" if v.dtype.kind == "U" else str(v.dtype), v.shape)
                  for k, v in row.items())


show("SUCCESS FAILED", lambda: (repr(ms.SUCCESS), repr(ms.FAILED), int(ms.SUCCESS), int(ms.FAILED),
                                mindrecord.SUCCESS is ms.SUCCESS))

# -- CIFAR-10: data_batch_* and test_batch, pickled dicts of bytes keys -------------------------
cifar10 = folder("cifar10")
train = smooth_images(3, 32, 32, 3, 0)
test = smooth_images(2, 32, 32, 3, 5)
with open(os.path.join(cifar10, "data_batch_1"), "wb") as f:
    pickle.dump({b"data": train.reshape(3, -1), b"labels": [4, 0, 9]}, f)
with open(os.path.join(cifar10, "test_batch"), "wb") as f:
    pickle.dump({b"data": test.reshape(2, -1), b"labels": [7, 1]}, f)
out = os.path.join(folder("cifar10_out"), "cifar10.mindrecord")
show("Cifar10ToMR transform", lambda: ms.Cifar10ToMR(cifar10, out).transform(["label"]))
show("Cifar10ToMR files", lambda: sorted(os.listdir(os.path.dirname(out))))
rows = read_rows(out)
show("Cifar10ToMR train columns", lambda: columns(rows[0]))
show("Cifar10ToMR train", lambda: [(int(r["id"]), int(r["label"]),
                                    decoded_error(r["data"], train[k].transpose(1, 2, 0)))
                                   for k, r in enumerate(rows)])
test_rows = read_rows(out + "_test")
show("Cifar10ToMR test", lambda: [(int(r["id"]), int(r["label"]),
                                   decoded_error(r["data"], test[k].transpose(1, 2, 0)))
                                  for k, r in enumerate(test_rows)])
show("Cifar10ToMR index fields", lambda: mindrecord.MindPage(out).candidate_fields)
show("Cifar10ToMR run", lambda: repr(ms.Cifar10ToMR(cifar10, out + "_again").run()))
show("Cifar10ToMR existing", lambda: ms.Cifar10ToMR(cifar10, out).transform())
show("Cifar10ToMR fields not a list", lambda: ms.Cifar10ToMR(cifar10, out + "_3").transform("id"))
show("Cifar10ToMR no test batch", lambda: ms.Cifar10ToMR(folder("cifar10_empty"), out + "_4"))
show("Cifar10ToMR missing source", lambda: ms.Cifar10ToMR(os.path.join(ROOT, "nothing"), out))
show("Cifar10ToMR bad destination", lambda: ms.Cifar10ToMR(cifar10, out + "?"))

# -- CIFAR-100: train and test files with fine and coarse labels ---------------------------------
cifar100 = folder("cifar100")
with open(os.path.join(cifar100, "train"), "wb") as f:
    pickle.dump({b"data": train.reshape(3, -1), b"fine_labels": [41, 0, 99],
                 b"coarse_labels": [3, 0, 19]}, f)
with open(os.path.join(cifar100, "test"), "wb") as f:
    pickle.dump({b"data": test.reshape(2, -1), b"fine_labels": [7, 12],
                 b"coarse_labels": [1, 2]}, f)
out100 = os.path.join(folder("cifar100_out"), "cifar100.mindrecord")
show("Cifar100ToMR transform",
     lambda: ms.Cifar100ToMR(cifar100, out100).transform(["fine_label", "coarse_label"]))
rows = read_rows(out100)
show("Cifar100ToMR train columns", lambda: columns(rows[0]))
show("Cifar100ToMR train", lambda: [(int(r["id"]), int(r["fine_label"]), int(r["coarse_label"]),
                                     decoded_error(r["data"], train[k].transpose(1, 2, 0)))
                                    for k, r in enumerate(rows)])
show("Cifar100ToMR test", lambda: [(int(r["id"]), int(r["fine_label"]), int(r["coarse_label"]))
                                   for r in read_rows(out100 + "_test")])
show("Cifar100ToMR index fields", lambda: sorted(mindrecord.MindPage(out100).candidate_fields))
show("Cifar100ToMR no train", lambda: ms.Cifar100ToMR(cifar10, out100 + "_2"))

# -- MNIST: gzipped idx files --------------------------------------------------------------------
mnist = folder("mnist")
digits = smooth_images(5, 28, 28, 1, 3).reshape(5, 28, 28)
labels = np.array([5, 0, 4, 1, 9], np.uint8)
for prefix, images, marks in (("train", digits[:3], labels[:3]), ("t10k", digits[3:], labels[3:])):
    with gzip.open(os.path.join(mnist, f"{prefix}-images-idx3-ubyte.gz"), "wb") as f:
        f.write(np.array([2051, len(images), 28, 28], ">i4").tobytes() + images.tobytes())
    with gzip.open(os.path.join(mnist, f"{prefix}-labels-idx1-ubyte.gz"), "wb") as f:
        f.write(np.array([2049, len(marks)], ">i4").tobytes() + marks.tobytes())
mnist_out = os.path.join(folder("mnist_out"), "mnist")
show("MnistToMR transform", lambda: ms.MnistToMR(mnist, mnist_out).transform())
show("MnistToMR files", lambda: sorted(os.listdir(os.path.dirname(mnist_out))))
rows = read_rows(mnist_out + "_train.mindrecord")
show("MnistToMR train columns", lambda: columns(rows[0]))
show("MnistToMR train", lambda: [(int(r["label"]), decoded_error(r["data"], digits[k]))
                                 for k, r in enumerate(rows)])
show("MnistToMR test", lambda: [(int(r["label"]), decoded_error(r["data"], digits[3 + k]))
                                for k, r in enumerate(read_rows(mnist_out + "_test.mindrecord"))])
show("MnistToMR index fields",
     lambda: mindrecord.MindPage(mnist_out + "_train.mindrecord").candidate_fields)
show("MnistToMR partitions", lambda: ms.MnistToMR(mnist, mnist_out + "2", 2).transform())
show("MnistToMR partition files", lambda: sorted(f for f in os.listdir(os.path.dirname(mnist_out))
                                                 if f.startswith("mnist2")))
show("MnistToMR partition rows",
     lambda: sorted(int(r["label"]) for r in read_rows(mnist_out + "2_train.mindrecord0")))
show("MnistToMR bad partition", lambda: ms.MnistToMR(mnist, mnist_out + "3", "2"))
show("MnistToMR None partition", lambda: ms.MnistToMR(mnist, mnist_out + "3", None))
show("MnistToMR existing", lambda: ms.MnistToMR(mnist, mnist_out).transform())

# -- ImageNet: a map file of "<folder> <label>" lines and JPEG files -----------------------------
imagenet = folder("imagenet")
files = {}
for name, label in (("n01440764", 0), ("n01443537", 1)):
    os.makedirs(os.path.join(imagenet, name))
    for k in range(2):
        buffer = io.BytesIO()
        Image.fromarray(smooth_images(1, 8, 8, 3, 10 * k + label)[0].transpose(1, 2, 0)).save(
            buffer, "JPEG")
        path = os.path.join(imagenet, name, f"{name}_{k}.JPEG")
        with open(path, "wb") as f:
            f.write(buffer.getvalue())
        files[path] = buffer.getvalue()
with open(os.path.join(imagenet, "n01443537", "notes.txt"), "w") as f:
    f.write("not an image")
map_file = os.path.join(ROOT, "labels_map.txt")
with open(map_file, "w") as f:
    f.write("n01440764 0\nn01443537 1\nn99999999 2\n")
imagenet_out = os.path.join(folder("imagenet_out"), "imagenet.mindrecord")
show("ImageNetToMR transform", lambda: ms.ImageNetToMR(map_file, imagenet, imagenet_out).transform())
rows = read_rows(imagenet_out, sort_key=lambda r: str(r["file_name"]))
show("ImageNetToMR columns", lambda: columns(rows[0]))
show("ImageNetToMR rows", lambda: [(str(r["file_name"]).replace(ROOT, "<root>"), int(r["label"]),
                                    r["image"].tobytes() == files[str(r["file_name"])])
                                   for r in rows])
show("ImageNetToMR index fields", lambda: sorted(mindrecord.MindPage(imagenet_out).candidate_fields))
show("ImageNetToMR missing map", lambda: ms.ImageNetToMR(
    os.path.join(ROOT, "none.txt"), imagenet, imagenet_out + "_2").transform())
empty_map = os.path.join(ROOT, "empty_map.txt")
with open(empty_map, "w") as f:
    f.write("n77777777 0\n")
show("ImageNetToMR no image folder", lambda: ms.ImageNetToMR(
    empty_map, imagenet, imagenet_out + "_3").transform())
show("ImageNetToMR bad partition", lambda: ms.ImageNetToMR(map_file, imagenet, imagenet_out + "_4", 1.0))

# -- CSV -----------------------------------------------------------------------------------------
csv_file = os.path.join(ROOT, "table.csv")
with open(csv_file, "w") as f:
    f.write("name,age,score,passed,ratio\n"
            "ann,31,88.5,True,1\n"
            "bob,27,92.0,False,0.5\n"
            "cy,45,79.25,True,2\n")
csv_out = os.path.join(folder("csv_out"), "table.mindrecord")
show("CsvToMR transform", lambda: ms.CsvToMR(csv_file, csv_out).transform())
rows = read_rows(csv_out)
show("CsvToMR columns", lambda: columns(rows[0]))
show("CsvToMR rows", lambda: [tuple(r[k].tolist() if r[k].ndim else r[k].item()
                                    for k in ("name", "age", "score", "passed", "ratio"))
                              for r in rows])
show("CsvToMR index fields", lambda: sorted(mindrecord.MindPage(csv_out).candidate_fields))
show("CsvToMR columns_list", lambda: ms.CsvToMR(csv_file, csv_out + "_2", ["score", "name"]).transform())
show("CsvToMR columns_list rows", lambda: [sorted((k, v.item() if not v.ndim else v.tolist())
                                                  for k, v in r.items())
                                           for r in read_rows(csv_out + "_2")])
show("CsvToMR unknown column", lambda: ms.CsvToMR(csv_file, csv_out + "_3", ["nope"]).transform())
show("CsvToMR columns_list not list", lambda: ms.CsvToMR(csv_file, csv_out + "_4", "name"))
show("CsvToMR columns_list not str", lambda: ms.CsvToMR(csv_file, csv_out + "_5", [1]))
show("CsvToMR source not str", lambda: ms.CsvToMR(3, csv_out + "_6"))
show("CsvToMR destination not str", lambda: ms.CsvToMR(csv_file, 3))
show("CsvToMR bad partition", lambda: ms.CsvToMR(csv_file, csv_out + "_7", None, "1"))
show("CsvToMR missing file", lambda: ms.CsvToMR(os.path.join(ROOT, "none.csv"), csv_out + "_8").transform())
digit_csv = os.path.join(ROOT, "digits.csv")
with open(digit_csv, "w") as f:
    f.write("1,b\n2,x\n")
show("CsvToMR digit column", lambda: ms.CsvToMR(digit_csv, csv_out + "_9").transform())
shutil.rmtree(ROOT)
