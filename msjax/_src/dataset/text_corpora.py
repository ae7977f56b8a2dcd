"""MindSpore's fixed-layout text corpora: EnWik9Dataset, SogouNewsDataset, SQuADDataset,
SST2Dataset, CoNLL2000Dataset, IWSLT2016Dataset and IWSLT2017Dataset.

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


_IWSLT2016_PAIRS = [['en', 'ar'], ['en', 'ar'], ['en', 'de'], ['en', 'fr'], ['en', 'cs'],
                    ['ar', 'en'], ['fr', 'en'], ['de', 'en'], ['cs', 'en']]  # (MindSpore's list)
_IWSLT2017_PAIRS = [['en', 'nl'], ['en', 'de'], ['en', 'it'], ['en', 'ro'], ['ro', 'de'],
                    ['ro', 'en'], ['ro', 'nl'], ['ro', 'it'], ['de', 'ro'], ['de', 'en'],
                    ['de', 'nl'], ['de', 'it'], ['it', 'en'], ['it', 'nl'], ['it', 'de'],
                    ['it', 'ro'], ['nl', 'de'], ['nl', 'en'], ['nl', 'it'], ['nl', 'ro']]
_IWSLT2016_SETS = ['dev2010', 'tst2010', 'tst2011', 'tst2012', 'tst2013', 'tst2014']


def _check_language_pair(language_pair, valid_pairs) -> list:
    if not isinstance(language_pair, (list, tuple)):
        raise TypeError("language_pair should be a type list or tuple of length 2.")
    if len(language_pair) != 2:
        raise ValueError("Input language_pair is a list or tuple of length 2.")
    if list(language_pair) not in valid_pairs:
        raise ValueError(f"Input language_pair{list(language_pair)} is not within the valid set "
                         f"of {valid_pairs}.")
    return list(language_pair)


def _check_iwslt_set(value, name) -> str:
    if not isinstance(value, str):
        raise TypeError(f"Argument {name} with value {value} is not of type [<class 'str'>], but "
                        f"got {type(value)}.")
    if value not in _IWSLT2016_SETS:
        raise ValueError(f"Input {name} is not within the valid set of {_IWSLT2016_SETS}.")
    return value


def _iwslt_tag_lines(path: str) -> list:
    """A ``train.tags`` file's sentences: its lines that are not XML tags, stripped."""
    with open(path, encoding="utf-8") as file:
        lines = [line.strip() for line in file]
    return [line for line in lines if line and not line.startswith("<")]


def _iwslt_xml_segments(path: str) -> list:
    """An IWSLT ``.xml`` file's sentences: the text of its ``seg`` elements, stripped."""
    import xml.etree.ElementTree as ElementTree  # pylint: disable=import-outside-toplevel
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        raise pipeline_error(f"Invalid file, failed to load xml file: {path}",
                             "IWSLTDataset") from None
    return [(segment.text or "").strip() for segment in root.iter("seg")]


class _IWSLTFiles(_UsageFiles):
    """IWSLT 2016/2017 translation pairs: the ``train.tags`` files of the language pair (the
    lines that are not tags) and the TED ``.xml`` files of its valid and test sets (the ``seg``
    elements), ``all``: train, valid, test. Columns ``text`` (the source language) and
    ``translation`` (the target), strings paired line by line. MindSpore also writes the cleaned pairs into
    `dataset_dir`; msjax reads the files as they are."""

    _valid_usages = ["train", "test", "valid", "all"]
    _all_order = ("train", "valid", "test")
    _prefix = ""

    def _columns(self):
        return ["text", "translation"]

    def _folder(self) -> str:
        raise NotImplementedError

    def _set_names(self) -> dict:
        raise NotImplementedError

    def _paths(self):
        usages = self._all_order if self.usage == "all" else [self.usage]
        return [self._usage_base(usage) for usage in usages]

    def _usage_base(self, usage) -> str:
        source, target = self.language_pair
        folder = self._folder()
        if usage == "train":
            return os.path.join(folder, f"train.{source}-{target}")
        return os.path.join(folder, f"{self._prefix}.{self._set_names()[usage]}.{source}-{target}")

    def _file_rows(self):
        # MindSpore converts every usage's files before reading any: an .xml file that fails
        # to load is reported before a train pair whose files are missing
        bases = self._paths()
        pairs = {base: self._xml_pairs(base) for base in bases if not self._is_train(base)}
        return [(base, pairs[base] if base in pairs else self._train_pairs(base))
                for base in bases]

    @staticmethod
    def _is_train(base) -> bool:
        return os.path.basename(base).startswith("train.")

    def _train_pairs(self, base):
        source, target = self.language_pair
        folder = os.path.dirname(base)
        paths = [os.path.join(folder, f"train.tags.{source}-{target}.{lang}")
                 for lang in (source, target)]
        if not all(os.path.isfile(path) for path in paths):
            raise pipeline_error(f"Invalid data, IWSLTDataset API can't read the data file "
                                 f"(interface mismatch or no data found). Check iwslt:  {base}",
                                 "IWSLTDataset")
        return self._pairs(*(_iwslt_tag_lines(path) for path in paths))

    def _xml_pairs(self, base):
        source, target = self.language_pair
        return self._pairs(*(_iwslt_xml_segments(f"{base}.{lang}.xml")
                             for lang in (source, target)))

    @staticmethod
    def _pairs(texts, translations):
        return [(np.array(text), np.array(translation))
                for text, translation in zip(texts, translations)]


class IWSLT2016Dataset(_IWSLTFiles):
    """`mindspore.dataset.IWSLT2016Dataset`: IWSLT 2016's ``texts/{src}/{tgt}/{src}-{tgt}``
    folder of `dataset_dir` (`language_pair` defaults to German-English, `valid_set` to tst2013,
    `test_set` to tst2014); see `_IWSLTFiles`."""

    _prefix = "IWSLT16.TED"

    def __init__(self, dataset_dir, usage=None, language_pair=None, valid_set=None, test_set=None,
                 num_samples=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None,
                 num_parallel_workers=None, cache=None):
        self.language_pair = _check_language_pair(
            ["de", "en"] if language_pair is None else language_pair, _IWSLT2016_PAIRS)
        self.valid_set = _check_iwslt_set("tst2013" if valid_set is None else valid_set,
                                          "valid_set")
        self.test_set = _check_iwslt_set("tst2014" if test_set is None else test_set, "test_set")
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, cache)

    def _folder(self):
        source, target = self.language_pair
        return os.path.join(self.dataset_dir, "texts", source, target, f"{source}-{target}")

    def _set_names(self):
        return {"valid": self.valid_set, "test": self.test_set}


class IWSLT2017Dataset(_IWSLTFiles):
    """`mindspore.dataset.IWSLT2017Dataset`: IWSLT 2017's multilingual
    ``texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo`` folder of `dataset_dir`
    (`language_pair` defaults to German-English; valid set dev2010, test set tst2010); see
    `_IWSLTFiles`."""

    _prefix = "IWSLT17.TED"

    def __init__(self, dataset_dir, usage=None, language_pair=None, num_samples=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, num_parallel_workers=None,
                 cache=None):
        self.language_pair = _check_language_pair(
            ["de", "en"] if language_pair is None else language_pair, _IWSLT2017_PAIRS)
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, cache)

    def _folder(self):
        return os.path.join(self.dataset_dir, "texts", "DeEnItNlRo", "DeEnItNlRo",
                            "DeEnItNlRo-DeEnItNlRo")

    def _set_names(self):
        return {"valid": "dev2010", "test": "tst2010"}
