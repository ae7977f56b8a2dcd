"""`mindspore.dataset.text` tokenizers and string operations: BasicTokenizer, WordpieceTokenizer,
BertTokenizer, UnicodeCharTokenizer, ToNumber, TruncateSequencePair.

They follow MindSpore 2.10's outputs (goldens: tests/goldens/dataset/text_probe.txt): BERT's basic
tokenizer (control characters to spaces, CJK characters and punctuation as tokens, BERT's special
tokens kept whole), greedy longest-match-first word pieces. ``with_offsets=True`` adds
MindSpore's offsets_start/offsets_limit columns (UTF-8 byte offsets in the cleaned string,
uint32). msjax's differences, both MindSpore defects: with ``lower_case=True`` and
``preserve_unused_token=True`` msjax keeps the special tokens whole where MindSpore's ICU pipeline
repeats parts of the sentence (e.g. "[CLS] hello [SEP]" gives
"[CLS] [ cls ] hello [SEP] [ cls ] hello [ sep ]"); and WordpieceTokenizer gives one offset pair
per token where MindSpore's keeps the offsets of pieces matched in a word it then gives up on.
"""
from __future__ import annotations

import enum
import re
import unicodedata

import numpy as np

from msjax._src.dataset.transform_base import (TensorOperation, TransformError, check_int_type,
                                             check_positive_int)

_UNUSED_TOKENS = re.compile(r"\[CLS\]|\[SEP\]|\[UNK\]|\[PAD\]|\[MASK\]|\[unused\d+\]")


class NormalizeForm(enum.IntEnum):
    """`mindspore.dataset.text.NormalizeForm`: Unicode normalisation forms."""
    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4


_FORM_NAMES = {NormalizeForm.NFC: "NFC", NormalizeForm.NFKC: "NFKC", NormalizeForm.NFD: "NFD",
               NormalizeForm.NFKD: "NFKD"}


def _byte_length(chars) -> int:
    return len("".join(chars).encode("utf-8"))


def _check_with_offsets(with_offsets):
    if not isinstance(with_offsets, bool):
        raise TypeError(f"Wrong input type for with_offsets, should be boolean.")
    return with_offsets


def _with_offsets(tokens):
    """(token, start, limit) triples as MindSpore's three columns: the tokens, their UTF-8 byte
    offsets_start and offsets_limit (uint32); no tokens gives [""], [0], [0]."""
    if not tokens:
        tokens = [("", 0, 0)]
    words, starts, limits = zip(*tokens)
    return (_token_array(list(words)), np.asarray(starts, np.uint32),
            np.asarray(limits, np.uint32))


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
        self.with_offsets = _check_with_offsets(with_offsets)
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

    def _split(self, text, tokens, base):
        """Append the tokens of the cleaned `text` to `tokens` as (token, start, limit), with UTF-8
        byte offsets counted from `base`."""
        word, space = [], []
        word_start = space_start = position = base

        def flush():
            if word:
                tokens.append(("".join(word), word_start, word_start + _byte_length(word)))
                word.clear()
            if space:
                if self.keep_whitespace:
                    tokens.append(("".join(space), space_start, space_start + _byte_length(space)))
                space.clear()
        for char in text:
            size = len(char.encode("utf-8"))
            if char.isspace() or unicodedata.category(char) == "Zs":
                if word:
                    flush()
                if not space:
                    space_start = position
                space.append(char)
            elif _is_punctuation(char) or _is_cjk(char):
                flush()
                tokens.append((char, position, position + size))
            else:
                if space:
                    flush()
                if not word:
                    word_start = position
                word.append(char)
            position += size
        flush()
        return position

    def tokenize_with_offsets(self, text):
        """The tokens of one string as (token, start, limit): UTF-8 byte offsets in the string as
        cleaned (case folded with `lower_case`, normalised), as MindSpore counts them. BERT's
        special tokens are found before case folding."""
        tokens = []
        start = position = 0
        if self.preserve_unused_token:
            for match in _UNUSED_TOKENS.finditer(text):
                position = self._split(self._clean(text[start:match.start()]), tokens, position)
                special = match.group()
                tokens.append((special, position, position + len(special)))
                position += len(special)
                start = match.end()
        self._split(self._clean(text[start:]), tokens, position)
        return tokens

    def tokenize(self, text):
        """The tokens of one string (BERT's special tokens found before case folding)."""
        return [token for token, _, _ in self.tokenize_with_offsets(text)]

    def implementation(self, text):
        text = _strings(text)
        if text.ndim != 0:
            raise TransformError(f"BasicTokenizer: the input should be a scalar, but got a "
                                 f"tensor with rank: {text.ndim}")
        if self.with_offsets:
            return _with_offsets(self.tokenize_with_offsets(str(text)))
        return _token_array(self.tokenize(str(text)))


class WordpieceTokenizer(TensorOperation):
    """`mindspore.dataset.text.WordpieceTokenizer(vocab, suffix_indicator='##',
    max_bytes_per_token=100, unknown_token='[UNK]', with_offsets=False)`: each token split into
    the longest word pieces of `vocab` (greedy, left to right); a token with no split, or longer
    than `max_bytes_per_token` UTF-8 bytes, becomes `unknown_token` (itself when that is "").
    With `with_offsets`, each piece's UTF-8 byte offsets within its token follow (for a too long
    token, as MindSpore gives them: 0 to the length of what replaces it)."""

    def __init__(self, vocab, suffix_indicator='##', max_bytes_per_token=100,
                 unknown_token='[UNK]', with_offsets=False):
        self.with_offsets = _check_with_offsets(with_offsets)
        self.vocab, self.suffix_indicator = vocab, suffix_indicator
        self.max_bytes_per_token, self.unknown_token = max_bytes_per_token, unknown_token

    def pieces_with_offsets(self, token, table):
        """The word pieces of one token as (piece, start, limit), byte offsets in the token."""
        unknown = [(self.unknown_token or token, 0, len(token.encode("utf-8")))]
        if len(token.encode("utf-8")) > self.max_bytes_per_token:
            # MindSpore's offsets of a too long token end where the unknown token would.
            replaced = self.unknown_token or token
            return [(replaced, 0, len(replaced.encode("utf-8")))]
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
            pieces.append((piece, len(token[:start].encode("utf-8")),
                           len(token[:end].encode("utf-8"))))
            start = end
        return pieces

    def pieces(self, token, table):
        """The word pieces of one token."""
        return [piece for piece, _, _ in self.pieces_with_offsets(token, table)]

    def implementation(self, tokens):
        table = self.vocab.vocab()
        pieces = [piece for token in _strings(tokens).reshape(-1).tolist()
                  for piece in self.pieces_with_offsets(token, table)]
        if self.with_offsets:
            return _with_offsets(pieces)
        return _token_array([piece for piece, _, _ in pieces])


class BertTokenizer(TensorOperation):
    """`mindspore.dataset.text.BertTokenizer(vocab, suffix_indicator='##', max_bytes_per_token=100,
    unknown_token='[UNK]', lower_case=False, keep_whitespace=False,
    normalization_form=NormalizeForm.NONE, preserve_unused_token=True, with_offsets=False)`:
    BasicTokenizer then WordpieceTokenizer; with `with_offsets`, each piece's UTF-8 byte offsets
    in the cleaned string follow."""

    def __init__(self, vocab, suffix_indicator='##', max_bytes_per_token=100, unknown_token='[UNK]',
                 lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True, with_offsets=False):
        self.with_offsets = _check_with_offsets(with_offsets)
        self.basic = BasicTokenizer(lower_case, keep_whitespace, normalization_form,
                                    preserve_unused_token)
        self.wordpiece = WordpieceTokenizer(vocab, suffix_indicator, max_bytes_per_token,
                                            unknown_token)

    def implementation(self, text):
        text = _strings(text)
        if text.ndim != 0:
            raise TransformError(f"BasicTokenizer: the input should be a scalar, but got a "
                                 f"tensor with rank: {text.ndim}")
        table = self.wordpiece.vocab.vocab()
        pieces = [(piece, start + piece_start, start + piece_limit)
                  for token, start, _ in self.basic.tokenize_with_offsets(str(text))
                  for piece, piece_start, piece_limit in
                  self.wordpiece.pieces_with_offsets(token, table)]
        if self.with_offsets:
            return _with_offsets(pieces)
        return _token_array([piece for piece, _, _ in pieces])


class UnicodeCharTokenizer(TensorOperation):
    """`mindspore.dataset.text.UnicodeCharTokenizer(with_offsets=False)`: one string as its
    characters (with `with_offsets`, each one's UTF-8 byte offsets follow)."""

    def __init__(self, with_offsets=False):
        self.with_offsets = _check_with_offsets(with_offsets)

    def implementation(self, text):
        characters, position = [], 0
        for char in str(_strings(text)):
            size = len(char.encode("utf-8"))
            characters.append((char, position, position + size))
            position += size
        if self.with_offsets:
            return _with_offsets(characters)
        return _token_array([char for char, _, _ in characters])


class TruncateSequencePair(TensorOperation):
    """`mindspore.dataset.text.TruncateSequencePair(max_length)`: two 1-D columns cut, longer one
    first, until their total length is at most `max_length`."""

    def __init__(self, max_length):
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


class Truncate(TensorOperation):
    """`mindspore.dataset.text.Truncate(max_seq_len)`: a 1-D sequence (or each row of a 2-D one)
    cut to its first `max_seq_len` items; numbers or strings."""

    def __init__(self, max_seq_len):
        check_int_type(max_seq_len, "max_seq_len")
        if not 1 <= max_seq_len <= 2147483647:
            raise ValueError("Input max_seq_len is not within the required interval of "
                             "[1, 2147483647].")
        self.max_seq_len = max_seq_len

    def implementation(self, data):
        data = np.asarray(data)
        if data.ndim not in (1, 2):
            raise TransformError("Truncate: the input tensor should be of dimension 1 or 2.")
        return data[..., :self.max_seq_len].copy()
