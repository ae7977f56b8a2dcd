"""`mindspore.dataset.text.ToNumber`: strings parsed as MindSpore's C++ kernel parses them.

MindSpore reads a string with C++'s ``stoll`` (signed integers), ``stoull`` (unsigned), ``stof``
(float16, float32) or ``stod`` (float64): leading white space is skipped and whatever follows the
number is ignored ("12abc" is 12, "1.5" as an integer is 1, "0x10" is 0 as an integer and 16 as
a float); a string with no number is refused. Then (goldens: tests/goldens/dataset/
tx20_to_number_probe.out):

- an integer outside the type's range is refused, as is an unsigned one written with a "-"
  anywhere ("-0", "1e-50");
- a float that overflows or underflows the parsing type, or is infinite, is refused with that
  type's range; a float16 is parsed as a float32 and then refused beyond +-65504 by MindSpore's
  ToFloat16 check. The "no number" message of the float types says "unsigned integer", as
  MindSpore's does.
"""
from __future__ import annotations

import re
import sys

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.dataset.transform_base import TransformError
from msjax._src.dataset.transforms import _OneInput, numpy_dtype

_C_SPACE = " \t\n\v\f\r"
_INTEGER = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(?:inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?|"
                    r"0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][-+]?[0-9]+)?|"
                    r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)", re.IGNORECASE)


def _leading(pattern, text):
    """The number `pattern` matches at the start of `text` after C's white space, or None."""
    match = pattern.match(text.lstrip(_C_SPACE))
    return match.group() if match else None


def _c_float(number: str) -> float:
    """The value of a C float literal (hexadecimal ones included)."""
    body = number.lstrip("+-")
    sign = -1.0 if number.startswith("-") else 1.0
    if body[:2].lower() == "0x":
        if "p" not in body.lower():
            body += "p0"
        return sign * float.fromhex(body)
    return float(number)


def _float_range_text(parse_type) -> str:
    info = np.finfo(parse_type)
    return f"[{float(info.min):f}, {float(info.max):f}]"


class ToNumber(_OneInput):
    """`mindspore.dataset.text.ToNumber(data_type)`: strings parsed as numbers of `data_type`
    (see the module's docstring for how MindSpore parses them)."""

    def __init__(self, data_type):
        if not isinstance(data_type, mstype.Type):
            raise TypeError(f"Argument data_type with value {data_type} is not of type "
                            f"[<class 'mindspore._c_expression.typing.Type'>], but got "
                            f"{type(data_type)}.")
        if not isinstance(data_type, mstype.Number) or data_type == mstype.bool_:
            raise TypeError(f"data_type: {data_type} is not numeric data type.")
        self.data_type = np.dtype(numpy_dtype(data_type))

    def _out_of_bounds(self, text, valid_range):
        return TransformError(f"ToNumber: string input {text} will be out of bounds if cast to "
                              f"{self.data_type}. The valid range is: {valid_range}.")

    def _integer(self, text):
        number = _leading(_INTEGER, text)
        unsigned = self.data_type.kind == "u"
        if number is None:
            raise TransformError(f'ToNumber: It is invalid to convert "{text}" to an unsigned integer.'
                                 if unsigned else
                                 f'ToNumber: it is invalid to convert "{text}" to a number.')
        value, info = int(number), np.iinfo(self.data_type)
        c_limit = (0, 2 ** 64 - 1) if unsigned else (-2 ** 63, 2 ** 63 - 1)
        if unsigned and (-value if value < 0 else value) > c_limit[1]:
            raise self._out_of_bounds(text, f"[{info.min}, {info.max}]")
        if (unsigned and "-" in text) or not info.min <= value <= info.max:
            raise self._out_of_bounds(text, f"[{info.min}, {info.max}]")
        return value

    def _float(self, text):
        number = _leading(_FLOAT, text)
        if number is None:
            raise TransformError(f'ToNumber: it is invalid to convert "{text}" to an unsigned integer.')
        parse_type = np.float64 if self.data_type == np.float64 else np.float32
        info = np.finfo(parse_type)
        value = _c_float(number)
        with np.errstate(over="ignore"):
            parsed = parse_type(value)
        underflow = value != 0 and abs(value) < float(info.tiny)
        if np.isinf(parsed) or underflow:
            raise self._out_of_bounds(text, _float_range_text(parse_type))
        if self.data_type == np.float16 and abs(float(parsed)) > 65504:
            raise TransformError(f"ToFloat16: value {float(parsed):f}in input data is outside of valid "
                                 f"float16 range [65504.000000, -65504.000000].")
        return parsed

    def implementation(self, strings):
        strings = np.asarray(strings)
        if strings.dtype.kind == "S":
            strings = np.char.decode(strings, "utf-8")
        if strings.dtype.kind != "U":
            raise TransformError("ToNumber: input should be string datatype.")
        parse = self._integer if self.data_type.kind in "iu" else self._float
        values = [parse(s) for s in strings.reshape(-1).tolist()]
        return np.asarray(values, self.data_type).reshape(strings.shape)
