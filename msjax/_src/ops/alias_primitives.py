"""MindSpore 2.10's Primitive classes and functions whose computation msjax has under another name:
AddV2 (Add without broadcasting), ConjugateTranspose, ParallelConcat, the window Primitives (BartlettWindow, BlackmanWindow,
HammingWindow: a length Tensor in, where `ops.bartlett_window` takes an int), ApproximateEqual,
Bincount, LuUnpack, MaxUnpool2D and MaxUnpool3D, and the functions over the detection Primitives
(`ops.bounding_box_decode`, `bounding_box_encode`, `check_valid`, `iou`), `ops.crop_and_resize`,
`ops.reverse_sequence`, `ops.eps` and auto_generate's TraceV2 (`jnp.trace`). Each takes MindSpore's inputs and attributes, raises its
input errors and shows its repr (tests/goldens/ops/missing_primitives_probe.out).
"""
from __future__ import annotations

import inspect

import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import x64
from msjax._src.core.tensor import Tensor
from msjax._src.core.type_text import type_of
from msjax._src.ops import legacy_ops, linalg_ops, math_ops, pooling_ops, primitives, roi_ops
from msjax._src.ops import spectral_ops
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.adapters import np_dtype
from msjax._src.ops.registry import functional, primitive, tensor_op, unwrap

_REQUIRED = inspect.Parameter.empty
_INTEGERS = ("Int16", "Int32", "Int64", "Int8", "UInt16", "UInt32", "UInt64", "UInt8")


def _length(name, argument, value, allowed, rank, rank_error):
    """The int a window Primitive's length Tensor holds, after MindSpore's checks."""
    dtype = str(value.dtype) if isinstance(value, Tensor) else type(value).__name__
    if dtype not in allowed:
        kinds = ", ".join(f"Tensor[{k}]" for k in allowed)
        shown_type = f"Tensor[{dtype}]" if isinstance(value, Tensor) else dtype
        raise TypeError(f"For primitive[{name}], the input argument[{argument}] must be a type of "
                        f"{{{kinds}}}, but got {shown_type}.")
    if value.ndim != rank:
        raise ValueError(rank_error.format(ndim=value.ndim))
    return int(np.asarray(unwrap(value)).reshape(-1)[0])


def _window_primitive(name, window):
    def call(window_length, periodic, dtype):
        length = _length(name, "window_length", window_length, ("Int32", "Int64"), 0,
                         f"For '{name}', the dim of window_length must be 0, but got: {{ndim}}.")
        return window(length, periodic, dtype=dtype)
    return primitive(name, call, periodic=True, dtype=mstype.float32,
                     display=shown.with_attrs(max_length=1000000))


BartlettWindow = _window_primitive("BartlettWindow", spectral_ops.bartlett_window)
BlackmanWindow = _window_primitive("BlackmanWindow", spectral_ops.blackman_window)
# HammingWindow's repr shows its dtype as an index of its own: Float32 0, Float16 1, Float64 11
_HAMMING_DTYPE = {"Float32": 0, "Float16": 1, "Float64": 11}


def _hamming(length, periodic, alpha, beta, dtype):
    n = _length("HammingWindow", "length", length, _INTEGERS, 1,
                "For primitive[HammingWindow], the length dim must be equal to 1, but got {ndim}.")
    return spectral_ops.hamming_window(n, periodic, alpha, beta, dtype=dtype)


HammingWindow = primitive(
    "HammingWindow", _hamming, periodic=True, alpha=0.54, beta=0.46, dtype=mstype.float32,
    display=lambda attrs: {**attrs, "dtype": _HAMMING_DTYPE[str(attrs["dtype"])]})

def _add_v2(x, y):
    """`math_ops.AddV2()(x, y)`: `ops.add` of two inputs of one shape (MindSpore's AddV2 does not
    broadcast; a Python number is of shape [])."""
    shapes = [tuple(np.shape(unwrap(v))) for v in (x, y)]
    if shapes[0] != shapes[1]:
        text = ["[" + "".join(f"{d}," for d in shape) + "]" for shape in shapes]
        raise ValueError(f"For primitive[AddV2], the input_shape: {text[0]} must be equal to "
                         f"{text[1]}")
    return math_ops.add(x, y)


AddV2 = primitive("AddV2", _add_v2)


def _conjugate_transpose(x, perm):
    """`ops.ConjugateTranspose()(x, perm)`: the transpose of `x` by `perm`, conjugated (a real
    `x` only transposed)."""
    axes = tuple(int(a) for a in perm)
    rank = np.ndim(unwrap(x))
    if len(axes) != rank:
        raise ValueError(f"For 'ConjugateTranspose', the dimension of x {rank} and perm "
                         f"{len(axes)} must be equal, but got the dimension of x {rank} and perm "
                         f"{len(axes)} .")
    if len({a % rank for a in axes}) != rank:
        raise ValueError("For 'ConjugateTranspose', the value of perm must be different.")
    transposed = jnp.transpose(unwrap(x), axes)
    return Tensor(jnp.conj(transposed) if jnp.iscomplexobj(transposed) else transposed)


ConjugateTranspose = primitive("ConjugateTranspose", _conjugate_transpose)


def _parallel_concat(values):
    """`ops.ParallelConcat()(values)`: the Tensors `values`, each of first axis 1 and of one
    dtype, concatenated along axis 0."""
    arrays = [unwrap(v) for v in values]
    for i, array in enumerate(arrays):
        if array.ndim == 0 or array.shape[0] != 1:
            raise ValueError(f"For primitive[ParallelConcat], the x{i + 1}.shape[0] must be equal "
                             f"to 1, but got {array.shape[0] if array.ndim else 0}.")
    if len({a.dtype for a in arrays}) > 1:
        raise TypeError("For primitive[ParallelConcat], the input type must be same.")
    return Tensor(jnp.concatenate(arrays, axis=0))


ParallelConcat = primitive("ParallelConcat", _parallel_concat)
def _trace_v2(input, offset=0, axis1=1, axis2=0, dtype=None):
    """`ops.auto_generate.TraceV2()(input, offset, axis1, axis2, dtype)`: the sums of the
    `offset` diagonal of the axes (axis1, axis2); integers sum to Int64, Bool to whether any is
    True, unless `dtype` is given."""
    if input.ndim < 2:
        raise RuntimeError("For Primitive[Tracev2], the dim of input 'x' should greater or equal "
                           f"to 2, but got 'x' at {input.ndim}-dimention")
    if input.dtype == jnp.bool_:
        total = jnp.trace(input.astype(jnp.int32), offset, axis1, axis2).astype(jnp.bool_)
    elif jnp.issubdtype(input.dtype, jnp.integer):
        total = jnp.trace(input, offset, axis1, axis2, dtype=jnp.int64)
    else:
        total = jnp.trace(input, offset, axis1, axis2)
    return total if dtype is None else total.astype(np_dtype(dtype))


TraceV2 = primitive("TraceV2", functional(_trace_v2))
ApproximateEqual = primitive("ApproximateEqual",
                             lambda x, y, tolerance: math_ops.approximate_equal(x, y, tolerance),
                             tolerance=1e-05)


def _bincount(array, size, weights):
    """Counts of the values in [0, size) (others left out), or their summed weights when
    `weights` is not empty; in the weights' dtype."""
    weights = weights if weights.size else jnp.ones(array.shape, weights.dtype)
    return jnp.bincount(array.reshape(-1), weights.reshape(-1),
                        length=int(np.asarray(size))).astype(weights.dtype)


Bincount = primitive("Bincount", functional(_bincount))
LuUnpack = primitive("LuUnpack", lambda lu_data, lu_pivots, unpack_data, unpack_pivots:
                     linalg_ops.lu_unpack(lu_data, lu_pivots, unpack_data, unpack_pivots),
                     unpack_data=True, unpack_pivots=True)


def _unpool_primitive(name, dims, unpool, data_format):
    def window(value):
        return (value,) * dims if isinstance(value, int) else tuple(value)[-dims:]

    def call(x, argmax, ksize, strides, pads, output_shape, data_format):
        stride = ksize if strides == 0 else strides
        return unpool(x, argmax, window(ksize), window(stride), window(pads),
                      tuple(output_shape)[-dims:] or None)

    def display(attrs):
        stride = attrs["ksize"] if attrs["strides"] == 0 else attrs["strides"]
        return {**attrs, "ksize": (1, 1) + window(attrs["ksize"]),
                "strides": (1, 1) + window(stride), "pads": (1, 1) + window(attrs["pads"]),
                "output_shape": tuple(attrs["output_shape"])}

    return primitive(name, call, ksize=_REQUIRED, strides=0, pads=0, output_shape=(),
                     data_format=data_format, display=display)


MaxUnpool2D = _unpool_primitive("MaxUnpool2D", 2, pooling_ops.ops_max_unpool2d, "NCHW")
MaxUnpool3D = _unpool_primitive("MaxUnpool3D", 3, pooling_ops.max_unpool3d, "NCDHW")


@tensor_op()
def bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0),
                        stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
    """`ops.bounding_box_decode`: BoundingBoxDecode's boxes from anchors and deltas."""
    return legacy_ops.BoundingBoxDecode(max_shape, means, stds, wh_ratio_clip)(anchor_box, deltas)


@tensor_op()
def bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0),
                        stds=(1.0, 1.0, 1.0, 1.0)):
    """`ops.bounding_box_encode`: BoundingBoxEncode's deltas from anchors to ground truth."""
    return legacy_ops.BoundingBoxEncode(means, stds)(anchor_box, groundtruth_box)


@tensor_op()
def check_valid(bboxes, img_metas):
    """`ops.check_valid`: CheckValid's mask of the boxes inside the image."""
    return legacy_ops.CheckValid()(bboxes, img_metas)


@tensor_op()
def iou(anchor_boxes, gt_boxes, mode="iou"):
    """`ops.iou`: IOU's overlap ('iou') or overlap over foreground ('iof')."""
    return legacy_ops.IOU(mode)(anchor_boxes, gt_boxes)


_crop_and_resize = functional(roi_ops.crop_and_resize)


@tensor_op()
def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear",
                    extrapolation_value=0.0):
    """`ops.crop_and_resize`: CropAndResize of `image` (NHWC) to `crop_size`."""
    return _crop_and_resize(image, boxes, box_indices, crop_size, method, extrapolation_value)


@tensor_op()
def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    """`ops.reverse_sequence`: ReverseSequence of the first `seq_lengths` entries along
    `seq_dim`, per slice along `batch_dim` (two different dimensions)."""
    if seq_dim == batch_dim:
        raise ValueError(f"For 'ReverseSequence', the 'batch_dim' should be != seq_dim: "
                         f"{seq_dim}, but got {batch_dim}.")
    return primitives.ReverseSequence(seq_dim, batch_dim)(x, seq_lengths)


def _eps(x):
    return jnp.full(x.shape, jnp.finfo(x.dtype).eps, x.dtype)


_EPS_FILLED = functional(_eps)


def _checked_eps(x):
    """`ops.Eps()(x)`: MindSpore's input checks (a Tensor of float16/32/64), then the fill."""
    if not isinstance(x, Tensor):
        raise TypeError("For Primitive[Eps], the type of input argument[x] must be Tensor but got "
                        f"{type_of(x)}.")
    if str(x.dtype) not in ("Float16", "Float32", "Float64"):
        raise TypeError("For primitive[Eps], the input argument[x] must be a type of "
                        "{Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got "
                        f"Tensor[{x.dtype}].")
    return _EPS_FILLED(x)


Eps = primitive("Eps", _checked_eps)


@tensor_op()
def eps(x):
    """`ops.eps`: a Tensor like `x` filled with its float dtype's machine epsilon."""
    if not isinstance(x, Tensor) or str(x.dtype) not in ("Float16", "Float32", "Float64"):
        got = f"Tensor[{x.dtype}]" if isinstance(x, Tensor) else type(x).__name__
        raise TypeError("For primitive[Eps], the input argument[x] must be a type of "
                        "{Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got "
                        f"{got}.")
    return Eps()(x)
