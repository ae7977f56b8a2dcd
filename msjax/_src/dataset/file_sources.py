"""MindSpore's file datasets: MNIST/Fashion-MNIST (idx files), CIFAR-10/100 (binary batches),
ImageFolderDataset, SUN397Dataset, TextFileDataset and CSVDataset.

Each is a random-access source (``MappableSource``): it lists or memory-maps its files when built
and reads one row per index, so Grain's threads, seeded shuffle and sharding serve it. The orders
are MindSpore's: MNIST's ``all`` is the test files then the train files; CIFAR-10's ``all`` the five
data batches then the test batch; a text file set is read line by line, round-robin across files.
"""
from __future__ import annotations

import csv
import glob
import os

import numpy as np

from msjax._src.dataset.file_rows import FileRowsSource, text_lines
from msjax._src.dataset.rows import SYNTAX_HEADER, mark_source_row, pipeline_error
from msjax._src.dataset.sources import MappableSource

_USAGES = ["train", "test", "all"]


def check_folder(dataset_dir):
    if not isinstance(dataset_dir, (str, os.PathLike)) or not os.path.isdir(dataset_dir):
        raise ValueError(f"The folder {dataset_dir} does not exist or is not a directory or "
                         f"permission denied!")
    return os.fspath(dataset_dir)


def check_file(path):
    """MindSpore's check of a dataset's file argument: an existing file (its path as a str)."""
    if not isinstance(path, (str, os.PathLike)) or not os.path.isfile(path):
        raise ValueError(f"The file {path} does not exist or permission denied!")
    return os.fspath(path)


def check_usage(usage, valid=_USAGES):
    usage = "all" if usage is None else usage
    if not isinstance(usage, str):
        raise TypeError(f"Argument usage with value {usage!r} is not of type [<class 'str'>], "
                        f"but got {type(usage)}.")
    if usage not in valid:
        raise ValueError(f"Input usage is not within the valid set of {valid}.")
    return usage


def _read_idx(path, dataset_name, folder):
    with open(path, "rb") as file:
        header = file.read(4)
        if len(header) != 4 or header[:2] != b"\0\0" or header[2] != 0x08:
            raise pipeline_error(f"Invalid data, {dataset_name} API can't read the data file "
                                 f"(interface mismatch or no data found). Check mnist file in "
                                 f"directory: {folder}", dataset_name)
        dims = np.frombuffer(file.read(4 * header[3]), ">u4").astype(np.int64)
    return np.memmap(path, np.uint8, "r", offset=4 + 4 * header[3], shape=tuple(dims))


class MnistDataset(MappableSource):
    """`mindspore.dataset.MnistDataset`: MNIST's idx files (``train-images-idx3-ubyte``,
    ``train-labels-idx1-ubyte``, ``t10k-...``) in `dataset_dir`; columns ``image`` (uint8 28x28x1)
    and ``label`` (uint32)."""

    _name = "MnistDataset"
    _file_kind = "mnist"  # in MindSpore's error for a folder without the usage's files

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        self.usage = check_usage(usage)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self._arrays = None

    def _columns(self):
        return ["image", "label"]

    def _load(self):
        if self._arrays is None:
            images, labels, paths = [], [], []
            for prefix in self._prefixes():
                image_path = os.path.join(self.dataset_dir, f"{prefix}-images-idx3-ubyte")
                label_path = os.path.join(self.dataset_dir, f"{prefix}-labels-idx1-ubyte")
                if not (os.path.isfile(image_path) and os.path.isfile(label_path)):
                    continue
                images.append(_read_idx(image_path, self._name, self.dataset_dir))
                labels.append(_read_idx(label_path, self._name, self.dataset_dir))
                paths.append((image_path, label_path))
                if len(images[-1]) != len(labels[-1]):
                    raise pipeline_error(f"Invalid data, num of images is not equal to num of "
                                         f"labels in {image_path}", self._name)
            if not images:
                raise pipeline_error(f"Invalid data, {self._name} API can't read the data file "
                                     f"(interface mismatch or no data found). Check "
                                     f"{self._file_kind} file in directory: {self.dataset_dir}",
                                     self._name)
            self._arrays = (images, labels, np.cumsum([0] + [len(i) for i in images]), paths)
        return self._arrays

    def _prefixes(self) -> list:
        """The idx files' name prefixes of the usage, in MindSpore's order."""
        return {"train": ["train"], "test": ["t10k"], "all": ["t10k", "train"]}[self.usage]

    def _length(self):
        return int(self._load()[2][-1])

    def class_labels(self, class_column):
        """Each image's label (PKSampler), without reading the images."""
        return np.concatenate(self._load()[1]).astype(np.int64)

    def _read(self, index):
        images, labels, starts, paths = self._load()
        part = int(np.searchsorted(starts, index, side="right") - 1)
        offset = index - starts[part]
        image_path, label_path = paths[part]  # a map failing on a column names its file
        return (mark_source_row((np.array(images[part][offset])[..., None],), image_path)
                + mark_source_row((np.array(labels[part][offset], np.uint32),), label_path))


class FashionMnistDataset(MnistDataset):
    """`mindspore.dataset.FashionMnistDataset`: Fashion-MNIST, in MNIST's idx format and names."""

    _name = "FashionMnistDataset"


class EMnistDataset(MnistDataset):
    """`mindspore.dataset.EMnistDataset`: one of EMNIST's splits (`name`: byclass, bymerge,
    balanced, letters, digits or mnist), its idx files ``emnist-{name}-{train,test}-...``; columns
    ``image`` (uint8 28x28x1) and ``label`` (uint32); ``all`` reads test then train."""

    _name = "EMnistDataset"
    _file_kind = "emnist"

    def __init__(self, dataset_dir, name, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        if not isinstance(name, str):
            raise TypeError(f"Argument name with value {name!r} is not of type [<class 'str'>], "
                            f"but got {type(name)}.")
        valid = ["byclass", "bymerge", "balanced", "letters", "digits", "mnist"]
        if name not in valid:
            raise ValueError(f"Input name is not within the valid set of {valid}.")
        self.name = name
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id, cache)

    def _prefixes(self):
        usages = ["test", "train"] if self.usage == "all" else [self.usage]
        return [f"emnist-{self.name}-{usage}" for usage in usages]


class SemeionDataset(MappableSource):
    """`mindspore.dataset.SemeionDataset`: the handwritten digits of ``semeion.data`` in
    `dataset_dir` (per line 256 pixel values then a one-hot digit); columns ``image`` (uint8
    16x16, the values as integers) and ``label`` (uint32: the position of the line's one)."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self._rows = None

    def _columns(self):
        return ["image", "label"]

    def _load(self):
        if self._rows is None:
            path = os.path.join(self.dataset_dir, "semeion.data")
            if not os.path.isfile(path):
                raise pipeline_error(f"Invalid file, failed to find semeion file: "
                                     f"{self.dataset_dir}", "SemeionDataset")
            with open(path, encoding="utf-8") as file:
                values = [np.array(line.split(), np.float64) for line in file if line.strip()]
            self._rows = [(v[:256].astype(np.uint8).reshape(16, 16),
                           np.array(int(np.flatnonzero(v[256:])[0]), np.uint32)) for v in values]
        return self._rows

    def _length(self):
        return len(self._load())

    def class_labels(self, class_column):
        """Each digit's label (PKSampler)."""
        return np.array([int(label) for _, label in self._load()], np.int64)

    def _read(self, index):
        image, label = self._load()[index]
        return image.copy(), label.copy()


class _CifarBase(MappableSource):
    _label_bytes = 1
    _files = {}
    _kind = ""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        self.usage = check_usage(usage)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self._records = None

    def _paths(self):
        names = self._files["all"] if self.usage == "all" else self._files[self.usage]
        return [os.path.join(self.dataset_dir, name) for name in names]

    def _length(self):
        bins = glob.glob(os.path.join(self.dataset_dir, "*.bin"))
        if not bins:
            raise pipeline_error(f"Invalid cifar folder, cifar(.bin) files are missing under "
                                 f"{self.dataset_dir}", type(self).__name__)
        paths = self._paths()
        if not paths:
            raise pipeline_error(f"Invalid data, {type(self).__name__} API can't read the data file "
                                 f"(interface mismatch or no data found). Check file in directory:"
                                 f"{self.dataset_dir}", type(self).__name__)
        return sum(self._per_file[os.path.basename(p)] for p in paths)

    def _load(self):
        if self._records is None:
            self._length()
            parts = []
            record_size = self._label_bytes + 3072
            for path in self._paths():
                count = self._per_file[os.path.basename(path)]
                if not os.path.isfile(path) or os.path.getsize(path) < count * record_size:
                    raise pipeline_error(
                        f"Invalid {self._kind} file, failed to read data from: {path}, "
                        f"re-download dataset(make sure it is {self._kind.upper().replace('CIFAR', 'CIFAR-')} binary version).",
                        type(self).__name__)
                parts.append(np.memmap(path, np.uint8, "r", shape=(count, record_size)))
            self._records = (parts, np.cumsum([0] + [len(p) for p in parts]))
        return self._records

    def _read(self, index):
        parts, starts = self._load()
        part = int(np.searchsorted(starts, index, side="right") - 1)
        record = np.asarray(parts[part][index - starts[part]])
        image = record[self._label_bytes:].reshape(3, 32, 32).transpose(1, 2, 0).copy()
        labels = tuple(np.array(b, np.uint32) for b in record[:self._label_bytes])
        return (image, *labels)


class _TenThousandEach(dict):
    def __missing__(self, name):
        return 10000


class Cifar10Dataset(_CifarBase):
    """`mindspore.dataset.Cifar10Dataset`: CIFAR-10's binary version, 10000 records a file;
    columns ``image`` (uint8 32x32x3, HWC) and ``label`` (uint32). As MindSpore, it reads the
    ``.bin`` files of the folder whose names hold ``data_batch`` (usage "train"), ``test_batch``
    ("test") or either ("all"), in the order of their names: the real set's ``data_batch_1.bin``
    ... ``data_batch_5.bin`` and ``test_batch.bin``, or the training files alone in a folder."""

    _kind = "cifar10"
    _per_file = _TenThousandEach()
    _usage_marks = {"train": ("data_batch",), "test": ("test_batch",), "all": ("data_batch", "test_batch")}

    def _paths(self):
        marks = self._usage_marks[self.usage]
        return sorted(path for path in glob.glob(os.path.join(self.dataset_dir, "*.bin"))
                      if os.path.isfile(path) and any(m in os.path.basename(path) for m in marks))

    def _columns(self):
        return ["image", "label"]


class Cifar100Dataset(_CifarBase):
    """`mindspore.dataset.Cifar100Dataset`: CIFAR-100's binary version (``train.bin`` with 50000
    records, ``test.bin`` with 10000; ``all`` reads test.bin first, as MindSpore does); columns ``image``, ``coarse_label``, ``fine_label``."""

    _kind = "cifar100"
    _label_bytes = 2
    _files = {"train": ["train.bin"], "test": ["test.bin"], "all": ["test.bin", "train.bin"]}
    _per_file = {"train.bin": 50000, "test.bin": 10000}

    def _columns(self):
        return ["image", "coarse_label", "fine_label"]


def decode_image(data: bytes, path_for_error: str = "") -> np.ndarray:
    """Image bytes (JPEG, PNG, BMP, ...) as an RGB uint8 HWC array, with Pillow."""
    import io  # pylint: disable=import-outside-toplevel
    from PIL import Image, UnidentifiedImageError  # pylint: disable=import-outside-toplevel
    try:
        with Image.open(io.BytesIO(data)) as image:
            return np.asarray(image.convert("RGB"))
    except (UnidentifiedImageError, OSError, ValueError) as error:
        raise pipeline_error(f"Invalid image, {path_for_error} decode failed, the image is broken "
                             f"or permission denied.", "ImageFolderDataset") from error


def files_in(folder: str) -> list:
    """The paths of the files of `folder` (not its folders), in name order."""
    return [os.path.join(folder, name) for name in sorted(os.listdir(folder))
            if os.path.isfile(os.path.join(folder, name))]


class _ImageFiles(MappableSource):
    """A source of image files listed by `_list()` as `(path, label)`: each row is the file's
    bytes as uint8 (or the decoded RGB HWC image with `decode`) and its label as `LABEL_DTYPE`."""

    LABEL_DTYPE = np.int32

    def _length(self):
        return len(self._list())

    def class_labels(self, class_column):
        """Each image's label (PKSampler), without reading the images."""
        return np.array([label for _, label in self._list()], np.int64)

    def _read(self, index):
        path, label = self._list()[index]
        with open(path, "rb") as file:
            data = file.read()
        image = decode_image(data, path) if self.decode else np.frombuffer(data, np.uint8).copy()
        return mark_source_row((image,), path) + (np.array(label, self.LABEL_DTYPE),)


class ImageFolderDataset(_ImageFiles):
    """`mindspore.dataset.ImageFolderDataset`: one folder per class under `dataset_dir`; columns
    ``image`` (the file's bytes as uint8, or the decoded RGB HWC image with `decode`) and
    ``label`` (int32: the class's index among the sorted folder names, or `class_indexing`'s)."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, extensions=None, class_indexing=None, decode=False, num_shards=None,
                 shard_id=None, cache=None, decrypt=None):
        self.dataset_dir = check_folder(dataset_dir)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self.extensions = [e.lower() for e in extensions] if extensions else None
        self.given_extensions = list(extensions) if extensions else None
        self.class_indexing = dict(class_indexing) if class_indexing else None
        self.decode = decode
        self._files = None

    def _columns(self):
        return ["image", "label"]

    def get_class_indexing(self):
        """`ImageFolderDataset.get_class_indexing`: class folder name -> label."""
        if self.class_indexing:
            return dict(self.class_indexing)
        classes = sorted(d for d in os.listdir(self.dataset_dir)
                         if os.path.isdir(os.path.join(self.dataset_dir, d)))
        return {name: i for i, name in enumerate(classes)}

    def num_classes(self):
        """`ImageFolderDataset.num_classes`: how many class folders (or `class_indexing` keys)."""
        return len(self.get_class_indexing())

    def _list(self):
        if self._files is None:
            indexing = self.get_class_indexing()
            files = []
            for name in sorted(indexing):
                folder = os.path.join(self.dataset_dir, name)
                files += [(path, indexing[name]) for path in files_in(folder)
                          if self.extensions is None
                          or os.path.splitext(path)[1].lower() in self.extensions]
            self._files = files
        return self._files



class OmniglotDataset(_ImageFiles):
    """`mindspore.dataset.OmniglotDataset`: Omniglot's ``images_background`` (`background`, the
    default) or ``images_evaluation`` folder: one class per ``alphabet/character`` folder, labels
    (int32) in the order of those paths, each class's files in name order; columns ``image``
    (the file's bytes as uint8, or the decoded RGB HWC image with `decode`) and ``label``."""

    def __init__(self, dataset_dir, background=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self.background = True if background is None else background
        self.decode = decode
        self._files = None

    def _columns(self):
        return ["image", "label"]

    def num_classes(self):
        """`OmniglotDataset.num_classes`: how many alphabet/character folders."""
        return len({label for _, label in self._list()})

    def _list(self):
        if self._files is None:
            root = os.path.join(self.dataset_dir, "images_background" if self.background
                                else "images_evaluation")
            if not os.path.isdir(root):
                raise pipeline_error(f"Invalid dataset_dir, {root} may not exist or the path is "
                                     f"not a directory.", "OmniglotDataset")
            classes = sorted(os.path.join(alphabet, character)
                             for alphabet in os.listdir(root)
                             if os.path.isdir(os.path.join(root, alphabet))
                             for character in os.listdir(os.path.join(root, alphabet))
                             if os.path.isdir(os.path.join(root, alphabet, character)))
            files = []
            for label, name in enumerate(classes):
                folder = os.path.join(root, name)
                files += [(path, label) for path in files_in(folder)]
            if not files:
                raise pipeline_error(f"Invalid data, OmniglotDataset API can't read the data file "
                                     f"(interface mismatch or no data found). Check file path: "
                                     f"{root}", "OmniglotDataset")
            self._files = files
        return self._files


class SUN397Dataset(_ImageFiles):
    """`mindspore.dataset.SUN397Dataset`: the SUN397 scene images, `dataset_dir/ClassName.txt`
    listing the classes (``/a/abbey``) and each class's ``.jpg`` files in its folder; columns
    ``image`` (the file's bytes as uint8, or the decoded RGB HWC image with `decode`) and
    ``label`` (uint32: the class's line in ClassName.txt)."""

    LABEL_DTYPE = np.uint32

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self.decode = decode
        self._files = None

    def _columns(self):
        return ["image", "label"]

    def _list(self):
        if self._files is None:
            listing = os.path.join(self.dataset_dir, "ClassName.txt")
            if not os.path.isfile(listing):
                raise pipeline_error(f"Invalid file, failed to open {listing}: the SUN397 class list "
                                     f"ClassName.txt is missing.", "SUN397Dataset")
            with open(listing, encoding="utf-8") as file:
                classes = [line.strip() for line in file if line.strip()]
            files = []
            for label, name in enumerate(classes):
                folder = os.path.join(self.dataset_dir, name.lstrip("/"))
                if os.path.isdir(folder):
                    files += [(os.path.join(folder, f), label) for f in sorted(os.listdir(folder))
                              if f.lower().endswith(".jpg")]
            self._files = files
        return self._files


def check_dataset_files(dataset_files):
    """MindSpore's check of a file source's `dataset_files`: a path or a list of them, not
    empty."""
    if not isinstance(dataset_files, (str, list)):
        raise TypeError(f"Argument dataset files with value {dataset_files} is not of type "
                        f"[<class 'str'>, <class 'list'>], but got {type(dataset_files)}.")
    if not dataset_files:
        raise ValueError(f"Input dataset_files can not be empty, but got '{dataset_files}'.")


def match_files(patterns):
    """The files `patterns` (a path, a glob, or a list of them) name, in MindSpore's order."""
    patterns = [patterns] if isinstance(patterns, (str, os.PathLike)) else list(patterns)
    files, missing = [], []
    for pattern in patterns:
        found = sorted(glob.glob(os.fspath(pattern)))
        if not found:
            missing.append(os.fspath(pattern))
        files.extend(found)
    if missing:
        raise ValueError(f"The following patterns did not match any files: {missing}.")
    return files


class TextFileDataset(FileRowsSource):
    """`mindspore.dataset.TextFileDataset`: the non-empty lines of text files (sorted by name)
    as the string column ``text``, read in MindSpore's order (file_rows.py). `shuffle` defaults to
    ``Shuffle.GLOBAL``, as in MindSpore."""

    mindspore_mappable = False

    def __init__(self, dataset_files, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        check_dataset_files(dataset_files)
        self.files = sorted(match_files(dataset_files))
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
                         cache=cache)

    def _columns(self):
        return ["text"]

    def _file_rows(self):
        return [(path, [(line,) for line in text_lines(path)]) for path in self.files]


_CSV_TYPES = {int: np.int32, float: np.float32, str: None}


class CSVDataset(TextFileDataset):
    """`mindspore.dataset.CSVDataset`: rows of CSV files, read in MindSpore's order
    (file_rows.py). Without `column_names` the first line is the header; without
    `column_defaults` every column is a string, else each takes its default's type (int -> int32,
    float -> float32, str; columns past the defaults are strings). Values are parsed when a row
    is read, as MindSpore's reader does: a field its column's type cannot read (an empty one
    too) fails with MindSpore's error naming the file and line, and a quote left open at the end
    of a file fails when the reader reaches that file's last whole row; counting the rows reads
    no values."""

    def __init__(self, dataset_files, field_delim=",", column_defaults=None, column_names=None,
                 num_samples=None, num_parallel_workers=None, shuffle=True, num_shards=None,
                 shard_id=None, cache=None):
        if column_defaults is not None and any(type(d) not in _CSV_TYPES
                                               for d in column_defaults):
            raise TypeError("column type in column_defaults is invalid.")
        self.field_delim = "," if field_delim is None else field_delim
        self.column_defaults = column_defaults
        self.column_names = list(column_names) if column_names else None
        self.header_row = column_names is None
        self._broken = {}  # path -> the error of a quote left open, raised after its rows
        super().__init__(dataset_files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id, cache)

    def _columns(self):
        if self.column_names is None:
            with open(self.files[0], encoding="utf-8", newline="") as file:
                self.column_names = next(csv.reader(file, delimiter=self.field_delim))
        seen = set()
        for name in self.column_names:
            if name in seen:
                raise pipeline_error(f"CSVDataset: 'column_names' : Invalid parameter, duplicate "
                                     f"column names are not allowed: {name}", "CSVDataset",
                                     SYNTAX_HEADER)
            seen.add(name)
        return list(self.column_names)

    def _records(self, path):
        """(first line, fields) of each record of the file, and the error of a quote left open."""
        records, error = [], None
        with open(path, encoding="utf-8", newline="") as file:
            reader = csv.reader(file, delimiter=self.field_delim, strict=True)
            line = 1
            while True:
                try:
                    fields = next(reader)
                except StopIteration:
                    break
                except csv.Error:
                    error = self._unclosed_quote_error(path, line)
                    break
                if fields:
                    records.append((line, fields))
                line = reader.line_num + 1
        return records, error

    def _unclosed_quote_error(self, path, line):
        """The error of the record from `line` whose quote is left open: MindSpore reads its
        fields up to the open one first, so a field its column's type cannot read fails first."""
        with open(path, encoding="utf-8", newline="") as file:
            rest = file.read().split("\n")[line - 1:]
        fields = next(csv.reader(["\n".join(rest)], delimiter=self.field_delim), [])
        try:
            self._typed(fields[:-1], path, line)
        except RuntimeError as error:
            return error
        return pipeline_error(f"Invalid file, failed to parse csv file: {path} at line {line}. "
                              f"Error message: Invalid csv file, reach the end of file in quote "
                              f"field, check {path}.", "CSVDataset")

    def _typed(self, fields, path, line) -> tuple:
        """A record's fields as its columns' values (MindSpore's error for one its type cannot
        read)."""
        defaults = self.column_defaults or []
        row = []
        for position, text in enumerate(fields):
            dtype = _CSV_TYPES[type(defaults[position])] if position < len(defaults) else None
            try:
                row.append(_csv_value(text, dtype))
            except ValueError:
                raise pipeline_error(f"Invalid csv, csv file: {path} parse failed at line {line}, "
                                     f"type does not match.", "CSVDataset") from None
        return tuple(row)

    def _file_rows(self):
        self._columns()
        files = []
        for path in self.files:
            records, error = self._records(path)
            records = records[1:] if self.header_row else records
            if error is not None:
                self._broken[path] = error
            files.append((path, records))
        return files

    def _read(self, index):
        counts, rows, paths = self._load()
        path = paths[index]
        if path in self._broken and (index + 1 == len(paths) or paths[index + 1] != path):
            raise self._broken[path]  # the last whole row of a file whose quote is left open
        line, fields = rows[index]
        return mark_source_row(self._typed(fields, path, line), path)


def _csv_value(text, dtype):
    if dtype is None:
        return np.array(text)
    if dtype is np.int32:
        return np.array(int(text), np.int32)
    return np.array(float(text), dtype)
