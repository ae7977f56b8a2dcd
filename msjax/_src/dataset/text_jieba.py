"""`mindspore.dataset.text.JiebaTokenizer`: Chinese word segmentation as MindSpore's kernel does
it with cppjieba, written here in Python (goldens: tests/goldens/dataset/tx20_jieba_probe.out).

- **Dictionary** (``mp_path``): ``word freq tag`` lines; a word's weight is log(freq / sum of all
  freqs). A user word (``add_word``) weighs log(freq / that sum), or the dictionary's median
  weight without a frequency.
- **MP**: the most probable path through the DAG of dictionary words of each stretch of text
  (a character not in the dictionary weighs the dictionary's least weight).
- **HMM** (``hmm_path``: start, transition and emission log-probabilities of the B/E/M/S states):
  Viterbi over the characters; an ASCII run of letters and digits (or of digits and dots) is one
  token, any other ASCII character a token of its own.
- **MIX**: MP, then HMM over each run of single characters MP left (user words of one
  character excepted).

Text is first cut at spaces, tabs, newlines, "，" and "。", each its own token.
"""
from __future__ import annotations

import enum
import math
import os
import re

import numpy as np

from msjax._src.dataset.text_tokenizers import _with_offsets
from msjax._src.dataset.transform_base import TensorOperation, TransformError
from msjax._src.dataset.vision_checks import check_interval, type_check

_MIN_DOUBLE = -3.14e100
_MAX_WORD_LENGTH = 512
_SEPARATORS = frozenset(" \t\n\uff0c\u3002")
_STATES = 4  # B, E, M, S
_USER_DICT_LINE = re.compile(r"([^\s*]+?)\s*([0-9]+)?")


class JiebaMode(enum.IntEnum):
    """`mindspore.dataset.text.JiebaMode`: JiebaTokenizer's segmenters."""
    MIX = 0
    MP = 1
    HMM = 2


def _lines(path):
    with open(path, encoding="utf-8") as file:
        return file.read().split("\n")


class _Dictionary:
    """cppjieba's DictTrie: word -> weight, with the prefixes of its words."""

    def __init__(self, path):
        freqs = {}
        for line in _lines(path):
            if not line:
                continue
            fields = line.split(" ")
            if len(fields) != 3:
                raise TransformError(f"JiebaTokenizer: Split result illegal, line: {line}")
            freqs[fields[0]] = float(fields[1]) if fields[1] else 0.0
        self.freq_sum = sum(freqs.values())
        self.weights = {word: math.log(freq / self.freq_sum) for word, freq in freqs.items()}
        ordered = sorted(self.weights.values())
        self.min_weight = ordered[0]
        self.median_weight = ordered[len(ordered) // 2]
        self.prefixes = {word[:n] for word in self.weights for n in range(1, len(word) + 1)}
        self.user_single_chars = set()

    def add_user_word(self, word, freq):
        self.weights[word] = math.log(freq / self.freq_sum) if freq else self.median_weight
        self.prefixes.update(word[:n] for n in range(1, len(word) + 1))
        if len(word) == 1:
            self.user_single_chars.add(word)

    def cut(self, text):
        """MP: the most probable segmentation of `text` (characters are cppjieba's runes)."""
        size = len(text)
        best = [(0.0, 0)] * (size + 1)  # from position i: (weight, end of the first word)
        for i in range(size - 1, -1, -1):
            choice = None
            for j in range(i, min(size, i + _MAX_WORD_LENGTH)):
                piece = text[i:j + 1]
                if j > i and piece not in self.prefixes:
                    break
                if j > i and piece not in self.weights:
                    continue
                weight = self.weights.get(piece, self.min_weight) + (best[j + 1][0] if j + 1 < size else 0.0)
                if choice is None or weight > choice[0]:
                    choice = (weight, j + 1)
            best[i] = choice
        words, i = [], 0
        while i < size:
            words.append(text[i:best[i][1]])
            i = best[i][1]
        return words


class _HiddenMarkovModel:
    """cppjieba's HMMModel and HMMSegment."""

    def __init__(self, path):
        rows = [line for line in _lines(path) if line and not line.startswith("#")]
        self.start = [float(v) for v in rows[0].split(" ")]
        self.trans = [[float(v) for v in rows[1 + y].split(" ")] for y in range(_STATES)]
        self.emit = []
        for y in range(_STATES):
            table = {}
            for item in rows[5 + y].split(","):
                char, _, prob = item.rpartition(":")
                table[char] = float(prob)
            self.emit.append(table)

    def _viterbi(self, text):
        weight = [[self.start[y] + self.emit[y].get(text[0], _MIN_DOUBLE) for y in range(_STATES)]]
        path = [[-1] * _STATES]
        for char in text[1:]:
            previous, row, back = weight[-1], [], []
            for y in range(_STATES):
                emit = self.emit[y].get(char, _MIN_DOUBLE)
                best, state = _MIN_DOUBLE, 1
                for pre in range(_STATES):
                    value = previous[pre] + self.trans[pre][y] + emit
                    if value > best:
                        best, state = value, pre
                row.append(best)
                back.append(state)
            weight.append(row)
            path.append(back)
        state = 1 if weight[-1][1] >= weight[-1][3] else 3  # E or S
        states = [0] * len(text)
        for x in range(len(text) - 1, -1, -1):
            states[x] = state
            state = path[x][state]
        return states

    def _cut_chinese(self, text, words):
        start = 0
        for i, state in enumerate(self._viterbi(text)):
            if state % 2:  # E or S ends a word
                words.append(text[start:i + 1])
                start = i + 1

    def cut(self, text):
        """HMM: `text` cut by Viterbi, ASCII letters/digits and numbers kept whole."""
        words, left, right = [], 0, 0
        while right < len(text):
            if ord(text[right]) >= 0x80:
                right += 1
                continue
            if left != right:
                self._cut_chinese(text[left:right], words)
            end = _ascii_token_end(text, right)
            words.append(text[right:end])
            left = right = end
        if left != right:
            self._cut_chinese(text[left:right], words)
        return words


def _is_letter(char):
    return "a" <= char <= "z" or "A" <= char <= "Z"


def _ascii_token_end(text, start):
    """Where cppjieba's ASCII token starting at `start` ends: letters then letters or digits, or
    digits then digits or dots, or the one character."""
    end = start + 1
    if _is_letter(text[start]):
        while end < len(text) and (_is_letter(text[end]) or "0" <= text[end] <= "9"):
            end += 1
    elif "0" <= text[start] <= "9":
        while end < len(text) and ("0" <= text[end] <= "9" or text[end] == "."):
            end += 1
    return end


def _stretches(text):
    """`text` cut at cppjieba's separators, each separator a stretch of its own."""
    stretches, start = [], 0
    for i, char in enumerate(text):
        if char in _SEPARATORS:
            if i > start:
                stretches.append(text[start:i])
            stretches.append(char)
            start = i + 1
    if start < len(text):
        stretches.append(text[start:])
    return stretches


def _mix_cut(dictionary, model, text):
    """MIX: MP's words, with each run of single characters (not user words) cut by HMM."""
    words, singles = [], []
    for word in dictionary.cut(text) + [None]:
        if word is not None and len(word) == 1 and word not in dictionary.user_single_chars:
            singles.append(word)
            continue
        if singles:
            words.extend(model.cut("".join(singles)))
            singles = []
        if word is not None:
            words.append(word)
    return words


class JiebaTokenizer(TensorOperation):
    """`mindspore.dataset.text.JiebaTokenizer(hmm_path, mp_path, mode=JiebaMode.MIX,
    with_offsets=False)`: one Chinese string cut into words (with `with_offsets`, their UTF-8
    byte offsets follow). See the module's docstring for the segmenters."""

    def __init__(self, hmm_path, mp_path, mode=JiebaMode.MIX, with_offsets=False):
        for path, name, model in ((hmm_path, "hmm_path", "HMMSegment"), (mp_path, "mp_path", "MPSegment")):
            if path is None:
                raise ValueError(f"The dict of {model} in cppjieba is not provided.")
            if not isinstance(path, str):
                raise TypeError(f"Wrong input type for {name}, should be string.")
        if not isinstance(with_offsets, bool):
            raise TypeError("Wrong input type for with_offsets, should be boolean.")
        if not isinstance(mode, JiebaMode):
            raise TypeError("Wrong input type for mode, should be JiebaMode.")
        for path in (hmm_path, mp_path):
            if not os.path.exists(os.path.realpath(path)):
                raise ValueError(f" jieba mode file {path} is not exist.")
        self.hmm_path, self.mp_path, self.mode, self.with_offsets = hmm_path, mp_path, mode, with_offsets
        self.words = []
        self._segmenters = None

    def add_word(self, word, freq=None):
        """Add `word` to the dictionary (`freq`: its frequency; None: the median weight)."""
        if word is None:
            raise ValueError("word is not provided.")
        if freq is not None:
            type_check(freq, (int,), "")
            check_interval(freq, 0, 4294967295)
        self.words.append((word, freq or 0))
        self._segmenters = None

    def add_dict(self, user_dict):
        """Add words: a {word: freq} dict, or a file of ``word [freq]`` lines (others skipped)."""
        if isinstance(user_dict, str):
            for word, freq in _user_dict_file(user_dict):
                self.add_word(word, freq)
        elif isinstance(user_dict, dict):
            for word, freq in user_dict.items():
                self.add_word(word, freq)
        else:
            raise TypeError("The type of user_dict must str or dict.")

    def _cutter(self):
        if self._segmenters is None:
            dictionary, model = _Dictionary(self.mp_path), _HiddenMarkovModel(self.hmm_path)
            for word, freq in self.words:
                dictionary.add_user_word(word, freq)
            self._segmenters = {JiebaMode.MP: dictionary.cut, JiebaMode.HMM: model.cut,
                                JiebaMode.MIX: lambda text: _mix_cut(dictionary, model, text)}
        return self._segmenters[self.mode]

    def implementation(self, text):
        text = np.asarray(text)
        if text.dtype.kind != "U" or text.ndim != 0:
            raise TransformError("JiebaTokenizerOp: the input shape should be scalar and the input "
                                 "datatype should be string.")
        cut = self._cutter()
        tokens, position = [], 0
        for stretch in _stretches(str(text)):
            for word in cut(stretch):
                size = len(word.encode("utf-8"))
                tokens.append((word, position, position + size))
                position += size
        if self.with_offsets:
            if not tokens:  # MindSpore gives the token "" but no offsets
                empty = np.zeros(0, np.uint32)
                return np.asarray([""], dtype=str), empty, empty.copy()
            return _with_offsets(tokens)
        return np.asarray([word for word, _, _ in tokens] or [""], dtype=str)


def _user_dict_file(path):
    """The (word, freq or None) lines of a user dictionary file; lines of another form skipped."""
    if not os.path.exists(path):
        raise ValueError(f"user dict file {path} is not exist.")
    entries = []
    with open(os.path.realpath(path), encoding="utf-8") as file:
        for line in file:
            match = _USER_DICT_LINE.fullmatch(line.strip().lstrip("\ufeff"))
            if match:
                entries.append((match.group(1), int(match.group(2)) if match.group(2) else None))
    return entries
