"""`mindspore.ops.PadV3(mode='constant', paddings_contiguous=True)(x, paddings, constant_value)`:
pads (or, with negative paddings in constant mode, crops) the last `len(paddings) // 2` axes.

`paddings` pairs run from the last axis backwards, `(left, right, top, bottom, ...)`, as in
`ops.pad`; with `paddings_contiguous=False` they are all the begins then all the ends. Modes:
'constant' (fills with `constant_value`, a required third input), 'reflect', 'edge' and
'circular' (these take `2 * (x.ndim - 2)` paddings, on an input of 3 to 5 axes; a negative
circular padding crops the axis, and the other side wraps the cropped axis). Results and
errors follow MindSpore 2.10 (tests/goldens/ops/pad_v3.json).

Difference from MindSpore: `paddings` decide the output shape, so they must be concrete (a
tuple, or a Tensor outside jit); a traced Tensor raises a ValueError saying so.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.ops.registry import functional, primitive

_MODES = ("constant", "reflect", "edge", "circular")
_JNP_MODES = {"reflect": "reflect", "edge": "edge", "circular": "wrap"}
_MAX_PADDINGS = 8


def _check_attributes(attributes):
    mode = attributes["mode"]
    if not isinstance(mode, str) or mode not in _MODES:
        raise ValueError(f"For 'PadV3', the 'mode' must be str and must be in '{list(_MODES)}', "
                         f"but got '{mode}'.")
    if not isinstance(attributes["paddings_contiguous"], bool):
        raise TypeError(f"For 'PadV3', the 'paddings_contiguous' must be a bool, but got "
                        f"{type(attributes['paddings_contiguous']).__name__}.")
    return attributes


def _pairs(paddings, mode, contiguous):
    if isinstance(paddings, jax.core.Tracer):
        raise ValueError("msjax: PadV3's 'paddings' decide the output shape, so they must be "
                         "concrete: give a tuple of ints (or a Tensor outside jit/vmap).")
    flat = [int(v) for v in np.asarray(paddings).reshape(-1)]
    if len(flat) > _MAX_PADDINGS:
        raise ValueError(f"For primitive[PadV3], the paddings_length must be less than or equal "
                         f"to {_MAX_PADDINGS}, but got {len(flat)}.")
    if len(flat) % 2:
        raise ValueError(f"For 'PadV3' {mode} mode, paddings length must be divisible by 2")
    half = len(flat) // 2
    if contiguous:
        return [(flat[2 * i], flat[2 * i + 1]) for i in range(half)]
    return [(flat[i], flat[half + i]) for i in range(half)]


def pad_v3(x, paddings, constant_value=None, *, mode="constant", paddings_contiguous=True):
    """MindSpore's PadV3 on jax arrays; pair i of `paddings` pads axis `-(i + 1)`."""
    pairs = _pairs(paddings, mode, paddings_contiguous)
    if mode == "constant":
        if constant_value is None:
            raise ValueError("For primitive[PadV3], the input number must be equal to 3, but got "
                             "2.")
        config = [(0, 0, 0)] * x.ndim
        for axis, (low, high) in zip(range(x.ndim - 1, -1, -1), pairs):
            config[axis] = (low, high, 0)
        return jax.lax.pad(x, jnp.asarray(constant_value, x.dtype), config)
    if x.ndim < 3:
        raise ValueError(f"For primitive[PadV3], the input dims for edge, reflect or circular "
                         f"mode must be greater than or equal to 3, but got {x.ndim}.")
    if len(pairs) + 2 != x.ndim:
        raise ValueError(f"For primitive[PadV3], the input dims when padding's size equal "
                         f"{2 * len(pairs)} must be equal to {len(pairs) + 2}, but got {x.ndim}.")
    widths = [(0, 0)] * x.ndim
    for axis, (low, high) in zip(range(x.ndim - 1, -1, -1), pairs):
        if mode == "circular" and (low < 0 or high < 0):
            # a negative padding crops first; the circular padding wraps what is left
            kept = [slice(None)] * x.ndim
            kept[axis] = slice(max(-low, 0), x.shape[axis] - max(-high, 0))
            x = x[tuple(kept)]
            low, high = max(low, 0), max(high, 0)
        if low < 0 or high < 0:
            raise ValueError(f"msjax: PadV3 in {mode} mode pads only: axis {axis} got paddings "
                             f"({low},{high}); crop with constant mode (negative paddings).")
        if mode == "reflect" and (low >= x.shape[axis] or high >= x.shape[axis]):
            raise ValueError(f"For 'PadV3' reflect mode, Padding size must be less than the "
                             f"corresponding input dimension, but got: padding ({low},{high}) at "
                             f"dimension {axis} of input:[{x.shape[axis]}]")
        widths[axis] = (low, high)
    return jnp.pad(x, widths, mode=_JNP_MODES[mode])


PadV3 = primitive("PadV3", functional(pad_v3), mode="constant",
                  paddings_contiguous=True, display=_check_attributes)
PadV3.__doc__ = __doc__
