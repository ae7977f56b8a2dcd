"""ICU regular expressions, as MindSpore's text operations take them, on Python's ``re``.

MindSpore's RegexReplace, RegexTokenizer and FilterWikipediaXML compile their patterns with ICU.
Python's ``re`` reads the same syntax except for ICU's Unicode properties and code point escapes,
which are rewritten here: ``\\p{Lu}``/``\\P{L}``/``\\pN`` (general categories, from unicodedata),
``\\p{Han}``/``\\p{Script=Latin}`` (scripts, from unicode_scripts.py) and ``\\x{4E00}``, inside or
outside a character class. ICU's replacement strings (``$1``, ``${name}``, ``\\$``) are read by
`icu_replacement`. A pattern neither can read raises `IcuPatternError`.
"""
from __future__ import annotations

import bisect
import functools
import itertools
import re
import sys
import unicodedata

from msjax._src.dataset import unicode_scripts

_CATEGORY_NAMES = {"Letter": "L", "Mark": "M", "Number": "N", "Punctuation": "P", "Symbol": "S",
                   "Separator": "Z", "Other": "C", "Uppercase_Letter": "Lu",
                   "Lowercase_Letter": "Ll", "Decimal_Number": "Nd", "Control": "Cc",
                   "Format": "Cf", "Space_Separator": "Zs"}
_PROPERTY = re.compile(r"\\([pP])(?:\{\^?([^}]*)\}|([A-Za-z]))")


class IcuPatternError(ValueError):
    """An ICU pattern (or replacement) that msjax cannot read."""


@functools.lru_cache(maxsize=1)
def _category_ranges() -> dict[str, list[tuple[int, int]]]:
    """General category (two letters, and the one-letter groups) -> sorted code point ranges."""
    categories = map(unicodedata.category, map(chr, range(sys.maxunicode + 1)))
    ranges: dict[str, list[tuple[int, int]]] = {}
    start = 0
    for category, run in itertools.groupby(categories):
        end = start + sum(1 for _ in run) - 1
        for name in (category, category[0]):
            runs = ranges.setdefault(name, [])
            if runs and runs[-1][1] == start - 1:
                runs[-1] = (runs[-1][0], end)
            else:
                runs.append((start, end))
        start = end + 1
    return ranges


def script_code(char: str) -> str:
    """The ISO 15924 script code of `char` (``Zyyy`` Common, ``Zinh`` Inherited, ``Zzzz``
    Unknown), as ICU's ``uscript_getScript`` gives it."""
    return unicode_scripts.CODES[bisect.bisect_right(unicode_scripts.STARTS, ord(char)) - 1]


@functools.lru_cache(maxsize=None)
def _script_ranges(code: str) -> list[tuple[int, int]]:
    starts, codes = unicode_scripts.STARTS, unicode_scripts.CODES
    return [(start, (starts[i + 1] if i + 1 < len(starts) else sys.maxunicode + 1) - 1)
            for i, start in enumerate(starts) if codes[i] == code]


def _property_ranges(name: str) -> list[tuple[int, int]]:
    name = name.strip()
    for prefix in ("gc=", "General_Category=", "sc=", "Script=", "scx=", "Script_Extensions="):
        if name.startswith(prefix):
            name = name[len(prefix):]
    name = _CATEGORY_NAMES.get(name, name)
    categories = _category_ranges() if len(name) <= 2 else {}
    if name in categories:
        return categories[name]
    code = unicode_scripts.NAMES.get(name) or (name if name in unicode_scripts.CODES else None)
    if code is None:
        raise IcuPatternError(f"unknown Unicode property {name!r}")
    return _script_ranges(code)


def _complement(ranges):
    out, low = [], 0
    for start, end in ranges:
        if start > low:
            out.append((low, start - 1))
        low = end + 1
    if low <= sys.maxunicode:
        out.append((low, sys.maxunicode))
    return out


def _class_body(ranges) -> str:
    def escaped(code):
        return re.escape(chr(code)) if code > 0x20 else f"\\x{code:02x}"
    return "".join(escaped(a) if a == b else f"{escaped(a)}-{escaped(b)}" for a, b in ranges)


def _rewrite(pattern: str) -> str:
    """`pattern` with ICU's properties and ``\\x{...}`` written as Python character classes."""
    out, i, depth = [], 0, 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\" and i + 1 < len(pattern):
            match = _PROPERTY.match(pattern, i)
            if match:
                caret = match.group(2) is not None and pattern[i + 3] == "^"
                negated = (match.group(1) == "P") != caret
                ranges = _property_ranges(match.group(2) or match.group(3))
                if negated:
                    ranges = _complement(ranges)
                body = _class_body(ranges)
                out.append(body if depth else f"[{body}]")
                i = match.end()
                continue
            if pattern[i + 1] == "x" and pattern[i + 2:i + 3] == "{":
                end = pattern.index("}", i)
                out.append(re.escape(chr(int(pattern[i + 3:end], 16))))
                i = end + 1
                continue
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if char == "[":
            depth += 1
            out.append(char)
            i += 1
            if pattern[i:i + 1] == "^":
                out.append("^")
                i += 1
            if pattern[i:i + 1] == "]":  # a ']' first in a class is itself
                out.append("\\]")
                i += 1
            continue
        if char == "]" and depth:
            depth -= 1
        out.append(char)
        i += 1
    return "".join(out)


@functools.lru_cache(maxsize=256)
def icu_pattern(pattern: str) -> re.Pattern:
    """`pattern` (ICU syntax) compiled by Python's ``re``."""
    try:
        return re.compile(_rewrite(pattern))
    except (re.error, ValueError, IndexError) as error:
        raise IcuPatternError(str(error)) from None


@functools.lru_cache(maxsize=256)
def icu_replacement(template: str):
    """ICU's replacement `template` as a function of a match: ``$n`` and ``${name}`` are groups,
    a backslash makes the next character itself."""
    parts, literal, i = [], [], 0
    while i < len(template):
        char = template[i]
        if char == "\\" and i + 1 < len(template):
            literal.append(template[i + 1])
            i += 2
        elif char == "$":
            match = re.compile(r"\$(?:(\d+)|\{(\w+)\})").match(template, i)
            if not match:
                raise IcuPatternError(f"bad group reference in {template!r}")
            parts.append("".join(literal))
            literal = []
            group = match.group(1) or match.group(2)
            parts.append(int(group) if group.isdigit() else group)
            i = match.end()
        else:
            literal.append(char)
            i += 1
    parts.append("".join(literal))

    def expand(match: re.Match) -> str:
        return "".join(part if isinstance(part, str) else (match.group(part) or "")
                       for part in parts)
    return expand
