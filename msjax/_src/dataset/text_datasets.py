"""MindSpore's text corpora datasets: WikiTextDataset, PennTreebankDataset, AGNewsDataset and
IMDBDataset.

The first three are non-mappable file sources of MindSpore (file_rows.py: their row order, shuffle
modes, shards and ``num_samples``): the ``usage``'s files of `dataset_dir`, in the order of their
names. IMDBDataset is random-access (one review a file), read through the samplers.
"""
from __future__ import annotations

import csv
import os

import numpy as np

from msjax._src.dataset.file_rows import FileRowsSource, text_lines
from msjax._src.dataset.file_sources import check_folder, check_usage
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
