"""`mindspore.dataset.text` string operations: AddToken, Ngram, SlidingWindow, PythonTokenizer,
WhitespaceTokenizer, UnicodeScriptTokenizer, RegexTokenizer, RegexReplace, CaseFold,
NormalizeUTF8 and FilterWikipediaXML.

They follow MindSpore 2.10's outputs (goldens: tests/goldens/dataset/tx20_text_ops_probe.out).
Tokenizers take one string and give its tokens (with ``with_offsets``, their UTF-8 byte offsets
as uint32 offsets_start/offsets_limit columns; no token gives ``[""]``). MindSpore's ICU patterns
are read by icu_regex.py; ICU's Unicode properties come from Python's unicodedata and the
generated unicode_scripts.py. msjax's difference: RegexReplace and FilterWikipediaXML on an array
of several strings give each string its own result, where MindSpore's kernel writes all of them,
joined, into the first (docs/migration.md).
"""
from __future__ import annotations

import unicodedata

import numpy as np

from msjax._src.dataset.rows import syntax_error
from msjax._src.dataset.icu_regex import IcuPatternError, icu_pattern, icu_replacement, script_code
from msjax._src.dataset.text_tokenizers import NormalizeForm, _FORM_NAMES, _with_offsets
from msjax._src.dataset.transform_base import TensorOperation, TransformError
from msjax._src.dataset.vision_checks import INT32_MAX, check_interval, type_check

# ICU's White_Space property (u_isUWhiteSpace).
_WHITE_SPACE = frozenset("\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                         "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
# Default_Ignorable_Code_Point ranges, which ICU's NFKC_Casefold removes.
_IGNORABLE = ((0xAD, 0xAD), (0x34F, 0x34F), (0x61C, 0x61C), (0x115F, 0x1160), (0x17B4, 0x17B5),
              (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F),
              (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0),
              (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))


def _check_bool(value, name):
    """The tokenizers' own check of a bool flag (MindSpore's words differ from `type_check`'s)."""
    if not isinstance(value, bool):
        raise TypeError(f"Wrong input type for {name}, should be boolean.")
    return value


def _check_str(value, name):
    if not isinstance(value, str):
        raise TypeError(f"Wrong input type for {name}, should be string.")
    return value


def _text_array(value):
    """`value` as a str array, or None when it holds no strings."""
    array = np.asarray(value)
    if array.dtype.kind == "S":
        return np.char.decode(array, "utf-8")
    return array if array.dtype.kind == "U" else None


def _per_string(value, function, error):
    """`function` applied to each string of `value` (a str array of any shape)."""
    strings = _text_array(value)
    if strings is None:
        raise TransformError(error)
    out = [function(s) for s in strings.reshape(-1).tolist()]
    return np.asarray(out, dtype=str).reshape(strings.shape)


def _one_string(value, operation):
    """The one string a tokenizer takes (MindSpore refuses arrays and numbers alike)."""
    strings = _text_array(value)
    if strings is None or strings.ndim != 0:
        raise TransformError(f"{operation}: the input shape should be scalar and the input datatype "
                             f"should be string.")
    return str(strings)


def _tokens_with_offsets(text, spans):
    """(token, UTF-8 start, UTF-8 limit) of each (start, end) character span of `text`."""
    tokens, position, last = [], 0, 0
    for start, end in spans:
        position += len(text[last:start].encode("utf-8"))
        size = len(text[start:end].encode("utf-8"))
        tokens.append((text[start:end], position, position + size))
        position += size
        last = end
    return tokens


class _Tokenizer(TensorOperation):
    """A tokenizer of one string: subclasses give the character spans of its tokens."""

    op_name = ""

    def spans(self, text):
        raise NotImplementedError

    def implementation(self, text):
        text = _one_string(text, self.op_name)
        tokens = _tokens_with_offsets(text, self.spans(text))
        if self.with_offsets:
            return _with_offsets(tokens)
        return np.asarray([token for token, _, _ in tokens] or [""], dtype=str)


def _runs(text, key):
    """(start, end, key) of each run of characters of `text` with the same `key`."""
    runs, start = [], 0
    for i in range(1, len(text) + 1):
        if i == len(text) or key(text[i]) != key(text[start]):
            runs.append((start, i, key(text[start])))
            start = i
    return runs


class WhitespaceTokenizer(_Tokenizer):
    """`mindspore.dataset.text.WhitespaceTokenizer(with_offsets=False)`: one string split at
    Unicode white space (ICU's White_Space: tabs, newlines, no-break and ideographic spaces)."""

    op_name = "WhitespaceTokenizerOp"

    def __init__(self, with_offsets=False):
        self.with_offsets = _check_bool(with_offsets, "with_offsets")

    def spans(self, text):
        return [(start, end) for start, end, space in _runs(text, _WHITE_SPACE.__contains__)
                if not space]


class UnicodeScriptTokenizer(_Tokenizer):
    """`mindspore.dataset.text.UnicodeScriptTokenizer(keep_whitespace=False, with_offsets=False)`:
    one string split where the Unicode script changes (ICU's ``uscript_getScript``: Common
    punctuation and digits, Inherited combining marks are scripts of their own) and at white
    space, whose runs are tokens with `keep_whitespace`."""

    op_name = "UnicodeScriptTokenizerOp"

    def __init__(self, keep_whitespace=False, with_offsets=False):
        self.keep_whitespace = _check_bool(keep_whitespace, "keep_whitespace")
        self.with_offsets = _check_bool(with_offsets, "with_offsets")

    def spans(self, text):
        runs = _runs(text, lambda char: (char in _WHITE_SPACE, script_code(char)))
        return [(start, end) for start, end, (space, _) in runs if self.keep_whitespace or not space]


class RegexTokenizer(_Tokenizer):
    """`mindspore.dataset.text.RegexTokenizer(delim_pattern, keep_delim_pattern='',
    with_offsets=False)`: one string split at the matches of `delim_pattern` (ICU syntax); a
    delimiter that `keep_delim_pattern` matches whole is a token too."""

    op_name = "RegexTokenizerOp"

    def __init__(self, delim_pattern, keep_delim_pattern='', with_offsets=False):
        self.delim_pattern = _check_str(delim_pattern, "delim_pattern")
        self.keep_delim_pattern = _check_str(keep_delim_pattern, "keep_delim_pattern")
        self.with_offsets = _check_bool(with_offsets, "with_offsets")

    def spans(self, text):
        try:
            delimiter = icu_pattern(self.delim_pattern)
            keep = icu_pattern(self.keep_delim_pattern) if self.keep_delim_pattern else None
        except IcuPatternError:
            raise TransformError("RegexTokenizer: create ICU RegexMatcher failed, you may input one "
                                 "error pattern") from None
        spans, start = [], 0
        for match in delimiter.finditer(text):
            if match.start() > start:
                spans.append((start, match.start()))
            if keep is not None and match.end() > match.start() and keep.fullmatch(match.group()):
                spans.append(match.span())
            start = max(start, match.end())
        if start < len(text):
            spans.append((start, len(text)))
        return spans


class RegexReplace(TensorOperation):
    """`mindspore.dataset.text.RegexReplace(pattern, replace, replace_all=True)`: the matches of
    `pattern` (ICU syntax) replaced by `replace` (``$1`` names a group); only the first with
    ``replace_all=False``."""

    def __init__(self, pattern, replace, replace_all=True):
        type_check(pattern, (str,), "pattern")
        type_check(replace, (str,), "replace")
        type_check(replace_all, (bool,), "replace_all")
        self.pattern, self.replace, self.replace_all = pattern, replace, replace_all

    def implementation(self, strings):
        try:
            pattern, replace = icu_pattern(self.pattern), icu_replacement(self.replace)
        except IcuPatternError:
            raise TransformError("RegexReplace: create icu RegexMatcher failed, you may input one "
                                 "error pattern.") from None
        count = 0 if self.replace_all else 1
        return _per_string(strings, lambda s: pattern.sub(replace, s, count=count),
                           "RegexReplace: input is not string datatype.")


def nfkc_casefold(text: str) -> str:
    """ICU's NFKC_Casefold: compatibility-normalised, case folded, default ignorables dropped."""
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    return "".join(c for c in text
                   if not any(low <= ord(c) <= high for low, high in _IGNORABLE))


class CaseFold(TensorOperation):
    """`mindspore.dataset.text.CaseFold()`: each string case folded as ICU's NFKC_Casefold does
    ("ß" -> "ss", "ﬁ" -> "fi", full-width to ASCII)."""

    def implementation(self, strings):
        return _per_string(strings, nfkc_casefold, "CaseFold: input is not string datatype.")


class NormalizeUTF8(TensorOperation):
    """`mindspore.dataset.text.NormalizeUTF8(normalize_form=NormalizeForm.NFKC)`: each string
    in a Unicode normalisation form (NormalizeForm.NONE leaves it)."""

    def __init__(self, normalize_form=NormalizeForm.NFKC):
        if not isinstance(normalize_form, NormalizeForm):
            raise TypeError("Wrong input type for normalization_form, should be enum of "
                            "'NormalizeForm'.")
        self.normalize_form = normalize_form

    def implementation(self, strings):
        form = _FORM_NAMES.get(self.normalize_form)
        return _per_string(strings, lambda s: unicodedata.normalize(form, s) if form else s,
                           "NormalizeUTF8: input is not string datatype.")


# FilterWikipediaXML's rewrites, applied in the order MindSpore's kernel applies them: the sorted
# order of its pattern table (a std::map). Its uppercase table deletes "R" where it lowercases
# the other letters ("#ReDIRECT" -> "ediect"), and its "\n" replacement is ICU's escaped "n" (a
# blank line between two lines leaves an "n"). msjax does the same.
_WIKI_RULES = sorted([
    ("<.*>", ""), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("<ef[^<]*<\\/ef>", ""),
    ("<[^>]*>", ""), ("\\[http:[^] ]*", "["), ("\\|thumb", ""), ("\\|left", ""), ("\\|right", ""),
    ("\\|\\d+px", ""), ("\\[\\[image:[^\\[\\]]*\\|", ""),
    ("\\[\\[category:([^|\\]]*)[^]]*\\]\\]", "[[$1]]"), ("\\[\\[[a-z\\-]*:[^\\]]*\\]\\]", ""),
    ("\\[\\[[^\\|\\]]*\\|", "[["), ("\\{\\{[^\\}]*\\}\\}", ""), ("\\{[^\\}]*\\}", ""),
    ("\\[", ""), ("\\]", ""), ("&[^;]*;", " "),
    *[(str(digit), f" {word} ") for digit, word in enumerate(
        ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))],
    *[(upper, "" if upper == "R" else upper.lower()) for upper in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"],
    ("[^a-z\n]+", " "), ("\n\\s*\n", "\\n"), ("\\s+", " "),
])


def filter_wikipedia_text(text: str) -> str:
    """One string of a Wikipedia XML dump as MindSpore's FilterWikipediaXML cleans it: a
    ``#REDIRECT`` page is dropped, markup removed, digits spelled, everything but a-z blanked."""
    if "#redirect" in text or "#REDIRECT" in text:
        return ""
    for pattern, replace in _WIKI_RULES:
        text = icu_pattern(pattern).sub(icu_replacement(replace), text)
    return text.strip(" ")


class FilterWikipediaXML(TensorOperation):
    """`mindspore.dataset.text.FilterWikipediaXML()`: Wikipedia XML dump text reduced to
    lowercase letters and single spaces (see `filter_wikipedia_text`)."""

    def implementation(self, strings):
        return _per_string(strings, filter_wikipedia_text, "RegexReplace: input is not of type string.")


class AddToken(TensorOperation):
    """`mindspore.dataset.text.AddToken(token, begin=True)`: `token` added before (or after)
    the tokens of a 1-D array, or of each row of a 2-D one."""

    def __init__(self, token, begin=True):
        type_check(token, (str,), "token")
        type_check(begin, (bool,), "begin")
        self.token, self.begin = token, begin

    def implementation(self, tokens):
        if not self.token:  # MindSpore's check of the operation's IR, a syntax error
            raise syntax_error("AddToken: Parameter token is not provided.", "AddToken")
        tokens = np.asarray(tokens)
        if tokens.ndim not in (1, 2):
            raise TransformError("AddToken: input tensor rank should be 1 or 2.")
        strings = _text_array(tokens)
        if strings is None:
            raise TransformError("AddToken: input tensor type should be string.")
        added = np.full(strings.shape[:-1] + (1,), self.token)
        parts = (added, strings) if self.begin else (strings, added)
        return np.concatenate([part.astype(str) for part in parts], axis=-1)


def _check_pad(pad, name):
    if not (isinstance(pad, tuple) and len(pad) == 2 and isinstance(pad[0], str)
            and isinstance(pad[1], int)):
        raise ValueError(f"{name} needs to be a tuple of (str, int) str is pad token and int is "
                         f"pad_width.")


class Ngram(TensorOperation):
    """`mindspore.dataset.text.Ngram(n, left_pad=("", 0), right_pad=("", 0), separator=" ")`:
    the n-grams of a 1-D string array for each n (joined by `separator`; the padding taken up to
    n - 1 times); an n longer than the padded tokens gives one empty string."""

    def __init__(self, n, left_pad=("", 0), right_pad=("", 0), separator=" "):
        n = [n] if isinstance(n, int) else n
        if not (isinstance(n, list) and n != []):
            raise ValueError("n needs to be a non-empty list of positive integers.")
        for i, gram in enumerate(n):
            type_check(gram, (int,), f"gram[{i}]")
            if gram <= 0:
                raise ValueError(f"Input gram_{i} must be greater than 0.")
        _check_pad(left_pad, "left_pad")
        _check_pad(right_pad, "right_pad")
        if not (left_pad[1] >= 0 and right_pad[1] >= 0):
            raise ValueError("padding width need to be positive numbers.")
        type_check(separator, (str,), "separator")
        self.n, self.left_pad, self.right_pad, self.separator = n, left_pad, right_pad, separator

    def implementation(self, tokens):
        strings = _text_array(tokens)
        if strings is None or strings.ndim != 1:
            raise TransformError("Ngram: input is not a 1D data with string datatype.")
        words, grams = strings.tolist(), []
        for n in self.n:
            padded = ([self.left_pad[0]] * min(self.left_pad[1], n - 1) + words
                      + [self.right_pad[0]] * min(self.right_pad[1], n - 1))
            if len(padded) < n:
                grams.append("")
                continue
            grams.extend(self.separator.join(padded[i:i + n]) for i in range(len(padded) - n + 1))
        return np.asarray(grams, dtype=str)


class SlidingWindow(TensorOperation):
    """`mindspore.dataset.text.SlidingWindow(width, axis=0)`: the windows of `width` items of a
    1-D array, one per row (no rows when the array is shorter)."""

    def __init__(self, width, axis=0):
        type_check(width, (int,), "width")
        check_interval(width, 1, INT32_MAX, "width")
        type_check(axis, (int,), "axis")
        self.width, self.axis = width, axis

    def implementation(self, data):
        data = np.asarray(data)
        if data.ndim != 1:
            raise TransformError(f"SlidingWindow: SlidingWindow supports 1D input only for now, but "
                                 f"got {data.ndim}D.")
        if self.axis not in (0, -1):
            raise TransformError(f"SlidingWindow: The parameter axis supports 0 or -1 only for now, "
                                 f"but got {self.axis}.")
        count = len(data) - self.width + 1
        if count <= 0:
            return data[:0].copy()
        return np.stack([data[i:i + self.width] for i in range(count)])


class PythonTokenizer:
    """`mindspore.dataset.text.PythonTokenizer(tokenizer)`: a Python function from one str to
    its list of tokens, applied to each string of a NumPy array (bytes are decoded first)."""

    def __init__(self, tokenizer):
        if not callable(tokenizer):
            raise TypeError("tokenizer is not a callable Python function.")
        self.pyfunc = tokenizer
        self.random = False

    def _tokens(self, text):
        return np.asarray(self.pyfunc(text), dtype=str)

    def __call__(self, in_array):
        if not isinstance(in_array, np.ndarray):
            raise TypeError(f"input should be a NumPy array. Got {type(in_array)}.")
        if in_array.dtype.type is np.bytes_:
            in_array = np.char.decode(in_array, "utf-8")
        try:
            rows = [self._tokens(text) for text in in_array.reshape(-1).tolist()]
            return np.stack(rows).reshape(in_array.shape + (-1,))
        except Exception as error:  # pylint: disable=broad-except
            raise RuntimeError(f"Error occurred in Pyfunc [{self.pyfunc.__name__}], error message: "
                               f"{error}") from error
