"""`nn.Pad` and the padding layers `nn.ConstantPad1d/2d/3d`, `nn.ZeroPad2d`,
`nn.ReflectionPad1d/2d/3d`, `nn.ReplicationPad1d/2d/3d`, with MindSpore 2.10's arguments, stored
attributes and checks.

`padding` of the `*PadNd` layers lists (before, after) pairs starting from the last axis, as in
`ops.pad`; constant padding may be negative (it crops). `nn.Pad` takes one (before, after) pair
per axis from the first, as MindSpore's `ops.Pad` / `ops.MirrorPad`.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import check_string
from msjax._src.backend.interface import one_program
from msjax._src.ops.array_ops import check_mirror_paddings
from msjax._src.ops.primitives import MirrorPad
from msjax._src.ops.primitives import Pad as PadPrimitive
from msjax._src.ops.registry import functional
from msjax._src.core.tensor import Tensor


@functional
@one_program
def pad_last_axes(x, padding, mode, value=0):
    """Pad the last `len(padding) // 2` axes of `x` by the (before, after) pairs of `padding`,
    last axis first. `mode`: 'constant' (negative pads crop), 'reflect', 'edge'."""
    pads = [(0, 0)] * x.ndim
    for i in range(len(padding) // 2):
        pads[x.ndim - 1 - i] = (padding[2 * i], padding[2 * i + 1])
    if mode == "constant":
        return jax.lax.pad(x, jnp.asarray(value, x.dtype), [(lo, hi, 0) for lo, hi in pads])
    return jnp.pad(x, pads, mode=mode)


class Pad(Cell):
    """`nn.Pad(paddings, mode='CONSTANT')`: pad with zeros ('CONSTANT') or by mirroring
    ('REFLECT', 'SYMMETRIC'); `paddings` is a tuple of one (before, after) pair per leading axis,
    at most 4. Holds `self.pad`, an `ops.Pad` or `ops.MirrorPad` Primitive, as MindSpore does."""

    def __init__(self, paddings, mode="CONSTANT"):
        super().__init__()
        self.mode = mode
        self.paddings = paddings
        check_string(self.mode, ["CONSTANT", "REFLECT", "SYMMETRIC"], "mode", self.cls_name)
        if not isinstance(paddings, tuple):
            raise TypeError(f"For '{self.cls_name}', the type of 'paddings' must be tuple, but got "
                            f"{type(paddings).__name__}.")
        for item in paddings:
            if len(item) != 2:
                raise ValueError(f"For '{self.cls_name}', the dimension of 'paddings' must be "
                                 f"(n, 2), but got {paddings}.")
        if len(paddings) > 4:
            raise ValueError(f"For '{self.cls_name}', only 'paddings' up to 4 dims is supported, "
                             f"but got {len(paddings)}.")
        if mode == "CONSTANT":
            self.pad = PadPrimitive(self.paddings)
        else:
            self.paddings = Tensor(np.array(self.paddings), dtype=mstype.int64)
            self.pad = MirrorPad(mode=mode)

    def construct(self, x):
        if self.mode == "CONSTANT":
            return self.pad(x)
        return self.pad(x, self.paddings)


_CONSTANT_PAD_LENGTH = {"ConstantPad1d": 2, "ConstantPad2d": 4, "ZeroPad2d": 4, "ConstantPad3d": 6}


def _check_output_positive(shape, padding, name):
    """MindSpore's check that padding (possibly negative) leaves every axis non-empty."""
    if len(shape) < len(padding) // 2:
        raise ValueError(f"For '{name}', the dimension of input must more than or equal to "
                         f"len(padding)/2, but got {len(shape)}")
    pairs = [(0, 0)] * (len(shape) - len(padding) // 2) + [
        (padding[2 * i], padding[2 * i + 1]) for i in reversed(range(len(padding) // 2))]
    for index, (before, after) in enumerate(pairs):
        dim_name = {0: "1st", 1: "2nd", 2: "3rd"}.get(index, f"{index + 1}th")
        for item in (before, after):
            if item < -shape[index]:
                raise ValueError(f"For '{name}', the shape of input after padding must be positive, "
                                 f"the input shape is {shape}, value of parameter 'padding' applied "
                                 f"to the {dim_name} dimension of input must no less than "
                                 f"-{shape[index]}, but got {item}")
        if shape[index] + before + after <= 0:
            raise ValueError(f"For '{name}', the shape of input after padding must be positive, the "
                             f"input shape is {shape}, but the {dim_name} dimension of input shape "
                             f"{shape[index]} plus padding {before} and {after} resulted in a "
                             "non-positive output shape.")


class _ConstantPadNd(Cell):
    """Pad the last axes with a constant `value`: `padding` an int (every side) or a tuple of
    (before, after) pairs from the last axis."""

    def __init__(self, padding, value, name="ConstantPadNd"):
        super().__init__()
        if isinstance(padding, int):
            padding = (padding,) * _CONSTANT_PAD_LENGTH[name]
        elif isinstance(padding, tuple):
            if len(padding) % 2 != 0:
                raise ValueError(f"For '{name}', the length of parameter 'padding' with tuple type "
                                 f"must be a multiple of 2, but got {len(padding)}")
            if name == "ConstantPad1d" and len(padding) != 2:
                raise ValueError(f"For '{name}', the length of parameter 'padding' with tuple type "
                                 f"must equal to 2.but got {len(padding)}")
            if len(padding) > _CONSTANT_PAD_LENGTH[name]:
                raise ValueError(f"For '{name}', the length of parameter 'padding' with tuple type "
                                 f"must no more than {_CONSTANT_PAD_LENGTH[name]}.but got "
                                 f"{len(padding)}")
        else:
            raise TypeError(f"For '{name}', the type of parameter 'padding' must be in [int, tuple], "
                            f"but got {type(padding)}")
        if not isinstance(value, (int, float)):
            raise TypeError(f"For '{name}', the type of parameter 'value' must be in [int, float], "
                            f"but got {type(value)}")
        self.value = value
        self.padding = padding

    def construct(self, x):
        _check_output_positive(x.shape, self.padding, self.cls_name)
        return pad_last_axes(x, self.padding, "constant", self.value)


class ConstantPad1d(_ConstantPadNd):
    """`nn.ConstantPad1d(padding, value)`: pad the last axis with `value`."""

    def __init__(self, padding, value):
        super().__init__(padding, value, name="ConstantPad1d")


class ConstantPad2d(_ConstantPadNd):
    """`nn.ConstantPad2d(padding, value)`: pad the last two axes with `value`."""

    def __init__(self, padding, value):
        super().__init__(padding, value, name="ConstantPad2d")


class ConstantPad3d(_ConstantPadNd):
    """`nn.ConstantPad3d(padding, value)`: pad the last three axes with `value`."""

    def __init__(self, padding, value):
        super().__init__(padding, value, name="ConstantPad3d")


class ZeroPad2d(_ConstantPadNd):
    """`nn.ZeroPad2d(padding)`: pad the last two axes with zeros."""

    def __init__(self, padding):
        super().__init__(padding, 0, name="ZeroPad2d")


def _check_mirror_padding(padding, name, non_negative):
    if not isinstance(padding, tuple):
        raise TypeError(f"For '{name}' the input 'padding' must be an integer or tuple, but got "
                        f"{type(padding).__name__}")
    if len(padding) % 2 != 0:
        raise ValueError(f"For '{name}' the length of input 'padding' must be divisible by 2, but "
                         f"got padding of length {len(padding)}. ")
    if not all(isinstance(i, int) for i in padding):
        raise TypeError(f"For '{name}' every element in 'padding' must be integer, but got "
                        f"{padding}. ")
    if non_negative and not all(i >= 0 for i in padding):
        raise ValueError(f"For '{name}' every element in 'padding' must be >= 0. but got "
                         f"{padding}. ")


class _ReflectionPadNd(Cell):
    """Reflect the last axes (the edge value is not repeated). MindSpore stores `padding` as a
    list of [before, after] pairs from the first padded axis, as `ops.MirrorPad` takes them."""

    def __init__(self, padding, name="ReflectionPadNd"):
        super().__init__()
        self.name = name
        _check_mirror_padding(padding, name, non_negative=True)
        self.padding = [[padding[2 * i], padding[2 * i + 1]]
                        for i in range(len(padding) // 2)][::-1]

    def construct(self, x):
        if not self.padding:
            return x
        if x.ndim < len(self.padding):
            raise ValueError(f"For padding with length {len(self.padding) * 2}, the dimension of the "
                             f"tensor should be at least {len(self.padding)}, but got {x.ndim}")
        lead = [(0, 0)] * (x.ndim - len(self.padding))
        check_mirror_paddings(x.shape, lead + [tuple(pair) for pair in self.padding], "REFLECT")
        flat = tuple(v for pair in reversed(self.padding) for v in pair)
        return pad_last_axes(x, flat, "reflect")


def _int_to_pairs(padding, n):
    return (padding,) * (2 * n) if isinstance(padding, int) else padding


class ReflectionPad1d(_ReflectionPadNd):
    """`nn.ReflectionPad1d(padding)`: reflect the last axis; `padding` int or (left, right)."""

    def __init__(self, padding):
        super().__init__(_int_to_pairs(padding, 1), "ReflectionPad1d")


class ReflectionPad2d(_ReflectionPadNd):
    """`nn.ReflectionPad2d(padding)`: reflect the last two axes; (left, right, top, bottom)."""

    def __init__(self, padding):
        super().__init__(_int_to_pairs(padding, 2), "ReflectionPad2d")


class ReflectionPad3d(_ReflectionPadNd):
    """`nn.ReflectionPad3d(padding)`: reflect the last three axes."""

    def __init__(self, padding):
        super().__init__(_int_to_pairs(padding, 3), "ReflectionPad3d")


class _ReplicationPadNd(Cell):
    """Repeat the edge values of the last axes."""

    def __init__(self, padding, name="ReplicationPadNd"):
        super().__init__()
        self.name = name
        _check_mirror_padding(padding, name, non_negative=False)
        self.padding = padding

    def construct(self, x):
        return pad_last_axes(x, self.padding, "edge")


class ReplicationPad1d(_ReplicationPadNd):
    """`nn.ReplicationPad1d(padding)`: repeat the edges of the last axis; input (C, W) or
    (N, C, W)."""

    def __init__(self, padding):
        super().__init__(_int_to_pairs(padding, 1), name="ReplicationPad1d")


class ReplicationPad2d(_ReplicationPadNd):
    """`nn.ReplicationPad2d(padding)`: repeat the edges of the last two axes."""

    def __init__(self, padding):
        super().__init__(_int_to_pairs(padding, 2), name="ReplicationPad2d")


class ReplicationPad3d(_ReplicationPadNd):
    """`nn.ReplicationPad3d(padding)`: repeat the edges of the last three axes."""

    def __init__(self, padding):
        super().__init__(_int_to_pairs(padding, 3), name="ReplicationPad3d")
