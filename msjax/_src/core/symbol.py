"""`mindspore.Symbol`: what is known of one dimension of a dynamic input shape.

A Symbol stands for a dimension in a declared input (`Tensor(shape=[s1, None], dtype=...)`
given to `Cell.set_inputs`): its bounds, that it is `divisor * N + remainder`, and, when
`unique`, that every dimension it stands for has one length. msjax compiles one program per
concrete shape, so a Symbol adds no speed; compiled Cells check their inputs against it, with
MindSpore's messages (nn/set_inputs.py).
"""
from __future__ import annotations


class Symbol:
    """`mindspore.Symbol(max=0, min=1, divisor=1, remainder=0, unique=False, **kwargs)`."""

    def __init__(self, max=0, min=1, divisor=1, remainder=0, unique=False, **kwargs):  # noqa: A002
        for name, value in (("max", max), ("min", min), ("divisor", divisor),
                            ("remainder", remainder)):
            if not isinstance(value, int):
                raise TypeError(f"For 'Symbol', the argument '{name}' must be int, but got "
                                f"{type(value)}")
        if not isinstance(unique, bool):
            raise TypeError(f"For 'Symbol', the argument 'unique' must be bool, but got "
                            f"{type(unique)}")
        if min <= 0:
            raise ValueError(f"For 'Symbol', the 'min' value should be positive, but got {min}")
        if divisor <= 0:
            raise ValueError(f"For 'Symbol', the 'divisor' value should be positive, but got "
                             f"{divisor}")
        if remainder < 0 or remainder >= divisor:
            raise ValueError(f"For 'Symbol', the 'remainder' value should be in the range "
                             f"'[0, {divisor})', but got {remainder}")
        self.max, self.min, self.divisor, self.remainder = max, min, divisor, remainder
        self.unique = unique
        self.id = id(self)

    def __str__(self):
        return str(self.to_dict())

    def to_dict(self) -> dict:
        """The information that restricts the dimension (MindSpore's `to_dict`)."""
        out = {}
        if self.max > self.min:
            out["max"] = self.max
        if self.min > self.divisor + self.remainder:  # d * N + r with N >= 1
            out["min"] = self.min
        if self.divisor != 1:
            out["divisor"] = self.divisor
        if self.remainder != 0:
            out["remainder"] = self.remainder
        if self.unique:
            out["id"] = self.id
        return out
