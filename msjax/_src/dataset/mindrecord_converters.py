"""`mindspore.mindrecord`'s converters (also at mindspore's top level): Cifar10ToMR,
Cifar100ToMR, MnistToMR, ImageNetToMR and CsvToMR read a dataset in its original format and write
MindRecord files (msjax's FileWriter, which MindSpore's MindDataset reads) with MindSpore's
schemas, index fields, file names and errors; and the status values SUCCESS and FAILED.

MindSpore encodes the CIFAR and MNIST images as JPEG with OpenCV (quality 95, 4:2:0); msjax
encodes them with Pillow at the same settings, so the payloads decode to the same pixels to within
JPEG's rounding, though their bytes may differ. MindSpore reads a CSV file with pandas; msjax reads
it with the `csv` module and types each column as pandas does for plain values: all integers
int64, all numbers (or numbers and empty cells) float64, all True/False bool (written as int32),
anything else a string (docs/migration.md). `transform()` runs the conversion and raises its
error; `run()` (CIFAR) returns SUCCESS.

The CIFAR pickles are read with an unpickler that only builds NumPy arrays, as MindSpore's does.
"""
from __future__ import annotations

import csv
import enum
import gzip
import io
import os
import pickle
import re

import numpy as np

from msjax._src.core import log
from msjax._src.dataset.mindrecord import FileWriter, check_filename
from msjax._src.dataset.mindrecord_errors import PathNotExistsError

_BATCH_ROWS = 256  # rows per write_raw_data call (MindSpore's batches)
_MULTIARRAY = "numpy._core.multiarray" if hasattr(np, "_core") else "numpy.core.multiarray"


class MSRStatus(enum.IntEnum):
    """MindRecord's status values: `mindspore.SUCCESS` (0) and `mindspore.FAILED` (1)."""
    SUCCESS = 0
    FAILED = 1


SUCCESS = MSRStatus.SUCCESS
FAILED = MSRStatus.FAILED


def _check_partition_number(partition_number):
    if partition_number is None or not isinstance(partition_number, int):
        raise ValueError("The parameter partition_number must be int")
    return partition_number


def _check_fields(fields):
    if fields and not isinstance(fields, list):
        raise ValueError("The parameter fields should be None or list")


def _jpeg(image):
    """The JPEG bytes of an HxW (gray) or HxWx3 (RGB) uint8 image: quality 95, 4:2:0, as
    OpenCV's `imencode('.jpeg', ...)` writes by default."""
    from PIL import Image  # pylint: disable=import-outside-toplevel
    pixels = np.clip(np.rint(image), 0, 255).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "JPEG", quality=95, subsampling="4:2:0")
    return buffer.getvalue()


def _write_batches(writer, rows, parallel_writer=False):
    """Rows written `_BATCH_ROWS` at a time, then committed."""
    batch = []
    for row in rows:
        batch.append(row)
        if len(batch) == _BATCH_ROWS:
            writer.write_raw_data(batch, parallel_writer)
            batch = []
    if batch:
        writer.write_raw_data(batch, parallel_writer)
    writer.commit()


def _write_all(file_name, schema, desc, fields, rows):
    """One MindRecord file (one shard) of `rows`, `fields` indexed when given."""
    writer = FileWriter(file_name, 1)
    writer.add_schema(schema, desc)
    if fields and isinstance(fields, list):
        writer.add_index(fields)
    writer.write_raw_data(rows)
    writer.commit()


# -- CIFAR ---------------------------------------------------------------------------------------
class _ArraysOnlyUnpickler(pickle.Unpickler):
    """Unpickles dicts, lists and NumPy arrays only (a CIFAR batch); any other class is refused."""

    def find_class(self, module, name):
        if module in ("numpy.core.multiarray", "numpy._core.multiarray") and name == "_reconstruct":
            # (NumPy 1 pickles name numpy.core, NumPy 2 numpy._core: either loads here)
            return super().find_class(_MULTIARRAY, name)
        if module == "numpy":
            return getattr(np, name)
        raise pickle.UnpicklingError(f"global '{module}.{name}' is forbidden")


def _load_cifar_batch(path, dataset):
    with open(path, "rb") as f:
        content = f.read()
    try:
        return _ArraysOnlyUnpickler(io.BytesIO(content), encoding="bytes").load()
    except (pickle.UnpicklingError, UnicodeDecodeError):
        raise RuntimeError(f"Not a valid {dataset} Dataset.") from None
    except Exception:  # noqa: BLE001 - MindSpore's words for any other failure
        raise RuntimeError(f"Unexpected error while Unpickling {dataset} Dataset.") from None


def _images(data):
    """CIFAR's rows of 3072 bytes as HxWxC images."""
    return np.asarray(data).reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)


def _listed(source, train_name, test_name):
    """`source`'s files after MindSpore's checks: PathNotExistsError naming the missing part."""
    check_filename(source)
    files = os.listdir(source)
    if not any(train_name(f) for f in files):
        raise PathNotExistsError(train_name.pattern)
    if not any(test_name(f) for f in files):
        raise PathNotExistsError(test_name.pattern)
    return files


class _Pattern:
    def __init__(self, pattern, match):
        self.pattern, self.match = pattern, match

    def __call__(self, file):
        return self.match(file)


_CIFAR10_TRAIN = _Pattern("data_batch_*", lambda f: f.startswith("data_batch_"))
_CIFAR10_TEST = _Pattern("test_batch", lambda f: f.startswith("test_batch"))
_CIFAR100_TRAIN = _Pattern("train", lambda f: f == "train")
_CIFAR100_TEST = _Pattern("test", lambda f: f == "test")


class Cifar10ToMR:
    """`mindspore.mindrecord.Cifar10ToMR(source, destination)`: CIFAR-10's Python version (a
    folder of `data_batch_*` and `test_batch` pickles) to two MindRecord files, `destination`
    (training rows) and `destination + '_test'`, each of rows `{"id": int64, "label": int64,
    "data": bytes}` (a JPEG image), schema descriptions "img_train"/"img_test"."""

    def __init__(self, source, destination):
        _listed(source, _CIFAR10_TRAIN, _CIFAR10_TEST)
        self.source = source
        check_filename(destination)
        self.destination = destination
        self.writer = None

    def _load(self):
        """(train images, train labels, test images, test labels), the training batches in
        the folder's listing order."""
        images, labels, test_images, test_labels = [], [], None, None
        for file in os.listdir(self.source):
            if re.match("data_batch_*", file):
                batch = _load_cifar_batch(os.path.join(os.path.realpath(self.source), file),
                                          "Cifar10")
                images.append(_images(batch[b"data"]))
                labels.extend(batch[b"labels"])
            elif re.match("test_batch", file):
                batch = _load_cifar_batch(os.path.join(os.path.realpath(self.source), file),
                                          "Cifar10")
                test_images, test_labels = _images(batch[b"data"]), list(batch[b"labels"])
        return np.concatenate(images), labels, test_images, test_labels

    def run(self, fields=None):
        """Converts; returns SUCCESS."""
        _check_fields(fields)
        images, labels, test_images, test_labels = self._load()
        schema = {"id": {"type": "int64"}, "label": {"type": "int64"},
                  "data": {"type": "bytes"}}
        for name, pixels, marks, desc in ((self.destination, images, labels, "img_train"),
                                          (self.destination + "_test", test_images, test_labels,
                                           "img_test")):
            rows = [{"id": i, "data": _jpeg(image), "label": int(marks[i])}
                    for i, image in enumerate(pixels)]
            _write_all(name, schema, desc, fields, rows)
        return SUCCESS

    def transform(self, fields=None):
        """Converts, `fields` (a list of field names) indexed."""
        self.run(fields)


class Cifar100ToMR:
    """`mindspore.mindrecord.Cifar100ToMR(source, destination)`: CIFAR-100's Python version (a
    folder with `train` and `test` pickles) to `destination` and `destination + '_test'`, rows
    `{"id": int64, "fine_label": int64, "coarse_label": int64, "data": bytes}` (JPEG)."""

    def __init__(self, source, destination):
        _listed(source, _CIFAR100_TRAIN, _CIFAR100_TEST)
        self.source = source
        check_filename(destination)
        self.destination = destination
        self.writer = None

    def _load(self, name):
        batch = _load_cifar_batch(os.path.join(os.path.realpath(self.source), name), "Cifar100")
        return _images(batch[b"data"]), list(batch[b"fine_labels"]), list(batch[b"coarse_labels"])

    def run(self, fields=None):
        """Converts; returns SUCCESS."""
        _check_fields(fields)
        schema = {"id": {"type": "int64"}, "fine_label": {"type": "int64"},
                  "coarse_label": {"type": "int64"}, "data": {"type": "bytes"}}
        for name, part, desc in ((self.destination, "train", "img_train"),
                                 (self.destination + "_test", "test", "img_test")):
            pixels, fine, coarse = self._load(part)
            rows = [{"id": i, "data": _jpeg(image), "fine_label": int(fine[i]),
                     "coarse_label": int(coarse[i])} for i, image in enumerate(pixels)]
            _write_all(name, schema, desc, fields, rows)
        return SUCCESS

    def transform(self, fields=None):
        """Converts, `fields` (e.g. ["fine_label", "coarse_label"]) indexed."""
        self.run(fields)


# -- MNIST ---------------------------------------------------------------------------------------
class MnistToMR:
    """`mindspore.mindrecord.MnistToMR(source, destination, partition_number=1)`: the four
    gzipped idx files of MNIST in `source` to `destination_train.mindrecord` and
    `destination_test.mindrecord` (`partition_number` shards each), rows `{"label": int64,
    "data": bytes}` (a grayscale JPEG), "label" indexed."""

    _PARTS = {"train": ("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"),
              "test": ("t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz")}

    def __init__(self, source, destination, partition_number=1):
        self.image_size, self.num_channels = 28, 1
        check_filename(source)
        self.source = source
        for images, labels in self._PARTS.values():
            check_filename(os.path.join(source, images))
            check_filename(os.path.join(source, labels))
        check_filename(destination)
        self.partition_number = _check_partition_number(partition_number)
        self.writer_train = FileWriter(f"{destination}_train.mindrecord", partition_number)
        self.writer_test = FileWriter(f"{destination}_test.mindrecord", partition_number)
        self.mnist_schema_json = {"label": {"type": "int64"}, "data": {"type": "bytes"}}

    def _rows(self, part):
        images_file, labels_file = (os.path.realpath(os.path.join(self.source, name))
                                    for name in self._PARTS[part])
        with gzip.open(images_file, "rb") as f:
            images = np.frombuffer(f.read()[16:], np.uint8).reshape(-1, self.image_size,
                                                                    self.image_size)
        with gzip.open(labels_file, "rb") as f:
            labels = np.frombuffer(f.read()[8:], np.uint8)
        for image, label in zip(images, labels):
            yield {"label": int(label), "data": _jpeg(image)}

    def run(self):
        """Converts the training then the test part; returns SUCCESS."""
        for part, writer in (("train", self.writer_train), ("test", self.writer_test)):
            writer.set_header_size(1 << 24)
            writer.set_page_size(1 << 26)
            writer.add_schema(self.mnist_schema_json, "mnist_schema")
            writer.add_index(["label"])
            _write_batches(writer, self._rows(part))
        return SUCCESS

    def transform(self):
        """Converts."""
        self.run()


# -- ImageNet ------------------------------------------------------------------------------------
class ImageNetToMR:
    """`mindspore.mindrecord.ImageNetToMR(map_file, image_dir, destination, partition_number=1)`:
    the JPEG files (`*.JPEG`, `*.jpg`) of the folders `map_file` names (lines `<folder> <label>`)
    under `image_dir` to MindRecord rows `{"label": int32, "image": bytes, "file_name": string}`
    (the file's bytes as they are), "label" and "file_name" indexed. Folders that do not exist
    and other files are skipped with a warning."""

    def __init__(self, map_file, image_dir, destination, partition_number=1):
        check_filename(map_file)
        self.map_file = map_file
        check_filename(image_dir)
        self.image_dir = image_dir
        check_filename(destination)
        self.destination = destination
        self.partition_number = _check_partition_number(partition_number)
        self.writer = FileWriter(destination, partition_number)

    def _folders(self):
        """{label text: folder}, in the map file's order."""
        path = os.path.realpath(self.map_file)
        if not os.path.exists(path):
            raise IOError(f"map file {self.map_file} not exists")
        labels = {}
        with open(path, "r") as f:
            for line in f:
                parts = line.split(" ")
                labels[parts[1]] = parts[0]
        folders = {}
        for label, name in labels.items():
            folder = os.path.join(self.image_dir, name)
            if not os.path.isdir(folder):
                log.warning(f"{folder} dir is not exist")
                continue
            folders[label] = folder
        if not folders:
            raise PathNotExistsError(f"not valid image dir in {self.image_dir}")
        return folders

    def _rows(self):
        for label, folder in self._folders().items():
            for item in os.listdir(folder):
                file_name = os.path.join(folder, item)
                if not item.endswith("JPEG") and not item.endswith("jpg"):
                    log.warning(f"{file_name} file is not suffix with JPEG/jpg, skip it.")
                    continue
                with open(os.path.realpath(file_name), "rb") as f:
                    image = f.read()
                if not image:
                    log.warning(f"The image file: {file_name} is invalid.")
                    continue
                yield {"file_name": str(file_name), "label": int(label), "image": image}

    def run(self):
        """Converts; returns SUCCESS."""
        self.writer.set_header_size(1 << 24)
        self.writer.set_page_size(1 << 26)
        self.writer.add_schema({"label": {"type": "int32"}, "image": {"type": "bytes"},
                                "file_name": {"type": "string"}}, "imagenet_schema")
        self.writer.add_index(["label", "file_name"])
        _write_batches(self.writer, self._rows(), parallel_writer=True)
        return SUCCESS

    def transform(self):
        """Converts."""
        self.run()


# -- CSV -----------------------------------------------------------------------------------------
_BOOLS = {"True": True, "TRUE": True, "true": True, "False": False, "FALSE": False,
          "false": False}


def _int_or_none(text):
    try:
        return int(text)
    except ValueError:
        return None


def _float_or_none(text):
    try:
        return float(text)
    except ValueError:
        return None


def _typed_column(cells):
    """(MindRecord type, values) of a CSV column, typed as pandas types plain values."""
    present = [c for c in cells if c != ""]
    if present and len(present) == len(cells):
        ints = [_int_or_none(c) for c in cells]
        if all(v is not None for v in ints):
            return "int64", ints
        if all(c in _BOOLS for c in cells):
            return "int32", [int(_BOOLS[c]) for c in cells]
    floats = [float("nan") if c == "" else _float_or_none(c) for c in cells]
    if present and all(v is not None for v in floats):
        return "float64", floats
    return "string", [float("nan") if c == "" else c for c in cells]


class CsvToMR:
    """`mindspore.mindrecord.CsvToMR(source, destination, columns_list=None,
    partition_number=1)`: a CSV file (its first line the column names) to MindRecord, one field
    per column (`columns_list` picks and orders them), every field indexed."""

    def __init__(self, source, destination, columns_list=None, partition_number=1):
        if not isinstance(source, str):
            raise ValueError("The parameter source must be str.")
        check_filename(source)
        self.source = source
        if columns_list and not (isinstance(columns_list, list)
                                 and all(isinstance(c, str) for c in columns_list)):
            raise ValueError("The parameter columns_list must be list of str.")
        self.columns_list = columns_list
        if not isinstance(destination, str):
            raise ValueError("The parameter destination must be str.")
        check_filename(destination)
        self.destination = destination
        self.partition_number = _check_partition_number(partition_number)
        self.writer = FileWriter(destination, partition_number)

    def _table(self):
        """{column: (type, values)} of the whole file, in its column order."""
        with open(self.source, newline="") as f:
            lines = list(csv.reader(f))
        names, rows = lines[0], [r for r in lines[1:] if r]
        return {name: _typed_column([r[k] if k < len(r) else "" for r in rows])
                for k, name in enumerate(names)}

    def run(self):
        """Converts; returns 0."""
        if not os.path.exists(self.source):
            raise IOError(f"Csv file {self.source} do not exist.")
        table = self._table()
        if self.columns_list:
            for column in self.columns_list:
                if column not in table:
                    raise RuntimeError(f"The parameter columns_list is illegal, column {column} "
                                       "does not exist.")
        else:
            self.columns_list = list(table)
        schema = {column: {"type": table[column][0]} for column in self.columns_list}
        if not schema:
            raise RuntimeError("Failed to generate schema from csv file.")
        self.writer.set_header_size(1 << 24)
        self.writer.set_page_size(1 << 26)
        self.writer.add_schema(schema, "csv_schema")
        for column in self.columns_list:
            if str(column).isdigit():
                raise ValueError(f"The first line content: {column} of the CSV file is used as a "
                                 "column name and does not allow starting with a number.")
        self.writer.add_index(list(self.columns_list))
        count = len(table[self.columns_list[0]][1])
        rows = ({column: table[column][1][i] for column in self.columns_list}
                for i in range(count))
        _write_batches(self.writer, rows)
        return 0

    def transform(self):
        """Converts."""
        self.run()
