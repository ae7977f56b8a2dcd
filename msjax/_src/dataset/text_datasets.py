"""MindSpore's text corpora datasets: WikiTextDataset, PennTreebankDataset and AGNewsDataset.

Each is a non-mappable file source of MindSpore (file_rows.py: its row order, shuffle modes,
shards and ``num_samples``): the ``usage``'s files of `dataset_dir`, in the order of their names.
"""
from __future__ import annotations

import csv
import os

from msjax._src.dataset.file_rows import FileRowsSource, text_lines
from msjax._src.dataset.file_sources import check_folder, check_usage
from msjax._src.dataset.rows import pipeline_error

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
