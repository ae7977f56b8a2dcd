"""Primitives real MindSpore code calls whose computation msjax's op table has under another
form: `LRN` (`ops.lrn`), `RmsNorm` (`ops.rms_norm`), `Padding` (a pad of the last axis),
`Randperm`, `Im2Col` (sliding windows, `ops.unfold`'s values laid out as (N, C, kh·kw, L)),
`MaskedScatter` (`Tensor.masked_scatter`) and `ScalarToArray` (`ops.functional.scalar_to_array`),
each with MindSpore 2.10's constructor and repr (tests/goldens/scripts/used_primitives_probe.py;
Padding: conformance_probe22.py).

`RmsNorm` and `Randperm` have Ascend kernels only in MindSpore 2.10 (its CPU raises a
RuntimeError), and its PyNative `ScalarToArray` raises "prim:ScalarToArray has no attr:
__infer__" (its graph mode: "Operator 'ScalarToArray' is invalid"): msjax runs them everywhere
(docs/migration.md).
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.random import next_key
from msjax._src.core.tensor import Tensor
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.adapters import np_dtype
from msjax._src.ops.layer_ops import lrn, rms_norm
from msjax._src.ops.registry import Primitive, PRIMITIVES, _register, functional, op, primitive

_REQUIRED = inspect.Parameter.empty

LRN = primitive("LRN", lrn, display=shown.only(), depth_radius=5, bias=1.0, alpha=1.0,
                beta=0.5, norm_region="ACROSS_CHANNELS")
RmsNorm = primitive("RmsNorm", rms_norm, epsilon=1e-6)


def _padding(x, *, pad_dim_size=8):
    """`Padding(pad_dim_size)(x)`: `x`, whose last dimension is 1, extended with zeros to
    `pad_dim_size` along it (`ops.pad` of the last axis)."""
    if x.ndim < 2:
        raise ValueError("For primitive[Padding], the x rank must be greater than or equal to 2, "
                         f"but got {x.ndim}.")
    if x.shape[-1] != 1:
        raise ValueError("For 'Padding', the last dimension of 'x' must be 1, but got: "
                         f"{x.shape[-1]}.")
    return jnp.pad(x, [(0, 0)] * (x.ndim - 1) + [(0, pad_dim_size - 1)])


def _check_pad_dim_size(attributes):
    size = attributes["pad_dim_size"]
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        raise ValueError("For 'Padding', the 'pad_dim_size' must be int and must > 0, but got "
                         f"'{size}' with type '{type(size).__name__}'.")


Padding = primitive("Padding", functional(_padding), check=_check_pad_dim_size, pad_dim_size=8)


@op("padding")
def padding(x, pad_dim_size=8):
    """`ops.padding(x, pad_dim_size=8)`: `Padding(pad_dim_size)(x)`."""
    _check_pad_dim_size({"pad_dim_size": pad_dim_size})
    return _padding(x, pad_dim_size=pad_dim_size)


def _randperm(n, *, max_length=1, pad=-1, dtype=mstype.int32):
    count = int(np.asarray(n).reshape(-1)[0])
    if count > max_length:
        raise ValueError(f"For 'Randperm', the input 'n' must be less than or equal to "
                         f"'max_length' ({max_length}), but got {count}.")
    values = jax.random.permutation(next_key(), count)
    padded = jnp.concatenate([values, jnp.full((max_length - count,), pad, values.dtype)])
    return padded.astype(np_dtype(dtype))


Randperm = primitive("Randperm", functional(_randperm), max_length=1, pad=-1,
                     dtype=mstype.int32)


def _pair(name, value):
    values = (value,) if isinstance(value, int) else tuple(value)
    if len(values) not in (1, 2):
        raise ValueError(f"For 'Im2Col', the {name} size should be in : [1, 2], but got "
                         f"{len(values)}.")
    return values * 2 if len(values) == 1 else values


def _check_im2col(arguments):
    """MindSpore's checks of Im2Col's attributes when it is built: each an int or a tuple or list
    of one or two ints, positive ('pads': not negative)."""
    for name in ("ksizes", "strides", "dilations", "pads"):
        value = arguments[name]
        if isinstance(value, bool) or not isinstance(value, (int, tuple, list)):
            raise TypeError(f"For 'Im2Col', the type of '{name}' should be one of '['int', "
                            f"'tuple', 'list']', but got type '{type(value).__name__}'.")
        least = 0 if name == "pads" else 1
        for k, item in enumerate((value,) if isinstance(value, int) else value):
            if isinstance(item, bool) or not isinstance(item, int) or item < least:
                bound = ">= 0" if name == "pads" else "> 0"
                raise ValueError(f"For 'Im2Col', the '{name}[{k}]' must be int and must {bound}, "
                                 f"but got '{item}' with type '{type(item).__name__}'.")
        _pair(name, value)


def _im2col_blocks(shape, kernel, stride, dilation, pad):
    """The (rows, columns) of Im2Col's sliding blocks, with MindSpore's ValueError where one is
    below 1 (its C++ integer arithmetic, truncating towards zero)."""
    blocks = tuple(int((shape[2 + d] + 2 * pad[d] - dilation[d] * (kernel[d] - 1) - 1)
                       / stride[d]) + 1 for d in range(2))
    if min(blocks) < 1:
        raise ValueError(f"For Im2Col, given input with spatial size {tuple(shape)}, ksizes="
                         f"{tuple(kernel)}, dilation=({dilation[0]}, {dilation[1]}, pads=([const "
                         f"vector]{{{pad[0]}, {pad[1]}}}), calculated shape of the array of "
                         f"sliding blocks as {blocks}, but its components must be at least one.")
    return blocks


def _show_im2col(attrs):
    return {**{name: _pair(name, attrs[name])
               for name in ("ksizes", "strides", "dilations", "pads")},
            "padding_mode": "CALCULATED"}


def _im2col(x, *, ksizes, strides=1, dilations=1, pads=0):
    kernel = _pair("ksizes", ksizes)
    stride = _pair("strides", strides)
    dilation = _pair("dilations", dilations)
    pad = _pair("pads", pads)
    padding = ((pad[0], pad[0]), (pad[1], pad[1]))
    if x.ndim != 4:
        raise ValueError(f"For primitive[Im2Col], the dimension of input x must be equal to 4, "
                         f"but got {x.ndim}.")
    _im2col_blocks(x.shape, kernel, stride, dilation, pad)
    n, c = x.shape[:2]
    patches = jax.lax.conv_general_dilated_patches(
        x, kernel, stride, padding, rhs_dilation=dilation,
        dimension_numbers=("NCHW", "OIHW", "NCHW"),
        precision=jax.lax.Precision.HIGHEST)  # (N, C·kh·kw, oh, ow), channel-major
    return patches.reshape(n, c, kernel[0] * kernel[1], -1).astype(x.dtype)


Im2Col = primitive("Im2Col", functional(_im2col), display=_show_im2col, check=_check_im2col,
                   ksizes=_REQUIRED, strides=1, dilations=1, pads=0)


def _masked_scatter(x, mask, updates):
    if mask.dtype != jnp.bool_:
        raise TypeError(f"For 'MaskedScatter', the 'mask' must be a bool Tensor, but got "
                        f"{mstype.from_numpy(mask.dtype)}.")
    flat_mask = jnp.broadcast_to(mask, x.shape).reshape(-1)
    positions = jnp.clip(jnp.cumsum(flat_mask) - 1, 0, max(updates.size - 1, 0))
    taken = updates.reshape(-1)[positions].astype(x.dtype)
    return jnp.where(flat_mask, taken, x.reshape(-1)).reshape(x.shape)


masked_scatter = functional(_masked_scatter)
MaskedScatter = primitive("MaskedScatter", masked_scatter, display=shown.only())


class ScalarToArray(Primitive):
    """`ops.ScalarToArray()(x)`: the Python number `x` as a 0-d Tensor (a bool as Bool, an int
    as Int64, a float as Float32)."""

    def __init__(self):
        super().__init__("ScalarToArray")

    def __call__(self, input_x):
        if isinstance(input_x, bool):
            return Tensor(input_x, mstype.bool_)
        if isinstance(input_x, int):
            return Tensor(input_x, mstype.int64)
        if isinstance(input_x, float):
            return Tensor(input_x, mstype.float32)
        raise TypeError(f"For 'ScalarToArray', the input must be a scalar (bool, int or float), "
                        f"but got {type(input_x).__name__}.")


_register(PRIMITIVES, "ScalarToArray", ScalarToArray)
ScalarToArray.__module__ = "msjax.ops"


def scalar_to_array(input_x):
    """`ops.functional.scalar_to_array(input_x)`: `ScalarToArray()(input_x)` (MindSpore
    deprecates it for `ops.scalar_to_tensor`)."""
    return ScalarToArray()(input_x)
