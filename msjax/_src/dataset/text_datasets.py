"""MindSpore's text corpora datasets: WikiTextDataset, PennTreebankDataset, AGNewsDataset,
CLUEDataset and IMDBDataset.

All but IMDBDataset are non-mappable file sources of MindSpore (file_rows.py: their row order, shuffle
modes, shards and ``num_samples``): the ``usage``'s files of `dataset_dir`, in the order of their
names. IMDBDataset is random-access (one review a file), read through the samplers.
"""
from __future__ import annotations

import csv
import json
import os

import numpy as np

from msjax._src.dataset.file_rows import FileRowsSource, text_lines
from msjax._src.dataset.file_sources import (check_dataset_files, check_folder, check_usage,
                                             match_files)
from msjax._src.dataset.rows import mark_source_row, pipeline_error
from msjax._src.dataset.sources import MappableSource

_SPLITS = ["train", "valid", "test", "all"]


class _CorpusFiles(FileRowsSource):
    """A text corpus: `_file_names[usage]` in `dataset_dir` (every usage's files for ``all``)."""

    _valid_usages = _SPLITS
    _file_names = {}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=True, num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        self.usage = check_usage(usage, self._valid_usages)
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
                         cache=cache)

    def _paths(self) -> list:
        usages = [u for u in self._valid_usages if u != "all"] if self.usage == "all" \
            else [self.usage]
        paths = sorted(os.path.join(self.dataset_dir, self._file_names[u]) for u in usages)
        found = [p for p in paths if os.path.isfile(p)]
        if not found:
            raise pipeline_error(f"Invalid file, {type(self).__name__} can't find the data "
                                 f"files of usage {self.usage!r} in {self.dataset_dir}.",
                                 type(self).__name__)
        return found


class WikiTextDataset(_CorpusFiles):
    """`mindspore.dataset.WikiTextDataset`: WikiText-2/103's ``wiki.{train,valid,test}.tokens``;
    the column ``text`` (a string) holds each non-empty line."""

    _file_names = {"train": "wiki.train.tokens", "valid": "wiki.valid.tokens",
                   "test": "wiki.test.tokens"}

    def _columns(self):
        return ["text"]

    def _file_rows(self):
        return [(path, [(line,) for line in text_lines(path)]) for path in self._paths()]


class PennTreebankDataset(WikiTextDataset):
    """`mindspore.dataset.PennTreebankDataset`: Penn Treebank's ``ptb.{train,valid,test}.txt``;
    the column ``text`` (a string) holds each non-empty line."""

    _file_names = {"train": "ptb.train.txt", "valid": "ptb.valid.txt", "test": "ptb.test.txt"}


class AGNewsDataset(_CorpusFiles):
    """`mindspore.dataset.AGNewsDataset`: AG News' ``train.csv`` and ``test.csv``; the string
    columns ``index``, ``title`` and ``description`` of each CSV record (quotes ``"`` enclose a
    field, ``""`` in one is a quote)."""

    _valid_usages = ["train", "test", "all"]
    _file_names = {"train": "train.csv", "test": "test.csv"}

    def _columns(self):
        return ["index", "title", "description"]

    def _file_rows(self):
        files = []
        for path in self._paths():
            with open(path, encoding="utf-8", newline="") as file:
                files.append((path, [tuple(record) for record in csv.reader(file) if record]))
        return files


class IMDBDataset(MappableSource):
    """`mindspore.dataset.IMDBDataset`: the IMDB reviews under ``{train,test}/{pos,neg}`` of
    `dataset_dir` (``all``: train then test; in each, pos then neg; the files of a folder in the
    order of their paths). Columns ``text`` (a string: the file's last non-empty line, as
    MindSpore reads it) and ``label`` (int32: 1 for pos, 0 for neg)."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        self.usage = check_usage(usage)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self._files = None

    def _columns(self):
        return ["text", "label"]

    def _list(self):
        if self._files is None:
            files = []
            for usage in (["train", "test"] if self.usage == "all" else [self.usage]):
                for label_name, label in (("pos", 1), ("neg", 0)):
                    folder = os.path.join(self.dataset_dir, usage, label_name)
                    if not os.path.isdir(folder):
                        raise pipeline_error(f"Invalid parameter, dataset dir may not exist or is "
                                             f"not a directory: {folder}", "IMDBDataset")
                    files += [(path, label) for path in sorted(
                        os.path.join(folder, name) for name in os.listdir(folder))]
            if not files:
                raise pipeline_error(f"Invalid data, IMDBDataset API can't read the data file "
                                     f"(interface mismatch or no data found). Check IMDB file "
                                     f"path: {self.dataset_dir}", "IMDBDataset")
            self._files = files
        return self._files

    def _length(self):
        return len(self._list())

    def num_classes(self):
        """`IMDBDataset.num_classes`: 2 (pos and neg)."""
        return 2

    def class_labels(self, class_column):
        """Each review's label (PKSampler), without reading the files."""
        return np.array([label for _, label in self._list()], np.int64)

    def _read(self, index):
        path, label = self._list()[index]
        lines = text_lines(path)
        text = np.array(lines[-1] if lines else "")
        return mark_source_row((text,), path) + (np.array(label, np.int32),)


_CLUE_LABELLED = {
    "AFQMC": ["sentence1", "sentence2", "label"],
    "TNEWS": ["label", "label_desc", "sentence", "keywords"],
    "IFLYTEK": ["label", "label_des", "sentence"],
    "CMNLI": ["sentence1", "sentence2", "label"],
    "WSC": ["target/span1_index", "target/span2_index", "target/span1_text",
            "target/span2_text", "idx", "text", "label"],
    "CSL": ["id", "abst", "keyword", "label"],
}
_CLUE_TEST = {
    "AFQMC": ["id", "sentence1", "sentence2"],
    "TNEWS": ["id", "sentence", "keywords"],
    "IFLYTEK": ["id", "sentence"],
    "CMNLI": ["id", "sentence1", "sentence2"],
    "WSC": _CLUE_LABELLED["WSC"][:-1],
    "CSL": ["id", "abst", "keyword"],
}


def _clue_value(value) -> np.ndarray:
    """A CLUE JSON value as MindSpore stores it: an integer uint32, a number float32, a string or
    a list as strings (a list of numbers as numbers)."""
    if isinstance(value, bool):
        return np.array(value)
    if isinstance(value, int):
        return np.array(value, np.uint32)
    if isinstance(value, float):
        return np.array(value, np.float32)
    if isinstance(value, list):
        return np.array([str(v) if isinstance(v, str) else v for v in value])
    return np.array(str(value))


class CLUEDataset(FileRowsSource):
    """`mindspore.dataset.CLUEDataset`: a CLUE task's JSON-lines files; the task and usage give the
    fields read (``target/span1_index`` is the ``span1_index`` of the line's ``target``), each a
    column named by its last part, columns in name order (MindSpore's); rows in MindSpore's
    order of a non-mappable source (file_rows.py)."""

    def __init__(self, dataset_files, task='AFQMC', usage='train', num_samples=None,
                 num_parallel_workers=None, shuffle=True, num_shards=None, shard_id=None,
                 cache=None):
        check_dataset_files(dataset_files)
        if task not in _CLUE_LABELLED:
            raise ValueError("task should be 'AFQMC', 'TNEWS', 'IFLYTEK', 'CMNLI', 'WSC' or 'CSL'.")
        if usage not in ("train", "test", "eval"):
            raise ValueError("usage should be 'train', 'test' or 'eval'.")
        self.files = sorted(match_files(dataset_files))
        self.task, self.usage = task, usage
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
                         cache=cache)

    def _fields(self) -> dict:
        fields = (_CLUE_TEST if self.usage == "test" else _CLUE_LABELLED)[self.task]
        return {field.split("/")[-1]: field.split("/") for field in fields}

    def _columns(self):
        return sorted(self._fields())

    def _file_rows(self):
        fields = self._fields()
        names = self._columns()
        files = []
        for path in self.files:
            rows = []
            for line in text_lines(path):
                record = json.loads(line)
                row = []
                for name in names:
                    value = record
                    for key in fields[name]:
                        value = value[key]
                    row.append(_clue_value(value))
                rows.append(tuple(row))
            files.append((path, rows))
        return files
