"""Deformable convolution: `ops.deformable_conv2d` and its sampling step, the Primitive
`ops.operations.nn_ops.DeformableOffsets`, as MindSpore 2.10 computes them (NCHW); its gradient
`_grad_ops.DeformableOffsetsGrad` (grad_ops.py) is the pullback of `sample_map`.

`offsets` has `3 * deformable_groups * kh * kw` channels: the column offsets of every
(group, kernel row, kernel column), then the row offsets, then the masks, each block in that
order. Output position (i, j) samples kernel tap (ki, kj) at row `i * stride_h - pad_top + ki *
dilation_h + dy` and column `j * stride_w - pad_left + kj * dilation_w + dx`, bilinearly from the
input with zeros outside it, and multiplies the sample by the mask (as given: no sigmoid).
DeformableOffsets lays the samples out as an `(N, C, H_out * kh, W_out * kw)` map whose
`(kh, kw)` blocks a convolution with stride `(kh, kw)` reduces: that is deformable_conv2d, plus
`bias`. Everything is jax.numpy, so it differentiates (in the input, the offsets and the weight)
and runs under jit and vmap.
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp

from msjax._src.ops.registry import functional, op, primitive
from msjax._src.core import op_precision

_REQUIRED = inspect.Parameter.empty


def four_values(name, values, prim="DeformableOffsets"):
    values = tuple(values)
    if len(values) != 4:
        raise ValueError(f"For '{prim}', the length of '{name}' must be 4, but got "
                         f"{len(values)}.")
    return values


def _output_size(size, before, after, kernel, dilation, stride):
    return (size + before + after - (dilation * (kernel - 1) + 1)) // stride + 1


def _bilinear(flat, rows, cols, height, width):
    """Samples of `flat` (N, G, Cg, H*W) at the real coordinates `rows`, `cols` (N, G, P), with
    zeros outside the input: (N, G, Cg, P). The weights are the fractional parts' (1 - f, f), so a
    coordinate's derivative is the difference of its neighbours also at an integer coordinate
    (MindSpore's DeformableOffsetsGrad)."""
    top, left = jnp.floor(rows), jnp.floor(cols)
    fr, fc = rows - top, cols - left
    samples = 0
    for dr, dc in ((0, 0), (0, 1), (1, 0), (1, 1)):
        r, c = top + dr, left + dc
        weight = (fr if dr else 1 - fr) * (fc if dc else 1 - fc)
        inside = (r >= 0) & (r < height) & (c >= 0) & (c < width)
        index = jnp.where(inside, r * width + c, 0).astype(jnp.int32)
        values = jnp.take_along_axis(flat, index[:, :, None, :], axis=-1)
        samples = samples + values * jnp.where(inside, weight, 0).astype(flat.dtype)[:, :, None]
    return samples


def deformed_samples(x, offsets, strides, pads, ksize, dilations, deformable_groups):
    """The DeformableOffsets map of `x` (see the module doc)."""
    _, _, height, width = x.shape
    kh, kw = ksize
    out_h = _output_size(height, pads[0], pads[1], kh, dilations[2], strides[2])
    out_w = _output_size(width, pads[2], pads[3], kw, dilations[3], strides[3])
    if tuple(offsets.shape[2:]) != (out_h, out_w):
        raise ValueError(
            "For 'DeformableOffsets, the H and W dims of offsets input should be equal to the "
            "computed H and W dims of the output of deformable_conv2d. But got H and W dims of "
            f"offsets input: ({offsets.shape[2]}, {offsets.shape[3]}), computed H and W dims of "
            f"the output of deformable_conv2d: ({out_h}, {out_w}).")
    return sample_map(x, offsets, strides, pads, ksize, dilations, deformable_groups)


def sample_map(x, offsets, strides, pads, ksize, dilations, groups):
    """The DeformableOffsets map of `x` at the output positions of `offsets`' H and W."""
    n, channels, height, width = x.shape
    kh, kw = ksize
    _, _, sh, sw = strides
    _, _, dh, dw = dilations
    top, _, left, _ = pads
    out_h, out_w = offsets.shape[2:]
    taps = offsets.reshape(n, 3, groups, kh, kw, out_h, out_w).astype(x.dtype)
    dx, dy, mask = taps[:, 0], taps[:, 1], taps[:, 2]
    base_rows = (jnp.arange(out_h) * sh - top)[None, :] + (jnp.arange(kh) * dh)[:, None]
    base_cols = (jnp.arange(out_w) * sw - left)[None, :] + (jnp.arange(kw) * dw)[:, None]
    rows = base_rows[:, None, :, None] + dy  # (N, G, kh, kw, Ho, Wo)
    cols = base_cols[None, :, None, :] + dx
    flat = x.reshape(n, groups, channels // groups, height * width)
    points = rows.shape[2:]
    samples = _bilinear(flat, rows.reshape(n, groups, -1), cols.reshape(n, groups, -1),
                        height, width)
    samples = samples * mask.reshape(n, groups, 1, -1)
    samples = samples.reshape(n, channels, *points)  # (N, C, kh, kw, Ho, Wo)
    return samples.transpose(0, 1, 4, 2, 5, 3).reshape(n, channels, out_h * kh, out_w * kw)


def _deformable_offsets(x, offsets, strides, pads, ksize, dilations=(1, 1, 1, 1),
                        data_format="NCHW", deformable_groups=1, modulated=True):
    if not modulated:
        raise ValueError("For 'DeformableOffsets', The modulated must be set to True.")
    if data_format != "NCHW":
        raise ValueError("For 'DeformableOffsets', the 'data_format' must be 'NCHW' on CPU, but "
                         f"got '{data_format}'.")
    return deformed_samples(x, offsets, four_values("strides", strides), four_values("pads", pads),
                            tuple(ksize), four_values("dilations", dilations), deformable_groups)


DeformableOffsets = primitive(
    "DeformableOffsets", functional(_deformable_offsets), strides=_REQUIRED, pads=_REQUIRED,
    ksize=_REQUIRED, dilations=(1, 1, 1, 1), data_format="NCHW", deformable_groups=1,
    modulated=True, display=lambda attrs: {**attrs, "format": attrs["data_format"]})


@op()
def deformable_conv2d(x, weight, offsets, kernel_size, strides, padding, bias=None,
                      dilations=(1, 1, 1, 1), groups=1, deformable_groups=1, modulated=True):
    kh, kw = tuple(kernel_size)
    samples = _deformable_offsets(x, offsets, strides, padding, (kh, kw), dilations, "NCHW",
                                  deformable_groups, modulated)
    out = jax.lax.conv_general_dilated(samples, weight.astype(samples.dtype), (kh, kw), "VALID",
                                       dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                       feature_group_count=groups,
                                       precision=op_precision.conv_precision())
    if bias is not None:
        out = out + bias.astype(out.dtype)[None, :, None, None]
    return out
