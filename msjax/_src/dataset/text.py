"""`mindspore.dataset.text`: the basics MindSpore's tutorials use (Vocab, Lookup, to_str/to_bytes)."""
from __future__ import annotations

import numpy as np

from msjax._src.dataset.transform_base import TensorOperation, TransformError
from msjax._src.dataset.transforms import numpy_dtype


class Vocab:
    """`mindspore.dataset.text.Vocab`: a token -> id table (build it with ``from_list``,
    ``from_dict`` or ``from_file``)."""

    def __init__(self, word_to_id=None):
        self._ids = dict(word_to_id or {})

    @classmethod
    def from_list(cls, word_list, special_tokens=None, special_first=True):
        """Ids in list order; `special_tokens` first (or last)."""
        special = list(special_tokens or [])
        words = [w for w in word_list if w not in special]
        ordered = special + words if special_first else words + special
        return cls({w: i for i, w in enumerate(dict.fromkeys(ordered))})

    @classmethod
    def from_dict(cls, word_dict):
        """The given token -> id table."""
        return cls(word_dict)

    @classmethod
    def from_file(cls, file_path, delimiter="", vocab_size=None, special_tokens=None,
                  special_first=True):
        """One token per line (the text before `delimiter`)."""
        with open(file_path, encoding="utf-8") as file:
            words = [line.rstrip("\r\n").split(delimiter)[0] if delimiter else line.rstrip("\r\n")
                     for line in file if line.strip()]
        return cls.from_list(words[:vocab_size], special_tokens, special_first)

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
        return cls.from_list(words, special_tokens, special_first)

    def vocab(self):
        """The token -> id table."""
        return dict(self._ids)

    def tokens_to_ids(self, tokens):
        """Ids of `tokens` (-1 for unknown ones)."""
        if isinstance(tokens, str):
            return self._ids.get(tokens, -1)
        return [self._ids.get(t, -1) for t in tokens]

    def ids_to_tokens(self, ids):
        """Tokens of `ids` ("" for unknown ones)."""
        inverse = {i: w for w, i in self._ids.items()}
        if isinstance(ids, int):
            return inverse.get(ids, "")
        return [inverse.get(int(i), "") for i in ids]


class Lookup(TensorOperation):
    """`mindspore.dataset.text.Lookup(vocab, unknown_token=None, data_type=mstype.int32)`."""

    def __init__(self, vocab, unknown_token=None, data_type=None):
        self.vocab = vocab
        self.unknown_token = unknown_token
        self.data_type = np.int32 if data_type is None else numpy_dtype(data_type)

    def implementation(self, tokens):
        table = self.vocab.vocab()
        unknown = table.get(self.unknown_token) if self.unknown_token is not None else None

        def look_up(token):
            if token in table:
                return table[token]
            if unknown is None:
                raise TransformError(f'Lookup: invalid data, token: "{token}" doesn\'t exist in '
                                     f'vocab and no unknown token is specified.')
            return unknown

        flat = [look_up(str(t)) for t in np.asarray(tokens).reshape(-1)]
        return np.asarray(flat, self.data_type).reshape(np.shape(tokens))


def to_str(array, encoding="utf8"):
    """`mindspore.dataset.text.to_str`: a NumPy bytes array as str (TypeError for anything else,
    as MindSpore)."""
    if not isinstance(array, np.ndarray):
        raise TypeError("input should be a NumPy array.")
    return np.char.decode(array, encoding) if array.dtype.kind == "S" else array.astype(str)


def to_bytes(array, encoding="utf8"):
    """`mindspore.dataset.text.to_bytes`: a str array as bytes."""
    return np.char.encode(np.asarray(array, str), encoding)
