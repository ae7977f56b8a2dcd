"""MindSpore's fixed-layout text corpora: EnWik9Dataset, SogouNewsDataset, SQuADDataset,
SST2Dataset and CoNLL2000Dataset.

Each is a non-mappable file source of MindSpore (file_rows.py: row order, shuffle modes, shards,
``num_samples``): the ``usage``'s files of `dataset_dir`, in the order MindSpore lists them. A
missing file is found when the pipeline first reads, with MindSpore's message.
"""
from __future__ import annotations

import csv
import json
import os

import numpy as np

from msjax._src.dataset import samplers as samplers_module
from msjax._src.dataset.file_rows import FileRowsSource
from msjax._src.dataset.file_sources import check_folder, check_usage
from msjax._src.dataset.rows import mark_source_row, pipeline_error
from msjax._src.dataset.samplers import Shuffle

_UINT32_MAX = 0xFFFFFFFF  # SQuAD's answer_start of an unanswerable question: -1 as uint32


def _raw_lines(path: str) -> list:
    """The non-empty lines of a file as bytes (without the ``\\n``)."""
    return [line for line in _getline_lines(path) if line]


def _getline_lines(path: str) -> list:
    """Every line of a file as bytes, empty ones too, as ``std::getline`` reads them (no line
    after a final ``\\n``)."""
    with open(path, "rb") as file:
        lines = file.read().split(b"\n")
    return lines[:-1] if lines and not lines[-1] else lines


def _unicode(value: bytes, dataset: str) -> np.ndarray:
    """A string column from a line's bytes; bytes that are not UTF-8 fail as MindSpore's
    conversion of the row for the user does."""
    try:
        return np.array(value.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise pipeline_error(f"Failed to cast to Unicode string: UnicodeDecodeError: {error}",
                             dataset) from None


class _UsageFiles(FileRowsSource):
    """A corpus whose ``usage`` names its files: `_file_names[usage]` in `dataset_dir`, the files
    of every usage (in `_all_order`) for ``all``. A file that is missing fails the first read
    with `_missing(path)`, MindSpore's message."""

    _valid_usages = ["train", "test", "all"]
    _default_usage = "all"
    _file_names = {}
    _all_order = ()

    def __init__(self, dataset_dir, usage, num_samples, num_parallel_workers, shuffle,
                 num_shards, shard_id, cache):
        self.dataset_dir = check_folder(dataset_dir)
        self.usage = check_usage(self._default_usage if usage is None else usage,
                                 self._valid_usages)
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
                         cache=cache)

    def _paths(self) -> list:
        usages = self._all_order if self.usage == "all" else [self.usage]
        paths = [os.path.join(self.dataset_dir, self._file_names[u]) for u in usages]
        for path in paths:
            if not os.path.isfile(path):
                raise pipeline_error(self._missing(path), type(self).__name__)
        return paths

    def _missing(self, path: str) -> str:
        raise NotImplementedError

    def _rows(self, path: str) -> list:
        raise NotImplementedError

    def _file_rows(self):
        return [(path, self._rows(path)) for path in self._paths()]


class _LineCountedFiles(_UsageFiles):
    """A corpus whose dataset size MindSpore counts as its files' non-empty lines, whatever rows
    reading them gives (EnWik9's empty lines are rows, CoNLL-2000's rows are sentences)."""

    def _static_size(self):
        counted = sum(len(_raw_lines(path)) for path in self._paths())
        return samplers_module.chained_size(self.sampler, counted)


class EnWik9Dataset(_LineCountedFiles):
    """`mindspore.dataset.EnWik9Dataset`: the file ``enwik9`` of `dataset_dir`; the column
    ``text`` (a string) holds each line, empty ones too, though the dataset size counts only the
    non-empty ones (MindSpore's). A line that is not UTF-8 fails when its row is read
    (MindSpore's "Failed to cast to Unicode string")."""

    _valid_usages = ["all"]
    _file_names = {"all": "enwik9"}
    _all_order = ("all",)

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, "all", num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, cache)

    def _columns(self):
        return ["text"]

    def _missing(self, path):
        return (f"Invalid data, EnWik9Dataset API can't read the data file (interface mismatch "
                f"or no data found). Check enwik9:  {path}")

    def _rows(self, path):
        return [(line,) for line in _getline_lines(path)]

    def _read(self, index):
        _, rows, paths = self._load()
        return mark_source_row((_unicode(rows[index][0], "EnWik9Dataset"),), paths[index])


class SogouNewsDataset(_UsageFiles):
    """`mindspore.dataset.SogouNewsDataset`: Sogou News' ``train.csv`` and ``test.csv`` (``all``:
    train then test); the string columns ``index``, ``title`` and ``content`` of each CSV record
    (quotes ``"`` enclose a field, ``""`` in one is a quote; ``\\n`` stays two characters)."""

    _file_names = {"train": "train.csv", "test": "test.csv"}
    _all_order = ("train", "test")

    def __init__(self, dataset_dir, usage=None, num_samples=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, num_parallel_workers=None, cache=None):
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, cache)

    def _columns(self):
        return ["index", "title", "content"]

    def _missing(self, path):
        return (f"Invalid data, SogouNewsDataset API can't read the data file (interface "
                f"mismatch or no data found). Check sogou news file path:  {path}.")

    def _rows(self, path):
        with open(path, encoding="utf-8", newline="") as file:
            return [tuple(record) for record in csv.reader(file) if record]


def _squad_answers(question: dict):
    """A question's answer texts and starts; an unanswerable one (no answers) has one empty
    text starting at -1 (read as uint32)."""
    answers = question.get("answers") or []
    if not answers:
        return [""], [_UINT32_MAX]
    return [a["text"] for a in answers], [a["answer_start"] for a in answers]


class SQuADDataset(_UsageFiles):
    """`mindspore.dataset.SQuADDataset`: SQuAD 1.1 or 2.0 (``train-v*.json``, ``dev-v*.json``;
    ``all``: train then dev). One row a question: ``context`` and ``question`` (strings), ``text``
    (its answers' texts) and ``answer_start`` (uint32)."""

    _valid_usages = ["train", "dev", "all"]
    _all_order = ("train", "dev")

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, cache)

    def _columns(self):
        return ["context", "question", "text", "answer_start"]

    def _paths(self):
        usages = self._all_order if self.usage == "all" else [self.usage]
        names = sorted(os.listdir(self.dataset_dir))
        paths = []
        for usage in usages:
            found = [n for n in names if n.startswith(f"{usage}-v") and n.endswith(".json")]
            if not found:
                raise pipeline_error(f"Invalid path, failed to find SQuAD {usage} data file: "
                                     f"{self.dataset_dir}", "SQuADDataset")
            paths.append(os.path.join(self.dataset_dir, found[0]))
        return paths

    def _rows(self, path):
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        rows = []
        for article in data["data"]:
            for paragraph in article["paragraphs"]:
                context = np.array(paragraph["context"])
                for question in paragraph["qas"]:
                    texts, starts = _squad_answers(question)
                    rows.append((context, np.array(question["question"]), np.array(texts),
                                 np.array(starts, np.uint32)))
        return rows


class SST2Dataset(_UsageFiles):
    """`mindspore.dataset.SST2Dataset`: SST-2's ``train.tsv``, ``dev.tsv`` and ``test.tsv``
    (usage defaults to train). Rows after the header line: ``sentence`` and ``label`` (strings;
    the test file's first field, its index, is dropped and it has no label)."""

    _valid_usages = ["train", "test", "dev"]
    _default_usage = "train"
    _file_names = {"train": "train.tsv", "test": "test.tsv", "dev": "dev.tsv"}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, cache)

    def _columns(self):
        return ["sentence"] if self.usage == "test" else ["sentence", "label"]

    def _missing(self, path):
        return "Invalid file, failed to obtain column name from input sst2 file list."

    def _rows(self, path):
        lines = [line.decode("utf-8") for line in _raw_lines(path)][1:]
        fields = [line.split("\t") for line in lines]
        if self.usage == "test":
            return [(np.array(f[1]),) for f in fields]
        return [(np.array(f[0]), np.array(f[1])) for f in fields]


class CoNLL2000Dataset(_LineCountedFiles):
    """`mindspore.dataset.CoNLL2000Dataset`: CoNLL-2000 chunking's ``train.txt`` and
    ``test.txt`` (``all``: test then train). One row a sentence: ``word``, ``pos_tag`` and
    ``chunk_tag``, the first three fields of each line split at every single space (so a run of
    spaces gives empty tags). As MindSpore's reader, a blank line ends a sentence, so a file's
    last lines not followed by one are no sentence. Sharded, MindSpore cuts sentences at its
    shards' line ranges, which msjax does not (docs/migration.md)."""

    _file_names = {"train": "train.txt", "test": "test.txt"}
    _all_order = ("test", "train")

    def __init__(self, dataset_dir, usage=None, num_samples=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, num_parallel_workers=None, cache=None):
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, cache)

    def _columns(self):
        return ["word", "pos_tag", "chunk_tag"]

    def _paths(self):
        usages = self._all_order if self.usage == "all" else [self.usage]
        paths = [os.path.join(self.dataset_dir, self._file_names[u]) for u in usages]
        if not all(os.path.isfile(path) for path in paths):
            raise pipeline_error(f"Invalid data, CoNLL2000Dataset API can't read the data file "
                                 f"(interface mismatch or no data found). Check conll2000:  "
                                 f"{' '.join(paths)}", "CoNLL2000Dataset")
        return paths

    def _rows(self, path):
        rows, sentence = [], []
        for line in _getline_lines(path):
            if line:
                fields = line.decode("utf-8").split(" ") + ["", ""]
                sentence.append(fields[:3])
            elif sentence:
                rows.append(tuple(np.array(column) for column in zip(*sentence)))
                sentence = []
        return rows
