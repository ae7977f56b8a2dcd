"""`mindspore.dataset.text` tokenizers and string operations: BasicTokenizer, WordpieceTokenizer,
BertTokenizer, UnicodeCharTokenizer, ToNumber, TruncateSequencePair.

They follow MindSpore 2.10's outputs (goldens: tests/goldens/dataset/text_probe.txt): BERT's basic
tokenizer (control characters to spaces, CJK characters and punctuation as tokens, BERT's special
tokens kept whole), greedy longest-match-first word pieces. msjax's differences: ``with_offsets=True``
is not implemented (raises NotImplementedError), and with ``lower_case=True`` and
``preserve_unused_token=True`` msjax keeps the special tokens whole where MindSpore's ICU pipeline
repeats parts of the sentence (a MindSpore defect, e.g. "[CLS] hello [SEP]" gives
"[CLS] [ cls ] hello [SEP] [ cls ] hello [ sep ]").
"""
from __future__ import annotations

import re
import unicodedata

import numpy as np

from msjax._src.dataset.transform_base import TensorOperation, TransformError

_UNUSED_TOKENS = re.compile(r"\[CLS\]|\[SEP\]|\[UNK\]|\[PAD\]|\[MASK\]|\[unused\d+\]")


class NormalizeForm:
    """`mindspore.dataset.text.NormalizeForm`: Unicode normalisation forms."""
    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4


_FORM_NAMES = {NormalizeForm.NFC: "NFC", NormalizeForm.NFKC: "NFKC", NormalizeForm.NFD: "NFD",
               NormalizeForm.NFKD: "NFKD"}


def _no_offsets(with_offsets, name):
    if with_offsets:
        raise NotImplementedError(f"{name}(with_offsets=True) is not implemented in msjax; use "
                                  f"with_offsets=False.")


def _is_punctuation(char):
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def _is_cjk(char):
    code = ord(char)
    return (0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2A6DF
            or 0x2A700 <= code <= 0x2B73F or 0x2B740 <= code <= 0x2B81F or 0x2B820 <= code <= 0x2CEAF
            or 0xF900 <= code <= 0xFAFF or 0x2F800 <= code <= 0x2FA1F)


def _strings(value):
    array = np.asarray(value)
    if array.dtype.kind == "S":
        array = np.char.decode(array, "utf-8")
    if array.dtype.kind != "U":
        raise TransformError(f"the input should be of string type, but got {array.dtype}.")
    return array


def _token_array(tokens):
    return np.asarray(tokens if tokens else [""], dtype=str)


class BasicTokenizer(TensorOperation):
    """`mindspore.dataset.text.BasicTokenizer(lower_case=False, keep_whitespace=False,
    normalization_form=NormalizeForm.NONE, preserve_unused_token=True, with_offsets=False)`:
    one string split into BERT's basic tokens."""

    def __init__(self, lower_case=False, keep_whitespace=False,
                 normalization_form=NormalizeForm.NONE, preserve_unused_token=True,
                 with_offsets=False):
        _no_offsets(with_offsets, type(self).__name__)
        self.lower_case, self.keep_whitespace = lower_case, keep_whitespace
        self.normalization_form = normalization_form
        self.preserve_unused_token = preserve_unused_token

    def _clean(self, text):
        if self.lower_case:
            text = unicodedata.normalize("NFD", text.casefold())
            text = "".join(c for c in text if unicodedata.category(c) not in ("Mn", "Cf"))
        elif self.normalization_form in _FORM_NAMES:
            text = unicodedata.normalize(_FORM_NAMES[self.normalization_form], text)
        return "".join(" " if unicodedata.category(c) in ("Cc", "Cf") else c for c in text)

    def _split(self, text, tokens):
        word, space = [], []

        def flush():
            if word:
                tokens.append("".join(word))
                word.clear()
            if space:
                if self.keep_whitespace:
                    tokens.append("".join(space))
                space.clear()
        for char in text:
            if char.isspace() or unicodedata.category(char) == "Zs":
                if word:
                    flush()
                space.append(char)
            elif _is_punctuation(char) or _is_cjk(char):
                flush()
                tokens.append(char)
            else:
                if space:
                    flush()
                word.append(char)
        flush()

    def tokenize(self, text):
        """The tokens of one string (BERT's special tokens found before case folding)."""
        tokens = []
        start = 0
        if self.preserve_unused_token:
            for match in _UNUSED_TOKENS.finditer(text):
                self._split(self._clean(text[start:match.start()]), tokens)
                tokens.append(match.group())
                start = match.end()
        self._split(self._clean(text[start:]), tokens)
        return tokens

    def implementation(self, text):
        text = _strings(text)
        if text.ndim != 0:
            raise TransformError(f"{type(self).__name__}: the input should be scalar string tensor, "
                                 f"but got rank: {text.ndim}")
        return _token_array(self.tokenize(str(text)))


class WordpieceTokenizer(TensorOperation):
    """`mindspore.dataset.text.WordpieceTokenizer(vocab, suffix_indicator='##',
    max_bytes_per_token=100, unknown_token='[UNK]', with_offsets=False)`: each token split into
    the longest word pieces of `vocab` (greedy, left to right); a token with no split, or longer
    than `max_bytes_per_token` UTF-8 bytes, becomes `unknown_token` (itself when that is "")."""

    def __init__(self, vocab, suffix_indicator='##', max_bytes_per_token=100,
                 unknown_token='[UNK]', with_offsets=False):
        _no_offsets(with_offsets, type(self).__name__)
        self.vocab, self.suffix_indicator = vocab, suffix_indicator
        self.max_bytes_per_token, self.unknown_token = max_bytes_per_token, unknown_token

    def pieces(self, token, table):
        """The word pieces of one token."""
        unknown = [self.unknown_token or token]
        if len(token.encode("utf-8")) > self.max_bytes_per_token:
            return unknown
        pieces, start = [], 0
        while start < len(token):
            end = len(token)
            while end > start:
                piece = token[start:end] if start == 0 else self.suffix_indicator + token[start:end]
                if piece in table:
                    break
                end -= 1
            if end == start:
                return unknown
            pieces.append(piece)
            start = end
        return pieces

    def implementation(self, tokens):
        table = self.vocab.vocab()
        return _token_array([piece for token in _strings(tokens).reshape(-1).tolist()
                             for piece in self.pieces(token, table)])


class BertTokenizer(TensorOperation):
    """`mindspore.dataset.text.BertTokenizer(vocab, suffix_indicator='##', max_bytes_per_token=100,
    unknown_token='[UNK]', lower_case=False, keep_whitespace=False,
    normalization_form=NormalizeForm.NONE, preserve_unused_token=True, with_offsets=False)`:
    BasicTokenizer then WordpieceTokenizer."""

    def __init__(self, vocab, suffix_indicator='##', max_bytes_per_token=100, unknown_token='[UNK]',
                 lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True, with_offsets=False):
        self.basic = BasicTokenizer(lower_case, keep_whitespace, normalization_form,
                                    preserve_unused_token, with_offsets)
        self.wordpiece = WordpieceTokenizer(vocab, suffix_indicator, max_bytes_per_token,
                                            unknown_token, with_offsets)

    def implementation(self, text):
        tokens = self.basic.implementation(text)
        if tokens.tolist() == [""]:
            return tokens
        return self.wordpiece.implementation(tokens)


class UnicodeCharTokenizer(TensorOperation):
    """`mindspore.dataset.text.UnicodeCharTokenizer(with_offsets=False)`: one string as its
    characters."""

    def __init__(self, with_offsets=False):
        _no_offsets(with_offsets, type(self).__name__)

    def implementation(self, text):
        return _token_array(list(str(_strings(text))))


class ToNumber(TensorOperation):
    """`mindspore.dataset.text.ToNumber(data_type)`: strings parsed as numbers of `data_type`."""

    def __init__(self, data_type):
        from msjax._src.dataset.transforms import numpy_dtype  # pylint: disable=import-outside-toplevel
        self.data_type = np.dtype(numpy_dtype(data_type))

    def _parse(self, text):
        try:
            value = int(text) if self.data_type.kind in "iu" else float(text)
        except ValueError:
            raise TransformError(f'ToNumber: it is invalid to convert "{text}" to a number.') from None
        if self.data_type.kind in "iu":
            info = np.iinfo(self.data_type)
            if not info.min <= value <= info.max:
                raise TransformError(f"ToNumber: string input {text} will be out of bounds if cast "
                                     f"to {self.data_type}. The valid range is: "
                                     f"[{info.min}, {info.max}].")
        return value

    def implementation(self, strings):
        strings = _strings(strings)
        return np.asarray([self._parse(s) for s in strings.reshape(-1).tolist()],
                          self.data_type).reshape(strings.shape)


class TruncateSequencePair(TensorOperation):
    """`mindspore.dataset.text.TruncateSequencePair(max_length)`: two 1-D columns cut, longer one
    first, until their total length is at most `max_length`."""

    def __init__(self, max_length):
        from msjax._src.dataset.transform_base import check_positive_int  # pylint: disable=import-outside-toplevel
        check_positive_int(max_length, "max_length")
        self.max_length = max_length

    def implementation(self, first, second):
        len_1, len_2 = len(first), len(second)
        while len_1 + len_2 > self.max_length:
            if len_1 > len_2:
                len_1 -= 1
            else:
                len_2 -= 1
        return first[:len_1], second[:len_2]
