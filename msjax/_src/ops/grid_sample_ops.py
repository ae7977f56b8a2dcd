"""Grid sampling of `mindspore.ops`: `grid_sample` (4-D and 5-D) and the primitives
`GridSampler2D` and `GridSampler3D` (their gradient Primitives: ops/grad_primitives.py).

`input` (N, C, *spatial) is sampled at the points of `grid` (N, *out, k), k = len(spatial), whose
last axis holds normalised coordinates in [-1, 1] in the order (x, y[, z]) = (W, H[, D]) as
MindSpore (and PyTorch) define them: 'bilinear' (trilinear in 3-D) or 'nearest' (rounded half away
from zero, as MindSpore's kernels round; PyTorch rounds half to even) sampling, and 'zeros',
'border' or 'reflection' padding for points outside. One function of any number of spatial axes
does both ranks; its gradients with respect to `input` and `grid` are JAX's (a point clipped to
the border passes no gradient to its coordinate, as MindSpore's).
"""
from __future__ import annotations

import functools
import itertools
import operator

import jax
import jax.numpy as jnp

from msjax._src.backend.interface import one_program
from msjax._src.core import dtype as mstype
from msjax._src.ops.adapters import round_half_away
from msjax._src.ops.registry import functional, op, primitive

MODES = ("bilinear", "nearest")
PADDINGS = ("zeros", "border", "reflection")
_FLOATS = (jnp.float16, jnp.float32, jnp.float64)


def enum_index(value, names, what, owner):
    """MindSpore's index of a mode's name, or its ValueError naming the operator `owner`."""
    if value not in names:
        raise ValueError(f'Failed to convert the value "{value}" of input \'{what}\' of '
                         f"'{owner}' to enum.")
    return names.index(value)


def _check_inputs(name, input, grid):
    """MindSpore's shape and dtype checks of GridSampler2D and GridSampler3D (their messages
    differ)."""
    if name == "GridSampler2D":
        _check_2d(input, grid)
    else:
        _check_3d(input, grid)


def _check_2d(input, grid):
    if input.ndim != 4:
        raise ValueError(f"Input_x must be a 4-dimensional tensor, but got {input.ndim}-dimensional "
                         "tensor.")
    if grid.ndim != 4:
        raise ValueError(f"Grid must be a 4-dimensional tensor, but got {grid.ndim}-dimensional "
                         "tensor.")
    if grid.shape[0] != input.shape[0]:
        raise ValueError(f"The shape of grid is {tuple(grid.shape)} , but the shape of input_x is "
                         f"{tuple(input.shape)} . The first dimension of grid and input_x must be "
                         "equal.")
    if grid.shape[-1] != 2:
        raise ValueError(f"The forth dimension of grid must be 2, but got {grid.shape[-1]}")
    if input.dtype != grid.dtype or input.dtype not in _FLOATS:
        raise TypeError("Input grid must have the same data type with input x! input[x] data type "
                        f"= Tensor[{mstype.from_numpy(input.dtype)}] but input[grid] data type = "
                        f"Tensor[{mstype.from_numpy(grid.dtype)}]")


def _check_3d(input, grid):
    name = "GridSampler3D"
    if input.ndim != 5:
        raise ValueError(f"For '{name}', 'input_x' must be a 5-D tensor, but got {input.ndim}-D "
                         "tensor.")
    if grid.ndim != 5:
        raise ValueError(f"For '{name}', 'grid' must be a 5-D tensor, but got {grid.ndim}-D "
                         "tensor.")
    if grid.shape[0] != input.shape[0]:
        raise ValueError(f"For '{name}', the first dimension of 'grid' and 'input_x' must be "
                         f"equal, but got the shape of 'grid' is {tuple(grid.shape)} , and the "
                         f"shape of 'input_x' is {tuple(input.shape)}.")
    if grid.shape[-1] != 3:
        raise ValueError(f"For '{name}', the last dimension of grid must be 3, but got "
                         f"{grid.shape[-1]}.")
    if input.dtype != grid.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if input.dtype not in _FLOATS:
        raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type!\nThe "
                        "supported data types are Float16, Float32 and Float64, but got "
                        f"{mstype.from_numpy(input.dtype)}.")


def _unnormalize(coord, size, align_corners):
    if align_corners:
        return (coord + 1) / 2 * (size - 1)
    return ((coord + 1) * size - 1) / 2


def _reflect(coord, twice_low, twice_high):
    """`coord` reflected into [twice_low / 2, twice_high / 2] as often as it takes."""
    if twice_low == twice_high:
        return jnp.zeros_like(coord)
    low, span = twice_low / 2, (twice_high - twice_low) / 2
    distance = jnp.abs(coord - low)
    extra = jnp.fmod(distance, span)
    flips = jnp.floor(distance / span)
    return jnp.where(jnp.fmod(flips, 2) == 0, extra + low, span - extra + low)


def _source_coordinate(coord, size, padding_mode, align_corners):
    coord = _unnormalize(coord, size, align_corners)
    if padding_mode == "reflection":
        coord = (_reflect(coord, 0, 2 * (size - 1)) if align_corners
                 else _reflect(coord, -1, 2 * size - 1))
    if padding_mode in ("border", "reflection"):
        coord = jnp.clip(coord, 0, size - 1)
    return coord


def sample(input, grid, mode, padding_mode, align_corners):
    """`input` (N, C, *spatial) at the points `grid` (N, *out, len(spatial))."""
    spatial = input.shape[2:]
    nd = len(spatial)
    # grid's last axis is (x, y, z): the last spatial axis first
    coords = [_source_coordinate(grid[..., nd - 1 - d], spatial[d], padding_mode, align_corners)
              for d in range(nd)]

    def tap(indices):
        inside = functools.reduce(operator.and_, [(i >= 0) & (i < s) for i, s in zip(indices, spatial)])
        clipped = [jnp.clip(i, 0, s - 1) for i, s in zip(indices, spatial)]
        values = jax.vmap(lambda image, *at: image[(slice(None), *at)])(input, *clipped)
        return values * inside[:, None].astype(input.dtype)  # (N, C, *out)

    if mode == "nearest":
        return tap([round_half_away(c).astype(jnp.int32) for c in coords])
    lows = [jnp.floor(c) for c in coords]
    weights = [(c - low)[:, None].astype(input.dtype) for c, low in zip(coords, lows)]
    lows = [low.astype(jnp.int32) for low in lows]
    out = None
    for corner in itertools.product((0, 1), repeat=nd):
        weight = functools.reduce(operator.mul, [w if up else 1 - w for w, up in zip(weights, corner)])
        term = tap([low + up for low, up in zip(lows, corner)]) * weight
        out = term if out is None else out + term
    return out


@op()
@one_program
def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """`ops.grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None)`:
    `input` (N, C, H, W) or (N, C, D, H, W) sampled at `grid` (N, Ho, Wo, 2) or
    (N, Do, Ho, Wo, 3); MindSpore's GridSampler2D for a 4-D input, GridSampler3D otherwise (its
    checks and messages)."""
    two_d = input.ndim == 4
    owner = "grid_sampler_2d" if two_d else "grid_sampler_3d"
    enum_index(mode, MODES, "interpolation_mode", owner)
    enum_index(padding_mode, PADDINGS, "padding_mode", owner)
    _check_inputs("GridSampler2D" if two_d else "GridSampler3D", input, grid)
    return sample(input, grid, mode, padding_mode, bool(align_corners))


def _sampler(name):
    def sampler(input_x, grid, interpolation_mode="bilinear", padding_mode="zeros",
                align_corners=False):
        _check_inputs(name, input_x, grid)
        return sample(input_x, grid, interpolation_mode, padding_mode, bool(align_corners))

    sampler.__name__ = sampler.__qualname__ = name.lower()

    def check(attrs):
        enum_index(attrs["interpolation_mode"], MODES, "interpolation_mode", name)
        enum_index(attrs["padding_mode"], PADDINGS, "padding_mode", name)

    def display(attrs):  # MindSpore shows the modes as its enums' numbers
        return {**attrs, "interpolation_mode": MODES.index(attrs["interpolation_mode"]),
                "padding_mode": PADDINGS.index(attrs["padding_mode"])}

    return primitive(name, functional(one_program(sampler)), check=check, display=display,
                     interpolation_mode="bilinear", padding_mode="zeros", align_corners=False)


GridSampler2D = _sampler("GridSampler2D")
GridSampler3D = _sampler("GridSampler3D")

