"""`mindspore.dataset.text` pre-trained word vectors: Vectors, GloVe, FastText, CharNGram and the
ToVectors transform that looks tokens up in them.

MindSpore reads a vector file as its C++ loader does (goldens:
tests/goldens/dataset/tx20_text_vectors_probe.out):

- the dimension is counted on the first line that is not a header (a line of two fields, "count
  dim"), split at each single space: ``"a  1 2"`` has an empty field, so 3 values, a trailing
  space adds none;
- each vector line is then split at runs of white space (``\\r`` included): the first field is
  the token, the others its values, parsed as C's ``strtof`` does (the number at the start of
  the field, 0 when there is none); a line with one value or none is refused ("token with 1-dimensional vector"), one with
  another count of values than the dimension too;
- ``max_vectors`` (0 or None: all) is how many lines after the header are read; the first line
  of a token wins;
- ToVectors with ``lower_case_backup=True`` looks the token up in ASCII lower case; an unknown
  token gives ``unk_init`` (or zeros). CharNGram averages the vectors of the token's character
  2-, 3- and 4-grams found in the file (between ``#BEGIN#`` and ``#END#``).
"""
from __future__ import annotations

import os
import re

import numpy as np

from msjax._src.dataset.rows import pipeline_error
from msjax._src.dataset.transform_base import TensorOperation, TransformError
from msjax._src.dataset.vision_checks import type_check

_INT32_MAX = 2147483647
_FLOAT_PREFIX = re.compile(r"\s*[-+]?(?:inf(?:inity)?|nan|(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)",
                           re.IGNORECASE)
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_GLOVE_NAME = re.compile(r"glove\.6B\..*\.txt")


def _file_error(message: str) -> RuntimeError:
    """MindSpore's RuntimeError for a vector file it cannot read (`message`: its sentence)."""
    return pipeline_error(message, "from_file")


def _c_fields(line: str) -> list[str]:
    """The fields of `line` as C++'s ``getline(stream, field, ' ')`` gives them: an empty field
    between two spaces, none after a trailing space, none for an empty line."""
    fields = line.split(" ")
    if fields and fields[-1] == "":
        fields.pop()
    return fields


def _strtof(text: str) -> float:
    """C's ``strtof``: the number at the start of `text`, 0 when there is none."""
    match = _FLOAT_PREFIX.match(text)
    return float(match.group()) if match else 0.0


def _file_lines(path: str) -> list[str]:
    """The lines of a vector file (a directory reads as no lines, as C++'s ifstream does)."""
    if os.path.isdir(path):
        return []
    with open(path, encoding="utf-8", errors="surrogateescape", newline="\n") as file:
        return [line[:-1] if line.endswith("\n") else line for line in file]


def _check_from_file(file_path, max_vectors):
    type_check(file_path, (str,), "file_path")
    if max_vectors is not None:
        type_check(max_vectors, (int,), "max_vectors")
        if not 0 <= max_vectors <= _INT32_MAX:
            raise ValueError(f"Input max_vectors is not within the required interval of "
                             f"[0, {_INT32_MAX}].")


def _read_vectors(lines: list[str], max_vectors) -> tuple[dict, int]:
    """MindSpore's Vectors loader over the lines of a file: (token -> float32 vector, dim)."""
    header, dim, count = 0, -1, 0
    for line in lines:
        if dim == -1:
            size = len(_c_fields(line))
            if size == 2:
                header += 1
                continue
            dim = size - 1
        count += 1
    if count == 0:
        raise _file_error("Vectors: invalid file, file is empty.")
    if max_vectors:
        count = min(max_vectors, count)
    if dim <= 1:
        raise _file_error("Vectors: token with 1-dimensional vector.")
    table = {}
    for line in lines[header:header + count]:
        fields = line.split()
        if len(fields) - 1 <= 1:
            raise _file_error("Vectors: token with 1-dimensional vector.")
        if len(fields) - 1 != dim:
            raise _file_error(f"Vectors: all vectors must have the same number of dimensions, "
                               f"but got dim {len(fields) - 1} while expecting {dim}")
        table.setdefault(fields[0], np.asarray([_strtof(v) for v in fields[1:]], np.float32))
    return table, dim


class _WordVectors:
    """What ToVectors takes: a token -> vector table read from a file (MindSpore's C++
    ``Vectors``, which Vectors, GloVe, FastText and CharNGram each derive from)."""

    def __init__(self, table: dict, dim: int):
        self._table, self.dim = table, dim

    @classmethod
    def _load(cls, file_path, max_vectors):
        if not os.path.exists(file_path):
            raise _file_error(f"Vectors: get real path failed, path: {file_path}")
        return cls(*_read_vectors(_file_lines(file_path), max_vectors))

    def lookup(self, token: str, lower_case_backup: bool):
        """The vector of `token` (None when the file has none)."""
        if lower_case_backup:
            token = token.translate(_ASCII_LOWER)
        return self._table.get(token)


class Vectors(_WordVectors):
    """`mindspore.dataset.text.Vectors`: pre-trained word vectors read from a text file, one
    ``token v1 v2 ...`` line per token."""

    @classmethod
    def from_file(cls, file_path, max_vectors=None):
        """The vectors of `file_path` (its first `max_vectors` lines after the header)."""
        _check_from_file(file_path, max_vectors)
        return cls._load(file_path, max_vectors)


class GloVe(_WordVectors):
    """`mindspore.dataset.text.GloVe`: GloVe vectors, from a file named ``glove.6B.*.txt``."""

    @classmethod
    def from_file(cls, file_path, max_vectors=None):
        """The vectors of `file_path` (its first `max_vectors` lines)."""
        _check_from_file(file_path, max_vectors)
        if not os.path.isfile(file_path):
            raise _file_error("GloVe: invalid file, failed to open GloVe file.")
        if not _GLOVE_NAME.fullmatch(os.path.basename(file_path)):
            raise _file_error(f"GloVe: invalid file, can not find file 'glove.6B.*.txt', but got: "
                               f"{file_path}")
        return cls._load(file_path, max_vectors)


class FastText(_WordVectors):
    """`mindspore.dataset.text.FastText`: fastText vectors, from a ``*.vec`` file."""

    @classmethod
    def from_file(cls, file_path, max_vectors=None):
        """The vectors of `file_path` (its first `max_vectors` lines after the header)."""
        _check_from_file(file_path, max_vectors)
        if not os.path.isfile(file_path):
            raise _file_error("FastText: invalid file, failed to open FastText file.")
        if not file_path.endswith(".vec"):
            raise _file_error(f"FastText: invalid file, can not find file '*.vec', but got: "
                               f"{file_path}")
        return cls._load(file_path, max_vectors)


class CharNGram(_WordVectors):
    """`mindspore.dataset.text.CharNGram`: character n-gram vectors (``2gram-th ...`` lines); a
    token's vector is the mean of its 2-, 3- and 4-grams' vectors, the token framed by
    ``#BEGIN#`` and ``#END#``."""

    @classmethod
    def from_file(cls, file_path, max_vectors=None):
        """The n-gram vectors of `file_path` (its first `max_vectors` lines after the header)."""
        _check_from_file(file_path, max_vectors)
        return cls._load(file_path, max_vectors)

    def lookup(self, token: str, lower_case_backup: bool):
        if lower_case_backup:
            token = token.translate(_ASCII_LOWER)
        chars = ["#BEGIN#", *token, "#END#"]
        found = [self._table[key] for n in (2, 3, 4) for i in range(len(chars) - n + 1)
                 if (key := f"{n}gram-{''.join(chars[i:i + n])}") in self._table]
        if not found:
            return None
        return (np.sum(found, axis=0, dtype=np.float32) / np.float32(len(found))).astype(np.float32)


class ToVectors(TensorOperation):
    """`mindspore.dataset.text.ToVectors(vectors, unk_init=None, lower_case_backup=False)`: each
    token as its vector (a token array gives one row per token); an unknown token as `unk_init`
    (zeros when it is None or empty)."""

    def __init__(self, vectors, unk_init=None, lower_case_backup=False):
        type_check(vectors, (_WordVectors,), "vectors")
        if unk_init is not None:
            type_check(unk_init, (list, tuple), "unk_init")
            for i, value in enumerate(unk_init):
                type_check(value, (int, float), f"unk_init[{i}]")
        type_check(lower_case_backup, (bool,), "lower_case_backup")
        self.vectors, self.lower_case_backup = vectors, lower_case_backup
        self.unk_init = list(unk_init or [])

    def implementation(self, tokens):
        tokens = np.asarray(tokens)
        if tokens.size == 0:
            raise TransformError("Input Tensor has no data.")
        if tokens.dtype.kind != "U":
            raise TransformError("ToVectors: input tensor type should be string.")
        dim = self.vectors.dim
        if self.unk_init and len(self.unk_init) != dim:
            raise TransformError(f"ToVectors: unk_init must be the same length as vectors, but got "
                                 f"unk_init: {len(self.unk_init)} and vectors: {dim}")
        unknown = np.asarray(self.unk_init or np.zeros(dim), np.float32)
        rows = [self.vectors.lookup(token, self.lower_case_backup) for token in tokens.reshape(-1).tolist()]
        rows = np.stack([unknown if row is None else row for row in rows]).astype(np.float32)
        return rows[0] if tokens.ndim == 0 else rows
