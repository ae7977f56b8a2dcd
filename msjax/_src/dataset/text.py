"""`mindspore.dataset.text`: the basics MindSpore's tutorials use (Vocab, Lookup, to_str/to_bytes)."""
from __future__ import annotations

import os

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.dataset.rows import pipeline_error, syntax_error
from msjax._src.dataset.transform_base import TensorOperation, TransformError
from msjax._src.dataset.transforms import numpy_dtype
from msjax._src.dataset.vision_checks import type_check


_INT32_MAX = 2147483647
_NOT_BUILT = ("The Vocab has not built yet, got type <class 'NoneType'>. Use Vocab.from_dataset(), "
              "Vocab.from_list(), Vocab.from_file() or Vocab.from_dict() to build a Vocab.")


def _check_word_list(words, name):
    """MindSpore's check of a list of unique words (ValueError naming the first repeated one)."""
    type_check(words, (list,), name)
    for word in words:
        type_check(word, (str,), name)
    seen = set()
    for word in words:
        if word in seen:
            raise ValueError(f"{name} contains duplicate word: {word}.")
        seen.add(word)


def _check_id(value, name, types=(int,)):
    type_check(value, types, name)
    if not 0 <= value <= _INT32_MAX:
        raise ValueError(f"Input {name} is not within the required interval of [0, {_INT32_MAX}].")


def _file_words(file_path, delimiter, vocab_size):
    """The words of a vocab file: each line up to `delimiter` (the whole line without one; a
    blank line is the word ""), the first `vocab_size` lines."""
    if not os.path.isfile(file_path):
        raise pipeline_error(f"Get real path failed, path={file_path}", "Vocab.from_file")
    with open(file_path, encoding="utf-8") as file:
        lines = file.read().splitlines()
    words = [line.split(delimiter)[0] if delimiter else line for line in lines]
    return words[:vocab_size] if vocab_size is not None else words


class Vocab:
    """`mindspore.dataset.text.Vocab`: a token -> id table, built with ``from_list``,
    ``from_file``, ``from_dict`` or ``from_dataset`` (``Vocab()`` is an empty, unbuilt one)."""

    def __init__(self, word_to_id=None):
        self._ids = None if word_to_id is None else dict(word_to_id)

    @classmethod
    def _ordered(cls, words, special, special_first):
        ordered = special + words if special_first else words + special
        return cls({w: i for i, w in enumerate(ordered)})

    @classmethod
    def from_list(cls, word_list, special_tokens=None, special_first=True):
        """Ids in list order; `special_tokens` first (or last). Words must be unique."""
        _check_word_list(word_list, "word_list")
        special = [] if special_tokens is None else special_tokens
        _check_word_list(special, "special_tokens")
        type_check(special_first, (bool,), "special_first")
        common = set(word_list) & set(special)
        if common:
            raise ValueError(f"special_tokens and word_list contain duplicate word :{common}.")
        return cls._ordered(list(word_list), list(special), special_first)

    @classmethod
    def from_dict(cls, word_dict):
        """The given token -> id table (ids need not be consecutive)."""
        type_check(word_dict, (dict,), "word_dict")
        for word, word_id in word_dict.items():
            type_check(word, (str,), "word")
            _check_id(word_id, "word_id")
        return cls(word_dict)

    @classmethod
    def from_file(cls, file_path, delimiter="", vocab_size=None, special_tokens=None,
                  special_first=True):
        """One word per line (the text before `delimiter`), the first `vocab_size` lines."""
        type_check(file_path, (str,), "file_path")
        type_check(delimiter, (str,), "delimiter")
        if vocab_size is not None:
            type_check(vocab_size, (int,), "vocab_size")
            if vocab_size <= 0:
                raise ValueError("Input vocab_size must be greater than 0.")
        special = [] if special_tokens is None else special_tokens
        _check_word_list(special, "special_tokens")
        type_check(special_first, (bool,), "special_first")
        words, seen = _file_words(file_path, delimiter, vocab_size), set()
        for word in words:
            if word in seen:
                raise pipeline_error(f"from_file: word_list contains duplicate word:{word}",
                                     "Vocab.from_file")
            if word in special:
                raise pipeline_error(f"from_file: special_tokens and word_list contain duplicate "
                                     f"word:{word}", "Vocab.from_file")
            seen.add(word)
        return cls._ordered(words, list(special), special_first)

    @classmethod
    def from_dataset(cls, dataset, columns=None, freq_range=None, top_k=None, special_tokens=None,
                     special_first=True):
        """Tokens of `dataset`'s `columns`, most frequent first (ties in first-seen order)."""
        counts = {}
        names = columns or dataset.get_col_names()
        for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
            for name in ([names] if isinstance(names, str) else names):
                for token in np.asarray(row[name]).reshape(-1).tolist():
                    counts[token] = counts.get(token, 0) + 1
        low, high = freq_range or (0, None)
        words = [w for w, c in sorted(counts.items(), key=lambda item: -item[1])
                 if c >= low and (high is None or c <= high)][:top_k]
        special = list(special_tokens or [])
        return cls._ordered([w for w in words if w not in special], special, special_first)

    def _table(self):
        if self._ids is None:
            raise RuntimeError(_NOT_BUILT)
        return self._ids

    def vocab(self):
        """The token -> id table."""
        return dict(self._table())

    def tokens_to_ids(self, tokens):
        """Ids of `tokens` (a str, a list or an array of them; -1 for unknown ones)."""
        type_check(tokens, (str, list, np.ndarray), "tokens")
        table = self._table()
        if isinstance(tokens, np.ndarray):
            tokens = tokens.tolist()
        if isinstance(tokens, str):
            return table.get(tokens, -1)
        for i, token in enumerate(tokens):
            type_check(token, (str, np.str_), f"tokens[{i}]")
        return [table.get(t, -1) for t in tokens]

    def ids_to_tokens(self, ids):
        """Tokens of `ids` (an int, a list or an array of them; "" for unknown ones)."""
        type_check(ids, (int, list, np.ndarray), "ids")
        table = self._table()
        if isinstance(ids, np.ndarray):
            ids = ids.tolist()
        inverse = {i: w for w, i in table.items()}
        if isinstance(ids, int):
            _check_id(ids, "ids")
            return inverse.get(ids, "")
        for i, word_id in enumerate(ids):
            _check_id(word_id, f"ids[{i}]", (int, np.int64))
        return [inverse.get(int(i), "") for i in ids]


class Lookup(TensorOperation):
    """`mindspore.dataset.text.Lookup(vocab, unknown_token=None, data_type=mstype.int32)`: each
    token as its id in `vocab` (`unknown_token`'s for tokens it lacks), as `data_type`."""

    def __init__(self, vocab, unknown_token=None, data_type=None):
        if not isinstance(vocab, Vocab):
            raise TypeError(f"Argument vocab is not an instance of text.Vocab. with value {vocab} is "
                            f"not of type [{Vocab}], but got {type(vocab)}.")
        if unknown_token is not None:
            type_check(unknown_token, (str,), "unknown_token")
        if data_type is not None and not isinstance(data_type, mstype.Type):
            raise TypeError(f"Argument data_type with value {data_type} is not of type "
                            f"[<class 'mindspore._c_expression.typing.Type'>], but got "
                            f"{type(data_type)}.")
        self.vocab = vocab
        self.unknown_token = unknown_token
        self.data_type = mstype.int32 if data_type is None else data_type

    def _check_operation(self, table):
        """MindSpore's checks of the operation itself (syntax errors, at its first use)."""
        if not isinstance(self.data_type, (mstype.Number, mstype.Bool)):
            raise syntax_error("Lookup : The parameter data_type must be numeric including bool.",
                               "Lookup")
        if self.unknown_token is not None and self.unknown_token not in table:
            raise syntax_error(f'Lookup: "{self.unknown_token}" doesn\'t exist in vocab.',
                               "Lookup")

    def implementation(self, tokens):
        table = self.vocab.vocab()
        self._check_operation(table)
        tokens = np.asarray(tokens)
        if tokens.dtype.kind == "S":
            tokens = np.char.decode(tokens, "utf-8")
        if tokens.dtype.kind != "U":
            raise TransformError("Lookup: input is not string datatype.")
        unknown = table.get(self.unknown_token) if self.unknown_token is not None else None

        def look_up(token):
            if token in table:
                return table[token]
            if unknown is None:
                raise TransformError(f'Lookup: invalid data, token: "{token}" doesn\'t exist in '
                                     f'vocab and no unknown token is specified.')
            return unknown

        flat = [look_up(t) for t in tokens.reshape(-1).tolist()]
        return np.asarray(flat, np.int64).astype(numpy_dtype(self.data_type)).reshape(tokens.shape)


def to_str(array, encoding="utf8"):
    """`mindspore.dataset.text.to_str`: a NumPy bytes array as str (TypeError for anything else,
    as MindSpore)."""
    if not isinstance(array, np.ndarray):
        raise TypeError("input should be a NumPy array.")
    return np.char.decode(array, encoding) if array.dtype.kind == "S" else array.astype(str)


def to_bytes(array, encoding="utf8"):
    """`mindspore.dataset.text.to_bytes`: a str array as bytes."""
    return np.char.encode(np.asarray(array, str), encoding)
